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

export async function findOrderFor(
  storage: Pick<Storage, 'orders'>,
  orderNumber: string,
  customerId: number | null,
  orderToken: string | undefined,
): Promise<OrderRow> {
  const order = await storage.orders.findByIncrementId(orderNumber)
  const unknown = () => new NotFoundError(`No order ${orderNumber}`)
  if (!order) throw unknown()
  if (order.customer_id === null) {
    if (!order.order_token || !orderToken || !sameKey(order.order_token, orderToken)) throw unknown()
    return order
  }
  if (customerId === null) throw new UnauthorizedError('This order belongs to a customer: log in to return it')
  if (customerId !== order.customer_id) throw unknown()
  return order
}
