/**
 * The order confirmation mail (issue 10), sent through the mailer (outbox or SMTP) once per order:
 *
 * - When: an order paid outside the provider (pay at pickup, cash on delivery, bank transfer: the
 *   order starts 'pending') is confirmed as soon as it is stored; an order paid through the provider
 *   (starts 'pending_payment') only once the provider says it is paid, so a shopper who cancels on
 *   the payment page gets no confirmation of an order that will not be. A bank transfer order is
 *   confirmed at once, its payment may take days; so is an order the gift cards paid in full
 *   (it starts 'processing').
 * - Exactly once: the mail is claimed in order_mails before it is sent (unique per order and kind);
 *   a retried order, a second notification or a second process finds it claimed.
 * - A failure to mail never fails the order: it is logged and recorded (status failed, the error),
 *   and `retryFailed` (run every few minutes by the app) tries again, up to MAX_ATTEMPTS.
 */
import { DEFAULT_SHOP_DETAILS, type ShopDetails } from '../../domain/shop-details'
import type { Mailer } from '../mail/mailer'
import { orderLineLabels } from '../mail/order-line-labels'
import { orderMailContent } from '../mail/order-mail'
import { storeOf } from '../payments/sandbox-page'
import type { Storage } from '../storage'
import type { OrderRow } from '../storage/order-repository'

export const CONFIRMATION = 'order_confirmation'
export const MAX_ATTEMPTS = 5
/** a mail claimed longer ago than this and never finished belonged to a process that died */
const STALE_MS = 10 * 60 * 1000

export interface MailLog {
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

export function createOrderMailService(
  storage: Storage,
  mailer: Mailer,
  log: MailLog,
  clock: () => Date = () => new Date(),
  shopDetails: ShopDetails = DEFAULT_SHOP_DETAILS,
) {
  async function send(order: OrderRow): Promise<boolean> {
    const now = clock()
    const claim = await storage.orderMails.claim(order.id, CONFIRMATION, now.toISOString(), MAX_ATTEMPTS, new Date(now.getTime() - STALE_MS).toISOString())
    if (!claim) return false
    try {
      const lines = await storage.orders.listLines(order.id)
      const labels = await orderLineLabels(storage, storeOf(order.store_code), lines)
      const content = orderMailContent(order, lines, order.status === 'processing', labels, shopDetails)
      const sent = await mailer.send({ to: order.email, ...content, key: `order-${order.increment_id}` })
      await storage.orderMails.markSent(claim.id, sent.messageId, clock().toISOString())
      return true
    } catch (err) {
      log.error({ err }, `the confirmation mail of order ${order.increment_id} was not sent (attempt ${claim.attempts})`)
      await storage.orderMails.markFailed(claim.id, err instanceof Error ? err.message : String(err), clock().toISOString())
      return false
    }
  }

  return {
    /** After an order was stored: confirms orders that wait for no provider payment. Never throws. */
    async orderPlaced(order: OrderRow): Promise<void> {
      // 'processing' at once: gift cards paid it all (domain/order initialOrderStatus)
      if (order.status !== 'pending' && order.status !== 'processing') return
      await send(order).catch((err: unknown) => log.error({ err }, `the confirmation mail of order ${order.increment_id} failed`))
    },
    /** After the provider said an order is paid. Never throws. */
    async orderPaid(order: OrderRow): Promise<void> {
      await send(order).catch((err: unknown) => log.error({ err }, `the confirmation mail of order ${order.increment_id} failed`))
    },
    /** Sends the failed mails again; how many went out. */
    async retryFailed(limit = 20): Promise<number> {
      let sent = 0
      for (const mail of await storage.orderMails.listRetryable(MAX_ATTEMPTS, limit)) {
        const order = await storage.orders.findById(mail.order_id)
        if (order && (await send(order))) sent++
      }
      return sent
    },
  }
}
export type OrderMailService = ReturnType<typeof createOrderMailService>
