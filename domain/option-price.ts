/**
 * Prices of products with choices (spec §3 custom_options / bundle_options / product_links /
 * gift cards, §5 "Option price"): what one unit costs with the shopper's options, and whether the
 * options are complete. Pure: the client shows it live, the worker prices its cart line with it
 * and the server recomputes it from its own catalogue (never from a client price).
 *
 * Amounts excluding tax are decimals; the incl.-tax price adds the product's VAT rate once to the
 * whole unit (as Magento does when catalogue prices exclude tax), so a product without options
 * costs exactly its final_price_incl_tax.
 *
 * Rules (spec §5, contract §3.6):
 * - a custom option value counts only when its option_type_id is above 0; fixed adds its price,
 *   percent adds that percent of the product's price (its final price: the special price inside
 *   its window, domain/price.ts). Text options (field, area) have no values: their own price
 *   counts when the shopper typed something.
 * - a bundle selection counts only with a qty ≥ 0; a negative or non-numeric qty is refused.
 * - a gift card costs the chosen amount: one of giftcard_amounts, or an open amount (when
 *   allowed) inside giftcard_open_amount_min / _max when the product has them.
 */
import { isValidEmail } from './email-address'
import type { BundleItemOptionSchema, ProductOption } from './cart.schema'
import { giftcardAmount } from './cart-item'
import { round2 } from './money'
import type { Product } from './product.schema'
import { addTax } from './tax'
import type { z } from 'zod'

type BundleItemOption = z.input<typeof BundleItemOptionSchema>
type CustomOption = NonNullable<Product['custom_options']>[number]
type BundleOption = NonNullable<Product['bundle_options']>[number]

/** What is wrong with the shopper's choices; `optionId` names the option when there is one. */
export type OptionIssueKey =
  | 'required'
  | 'unknownOption'
  | 'unknownValue'
  | 'tooLong'
  | 'invalidQty'
  | 'amountRequired'
  | 'amountNotAllowed'
  | 'amountBelowMin'
  | 'amountAboveMax'
  | 'emailInvalid'
  | 'dateInvalid'
  | 'dateInPast'
export interface OptionIssue {
  key: OptionIssueKey
  optionId?: number
  /** the gift card field the issue is about */
  field?: 'mail_to_email' | 'mail_from_email' | 'mail_delivery_date'
  /** values for the message (max characters, min/max amount) */
  params?: Record<string, number>
}

/** Custom option types whose value is typed text rather than chosen value ids. */
export const TEXT_OPTION_TYPES = new Set(['field', 'area'])
/** Custom option types that take several values (comma-separated option_type_ids). */
export const MULTI_OPTION_TYPES = new Set(['checkbox', 'multiple'])

/** The product's price excluding tax that percent options refer to: its final price. */
export function basePrice(product: Pick<Product, 'price' | 'final_price'>): number {
  return product.final_price ?? product.price
}

/**
 * The VAT rate (whole percent) the product's own prices carry: final_price_incl_tax over
 * final_price. BE and NL rates are whole percents (0, 6, 9, 12, 21), so rounding removes the
 * cent rounding of the incl.-tax price. A free product (no price to compare) counts as 0 %.
 */
export function impliedTaxRate(product: Pick<Product, 'price' | 'final_price' | 'price_incl_tax' | 'final_price_incl_tax'>): number {
  const excl = basePrice(product)
  const incl = product.final_price_incl_tax ?? product.price_incl_tax
  if (!(excl > 0) || incl === undefined || !(incl > 0)) return 0
  return Math.max(0, Math.round((incl / excl - 1) * 100))
}

/** The option_type_ids of a chosen value ("3" or "3,5" for checkbox / multiple). */
export function chosenValueIds(optionValue: string): number[] {
  return optionValue
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '')
    .map(Number)
}

function priceOf(price: number, priceType: 'fixed' | 'percent' | undefined, base: number): number {
  return priceType === 'percent' ? (price / 100) * base : price
}

/** The custom options' price excluding tax, added to one unit. Unknown options and values add nothing. */
export function customOptionsDelta(
  product: Pick<Product, 'price' | 'final_price' | 'custom_options'>,
  chosen: readonly { option_id: string; option_value: string }[],
): number {
  const base = basePrice(product)
  let delta = 0
  for (const choice of chosen) {
    const option = (product.custom_options ?? []).find((o) => String(o.option_id) === String(choice.option_id))
    if (!option) continue
    if (TEXT_OPTION_TYPES.has(option.type)) {
      if (choice.option_value.trim() !== '' && option.price) delta += priceOf(option.price, option.price_type, base)
      continue
    }
    for (const id of chosenValueIds(choice.option_value)) {
      // spec §5: only a value with option_type_id above 0 counts
      if (!(id > 0)) continue
      const value = (option.values ?? []).find((v) => v.option_type_id === id)
      if (value) delta += priceOf(value.price, value.price_type, base)
    }
  }
  return round2(delta)
}

/** A bundle option qty the spec accepts: a number ≥ 0 (text is converted). */
export function isValidBundleQty(qty: unknown): boolean {
  const n = typeof qty === 'string' && qty.trim() !== '' ? Number(qty) : qty
  return typeof n === 'number' && Number.isFinite(n) && n >= 0
}

/**
 * The bundle's price excluding tax: every chosen selection's link price × the option qty. A
 * selection with a negative or non-numeric qty does not count (and validateOptions reports it).
 */
export function bundleTotal(product: Pick<Product, 'bundle_options'>, chosen: readonly BundleItemOption[]): number {
  let total = 0
  for (const choice of chosen) {
    if (!isValidBundleQty(choice.option_qty)) continue
    const qty = Number(choice.option_qty)
    const option = (product.bundle_options ?? []).find((o) => String(o.option_id) === String(choice.option_id))
    if (!option) continue
    for (const selection of choice.option_selections) {
      const link = option.product_links.find((l) => l.id === selection)
      if (link) total += (link.price ?? 0) * qty
    }
  }
  return round2(total)
}

/** The selections a bundle starts with: each option's default link, at its qty. */
export function defaultBundleSelection(product: Pick<Product, 'bundle_options'>): { option_id: string; option_qty: number; option_selections: number[] }[] {
  return (product.bundle_options ?? []).flatMap((option) => {
    const link = option.product_links.find((l) => l.is_default) ?? (option.required ? option.product_links[0] : undefined)
    return link ? [{ option_id: String(option.option_id), option_qty: link.qty, option_selections: [link.id] }] : []
  })
}

/** A grouped product's total incl. tax in cents: each linked product's price × its qty (qty ≤ 0 adds nothing). */
export function groupedTotalCents(lines: readonly { priceCents: number; qty: number }[]): number {
  return lines.reduce((sum, line) => (Number.isFinite(line.qty) && line.qty > 0 ? sum + line.priceCents * line.qty : sum), 0)
}

/** The open-amount bounds of a gift card, when its data has them. */
export function giftcardOpenBounds(product: Product): { min: number | null; max: number | null } {
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null)
  return { min: num(product.giftcard_open_amount_min), max: num(product.giftcard_open_amount_max) }
}

/** A calendar date as the date input gives it (YYYY-MM-DD) that exists. */
function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false
  const date = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text
}

type GiftcardChoice = NonNullable<ProductOption['extension_attributes']['mageworx_giftcard_item_option']>

/** The chosen amount: one of the card's amounts, or an open amount the card allows, inside its bounds. */
function giftcardAmountIssues(product: Product, gc: GiftcardChoice | undefined): OptionIssue[] {
  if (gc?.card_amount !== undefined) return (product.giftcard_amounts ?? []).includes(gc.card_amount) ? [] : [{ key: 'amountNotAllowed' }]
  if (gc?.card_amount_other === undefined) return [{ key: 'amountRequired' }]
  const amount = gc.card_amount_other
  const { min, max } = giftcardOpenBounds(product)
  if (!product.giftcard_allow_open_amount || !Number.isFinite(amount) || !(amount > 0)) return [{ key: 'amountNotAllowed' }]
  if (min !== null && amount < min) return [{ key: 'amountBelowMin', params: { min } }]
  if (max !== null && amount > max) return [{ key: 'amountAboveMax', params: { max } }]
  return []
}

/** The recipient's and sender's addresses: each, when typed, by the shop's one e-mail rule. */
function giftcardAddressIssues(product: Product, gc: GiftcardChoice | undefined): OptionIssue[] {
  const issues: OptionIssue[] = []
  // a card sent by e-mail (mageworx_gc_type 2) needs the recipient's address
  const to = gc?.mail_to_email?.trim() ?? ''
  if (product.mageworx_gc_type === 2 && to === '') issues.push({ key: 'required', field: 'mail_to_email' })
  if (to !== '' && !isValidEmail(to)) issues.push({ key: 'emailInvalid', field: 'mail_to_email' })
  const from = gc?.mail_from_email?.trim() ?? ''
  if (from !== '' && !isValidEmail(from)) issues.push({ key: 'emailInvalid', field: 'mail_from_email' })
  return issues
}

/** An e-mailed card may wait for a day: a real date, not before today (empty: sent at once). */
function giftcardDeliveryDateIssues(gc: GiftcardChoice | undefined, today?: string): OptionIssue[] {
  const date = gc?.mail_delivery_date ?? ''
  if (date === '') return []
  if (!isCalendarDate(date)) return [{ key: 'dateInvalid', field: 'mail_delivery_date' }]
  if (today !== undefined && date < today) return [{ key: 'dateInPast', field: 'mail_delivery_date' }]
  return []
}

function validateGiftcard(product: Product, option: ProductOption | undefined, today?: string): OptionIssue[] {
  const gc = option?.extension_attributes.mageworx_giftcard_item_option
  return [...giftcardAmountIssues(product, gc), ...giftcardAddressIssues(product, gc), ...giftcardDeliveryDateIssues(gc, today)]
}

function validateCustom(option: CustomOption, choice: { option_value: string } | undefined): OptionIssue[] {
  const value = choice?.option_value ?? ''
  if (TEXT_OPTION_TYPES.has(option.type)) {
    if (value.trim() === '') return option.is_require ? [{ key: 'required', optionId: option.option_id }] : []
    if (option.max_characters && value.length > option.max_characters) {
      return [{ key: 'tooLong', optionId: option.option_id, params: { max: option.max_characters } }]
    }
    return []
  }
  const ids = chosenValueIds(value)
  if (ids.length === 0) return option.is_require ? [{ key: 'required', optionId: option.option_id }] : []
  if (!MULTI_OPTION_TYPES.has(option.type) && ids.length > 1) return [{ key: 'unknownValue', optionId: option.option_id }]
  const known = new Set((option.values ?? []).map((v) => v.option_type_id))
  return ids.every((id) => known.has(id)) ? [] : [{ key: 'unknownValue', optionId: option.option_id }]
}

function validateBundle(option: BundleOption, choice: BundleItemOption | undefined): OptionIssue[] {
  if (!choice || choice.option_selections.length === 0) return option.required ? [{ key: 'required', optionId: option.option_id }] : []
  if (!isValidBundleQty(choice.option_qty)) return [{ key: 'invalidQty', optionId: option.option_id }]
  if (option.required && Number(choice.option_qty) === 0) return [{ key: 'required', optionId: option.option_id }]
  const single = option.type === 'radio' || option.type === 'select'
  if (single && choice.option_selections.length > 1) return [{ key: 'unknownValue', optionId: option.option_id }]
  const known = new Set(option.product_links.map((l) => l.id))
  return choice.option_selections.every((id) => known.has(id)) ? [] : [{ key: 'unknownValue', optionId: option.option_id }]
}

/** An unknownOption issue for every choice naming an option the product does not have. */
function unknownOptions(options: readonly { option_id: number | string }[], chosen: readonly { option_id: number | string }[]): OptionIssue[] {
  return chosen
    .filter((choice) => !options.some((o) => String(o.option_id) === String(choice.option_id)))
    .map((choice) => ({ key: 'unknownOption', optionId: Number(choice.option_id) }))
}

/**
 * Everything missing or wrong in the choices for one unit of `product`: required custom and
 * bundle options, unknown options or values, text too long, bad bundle qtys, gift card amount and
 * addresses and delivery date (not before `today`, YYYY-MM-DD, when given). Empty when the line may
 * be added.
 */
export function validateOptions(product: Product, option: ProductOption | undefined, context: { today?: string } = {}): OptionIssue[] {
  const ext = option?.extension_attributes
  const issues: OptionIssue[] = []
  const custom = ext?.custom_options ?? []
  issues.push(...unknownOptions(product.custom_options ?? [], custom))
  for (const o of product.custom_options ?? []) {
    issues.push(
      ...validateCustom(
        o,
        custom.find((c) => String(c.option_id) === String(o.option_id)),
      ),
    )
  }
  if (product.type_id === 'bundle') {
    const bundle = ext?.bundle_options ?? []
    issues.push(...unknownOptions(product.bundle_options ?? [], bundle))
    for (const o of product.bundle_options ?? []) {
      issues.push(
        ...validateBundle(
          o,
          bundle.find((c) => String(c.option_id) === String(o.option_id)),
        ),
      )
    }
  }
  if (product.type_id === 'giftcard') issues.push(...validateGiftcard(product, option, context.today))
  return issues
}

export interface UnitPrice {
  /** one unit excluding tax */
  excl: number
  /** one unit including tax, what the shopper pays */
  incl: number
}

/**
 * One unit of `product` with the chosen options. `ratePercent` is the VAT rate (the server passes
 * its tax rule's rate; the client may leave it out and the product's own prices give it).
 * A bundle costs its selections; a gift card its amount (its own price when none is chosen yet);
 * anything else its final price; custom options add to all of them.
 */
export function unitPrice(product: Product, option: ProductOption | undefined, ratePercent = impliedTaxRate(product)): UnitPrice {
  const ext = option?.extension_attributes
  let excl = basePrice(product)
  if (product.type_id === 'bundle' && (product.bundle_options?.length ?? 0) > 0) {
    excl = bundleTotal(product, ext?.bundle_options ?? [])
  } else if (product.type_id === 'giftcard') {
    excl = giftcardAmount(option) ?? excl
  }
  excl = round2(excl + customOptionsDelta(product, ext?.custom_options ?? []))
  const plain = !ext?.custom_options?.length && product.type_id !== 'bundle' && product.type_id !== 'giftcard'
  // without options the product's own incl.-tax price stands (no second rounding)
  const incl = plain ? (product.final_price_incl_tax ?? product.price_incl_tax ?? addTax(excl, ratePercent)) : addTax(excl, ratePercent)
  return { excl, incl }
}

/**
 * Whether a product goes into the cart as it is, with nothing chosen on its page (a list's "Add to
 * cart"): not a configurable or a grouped product, and no required custom, bundle or gift card choice.
 */
export function addsWithoutChoices(product: Product): boolean {
  if (product.type_id === 'configurable' || product.type_id === 'grouped') return false
  return validateOptions(product, undefined).length === 0
}

/** Whether a product carries choices that change its price (the cart prices it with unitPrice). */
export function hasPricedOptions(product: Product): boolean {
  return product.type_id === 'bundle' || product.type_id === 'giftcard' || (product.custom_options?.length ?? 0) > 0
}
