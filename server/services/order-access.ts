/**
 * Who may reach an order by its number (the shopper's calls after the sale: returns): a customer's
 * order only its customer, with their verified token; a guest's only whoever presents its key
 * (order_token, given to the client that placed it and in the order mail's links). Whoever lacks
 * the key, or is another customer, gets the unknown order's answer, so an order number says nothing.
 * The payment calls apply the same rule (payment-service findOrder).
 */
import { timingSafeEqual } from 'node:crypto'
import type { Storage } from '../storage'
import type { OrderRow } from '../storage/order-repository'
import { NotFoundError, UnauthorizedError } from './errors'

/** compares a presented key with the stored one in constant time */
function sameKey(stored: string, presented: string): boolean {
  const a = Buffer.from(stored)
  const b = Buffer.from(presented)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** Who asks: their verified customer (null: none), and a guest order's key as they present it. */
export interface OrderCaller {
  customerId: number | null
  orderToken?: string | undefined
}

/**
 * `order` if `caller` may reach it; else the unknown order's answer (`unknown()`), the same as for
 * an order that does not exist, or 401 (`loginTo` says what for) for a customer's order asked
 * without a token.
 */
export function accessibleOrder(order: OrderRow | null, caller: OrderCaller, answers: { unknown: () => Error; loginTo: string }): OrderRow {
  if (!order) throw answers.unknown()
  if (order.customer_id === null) {
    if (!order.order_token || !caller.orderToken || !sameKey(order.order_token, caller.orderToken)) throw answers.unknown()
    return order
  }
  if (caller.customerId === null) throw new UnauthorizedError(`This order belongs to a customer: log in to ${answers.loginTo}`)
  if (caller.customerId !== order.customer_id) throw answers.unknown()
  return order
}

/** A return's order by its number (server/services/return-service.ts). */
export async function findOrderFor(storage: Pick<Storage, 'orders'>, orderNumber: string, caller: OrderCaller): Promise<OrderRow> {
  return accessibleOrder(await storage.orders.findByIncrementId(orderNumber), caller, {
    unknown: () => new NotFoundError(`No order ${orderNumber}`),
    loginTo: 'return it',
  })
}
