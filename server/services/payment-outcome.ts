/**
 * What the provider's word on a payment does to its order (payment-service, unpaid-orders): the one
 * place an order moves because of a payment.
 *
 * - paid → processing, cancelled / failed / expired → canceled (with a comment each), pending →
 *   unchanged. Only from pending_payment / pending, once (a conditional update in the transaction
 *   that records the payment's status): a duplicate notification or a late "cancelled" after "paid"
 *   does nothing, and an attempt given up while another attempt is open cancels nothing. A
 *   cancelled order's stock goes back in the same transaction, once (order-cancellation.ts).
 * - A payment that settles for an order that no longer waits (cancelled, or paid by another
 *   attempt) is recorded on the order with a comment and reported to the shop (a LATE_PAYMENT mail
 *   recorded due in the same transaction): the money is never left unseen.
 * - refunded (a refund or chargeback): a paid order is closed and the gift cards it bought that
 *   nobody used are switched off.
 * - onPaid runs after an order became paid (its confirmation is recorded due with the payment);
 *   onCancelled after an order was cancelled (its stock is back: back-in-stock mails may be due).
 */
import type { OrderStatus } from '../../domain/api/order.schema'
import type { PaymentStatus } from '../../domain/api/payment.schema'
import type { PaymentProvider, ProviderPaymentStatus } from '../payments/provider'
import type { Storage } from '../storage'
import type { OrderRow } from '../storage/order-repository'
import type { PaymentRow } from '../storage/payment-repository'
import { cancelAwaitingOrder } from './order-cancellation'
import { StockDocumentChanges } from './stock-documents'
import { CONFIRMATION, LATE_PAYMENT } from './order-mail-service'

/** Statuses an order waits for its payment in. */
export const AWAITING: readonly OrderStatus[] = ['pending_payment', 'pending']

const NEXT_ORDER_STATUS: Record<PaymentStatus, OrderStatus | null> = {
  paid: 'processing',
  cancelled: 'canceled',
  failed: 'canceled',
  expired: 'canceled',
  pending: null,
}

const COMMENTS: Record<PaymentStatus, string> = {
  paid: 'Payment received',
  cancelled: 'Payment cancelled by the shopper',
  failed: 'Payment failed',
  expired: 'Payment expired',
  pending: 'Payment pending',
}

export interface PaymentOutcomeOptions {
  provider: Pick<PaymentProvider, 'name'>
  /** runs once after an order became paid; its failure is logged */
  onPaid?: (order: OrderRow) => Promise<void>
  /** runs once after an order was cancelled and its stock given back; its failure is logged */
  onCancelled?: (order: OrderRow) => Promise<void>
  /** sends a mail the outcome recorded due (`kind`: order-mail-service's kinds); its failure is logged */
  mailDue?: (order: OrderRow, kind: string) => Promise<void>
  log?: { warn(obj: object, msg: string): void }
  clock?: () => Date
}

export function createPaymentOutcome(storage: Storage, options: PaymentOutcomeOptions) {
  const { provider } = options
  const clock = options.clock ?? (() => new Date())

  /**
   * A paid order whose payment was given back (refund, chargeback): closed, once, and the gift cards
   * it bought that nobody has used switched off. Its stock stays taken: the goods may have gone.
   */
  async function refunded(order: OrderRow, payment: PaymentRow): Promise<OrderStatus> {
    const now = clock().toISOString()
    await storage.payments.setStatus(payment.id, 'refunded', now)
    const closed = await storage.transaction(async (repos) => {
      const row = await repos.orders.changeStatus(order.id, ['processing'], 'closed', now)
      if (!row) return null
      await repos.payments.addComment(order.id, 'closed', `Payment refunded (${provider.name} ${payment.provider_payment_id})`, now)
      await repos.giftcardIssues.voidUnusedForOrder(order.id, now)
      return row
    })
    return closed ? 'closed' : (((await storage.orders.findById(order.id))?.status ?? order.status) as OrderStatus)
  }

  /** The order's status after the provider's word, moving it at most once. */
  async function apply(order: OrderRow, payment: PaymentRow, said: ProviderPaymentStatus): Promise<OrderStatus> {
    if (said === 'refunded') return refunded(order, payment)
    const status: PaymentStatus = said
    const now = clock().toISOString()
    const next = NEXT_ORDER_STATUS[status]
    if (!next) {
      await storage.payments.checked(payment.id, now)
      return order.status as OrderStatus
    }
    const comment = `${COMMENTS[status]} (${provider.name} ${payment.provider_payment_id})`
    const stockDocs = new StockDocumentChanges()
    const outcome = await storage.transaction(async (repos): Promise<{ changed: OrderRow | null; late: string | null }> => {
      // the payment's row is locked from here: a concurrent word on it waits and then finds it recorded
      const news = await repos.payments.setStatus(payment.id, status, now)
      if (next === 'canceled') {
        // the shopper gave up this page but may be paying on a newer one
        if (await repos.payments.hasOpenAttemptBesides(order.id, payment.id)) return { changed: null, late: null }
        return { changed: await cancelAwaitingOrder(repos, order.id, AWAITING, comment, now, stockDocs), late: null }
      }
      const row = await repos.orders.changeStatus(order.id, AWAITING, next, now)
      if (row) {
        await repos.payments.addComment(order.id, next, comment, now)
        // with the payment's word, so no crash after the commit leaves the paid order without its confirmation
        await repos.orderMails.schedule(order.id, CONFIRMATION, now)
        return { changed: row, late: null }
      }
      if (!news) return { changed: null, late: null }
      // money for an order that no longer waits for it (cancelled, or paid by another attempt): recorded, and the shop told
      const current = (await repos.orders.findById(order.id))!
      const kind = `${LATE_PAYMENT}${payment.provider_payment_id}`
      await repos.payments.addComment(
        order.id,
        current.status,
        `Payment received while the order is ${current.status} (${provider.name} ${payment.provider_payment_id}): refund it or reinstate the order`,
        now,
      )
      await repos.orderMails.schedule(order.id, kind, now)
      return { changed: null, late: kind }
    })
    stockDocs.publish(storage)
    if (outcome.late && options.mailDue) {
      const current = (await storage.orders.findById(order.id))!
      await options
        .mailDue(current, outcome.late)
        .catch((err: unknown) => options.log?.warn({ err }, `the late payment of order ${order.increment_id} was not reported`))
    }
    const changed = outcome.changed
    if (!changed) return ((await storage.orders.findById(order.id))?.status ?? order.status) as OrderStatus
    if (next === 'processing' && options.onPaid) {
      await options.onPaid(changed).catch((err: unknown) => options.log?.warn({ err }, `after-payment work of order ${changed.increment_id} failed`))
    }
    if (next === 'canceled' && options.onCancelled) {
      await options.onCancelled(changed).catch((err: unknown) => options.log?.warn({ err }, `after-cancel work of order ${changed.increment_id} failed`))
    }
    return next
  }

  return { apply }
}
export type PaymentOutcome = ReturnType<typeof createPaymentOutcome>
