/**
 * The options of a cart line, in one place for the product page, the worker and the server: the
 * child a configurable's configurable_item_options pick, the configurable_item_options a child
 * stands for, and the labels a line shows ("Color: Blue", "Gift wrap: Paper", "Treat: 2 × Wafel").
 * Pure, no I/O.
 *
 * A configurable option is named by attribute id on the wire ({option_id: "93", option_value: "50"})
 * and by attribute code on the child (child.color = 50). Values compare as text, so 50 and "50"
 * are one value.
 */
import type { ConfigurableItemOptionSchema, ProductOption } from './cart.schema'
import { giftcardAmount } from './cart-item'
import { chosenValueIds, TEXT_OPTION_TYPES } from './option-price'
import type { ConfigurableChild, ConfigurableOption, Product } from './product.schema'
import type { z } from 'zod'

/** One readable choice of a line: the option's title and what was chosen. */
export interface LineLabel {
  label: string
  value: string
}

type ConfigurableItemOption = z.output<typeof ConfigurableItemOptionSchema>
type ConfigurableProduct = Pick<Product, 'configurable_options' | 'configurable_children'>

/** One of the product's configurable options as a child carries it. */
export interface ChildChoice {
  option: ConfigurableOption
  /** the child's value (a value_index), as text */
  valueIndex: string
  /** the option's entry for that value; undefined when the option does not list it */
  value?: ConfigurableOption['values'][number]
}

/** The child's value of each configurable option, in the product's option order; options the child lacks are left out. */
export function choicesOfChild(product: Pick<Product, 'configurable_options'>, child: ConfigurableChild): ChildChoice[] {
  const choices: ChildChoice[] = []
  for (const option of product.configurable_options ?? []) {
    const raw = child[option.attribute_code]
    if (raw === undefined || raw === null || raw === '') continue
    const valueIndex = String(raw)
    const value = option.values.find((v) => String(v.value_index) === valueIndex)
    choices.push({ option, valueIndex, ...(value ? { value } : {}) })
  }
  return choices
}

/**
 * The child picked by configurable_item_options ({option_id: attribute_id, option_value:
 * value_index}): the first child that carries every chosen value. Null when nothing is chosen, an
 * option is not one of the product's, or no child matches.
 */
export function childByOptions(product: ConfigurableProduct, option: ProductOption | null | undefined): ConfigurableChild | null {
  const chosen = option?.extension_attributes.configurable_item_options ?? []
  if (chosen.length === 0) return null
  const codes = new Map((product.configurable_options ?? []).map((o) => [String(o.attribute_id), o.attribute_code]))
  return (
    (product.configurable_children ?? []).find((child) =>
      chosen.every((o) => {
        const code = codes.get(String(o.option_id))
        const value = code === undefined ? undefined : child[code]
        return value !== undefined && value !== null && String(value) === String(o.option_value)
      }),
    ) ?? null
  )
}

export interface ChildOptionsShape {
  /**
   * Also each option's label and the value's label, as the client keeps them (spec §3
   * product_option: option_id, option_value, label, value). Without: the contract's
   * {option_id, option_value}, what the server answers.
   */
  labels?: boolean
}

/** The child's choice as configurable_item_options. */
export function configurableItemOptions(
  product: Pick<Product, 'configurable_options'>,
  child: ConfigurableChild,
  shape: ChildOptionsShape = {},
): ConfigurableItemOption[] {
  return choicesOfChild(product, child).map(({ option, valueIndex, value }) => ({
    option_id: String(option.attribute_id),
    option_value: valueIndex,
    ...(shape.labels ? { label: option.label, ...(value ? { value: value.label } : {}) } : {}),
  }))
}

/**
 * The product_option a configurable line keeps: the options sent when they name the choice, else
 * the sent ones (custom options, if any) with the child's configurable_item_options, so a line
 * always says which variant it is.
 */
export function configurableLineOption(
  product: Pick<Product, 'configurable_options'>,
  child: ConfigurableChild,
  sent: ProductOption | null | undefined,
  shape: ChildOptionsShape = {},
): ProductOption {
  if (sent?.extension_attributes.configurable_item_options?.length) return sent
  return { extension_attributes: { ...sent?.extension_attributes, configurable_item_options: configurableItemOptions(product, child, shape) } }
}

/** The child's choice as labels ("Color: Blue"); an option whose value the product does not list has none. */
export function configurableLabels(product: Pick<Product, 'configurable_options'>, child: ConfigurableChild): LineLabel[] {
  return choicesOfChild(product, child).flatMap(({ option, value }) => (value ? [{ label: option.label, value: value.label }] : []))
}

/** Readable custom option choices ("Gift wrap: Paper", "Engraving: Anna"), in the product's own words; unknown options and values are left out. */
export function customOptionLabels(product: Pick<Product, 'custom_options'>, chosen: readonly { option_id: string; option_value: string }[]): LineLabel[] {
  const labels: LineLabel[] = []
  for (const choice of chosen) {
    const option = (product.custom_options ?? []).find((o) => String(o.option_id) === String(choice.option_id))
    if (!option) continue
    if (TEXT_OPTION_TYPES.has(option.type)) {
      if (choice.option_value.trim() !== '') labels.push({ label: option.title, value: choice.option_value.trim() })
      continue
    }
    const titles = chosenValueIds(choice.option_value)
      .map((id) => option.values?.find((v) => v.option_type_id === id)?.title)
      .filter((t): t is string => t !== undefined)
    if (titles.length > 0) labels.push({ label: option.title, value: titles.join(', ') })
  }
  return labels
}

/** Bundle selections as "Treat: 2 × Wafel": the option title, the qty and each chosen product's name (its sku when unnamed). */
export function bundleLabels(
  product: Pick<Product, 'bundle_options'>,
  chosen: readonly { option_id: string; option_qty: number; option_selections: readonly number[] }[],
  nameOf: (sku: string) => string | undefined,
): LineLabel[] {
  const labels: LineLabel[] = []
  for (const choice of chosen) {
    const option = product.bundle_options?.find((o) => String(o.option_id) === String(choice.option_id))
    if (!option) continue
    const picked = choice.option_selections.flatMap((id) => option.product_links.filter((l) => l.id === id))
    if (picked.length > 0) labels.push({ label: option.title, value: picked.map((l) => `${choice.option_qty} × ${nameOf(l.sku) ?? l.sku}`).join(', ') })
  }
  return labels
}

/** The words gift card labels need, in the shopper's language. */
export interface GiftcardWords {
  amount: string
  recipient: string
  recipientEmail: string
  message: string
  deliveryDate: string
  formatAmount: (amount: number) => string
  /** a YYYY-MM-DD date as the store view writes dates */
  formatDate: (date: string) => string
}

/** A gift card's amount, recipient (name and e-mail address), message and delivery date as labels: what the shopper typed, to check before paying. */
export function giftcardLabels(option: ProductOption | null | undefined, words: GiftcardWords): LineLabel[] {
  const labels: LineLabel[] = []
  const amount = giftcardAmount(option)
  if (amount !== null) labels.push({ label: words.amount, value: words.formatAmount(amount) })
  const card = option?.extension_attributes.mageworx_giftcard_item_option
  if (card?.mail_to) labels.push({ label: words.recipient, value: card.mail_to })
  if (card?.mail_to_email) labels.push({ label: words.recipientEmail, value: card.mail_to_email })
  if (card?.mail_message) labels.push({ label: words.message, value: card.mail_message })
  if (card?.mail_delivery_date) labels.push({ label: words.deliveryDate, value: words.formatDate(card.mail_delivery_date) })
  return labels
}

/** What a side can name beyond the product document itself. */
export interface LineLabelContext {
  /** the configurable's chosen child: its choice is labelled first */
  child?: ConfigurableChild | null
  /** bundle selections are labelled when given: a linked product's name (undefined: its sku) */
  linkedName?: (sku: string) => string | undefined
  /** gift card details are labelled when given */
  giftcard?: GiftcardWords
}

/**
 * The labels of a cart line, in this order: the configurable's choice, custom options, bundle
 * selections, gift card details. The server has neither linked products' names nor the shopper's
 * words, so its lines name the configurable choice and custom options only.
 */
export function lineLabels(product: Product, option: ProductOption | null | undefined, context: LineLabelContext = {}): LineLabel[] {
  const ext = option?.extension_attributes
  return [
    ...(context.child ? configurableLabels(product, context.child) : []),
    ...customOptionLabels(product, ext?.custom_options ?? []),
    ...(context.linkedName ? bundleLabels(product, ext?.bundle_options ?? [], context.linkedName) : []),
    ...(context.giftcard ? giftcardLabels(option, context.giftcard) : []),
  ]
}
