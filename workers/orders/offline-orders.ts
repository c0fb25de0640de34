/**
 * Spec §4 "Coming back online": orders are sent at once if automatic transmission is enabled
 * (configuration `orders.offline_orders.automatic_transmission_enabled`, here WorkerConfig
 * `automaticOrderTransmission`, on by default). Otherwise the untransmitted offline orders are
 * collected and the shopper is asked to confirm them (VSF1's offline-order-confirmation: confirm
 * sends them, cancel drops them; their lines are still in the cart, nothing is lost).
 *
 * Which orders wait for that answer is kept in the `session` record `offline-orders-held` (the order
 * ids), not in the order document: an order placed offline with confirmation on is held from the
 * moment it is stored, so neither a reload nor a new leader sends it before the shopper said yes.
 * An order placed online is the shopper's answer already and is never held.
 */

export const HELD_ORDERS_ID = 'offline-orders-held'

/** The held order ids in the record's value (none when it is missing or not a list of ids). */
export function heldIdsOf(value: unknown): string[] {
  const ids = (value as { ids?: unknown } | undefined)?.ids
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : []
}

/** The configuration flag's default: orders go out by themselves. */
export const AUTOMATIC_ORDER_TRANSMISSION_DEFAULT = true

/** An order stored now waits for the shopper's confirmation: confirmation is on and the device is offline. */
export function holdsNewOrder(automatic: boolean, online: boolean): boolean {
  return !automatic && !online
}

export type BackOnlineOrders = 'send' | 'confirm' | 'nothing'

/**
 * What coming back online (or opening online) does with the orders waiting on this device:
 * `send` them all (automatic transmission, held ones included), ask to `confirm` the held ones,
 * or `nothing` is held (orders already on their way keep going).
 */
export function backOnlineOrders(automatic: boolean, heldCount: number): BackOnlineOrders {
  if (automatic) return 'send'
  return heldCount > 0 ? 'confirm' : 'nothing'
}

/** The held ids that still name an order waiting to be sent (a sent, refused or removed one is let go). */
export function stillHeld(held: readonly string[], waiting: readonly { order_id: string; status: string }[]): string[] {
  const queued = new Set(waiting.filter((o) => o.status === 'queued').map((o) => o.order_id))
  return held.filter((id) => queued.has(id))
}
