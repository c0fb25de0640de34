/**
 * The rows an order is stored as, from what placing it decided: the order itself and its lines.
 * Pure: the order service reads and locks what these need, inside its transaction.
 */
import { randomBytes } from 'node:crypto'
import type { OrderBody } from '../../domain/api/order.schema'
import type { Totals } from '../../domain/cart.schema'
import { initialOrderStatus } from '../../domain/order'
import type { OrderVatDecision } from '../../domain/vat-rule'
import type { CartItemRow, CartRow } from '../storage/cart-repository'
import type { NewOrderLineRow, NewOrderRow } from '../storage/order-repository'

/** What placing the order decided: its price, the VAT and whether anything ships. */
export interface OrderDecision {
  totals: Totals
  vatDecision: OrderVatDecision
  /** the VAT country the totals were priced for */
  country: string
  /** nothing is shipped (a cart of e-mailed gift cards) */
  virtual: boolean
}

/** The order's row, numbered `incrementId`, for the cart it is placed from. */
export function newOrderRow(
  body: OrderBody,
  request: { hash: string; customerId: number | null; nowIso: string },
  cart: CartRow,
  incrementId: string,
  decision: OrderDecision,
): NewOrderRow {
  const { addressInformation: info } = body
  const { totals, virtual } = decision
  const { customerId } = request
  return {
    client_order_id: body.order_id,
    request_hash: request.hash,
    increment_id: incrementId,
    store_code: cart.store_code,
    cart_id: cart.id,
    // the customer whose valid token came with the order; user_id in the body is never trusted
    customer_id: customerId,
    // a guest's order is reached by its number only with this key (a customer's, with their token)
    order_token: customerId === null ? randomBytes(24).toString('base64url') : null,
    status: initialOrderStatus(info.payment_method_code, totals.grand_total),
    email: info.billingAddress.email,
    country_id: decision.country,
    // '' for a virtual order: nothing is shipped
    shipping_carrier_code: virtual ? '' : (info.shipping_carrier_code ?? ''),
    shipping_method_code: virtual ? '' : (info.shipping_method_code ?? ''),
    payment_method_code: info.payment_method_code,
    payment_method_additional: info.payment_method_additional ?? null,
    billing_address: info.billingAddress,
    shipping_address: virtual ? null : (info.shippingAddress ?? null),
    totals: { ...totals, vat_decision: decision.vatDecision } as unknown as Record<string, unknown>,
    grand_total: totals.grand_total,
    created_at: request.nowIso,
    updated_at: request.nowIso,
  }
}

/** The order's lines: each cart line with the price the totals gave it. */
export function orderLinesOf(items: readonly CartItemRow[], totals: Totals): NewOrderLineRow[] {
  return items.map((item, i) => {
    const t = totals.items[i]!
    return {
      cart_item_id: item.item_id,
      sku: item.sku,
      parent_sku: item.parent_sku,
      name: item.name,
      product_type: item.product_type,
      product_option: item.product_option,
      qty: item.qty,
      price: t.price,
      price_incl_tax: t.price_incl_tax,
      row_total: t.row_total,
      row_total_incl_tax: t.row_total_incl_tax,
      tax_amount: t.tax_amount,
      tax_percent: t.tax_percent,
    }
  })
}
