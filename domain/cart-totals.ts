/**
 * A cart's totals (Magento TotalsInterface, contract §2.2 /api/cart/totals) from its lines as the
 * store view sells them: BE/NL VAT by tax rule and destination country, the coupon, and shipping.
 * Pure: the server loads the lines, the rules and the coupon, this computes.
 *
 * The shopper pays the incl.-tax price: a row's total incl. tax is that price × qty, and its tax is
 * what that row contains (incl. − excl.). Every amount is rounded to cents half away from zero
 * (domain/money round2), so a negative amount rounds like its positive twin (−0.005 → −0.01).
 *
 * A coupon's discount is taken off the incl.-tax rows (the prices the shopper sees), and the VAT is
 * what the discounted row still contains (Magento: discount on prices including tax, tax after
 * discount). So grand_total = subtotal_incl_tax + shipping_incl_tax + discount_amount, where
 * discount_amount is negative (Magento's sign) and holds the shipping discount too. A virtual cart
 * (nothing to ship, domain/cart-item isVirtualCart) is charged no shipping and has no shipping segment.
 *
 * Shipping is a part of the goods' supply, so its VAT follows the goods (be-nl-domain §2.4, §2.5):
 * the price the shopper pays (the listed 5.99, whatever the goods) is shared by the rows in
 * proportion to what they cost after discount, and each share contains its row's rate, so books at
 * 9 % put less VAT in it than a tee at 21 %. A reverse charge prices shipping excl. VAT, as it prices
 * the goods: the caller passes that price (domain/shipping-methods shippingChargeOf). A free-shipping
 * coupon takes the whole price off, VAT included, so shipping then owes no VAT.
 *
 * Gift cards are a means of payment, not a discount: they pay the grand total after discount and
 * shipping, in the order they were applied, never more than it (it stops at 0), and leave prices,
 * discounts and VAT as they are. They show as the `mageworx_giftcards` segment (spec §3: its
 * front_options as JSON, card code → amount paid), and grand_total is what is left to charge.
 */
import type { ProductOption, Totals } from './cart.schema'
import { SHIPPING_METHODS } from './shipping-rates'
import { isVirtualCart, roundQty } from './cart-item'
import { lineLabels } from './cart-line-options'
import type { Coupon } from './coupon.schema'
import { round2, toCents, fromCents } from './money'
import { hasPricedOptions, unitPrice, type UnitPrice } from './option-price'
import { repriceStoredProduct } from './price'
import type { ConfigurableChild, Product } from './product.schema'
import type { TaxRule } from './tax-rule.schema'
import { taxRateFor, taxRateTitle } from './tax'

/** What a cart line sells: the product, and for a configurable line the chosen child. */
export interface LineProduct {
  product: Product
  child: ConfigurableChild | null
}

/**
 * One unit of the line as the store view sells it. Bundles, gift cards and custom options are
 * priced from the catalogue's own option prices (domain/option-price), never from the client;
 * `ratePercent` is the tax rule's rate (without it, the rate the product's own prices imply).
 */
export function linePrice(line: LineProduct, option: ProductOption | null | undefined, ratePercent?: number): UnitPrice {
  const sold = line.child ?? line.product
  if (!line.child && hasPricedOptions(line.product)) return unitPrice(line.product, option ?? undefined, ratePercent)
  return { excl: sold.final_price ?? sold.price, incl: sold.final_price_incl_tax ?? sold.price }
}

/**
 * What the line sells when shipped to `country` at `now`: the stored product is priced for its
 * store view's default country, so another destination prices it again with that country's VAT
 * (be-nl-domain §2.4: the rate follows the destination). The chosen child is found again by sku.
 */
export function sellsIn(line: LineProduct, rules: readonly TaxRule[], country: string, now: Date): LineProduct {
  const product = repriceStoredProduct(line.product, rules, country, now)
  const child = line.child ? ((product.configurable_children ?? []).find((c) => c.sku === line.child!.sku) ?? line.child) : null
  return { product, child }
}

/** A stored cart line with what it sells; `sells` is null when the catalogue no longer has it (it then costs 0). */
export interface TotalsLine {
  item_id: number
  name: string
  qty: number
  option: ProductOption | null
  sells: LineProduct | null
}

/** The shipping charged in the totals: its price incl. VAT (the VAT in it is the goods') and its segment title. */
export interface ShippingCharge {
  amount: number
  title: string
}

/** Until checkout chooses a method, the totals charge the default one: store pickup. */
export const DEFAULT_SHIPPING: ShippingCharge = {
  amount: SHIPPING_METHODS.find((m) => m.default)?.amount ?? 0,
  title: 'Shipping & Handling (Store pickup)',
}

type TotalsItem = Totals['items'][number]

/** A gift card that can pay now (the caller checks its state), with what is left on it. */
export interface AppliedGiftCard {
  code: string
  balance_cents: number
}

export interface GiftCardShare {
  code: string
  cents: number
}

export const GIFT_CARDS_SEGMENT = 'mageworx_giftcards'

/**
 * What each card pays of `dueCents`: in order, each takes what is still due up to its balance, so
 * the cards never pay more than is due and a card after the total is covered pays 0.
 */
export function giftCardShares(dueCents: number, cards: readonly AppliedGiftCard[]): GiftCardShare[] {
  let due = Math.max(0, Math.round(dueCents))
  return cards.map((card) => {
    const cents = Math.min(Math.max(0, Math.round(card.balance_cents)), due)
    due -= cents
    return { code: card.code, cents }
  })
}

/** What the totals' gift card segment says each card pays (what the order takes off the cards). */
export function giftCardSharesOf(totals: Pick<Totals, 'total_segments'>): GiftCardShare[] {
  const segment = totals.total_segments.find((s) => s.code === GIFT_CARDS_SEGMENT)
  const options = segment?.extension_attributes?.front_options
  if (typeof options !== 'string') return []
  const parsed = JSON.parse(options) as Record<string, unknown>
  return Object.entries(parsed).map(([code, amount]) => ({ code, cents: toCents(Number(amount)) }))
}

function giftCardSegment(shares: readonly GiftCardShare[]): Totals['total_segments'][number] {
  const paid = shares.reduce((sum, s) => sum + s.cents, 0)
  return {
    code: GIFT_CARDS_SEGMENT,
    title: `Gift Cards (${shares.map((s) => s.code).join(', ')})`,
    value: paid === 0 ? 0 : -fromCents(paid),
    extension_attributes: { front_options: JSON.stringify(Object.fromEntries(shares.map((s) => [s.code, fromCents(s.cents)]))) },
  }
}

/** Whether the lines need no shipping; a line the catalogue no longer has counts as something to ship. */
export function isVirtualLines(lines: readonly TotalsLine[]): boolean {
  return isVirtualCart(
    lines.map((l) => (l.sells ? { type_id: l.sells.product.type_id, mageworx_gc_type: l.sells.product.mageworx_gc_type } : { type_id: 'simple' as const })),
  )
}

/**
 * `totalCents` shared by the weights in proportion, the last positive weight taking the rounding
 * remainder so the shares add up to the total. Weights at or below 0 get none; with no positive
 * weight nothing is shared (all 0).
 */
export function shareByWeight(totalCents: number, weights: readonly number[]): number[] {
  const base = weights.reduce((sum, w) => sum + Math.max(w, 0), 0)
  if (totalCents <= 0 || base <= 0) return weights.map(() => 0)
  const last = weights.reduce((at, w, i) => (w > 0 ? i : at), -1)
  let given = 0
  return weights.map((w, i) => {
    if (w <= 0) return 0
    const share = i === last ? totalCents - given : Math.round((totalCents * w) / base)
    given += share
    return share
  })
}

/**
 * The coupon's discount of each row, in cents incl. tax: a percentage of every row, or a fixed
 * amount (capped at what the rows cost) shared by the rows in proportion to their totals
 * (shareByWeight). Rows at or below 0 get none.
 */
export function rowDiscounts(rowsInclCents: readonly number[], coupon: Pick<Coupon, 'kind' | 'amount'> | null): number[] {
  if (!coupon || coupon.kind === 'free_shipping') return rowsInclCents.map(() => 0)
  if (coupon.kind === 'percent') return rowsInclCents.map((row) => (row > 0 ? Math.round((row * Math.min(coupon.amount, 100)) / 100) : 0))
  const base = rowsInclCents.reduce((sum, row) => sum + Math.max(row, 0), 0)
  return shareByWeight(Math.min(toCents(coupon.amount), base), rowsInclCents)
}

/** A row as shipping's VAT sees it: what it costs after discount (cents incl. VAT) and its rate. */
export interface ShippingVatRow {
  costCents: number
  percent: number
}

/**
 * The VAT in shipping that costs `inclCents`, following the goods: the price is shared by the rows
 * in proportion to their cost (all rows alike when none costs anything) and each share contains its
 * row's rate. Answers the VAT per rate in cents (rates that put none in left out).
 */
export function shippingVat(inclCents: number, rows: readonly ShippingVatRow[]): Map<number, number> {
  const costs = rows.map((r) => r.costCents)
  const weights = costs.some((c) => c > 0) ? costs : rows.map(() => 1)
  const shares = shareByWeight(inclCents, weights)
  const vat = new Map<number, number>()
  rows.forEach((row, i) => {
    const cents = Math.round((shares[i]! * row.percent) / (100 + row.percent))
    if (cents !== 0) vat.set(row.percent, (vat.get(row.percent) ?? 0) + cents)
  })
  return vat
}

/** The item after its discount: VAT is what the discounted row still contains, at the row's own ratio. */
function discounted(item: TotalsItem, discount: number, percent: number): TotalsItem {
  if (discount === 0) return { ...item, discount_percent: percent }
  const incl = round2(item.row_total_incl_tax - discount)
  const excl = item.row_total_incl_tax === 0 ? item.row_total : round2((incl * item.row_total) / item.row_total_incl_tax)
  return { ...item, discount_amount: discount, discount_percent: percent, row_total_with_discount: excl, tax_amount: round2(incl - excl) }
}

function totalsItem(line: TotalsLine, percent: number): TotalsItem {
  const price = line.sells ? linePrice(line.sells, line.option, percent) : { excl: 0, incl: 0 }
  const rowIncl = round2(price.incl * line.qty)
  const rowExcl = round2(price.excl * line.qty)
  return {
    item_id: line.item_id,
    name: line.name,
    qty: line.qty,
    price: price.excl,
    base_price: price.excl,
    price_incl_tax: price.incl,
    row_total: rowExcl,
    row_total_incl_tax: rowIncl,
    base_row_total_incl_tax: rowIncl,
    row_total_with_discount: rowExcl,
    tax_amount: round2(rowIncl - rowExcl),
    tax_percent: percent,
    discount_amount: 0,
    discount_percent: 0,
    options: JSON.stringify(line.sells ? lineLabels(line.sells.product, line.option, { child: line.sells.child }) : []),
  }
}

/**
 * The totals of `lines` shipped to `country` with `shipping` (ignored for a virtual cart) and the
 * cart's `coupon` (null: none, or none that is valid now; the caller checks its dates). The tax
 * segment's details hold one bucket per rate (highest rate first, empty buckets left out), titled
 * by the rate's code.
 */
export function computeTotals(
  lines: readonly TotalsLine[],
  taxRules: readonly TaxRule[],
  country: string,
  shipping: ShippingCharge,
  coupon: Coupon | null = null,
  giftCards: readonly AppliedGiftCard[] = [],
): Totals {
  const rated = lines.map((line) => {
    const taxClassId = line.sells ? (line.sells.child ?? line.sells.product).tax_class_id : 0
    const percent = taxRateFor(taxRules, taxClassId, country)
    return { item: totalsItem(line, percent), percent, taxClassId }
  })
  // a gift card bought is a means of payment, not goods: a coupon takes nothing off it, and a fixed
  // amount is shared by the other rows only
  const discounts = rowDiscounts(
    rated.map((r, i) => (lines[i]!.sells?.product.type_id === 'giftcard' ? 0 : toCents(r.item.row_total_incl_tax))),
    coupon,
  )
  const discountPercent = coupon?.kind === 'percent' ? coupon.amount : 0
  const buckets = new Map<number, { amount: number; title: string }>()
  const items = rated.map(({ item: undiscounted, percent, taxClassId }, i) => {
    const item = discounted(undiscounted, fromCents(discounts[i]!), discountPercent)
    const bucket = buckets.get(percent) ?? { amount: 0, title: taxRateTitle(taxRules, taxClassId, country) }
    bucket.amount = round2(bucket.amount + item.tax_amount)
    buckets.set(percent, bucket)
    return item
  })
  const virtual = isVirtualLines(lines)
  const shippingAmount = virtual ? 0 : round2(shipping.amount)
  const freeShipping = !virtual && coupon?.kind === 'free_shipping'
  const goodsVat = shippingVat(
    toCents(shippingAmount),
    items.map((item, i) => ({ costCents: toCents(item.row_total_incl_tax) - discounts[i]!, percent: rated[i]!.percent })),
  )
  const shippingVatCents = [...goodsVat.values()].reduce((sum, cents) => sum + cents, 0)
  const shippingNet = fromCents(toCents(shippingAmount) - shippingVatCents)
  // a free-shipping coupon takes the price with its VAT: the shopper pays, and the shop owes, none of it
  const shippingTax = freeShipping ? 0 : fromCents(shippingVatCents)
  if (!freeShipping) {
    for (const [percent, cents] of goodsVat) {
      const bucket = buckets.get(percent)!
      bucket.amount = round2(bucket.amount + fromCents(cents))
    }
  }
  const shippingDiscount = freeShipping ? shippingAmount : 0
  const sum = (field: (item: TotalsItem) => number) => round2(items.reduce((total, item) => total + field(item), 0))
  const subtotal = sum((i) => i.row_total)
  const subtotalIncl = sum((i) => i.row_total_incl_tax)
  const subtotalWithDiscount = sum((i) => i.row_total_with_discount)
  const tax = round2(sum((i) => i.tax_amount) + shippingTax)
  const discountTotal = round2(sum((i) => i.discount_amount) + shippingDiscount)
  const discount = discountTotal === 0 ? 0 : -discountTotal
  const due = round2(subtotalIncl + shippingAmount + discount)
  const shares = giftCardShares(toCents(due), giftCards)
  const paidByCards = shares.reduce((sum, s) => sum + s.cents, 0)
  const grandTotal = paidByCards === 0 ? due : fromCents(toCents(due) - paidByCards)
  const details = [...buckets.entries()]
    .filter(([, b]) => b.amount !== 0)
    .sort(([a], [b]) => b - a)
    .map(([percent, b], i) => ({ amount: b.amount, rates: [{ percent: String(percent), title: b.title }], group_id: i + 1 }))
  return {
    grand_total: grandTotal,
    base_grand_total: grandTotal,
    subtotal,
    base_subtotal: subtotal,
    subtotal_incl_tax: subtotalIncl,
    base_subtotal_incl_tax: subtotalIncl,
    subtotal_with_discount: subtotalWithDiscount,
    discount_amount: discount,
    base_discount_amount: discount,
    shipping_amount: shippingNet,
    shipping_discount_amount: shippingDiscount,
    shipping_tax_amount: shippingTax,
    shipping_incl_tax: shippingAmount,
    tax_amount: tax,
    base_tax_amount: tax,
    weee_tax_applied_amount: null,
    base_currency_code: 'EUR',
    quote_currency_code: 'EUR',
    ...(coupon ? { coupon_code: coupon.code } : {}),
    items_qty: roundQty(items.reduce((total, item) => total + item.qty, 0)),
    items,
    total_segments: [
      { code: 'subtotal', title: 'Subtotal', value: subtotal },
      ...(virtual ? [] : [{ code: 'shipping', title: shipping.title, value: shippingAmount }]),
      ...(coupon ? [{ code: 'discount', title: `Discount (${coupon.code})`, value: discount }] : []),
      { code: 'tax', title: 'Tax', value: tax, extension_attributes: { tax_grandtotal_details: details } },
      ...(shares.length > 0 ? [giftCardSegment(shares)] : []),
      { code: 'grand_total', title: 'Grand Total', value: grandTotal, area: 'footer' },
    ],
  }
}
