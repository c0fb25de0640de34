/**
 * Payments of stored orders through the configured provider (spec §4 Payment, §7 payment provider
 * service; issue 10). The order's status follows the payment only from what the provider says:
 * a notification makes us ask it (never read from the notification's body), and so does the
 * client's get-payment-status. The browser cannot set a status.
 *
 * - createPayment: for an order waiting for its payment (pending_payment, or a bank transfer order
 *   still pending) with something left to charge (an order the gift cards paid in full takes none:
 *   409, and no provider payment is made). One payment an attempt, whoever asks: the attempt is
 *   claimed in storage before the provider is called, so concurrent and repeated calls answer the
 *   same page (a call that finds the attempt being created waits for it). A provider that refuses or
 *   does not answer never cancels the order: the attempt is recorded failed with the spec's comment
 *   "Payment could not be created: {message}", the order keeps waiting, and the next call makes
 *   the next attempt (MultiSafepay refuses an order id twice: each attempt has its own reference).
 * - A status from the provider moves the order: paid → processing, cancelled / failed / expired →
 *   canceled (with a comment each), pending → unchanged. Only from pending_payment / pending, once
 *   (a conditional update in the transaction that records the payment's status): a duplicate
 *   notification or a late "cancelled" after "paid" does nothing, and an attempt given up while
 *   another attempt is open cancels nothing. A cancelled order's stock goes back in the same
 *   transaction, once (order-cancellation.ts).
 * - A payment that settles for an order that no longer waits (cancelled, or paid by another
 *   attempt) is recorded on the order with a comment and reported to the shop (LATE_PAYMENT mail,
 *   recorded in the same transaction): the money is never left unseen.
 * - `expireUnpaid` cancels the orders nobody paid within their hold (domain/unpaid-hold), their
 *   stock and gift card payments given back and the shopper mailed (recorded due in the cancelling
 *   transaction). An order with a payment open at the provider is asked about first: paid, it is
 *   paid; still open there, it keeps waiting; and a provider that cannot answer cancels nothing.
 *   Several processes may run it at once: the conditional cancel lets one of them do it.
 * - `recheckOpen` asks the provider again about payments still open (the app runs it at start and on
 *   a schedule), so a notification lost in a crash or an outage leaves no settled payment unseen.
 * - onPaid runs after an order became paid (the confirmation mail, recorded due with the payment);
 *   its failure is not ours.
 * - Ownership: an order a customer placed (with their token) is reachable only by that customer:
 *   without a token 401 (the client renews and asks again), with another customer's 404, the unknown
 *   order's answer. A guest's order only with its key (order_token, from the order's answer), else
 *   the same 404: order numbers are sequential, and guessing one reaches nothing.
 */
import { timingSafeEqual } from 'node:crypto'
import type { PaymentMethodsAnswer, PaymentStatus, PaymentStatusAnswer, PostPaymentAnswer } from '../../domain/api/payment.schema'
import type { OrderStatus } from '../../domain/api/order.schema'
import { toCents } from '../../domain/money'
import { needsNoPayment } from '../../domain/order'
import { holdGroups, type UnpaidHolds } from '../../domain/unpaid-hold'
import { paymentMethodsFor, PROVIDER_PAYMENT_METHODS } from '../../domain/payment-methods'
import { STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import type { NotificationRequest, PaymentProvider, ProviderPaymentStatus } from '../payments/provider'
import { PaymentProviderError } from '../payments/provider'
import type { Storage } from '../storage'
import type { OrderRow } from '../storage/order-repository'
import type { PaymentRow } from '../storage/payment-repository'
import { ServiceError, UnauthorizedError } from './errors'
import { cancelAwaitingOrder } from './order-cancellation'
import { CONFIRMATION, LATE_PAYMENT, UNPAID_CANCELLED } from './order-mail-service'

export class OrderNotFoundError extends ServiceError {
  override name = 'OrderNotFoundError'
  readonly kind = 'not-found' as const
  constructor(ref: string) {
    super(`No order ${ref}`)
  }
}

/** The order takes no payment now (paid, cancelled, or paid outside the provider): HTTP 409. */
export class PaymentNotAllowedError extends Error {
  override name = 'PaymentNotAllowedError'
}

/** The provider refused to create the payment or could not be reached: HTTP 502, the order keeps waiting for another attempt. */
export class PaymentNotCreatedError extends Error {
  override name = 'PaymentNotCreatedError'
}

/** Statuses an order waits for its payment in. */
const AWAITING: readonly OrderStatus[] = ['pending_payment', 'pending']

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

export interface PaymentServiceOptions {
  provider: PaymentProvider
  /** runs once after an order became paid; errors are logged by the caller's logger */
  onPaid?: (order: OrderRow) => Promise<void>
  /** runs after a payment settled for an order that no longer waited (its shop mail is recorded due) */
  onLatePayment?: (order: OrderRow, mailKind: string) => Promise<void>
  /** runs after an order nobody paid in time was cancelled (its shopper's mail is recorded due) */
  onUnpaidCancelled?: (order: OrderRow) => Promise<void>
  log?: { warn(obj: object, msg: string): void }
  clock?: () => Date
  /** the provider's own time-out: an attempt being created longer than this (and a margin) was given up by its process */
  createTimeoutMs?: number
}

/** how long a request waits for an attempt another request is creating, past the provider's time-out */
const CREATE_MARGIN_MS = 5_000
/** the recheck leaves a payment alone this long after it was made (the shopper is on its page) and asks about it until it is this old */
const RECHECK_AFTER_MS = 60_000
const RECHECK_DAYS = 30

/** compares a presented key with the stored one in constant time */
function sameKey(stored: string, presented: string): boolean {
  const a = Buffer.from(stored)
  const b = Buffer.from(presented)
  return a.length === b.length && timingSafeEqual(a, b)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function createPaymentService(storage: Storage, options: PaymentServiceOptions) {
  const { provider } = options
  const clock = options.clock ?? (() => new Date())
  const createWaitMs = (options.createTimeoutMs ?? 10_000) + CREATE_MARGIN_MS

  /**
   * By order number (what the shopper and the spec's payment request carry) or the client's order_id,
   * for `customerId` (the caller's verified token; null for none): a customer's order only for them,
   * a guest's only with its key (`orderToken`, given to the client that placed it). Whoever lacks
   * the key gets the unknown order's answer, so an order number says nothing.
   */
  async function findOrder(ref: string, customerId: number | null, orderToken: string | undefined): Promise<OrderRow> {
    const order = (await storage.orders.findByIncrementId(ref)) ?? (await storage.orders.findByClientOrderId(ref))
    if (!order) throw new OrderNotFoundError(ref)
    if (order.customer_id === null) {
      if (!order.order_token || !orderToken || !sameKey(order.order_token, orderToken)) throw new OrderNotFoundError(ref)
      return order
    }
    if (customerId === null) throw new UnauthorizedError('This order belongs to a customer: log in to see its payment')
    if (customerId !== order.customer_id) throw new OrderNotFoundError(ref)
    return order
  }

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
    const outcome = await storage.transaction(async (repos): Promise<{ changed: OrderRow | null; late: string | null }> => {
      // the payment's row is locked from here: a concurrent word on it waits and then finds it recorded
      const news = await repos.payments.setStatus(payment.id, status, now)
      if (next === 'canceled') {
        // the shopper gave up this page but may be paying on a newer one
        if (await repos.payments.hasOpenAttemptBesides(order.id, payment.id)) return { changed: null, late: null }
        return { changed: await cancelAwaitingOrder(repos, order.id, AWAITING, comment, now), late: null }
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
    if (outcome.late && options.onLatePayment) {
      const current = (await storage.orders.findById(order.id))!
      await options
        .onLatePayment(current, outcome.late)
        .catch((err: unknown) => options.log?.warn({ err }, `the late payment of order ${order.increment_id} was not reported`))
    }
    const changed = outcome.changed
    if (!changed) return ((await storage.orders.findById(order.id))?.status ?? order.status) as OrderStatus
    if (next === 'processing' && options.onPaid) {
      await options.onPaid(changed).catch((err: unknown) => options.log?.warn({ err }, `after-payment work of order ${changed.increment_id} failed`))
    }
    return next
  }

  /**
   * The order's payment page: the open attempt's, or a new attempt's made now. Waits for an attempt
   * another request is creating; an attempt whose creator never finished (it died, or the provider
   * never answered) is given up once older than the provider's time-out.
   */
  async function paymentPage(order: OrderRow, baseUrl: string): Promise<string> {
    const deadline = Date.now() + createWaitMs
    for (;;) {
      const latest = await storage.payments.findLatest(order.id)
      if (latest && latest.status !== 'creating' && latest.status !== 'create_failed') {
        const current = (await storage.orders.findById(order.id))!
        if (AWAITING.includes(current.status as OrderStatus) && latest.status === 'pending') return latest.redirect_url
        if (latest.status === 'pending' || latest.status === 'paid') {
          throw new PaymentNotAllowedError(`Order ${order.increment_id} is ${current.status} and takes no payment`)
        }
        // its last payment was cancelled, failed or expired while the order still waits: a new attempt
      }
      if (latest?.status === 'creating') {
        const stale = clock().getTime() - Date.parse(latest.updated_at) > createWaitMs
        if (!stale) {
          if (Date.now() > deadline) throw new PaymentNotCreatedError(`${provider.name} has not answered yet: try again in a moment`)
          await sleep(100)
          continue
        }
        await storage.payments.createFailed(latest.id, 'its creator never finished (no answer from the provider, or its process ended)', clock().toISOString())
      }
      const attempt = (latest?.attempt ?? 0) + 1
      const now = clock().toISOString()
      const reference = attempt === 1 ? order.increment_id : `${order.increment_id}-${attempt}`
      const claimed = await storage.payments.claim({
        order_id: order.id,
        attempt,
        provider: provider.name,
        provider_payment_id: reference,
        method: order.payment_method_code,
        amount_cents: toCents(order.grand_total),
        created_at: now,
      })
      // another request took this attempt: its page is the answer
      if (!claimed) continue
      return createAttempt(order, claimed, reference, baseUrl)
    }
  }

  /** Asks the provider for the claimed attempt's payment; its failure is recorded, and the order keeps waiting. */
  async function createAttempt(order: OrderRow, claimed: PaymentRow, reference: string, baseUrl: string): Promise<string> {
    const store = (order.store_code in STORE_VIEWS ? order.store_code : 'en') as StoreCode
    const number = encodeURIComponent(order.increment_id)
    const urls = {
      success: new URL(`/${store}/success?order=${number}`, baseUrl).toString(),
      cancel: new URL(`/${store}/cancel?order=${number}`, baseUrl).toString(),
      notification: new URL('/api/ext/payment/notification', baseUrl).toString(),
    }
    let created
    try {
      created = await provider.createPayment(
        {
          orderNumber: order.increment_id,
          reference,
          storeCode: store,
          amountCents: toCents(order.grand_total),
          description: `Polder order ${order.increment_id}`,
          email: order.email,
          billingAddress: order.billing_address,
        },
        order.payment_method_code,
        urls,
      )
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err)
      const now = clock().toISOString()
      await storage.payments.createFailed(claimed.id, message, now)
      await storage.payments.addComment(order.id, order.status, `Payment could not be created: ${message}`, now)
      if (err instanceof PaymentProviderError) throw new PaymentNotCreatedError(err.message)
      throw err
    }
    const now = clock().toISOString()
    await storage.payments.created(claimed.id, created.paymentId, created.redirectUrl, now)
    await storage.payments.addComment(
      order.id,
      'pending_payment',
      `Payment created with ${provider.name} (${created.paymentId}), ${order.payment_method_code}${claimed.attempt > 1 ? `, attempt ${claimed.attempt}` : ''}`,
      now,
    )
    return created.redirectUrl
  }

  return {
    providerName: provider.name,

    listMethods(country?: 'BE' | 'NL'): PaymentMethodsAnswer {
      const ordered = country ? paymentMethodsFor({ virtual: true, country, shippingCarrierCode: 'storepickup' }) : PROVIDER_PAYMENT_METHODS
      return { data: ordered.map((m) => ({ id: m.code, description: m.title })) }
    },

    /**
     * Creates the payment of a stored order (or answers the one it has). `baseUrl` is the shop's
     * public origin: the return, cancel and notification addresses are built on it, never taken
     * from the request. `customerId`: the caller's (null without a token).
     */
    async createPayment(ref: string, baseUrl: string, customerId: number | null, orderToken?: string): Promise<PostPaymentAnswer> {
      const order = await findOrder(ref, customerId, orderToken)
      if (needsNoPayment(order.grand_total)) {
        throw new PaymentNotAllowedError(`Order ${order.increment_id} has nothing left to pay (gift cards paid it) and takes no payment`)
      }
      if (!PROVIDER_PAYMENT_METHODS.some((m) => m.code === order.payment_method_code)) {
        throw new PaymentNotAllowedError(`Order ${order.increment_id} is paid with ${order.payment_method_code}, not through the payment provider`)
      }
      if (!AWAITING.includes(order.status as OrderStatus)) {
        throw new PaymentNotAllowedError(`Order ${order.increment_id} is ${order.status} and takes no payment`)
      }
      const redirect = await paymentPage(order, baseUrl)
      return { order_id: order.increment_id, amount: order.grand_total, payment_gateway_url: redirect }
    },

    /** The payment's status as the provider says it now; the order follows it. `customerId`: the caller's (null without a token). */
    async paymentStatus(ref: string, customerId: number | null, orderToken?: string): Promise<PaymentStatusAnswer> {
      const order = await findOrder(ref, customerId, orderToken)
      const payment = await storage.payments.findCurrent(order.id)
      if (!payment) throw new OrderNotFoundError(`payment for order ${ref}`)
      const status = await provider.status(payment.provider_payment_id)
      const orderStatus = await apply(order, payment, status)
      // a payment given back is, to the shopper, a payment that did not stay made
      return { order_id: order.increment_id, status: status === 'refunded' ? 'cancelled' : status, order_status: orderStatus }
    },

    /**
     * A provider's notification: which payment it names is all that is read; its status is asked
     * of the provider. False when it names no payment of ours.
     */
    async notified(request: NotificationRequest): Promise<boolean> {
      const paymentId = provider.parseNotification(request)
      if (!paymentId) return false
      const payment = await storage.payments.findByProviderId(provider.name, paymentId)
      if (!payment) return false
      const order = await storage.orders.findById(payment.order_id)
      if (!order) return false
      await apply(order, payment, await provider.status(paymentId))
      return true
    },

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
          const done = await storage.transaction(async (repos) => {
            const row = await cancelAwaitingOrder(repos, order.id, [group.status], `Not paid within ${group.label}: cancelled, its stock given back`, iso)
            if (row) await repos.orderMails.schedule(order.id, UNPAID_CANCELLED, iso)
            return row
          })
          if (!done) continue
          cancelled++
          await options
            .onUnpaidCancelled?.(done)
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
export type PaymentService = ReturnType<typeof createPaymentService>
