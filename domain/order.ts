/**
 * An order's own rules (spec §4 Order success and Payment, §7 POST /api/order): what makes two
 * order requests the same order, the order number the shopper sees, the first status, the
 * shipping charged, whether the order's products are the cart's, and which lines the stock
 * cannot serve. Pure: the server loads and stores, these decide.
 */
import type { OrderBody, OrderProduct, OrderStatus } from './api/order.schema'
import { SHIPPING_METHODS } from './shipping-rates'
import { canonicalJson } from './cart-item'
import type { ShippingCharge } from './cart-totals'
import { roundQty } from './cart-item'

/**
 * The text two requests with the same `order_id` must share to be one order: the cart, the
 * customer, the store view, each product's sku, qty and options, and the addresses and methods.
 * Transmission details (`transmited`, timestamps: a retry sends others), the client's prices (never
 * read) and names are left out; numbers compare by value ("2" and 2 alike, as canonicalJson does).
 */
export function orderFingerprintSource(body: OrderBody): string {
  const { addressInformation: a } = body
  return canonicalJson({
    cart_id: body.cart_id,
    user_id: body.user_id === undefined || body.user_id === '' ? null : body.user_id,
    store_code: body.store_code ?? null,
    products: body.products.map((p) => ({ sku: p.sku, qty: p.qty, product_option: p.product_option ?? null })),
    addressInformation: {
      shippingAddress: a.shippingAddress ?? null,
      billingAddress: a.billingAddress,
      shipping_method_code: a.shipping_method_code ?? null,
      shipping_carrier_code: a.shipping_carrier_code ?? null,
      payment_method_code: a.payment_method_code,
      payment_method_additional: a.payment_method_additional ?? null,
      shippingExtraFields: a.shippingExtraFields ?? null,
    },
  })
}

/** Digits after the store view's id in an order number (Magento: 9 in all, "100000001"). */
export const INCREMENT_DIGITS = 8

/**
 * The order number the shopper sees: the store view's id, then its own sequence padded to 8
 * digits, as Magento numbers orders per store view ("100000001" is the first order of store 1).
 */
export function formatIncrementId(storeId: number, sequence: number): string {
  if (!Number.isInteger(storeId) || storeId < 1) throw new RangeError(`store id must be a positive integer (got ${storeId})`)
  if (!Number.isInteger(sequence) || sequence < 1) throw new RangeError(`order sequence must be a positive integer (got ${sequence})`)
  return `${storeId}${String(sequence).padStart(INCREMENT_DIGITS, '0')}`
}

/**
 * Methods paid outside a payment provider: the order waits for the money as 'pending'. Every other
 * method goes through the payment provider service and starts as 'pending_payment' until its
 * webhook says paid, cancelled or failed (spec §4 Payment).
 */
export const OFFLINE_PAYMENT_METHODS = ['banktransfer', 'cashondelivery', 'checkmo', 'payatpickup', 'free'] as const

/**
 * An order with nothing left to charge (gift cards paid it all: grand total 0) needs no payment
 * whatever method was chosen: it is paid ('processing') from the start and never goes to a provider.
 */
export function initialOrderStatus(paymentMethodCode: string, grandTotal: number): OrderStatus {
  if (needsNoPayment(grandTotal)) return 'processing'
  return (OFFLINE_PAYMENT_METHODS as readonly string[]).includes(paymentMethodCode) ? 'pending' : 'pending_payment'
}

/** Nothing to charge: the grand total (decimals, after gift cards) rounds to 0 cents or less. */
export function needsNoPayment(grandTotal: number): boolean {
  return Math.round(grandTotal * 100) <= 0
}

/**
 * The shipping charged for a carrier and method pair of the shop (spec §9), or null when the shop has
 * no such pair; `vatFree` (a reverse charge) charges its price excl. VAT.
 */
export function shippingChargeFor(carrierCode: string, methodCode: string, vatFree = false): ShippingCharge | null {
  const method = SHIPPING_METHODS.find((m) => m.carrier_code === carrierCode && m.method_code === methodCode)
  if (!method) return null
  const title = method.carrier_code === 'storepickup' ? 'Store pickup' : 'Flat rate'
  return { amount: vatFree ? method.net : method.amount, title: `Shipping & Handling (${title})` }
}

/** A stored cart line as the order compares it. */
export interface CartLineQty {
  sku: string
  parent_sku: string | null
  qty: number
}

export interface QtyDifference {
  sku: string
  /** what the order asks for */
  requested: number
  /** what the cart holds */
  available: number
}

/**
 * Where the order's products and the cart's lines disagree: per sku, the quantity the order asks
 * for against the quantity the cart holds. A product is counted under its own sku when the cart has
 * a line of that sku, else under the configurable parent it names (VSF1 may send the parent's sku
 * with the chosen options). Empty when they agree.
 */
export function orderCartDifferences(products: readonly OrderProduct[], lines: readonly CartLineQty[]): QtyDifference[] {
  const cart = new Map<string, number>()
  const add = (map: Map<string, number>, sku: string, qty: number) => map.set(sku, roundQty((map.get(sku) ?? 0) + qty))
  for (const line of lines) add(cart, line.sku, line.qty)
  const lineSkus = new Set(lines.map((l) => l.sku))
  const order = new Map<string, number>()
  for (const product of products) {
    if (lineSkus.has(product.sku)) {
      add(order, product.sku, product.qty)
      continue
    }
    const children = lines.filter((l) => l.parent_sku === product.sku)
    // a parent's sku stands for its one line in the cart; with several chosen children it is ambiguous
    if (children.length === 1) add(order, children[0]!.sku, product.qty)
    else add(order, product.sku, product.qty)
  }
  const skus = [...new Set([...order.keys(), ...cart.keys()])].sort()
  return skus.map((sku) => ({ sku, requested: order.get(sku) ?? 0, available: cart.get(sku) ?? 0 })).filter((d) => d.requested !== d.available)
}

/** The quantity of each sku the order takes from the stock (lines of one sku, e.g. other options, summed). */
export function stockNeeds(lines: readonly { sku: string; qty: number }[]): Map<string, number> {
  const needs = new Map<string, number>()
  for (const line of lines) needs.set(line.sku, roundQty((needs.get(line.sku) ?? 0) + line.qty))
  return needs
}

/** A stock level as the order checks it; a sku without one is not managed (sold without counting). */
export interface StockLevel {
  sku: string
  qty: number
  is_in_stock: boolean
  manage_stock: boolean
}

/**
 * The skus the stock cannot serve: managed and either out of stock or holding less than needed.
 * No backorders: the shop does not model them, so a managed sku never goes below 0.
 */
export function stockShortages(needs: ReadonlyMap<string, number>, levels: readonly StockLevel[]): QtyDifference[] {
  const bySku = new Map(levels.map((l) => [l.sku, l]))
  const short: QtyDifference[] = []
  for (const [sku, requested] of [...needs.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const level = bySku.get(sku)
    if (!level || !level.manage_stock) continue
    const available = level.is_in_stock ? Math.max(0, level.qty) : 0
    if (requested > available) short.push({ sku, requested, available })
  }
  return short
}

/** Whether a stock level can be ordered from: a managed sku needs some left, an unmanaged one its switch alone. */
export function levelInStock(level: StockLevel): boolean {
  return level.is_in_stock && (!level.manage_stock || level.qty > 0)
}

/**
 * The skus whose orderable state turns around when `qtys` is taken from (an order) or given back to (a
 * cancelled order, a return) these levels, by the stock repository's rules: a take that leaves a
 * managed sku at 0 sells it out; a give-back that lifts a managed sku from 0 makes it orderable again,
 * while one switched off by hand with stock left stays off. Sorted; unmanaged and unknown skus never turn.
 */
export function stockTurns(levels: readonly StockLevel[], qtys: ReadonlyMap<string, number>, direction: 'take' | 'give-back'): string[] {
  const turned: string[] = []
  for (const level of levels) {
    const qty = qtys.get(level.sku)
    if (qty === undefined || !level.manage_stock) continue
    const left = roundQty(direction === 'take' ? level.qty - qty : level.qty + qty)
    const after: StockLevel =
      direction === 'take'
        ? { ...level, qty: left, is_in_stock: level.is_in_stock && left > 0 }
        : { ...level, qty: left, is_in_stock: level.is_in_stock || (level.qty <= 0 && left > 0) }
    if (levelInStock(after) !== levelInStock(level)) turned.push(level.sku)
  }
  return turned.sort()
}
