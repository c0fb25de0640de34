/**
 * Orders whose money may have been lost sight of (the app runs both at start and every
 * PAYMENT_RECHECK_MS; several processes may run them at once: an order moves at most once, whoever
 * hears first).
 *
 * - `recheckOpen` asks the provider again about payments still open at it, so a notification lost
 *   in a crash or an outage leaves no settled payment unseen.
 * - `expireUnpaid` cancels the orders nobody paid within their hold (domain/unpaid-hold), their
 *   stock and gift card payments given back and the shopper mailed (recorded due in the cancelling
 *   transaction). An order with a payment open at the provider is asked about first: paid, it is
 *   paid; still open there, it keeps waiting; and a provider that cannot answer cancels nothing.
 */
import { holdGroups, type UnpaidHolds } from '../../domain/unpaid-hold'
import type { PaymentProvider, ProviderPaymentStatus } from '../payments/provider'
import type { Storage } from '../storage'
import type { OrderRow } from '../storage/order-repository'
import { cancelAwaitingOrder } from './order-cancellation'
import { StockDocumentChanges } from './stock-documents'
import { UNPAID_CANCELLED } from './order-mail-service'
import type { PaymentOutcome } from './payment-outcome'

/** the recheck leaves a payment alone this long after it was made (the shopper is on its page) and asks about it until it is this old */
const RECHECK_AFTER_MS = 60_000
const RECHECK_DAYS = 30

export interface UnpaidOrdersOptions {
  provider: PaymentProvider
  outcome: PaymentOutcome
  mailDue?: (order: OrderRow, kind: string) => Promise<void>
  log?: { warn(obj: object, msg: string): void }
  clock?: () => Date
  /** an attempt being created more recently than this belongs to a shopper on their way to the provider */
  createWaitMs: number
}

export function createUnpaidOrders(storage: Storage, options: UnpaidOrdersOptions) {
  const { provider, createWaitMs } = options
  const clock = options.clock ?? (() => new Date())
  const apply = options.outcome.apply

  return {
    /** Cancels the orders whose hold on their stock ended unpaid (see above); how many it cancelled. */
    async expireUnpaid(holds: UnpaidHolds, limit = 50): Promise<number> {
      const now = clock()
      let cancelled = 0
      for (const group of holdGroups(holds)) {
        const waiting = await storage.orders.listWaitingSince(group.status, group.methods, new Date(now.getTime() - group.ms).toISOString(), limit)
        for (const order of waiting) {
          const latest = await storage.payments.findLatest(order.id)
          // a shopper is on the provider's page being made right now
          if (latest?.status === 'creating' && now.getTime() - Date.parse(latest.updated_at) <= createWaitMs) continue
          const payment = await storage.payments.findCurrent(order.id)
          if (payment?.status === 'pending') {
            let said: ProviderPaymentStatus
            try {
              said = await provider.status(payment.provider_payment_id)
            } catch (err) {
              options.log?.warn({ err }, `order ${order.increment_id} stays: the provider could not say what became of its payment`)
              continue
            }
            if (said === 'paid' || said === 'pending') {
              await apply(order, payment, said)
              continue
            }
            await storage.payments.setStatus(payment.id, said, now.toISOString())
          }
          const iso = clock().toISOString()
          const stockDocs = new StockDocumentChanges()
          const done = await storage.transaction(async (repos) => {
            const row = await cancelAwaitingOrder(
              repos,
              order.id,
              [group.status],
              `Not paid within ${group.label}: cancelled, its stock given back`,
              iso,
              stockDocs,
            )
            if (row) await repos.orderMails.schedule(order.id, UNPAID_CANCELLED, iso)
            return row
          })
          stockDocs.publish(storage)
          if (!done) continue
          cancelled++
          await options
            .mailDue?.(done, UNPAID_CANCELLED)
            .catch((err: unknown) => options.log?.warn({ err }, `the cancellation mail of order ${order.increment_id} failed`))
        }
      }
      return cancelled
    },

    /**
     * Asks the provider again about payments still open at it (a notification lost to a crash or an
     * outage), the longest unasked first; how many it had news of. Several processes may run it at
     * once: the order moves at most once whoever hears first.
     */
    async recheckOpen(limit = 50): Promise<number> {
      const now = clock().getTime()
      const open = await storage.payments.listOpen(
        new Date(now - RECHECK_DAYS * 86_400_000).toISOString(),
        new Date(now - RECHECK_AFTER_MS).toISOString(),
        limit,
      )
      let news = 0
      for (const payment of open) {
        const order = await storage.orders.findById(payment.order_id)
        if (!order) continue
        try {
          const said = await provider.status(payment.provider_payment_id)
          if (said !== 'pending') news++
          await apply(order, payment, said)
        } catch (err) {
          options.log?.warn({ err }, `the payment ${payment.provider_payment_id} of order ${order.increment_id} could not be asked about`)
          await storage.payments.checked(payment.id, clock().toISOString())
        }
      }
      return news
    },
  }
}
