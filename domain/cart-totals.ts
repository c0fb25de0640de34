/**
 * A cart's totals (Magento TotalsInterface, contract §2.2 /api/cart/totals) from its lines as the
 * store view sells them: BE/NL VAT by tax rule and destination country, and shipping. Pure: the
 * server loads the lines and the rules, this computes.
 *
 * The shopper pays the incl.-tax price: a row's total incl. tax is that price × qty, and its tax is
 * what that row contains (incl. − excl.). Every amount is rounded to cents half away from zero
 * (domain/money round2), so a negative amount rounds like its positive twin (−0.005 → −0.01).
 */
import { SHIPPING_METHODS, type ProductOption, type Totals } from './cart.schema'
import { roundQty } from './cart-item'
import { lineLabels } from './cart-line-options'
import { round2 } from './money'
import { hasPricedOptions, unitPrice, type UnitPrice } from './option-price'
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

/** A stored cart line with what it sells; `sells` is null when the catalogue no longer has it (it then costs 0). */
export interface TotalsLine {
  item_id: number
  name: string
  qty: number
  option: ProductOption | null
  sells: LineProduct | null
}

/** The shipping charged in the totals: an amount incl. tax (no VAT on shipping) and its segment title. */
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
 * The totals of `lines` shipped to `country`. The tax segment's details hold one bucket per rate
 * (highest rate first, empty buckets left out), titled by the rate's code.
 */
export function computeTotals(lines: readonly TotalsLine[], taxRules: readonly TaxRule[], country: string, shipping: ShippingCharge): Totals {
  const buckets = new Map<number, { amount: number; title: string }>()
  const items = lines.map((line) => {
    const taxClassId = line.sells ? (line.sells.child ?? line.sells.product).tax_class_id : 0
    const percent = taxRateFor(taxRules, taxClassId, country)
    const item = totalsItem(line, percent)
    const bucket = buckets.get(percent) ?? { amount: 0, title: taxRateTitle(taxRules, taxClassId, country) }
    bucket.amount = round2(bucket.amount + item.tax_amount)
    buckets.set(percent, bucket)
    return item
  })
  const sum = (field: (item: TotalsItem) => number) => round2(items.reduce((total, item) => total + field(item), 0))
  const subtotal = sum((i) => i.row_total)
  const subtotalIncl = sum((i) => i.row_total_incl_tax)
  const tax = sum((i) => i.tax_amount)
  const grandTotal = round2(subtotalIncl + shipping.amount)
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
    subtotal_with_discount: subtotal,
    discount_amount: 0,
    base_discount_amount: 0,
    shipping_amount: shipping.amount,
    shipping_discount_amount: 0,
    shipping_tax_amount: 0,
    shipping_incl_tax: shipping.amount,
    tax_amount: tax,
    base_tax_amount: tax,
    weee_tax_applied_amount: null,
    base_currency_code: 'EUR',
    quote_currency_code: 'EUR',
    items_qty: roundQty(items.reduce((total, item) => total + item.qty, 0)),
    items,
    total_segments: [
      { code: 'subtotal', title: 'Subtotal', value: subtotal },
      { code: 'shipping', title: shipping.title, value: shipping.amount },
      { code: 'tax', title: 'Tax', value: tax, extension_attributes: { tax_grandtotal_details: details } },
      { code: 'grand_total', title: 'Grand Total', value: grandTotal, area: 'footer' },
    ],
  }
}
