/**
 * Pure mappings of an order and its payment to what the shopper is told (the words keys of the
 * `orders` dictionary section): used by /success, /cancel, my-orders and my-order alike.
 */
import { OFFLINE_PAYMENT_METHODS } from '../../../domain/order'
import type { OrderStatus, OrderView, PaymentStatusView } from '../../data/worker-types'

/** What the shopper is told about a payment: paid, still on its way, not made, or not known now. */
export type PaymentOutcome = 'paid' | 'pending' | 'failed' | 'offline' | 'unknown'

export function paymentOutcome(view: PaymentStatusView): PaymentOutcome {
  if (view.kind !== 'known') return view.kind
  switch (view.status) {
    case 'paid':
      return 'paid'
    case 'pending':
      return 'pending'
    case 'cancelled':
    case 'failed':
    case 'expired':
      return 'failed'
  }
}

/**
 * What an order's page says of its payment: the shop's answer now when it gave one, else what the
 * shop last said and this device stored (offline, or the server not answering), else the answer's kind.
 */
export function currentPaymentOutcome(live: PaymentStatusView | undefined, stored: OrderView['payment']): PaymentOutcome | undefined {
  if (live?.kind === 'known') return paymentOutcome(live)
  if (stored) return paymentOutcome({ kind: 'known', status: stored.status, orderStatus: stored.orderStatus })
  return live ? paymentOutcome(live) : undefined
}

/** Paid through the provider's page (asked for its status), not at pickup, on delivery or by transfer. */
export function isProviderPayment(order: Pick<OrderView, 'paymentMethod'>): boolean {
  return !(OFFLINE_PAYMENT_METHODS as readonly string[]).includes(order.paymentMethod.code)
}

export type OrderStatusWord = 'queued' | 'sending' | 'placed' | 'refused' | 'paid' | 'paymentPending' | 'paymentFailed'

/** The status column of an order: the device's status, and once placed its payment when known. */
export function orderStatusWord(status: OrderStatus, payment?: PaymentOutcome): `status_${OrderStatusWord}` {
  if (status !== 'placed') return `status_${status}`
  if (payment === 'paid') return 'status_paid'
  if (payment === 'pending') return 'status_paymentPending'
  if (payment === 'failed') return 'status_paymentFailed'
  return 'status_placed'
}

/** The order's number once the shop gave it, else null (queued or sending: "pending — will be sent"). */
export function orderNumberOf(order: Pick<OrderView, 'placed'>): string | null {
  return order.placed?.orderNumber ?? null
}

/** The order a return address names: `?order=` is the shop's order number (the provider's return). */
export function orderByNumber(orders: readonly OrderView[], orderNumber: string): OrderView | undefined {
  return orders.find((o) => o.placed?.orderNumber === orderNumber)
}

/** Newest first (the worker already sorts so; kept here so the page does not depend on it). */
export function newestFirst(orders: readonly OrderView[]): OrderView[] {
  return [...orders].sort((a, b) => b.created_at - a.created_at)
}
