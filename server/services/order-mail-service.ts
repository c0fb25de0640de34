/**
 * The order confirmation mail, sent through the mailer (outbox or SMTP) once per order:
 *
 * - When: an order paid outside the provider (pay at pickup, cash on delivery, bank transfer: the
 *   order starts 'pending') is confirmed as soon as it is stored; an order paid through the provider
 *   (starts 'pending_payment') only once the provider says it is paid, so a shopper who cancels on
 *   the payment page gets no confirmation of an order that will not be. A bank transfer order is
 *   confirmed at once, its payment may take days; so is an order the gift cards paid in full
 *   (it starts 'processing').
 * - Never lost: the mail is recorded due (order_mails) in the transaction that stores the order or
 *   its payment (`confirmationDueAt`), and sent after the commit; `sweep` (at start and every
 *   minute) sends what a process that died left due, failed or claimed.
 * - Once: the mail is claimed before it is sent (unique per order and kind); a retried order, a
 *   second notification or a second process finds it claimed. A process that dies between sending
 *   and recording it leaves a claim that is sent again once stale: the mail carries a key of its
 *   own (`once`), so the outbox keeps one file and an SMTP server's receivers see one Message-ID.
 * - A failure to mail never fails the order: it is logged and recorded (status failed, the error),
 *   and the sweep tries again, up to MAX_ATTEMPTS.
 * - The shop's own alerts (a payment that settled for an order already cancelled) go the same way
 *   to the shop's address (`shopTo`).
 */
import { DEFAULT_SHOP_DETAILS, type ShopDetails } from '../../domain/shop-details'
import type { Mailer, OutgoingMail } from '../mail/mailer'
import { orderLineLabels } from '../mail/order-line-labels'
import { latePaymentMailContent, orderMailContent, unpaidCancelledMailContent, type ReturnsLink } from '../mail/order-mail'
import { storeOf } from '../payments/sandbox-page'
import type { Storage } from '../storage'
import type { OrderLineRow, OrderRow } from '../storage/order-repository'
import { returnMailContent } from '../mail/return-mail'

export const CONFIRMATION = 'order_confirmation'
/** the shop's alert of a payment that settled after its order ended (one per provider payment) */
export const LATE_PAYMENT = 'late_payment:'
/** the shopper's mail that an order nobody paid in time was cancelled */
export const UNPAID_CANCELLED = 'unpaid_cancelled'
/** the shopper's mail of a return they sent (one per return: the kind ends with its number) */
export const RETURN_MAIL = 'return:'
export const MAX_ATTEMPTS = 5
/** a mail claimed longer ago than this and never finished belonged to a process that died (SMTP gives up well before) */
export const DEFAULT_CLAIM_STALE_MS = 2 * 60 * 1000

/** Whether an order's confirmation is due as it is stored: orders that wait for no provider payment. */
export function confirmationDueAt(status: string): boolean {
  // 'processing' at once: gift cards paid it all (domain/order initialOrderStatus)
  return status === 'pending' || status === 'processing'
}

export interface MailLog {
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

export interface OrderMailOptions {
  clock?: () => Date
  shopDetails?: ShopDetails
  /** the shop's own address, for its alerts */
  shopTo?: string
  /** the confirmation's returns line: the shop's address and the withdrawal period; none without */
  returns?: ReturnsLink
  claimStaleMs?: number
}

export function createOrderMailService(storage: Storage, mailer: Mailer, log: MailLog, options: OrderMailOptions = {}) {
  const clock = options.clock ?? (() => new Date())
  const shopDetails = options.shopDetails ?? DEFAULT_SHOP_DETAILS
  const staleMs = options.claimStaleMs ?? DEFAULT_CLAIM_STALE_MS

  /** A return's number and what to do, in the order's language; its lines named as the order names them. */
  async function returnMail(order: OrderRow, returnNumber: string, orderLines: readonly OrderLineRow[]): Promise<OutgoingMail> {
    const [stored] = await storage.returns.findByNumbers(order.store_code, [returnNumber])
    if (!stored) throw new Error(`return ${returnNumber} of order ${order.increment_id} is not stored`)
    const names = new Map(orderLines.map((l) => [l.sku, l.name]))
    const content = returnMailContent({
      store: storeOf(order.store_code),
      returnNumber,
      orderNumber: order.increment_id,
      reason: stored.reason,
      lines: (await storage.returns.listLines(stored.id)).map((l) => ({ name: names.get(l.sku) ?? l.sku, qty: l.qty })),
      shop: shopDetails,
    })
    return { to: order.email, ...content, key: `return-${returnNumber}`, once: `return-${returnNumber}` }
  }

  async function content(order: OrderRow, kind: string): Promise<OutgoingMail> {
    if (kind.startsWith(LATE_PAYMENT)) {
      const payment = kind.slice(LATE_PAYMENT.length)
      return {
        to: options.shopTo ?? order.email,
        ...latePaymentMailContent(order, payment),
        key: `late-payment-${order.increment_id}`,
        once: `late-payment-${payment}`,
      }
    }
    if (kind === UNPAID_CANCELLED) {
      return {
        to: order.email,
        ...unpaidCancelledMailContent(order),
        key: `order-${order.increment_id}-cancelled`,
        once: `order-${order.increment_id}-unpaid-cancelled`,
      }
    }
    const lines = await storage.orders.listLines(order.id)
    if (kind.startsWith(RETURN_MAIL)) return returnMail(order, kind.slice(RETURN_MAIL.length), lines)
    const labels = await orderLineLabels(storage, storeOf(order.store_code), lines)
    const mail = orderMailContent(order, lines, order.status === 'processing', labels, shopDetails, options.returns)
    return { to: order.email, ...mail, key: `order-${order.increment_id}`, once: `order-${order.increment_id}-confirmation` }
  }

  /** Sends the order's `kind` mail if it is due (claimed here); true when it went out now. */
  async function send(order: OrderRow, kind: string): Promise<boolean> {
    const now = clock()
    const claim = await storage.orderMails.claim(order.id, kind, now.toISOString(), MAX_ATTEMPTS, new Date(now.getTime() - staleMs).toISOString())
    if (!claim) return false
    try {
      const sent = await mailer.send(await content(order, kind))
      await storage.orderMails.markSent(claim.id, sent.messageId, clock().toISOString())
      return true
    } catch (err) {
      log.error({ err }, `the ${kind} mail of order ${order.increment_id} was not sent (attempt ${claim.attempts})`)
      await storage.orderMails.markFailed(claim.id, err instanceof Error ? err.message : String(err), clock().toISOString())
      return false
    }
  }

  return {
    /** After the commit that recorded the order's `kind` mail due: sends it now. Never throws. */
    async due(order: OrderRow, kind: string = CONFIRMATION): Promise<void> {
      await send(order, kind).catch((err: unknown) => log.error({ err }, `the ${kind} mail of order ${order.increment_id} failed`))
    },
    /** Sends what is due, failed or left claimed by a process that died; how many went out. */
    async sweep(limit = 50): Promise<number> {
      const now = clock()
      let sent = 0
      for (const mail of await storage.orderMails.listWaiting(MAX_ATTEMPTS, new Date(now.getTime() - staleMs).toISOString(), limit)) {
        const order = await storage.orders.findById(mail.order_id)
        if (order && (await send(order, mail.kind))) sent++
      }
      return sent
    },
  }
}
export type OrderMailService = ReturnType<typeof createOrderMailService>
