/**
 * The shopper's choices on a product page (custom options, bundle selections, gift card, grouped
 * quantities) as form state, and that state as the cart's product_option (contract §2.2:
 * extension_attributes.custom_options / bundle_options / mageworx_giftcard_item_option).
 * Pure: the panels edit the state, the page prices and validates what these functions build.
 */
import type { ProductOption } from '../../../domain/cart.schema'
import { defaultBundleSelection } from '../../../domain/option-price'
import type { Product } from '../../../domain/product.schema'

export interface GiftcardChoice {
  /** a listed amount, 'other' for the open amount, null before a choice */
  amount: number | 'other' | null
  other: string
  from: string
  fromEmail: string
  to: string
  toEmail: string
  message: string
  /** an e-mailed card's delivery date (YYYY-MM-DD); '' sends it at once */
  deliveryDate: string
}

export interface ProductChoices {
  /** option_id → chosen option_type_ids (comma-separated) or typed text; '' for none */
  custom: Record<string, string>
  /** option_id → chosen link ids and the qty as typed */
  bundle: Record<string, { selections: number[]; qty: string }>
  giftcard: GiftcardChoice
  /** linked sku → qty as typed */
  grouped: Record<string, string>
}

/** The associated products of a grouped product, in link order. */
export function groupedLinks(product: Product): { sku: string; qty: number }[] {
  return (product.product_links ?? [])
    .filter((l) => l.link_type === 'associated')
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .map((l) => ({ sku: l.linked_product_sku, qty: l.qty ?? 1 }))
}

/** Every sku the page shows names and prices of: grouped pieces and bundle selections. */
export function linkedSkus(product: Product): string[] {
  if (product.type_id === 'grouped') return groupedLinks(product).map((l) => l.sku)
  if (product.type_id === 'bundle') return [...new Set((product.bundle_options ?? []).flatMap((o) => o.product_links.map((l) => l.sku)))]
  return []
}

/** Where a page starts: bundle defaults, the first listed gift card amount, grouped link qtys, no custom option chosen. */
export function initialChoices(product: Product): ProductChoices {
  const bundle: ProductChoices['bundle'] = {}
  for (const chosen of defaultBundleSelection(product)) bundle[chosen.option_id] = { selections: chosen.option_selections, qty: String(chosen.option_qty) }
  const grouped: ProductChoices['grouped'] = {}
  for (const link of groupedLinks(product)) grouped[link.sku] = String(link.qty)
  const amounts = product.giftcard_amounts ?? []
  return {
    custom: {},
    bundle,
    giftcard: {
      amount: amounts[0] ?? (product.giftcard_allow_open_amount ? 'other' : null),
      other: '',
      from: '',
      fromEmail: '',
      to: '',
      toEmail: '',
      message: '',
      deliveryDate: '',
    },
    grouped,
  }
}

/** A typed quantity as a number; '' and junk become NaN (validation reports them). */
export function typedQty(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text)
}

/** The choices as product_option; undefined when nothing was chosen. */
export function productOptionOf(product: Product, choices: ProductChoices): ProductOption | undefined {
  const ext: ProductOption['extension_attributes'] = {}
  const custom = (product.custom_options ?? [])
    .map((o) => ({ option_id: String(o.option_id), option_value: choices.custom[String(o.option_id)] ?? '' }))
    .filter((c) => c.option_value.trim() !== '')
  if (custom.length > 0) ext.custom_options = custom
  if (product.type_id === 'bundle') {
    const bundle = (product.bundle_options ?? []).flatMap((o) => {
      const chosen = choices.bundle[String(o.option_id)]
      return chosen && chosen.selections.length > 0
        ? [{ option_id: String(o.option_id), option_qty: typedQty(chosen.qty), option_selections: chosen.selections }]
        : []
    })
    if (bundle.length > 0) ext.bundle_options = bundle
  }
  if (product.type_id === 'giftcard') {
    const gc = choices.giftcard
    const text = (v: string) => (v.trim() === '' ? undefined : v.trim())
    const option: NonNullable<ProductOption['extension_attributes']['mageworx_giftcard_item_option']> = {}
    if (typeof gc.amount === 'number') option.card_amount = gc.amount
    else if (gc.amount === 'other' && gc.other.trim() !== '') {
      const other = Number(gc.other.replace(',', '.'))
      if (Number.isFinite(other)) option.card_amount_other = other
    }
    const details = {
      mail_from: text(gc.from),
      mail_from_email: text(gc.fromEmail),
      mail_to: text(gc.to),
      mail_to_email: text(gc.toEmail),
      mail_message: text(gc.message),
    }
    for (const [key, value] of Object.entries(details)) if (value !== undefined) option[key as keyof typeof details] = value
    if (product.mageworx_gc_type === 2 && gc.deliveryDate !== '') option.mail_delivery_date = gc.deliveryDate
    ext.mageworx_giftcard_item_option = option
  }
  return Object.keys(ext).length > 0 ? { extension_attributes: ext } : undefined
}

/** The grouped lines to add: each available linked sku with a typed qty above 0 (0 and junk are left out). */
export function groupedLines(product: Product, choices: ProductChoices, available: ReadonlySet<string>): { sku: string; qty: number }[] {
  return groupedLinks(product)
    .filter((l) => available.has(l.sku))
    .map((l) => ({ sku: l.sku, qty: typedQty(choices.grouped[l.sku] ?? '0') }))
    .filter((l) => Number.isFinite(l.qty) && l.qty > 0)
}
