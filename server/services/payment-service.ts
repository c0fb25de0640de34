/**
 * Payments of stored orders through the configured provider (spec §4 Payment, §7 payment provider
 * service; issue 10). The order's status follows the payment only from what the provider says:
 * a notification makes us ask it (never read from the notification's body), and so does the
 * client's get-payment-status. The browser cannot set a status.
 *
 * - createPayment: for an order waiting for its payment (pending_payment, or a bank transfer order
 *   still pending) with something left to charge (an order the gift cards paid in full takes none:
 *   409, and no provider payment is made), once: a second call answers the first payment's page. The order gets the
 *   comment "pending_payment"; a provider that refuses cancels the order with the spec's comment
 *   "Payment could not be created: {message}" (status canceled).
 * - A status from the provider moves the order: paid → processing, cancelled / failed / expired →
 *   canceled (with a comment each), pending → unchanged. Only from pending_payment / pending, once
 *   (a conditional update): a duplicate notification or a late "cancelled" after "paid" does
 *   nothing. A cancelled order's stock goes back in the same transaction, once (order-cancellation.ts).
 * - onPaid runs after an order became paid (the confirmation mail); its failure is not ours.
 * - Ownership (issue 11): an order a customer placed (with their token) is reachable only by that
 *   customer: without a token 401 (the client renews and asks again), with another customer's 404,
 *   the unknown order's answer, so an order number says nothing about whose it is. A guest's order
 *   stays reachable by its number, with or without a token, as the contract's client sends it.
 */
import type { PaymentMethodsAnswer, PaymentStatus, PaymentStatusAnswer, PostPaymentAnswer } from '../../domain/api/payment.schema'
import type { OrderStatus } from '../../domain/api/order.schema'
import { toCents } from '../../domain/money'
import { needsNoPayment } from '../../domain/order'
import { paymentMethodsFor, PROVIDER_PAYMENT_METHODS } from '../../domain/payment-methods'
import { STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import type { NotificationRequest, PaymentProvider, ProviderPaymentStatus } from '../payments/provider'
import { PaymentProviderError } from '../payments/provider'
import type { Storage } from '../storage'
import type { OrderRow } from '../storage/order-repository'
import type { PaymentRow } from '../storage/payment-repository'
import { ServiceError, UnauthorizedError } from './errors'
import { cancelAwaitingOrder } from './order-cancellation'
import { CONFIRMATION } from './order-mail-service'

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

/** The provider refused to create the payment or could not be reached: HTTP 502, the order is cancelled. */
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
  log?: { warn(obj: object, msg: string): void }
  clock?: () => Date
}

export function createPaymentService(storage: Storage, options: PaymentServiceOptions) {
  const { provider } = options
  const clock = options.clock ?? (() => new Date())

  /**
   * By order number (what the shopper and the spec's payment request carry) or the client's order_id,
   * for `customerId` (the caller's verified token; null for none): a customer's order only for them.
   */
  async function findOrder(ref: string, customerId: number | null): Promise<OrderRow> {
    const order = (await storage.orders.findByIncrementId(ref)) ?? (await storage.orders.findByClientOrderId(ref))
    if (!order) throw new OrderNotFoundError(ref)
    if (order.customer_id === null) return order
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
    await storage.payments.setStatus(payment.id, status, now)
    const next = NEXT_ORDER_STATUS[status]
    if (!next) return order.status as OrderStatus
    const comment = `${COMMENTS[status]} (${provider.name} ${payment.provider_payment_id})`
    const changed = await storage.transaction(async (repos) => {
      if (next === 'canceled') return cancelAwaitingOrder(repos, order.id, AWAITING, comment, now)
      const row = await repos.orders.changeStatus(order.id, AWAITING, next, now)
      if (!row) return null
      await repos.payments.addComment(order.id, next, comment, now)
      // with the payment's word, so no crash after the commit leaves the paid order without its confirmation
      await repos.orderMails.schedule(order.id, CONFIRMATION, now)
      return row
    })
    if (!changed) return ((await storage.orders.findById(order.id))?.status ?? order.status) as OrderStatus
    if (next === 'processing' && options.onPaid) {
      await options.onPaid(changed).catch((err: unknown) => options.log?.warn({ err }, `after-payment work of order ${changed.increment_id} failed`))
    }
    return next
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
    async createPayment(ref: string, baseUrl: string, customerId: number | null): Promise<PostPaymentAnswer> {
      const order = await findOrder(ref, customerId)
      const existing = await storage.payments.findByOrderId(order.id)
      const answer = (redirect: string): PostPaymentAnswer => ({ order_id: order.increment_id, amount: order.grand_total, payment_gateway_url: redirect })
      if (needsNoPayment(order.grand_total)) {
        throw new PaymentNotAllowedError(`Order ${order.increment_id} has nothing left to pay (gift cards paid it) and takes no payment`)
      }
      if (existing && AWAITING.includes(order.status as OrderStatus)) return answer(existing.redirect_url)
      if (!PROVIDER_PAYMENT_METHODS.some((m) => m.code === order.payment_method_code)) {
        throw new PaymentNotAllowedError(`Order ${order.increment_id} is paid with ${order.payment_method_code}, not through the payment provider`)
      }
      if (!AWAITING.includes(order.status as OrderStatus)) {
        throw new PaymentNotAllowedError(`Order ${order.increment_id} is ${order.status} and takes no payment`)
      }
      const store = (order.store_code in STORE_VIEWS ? order.store_code : 'en') as StoreCode
      const number = encodeURIComponent(order.increment_id)
      const urls = {
        success: new URL(`/${store}/success?order=${number}`, baseUrl).toString(),
        cancel: new URL(`/${store}/cancel?order=${number}`, baseUrl).toString(),
        notification: new URL('/api/ext/payment/notification', baseUrl).toString(),
      }
      const now = clock().toISOString()
      let created
      try {
        created = await provider.createPayment(
          {
            orderNumber: order.increment_id,
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
        if (!(err instanceof PaymentProviderError)) throw err
        // the spec's failure path: the order is cancelled with the provider's reason
        await storage.transaction((repos) => cancelAwaitingOrder(repos, order.id, AWAITING, `Payment could not be created: ${err.message}`, now))
        throw new PaymentNotCreatedError(err.message)
      }
      const stored = await storage.payments.insert({
        order_id: order.id,
        provider: provider.name,
        provider_payment_id: created.paymentId,
        method: order.payment_method_code,
        amount_cents: toCents(order.grand_total),
        status: 'pending',
        redirect_url: created.redirectUrl,
        created_at: now,
        updated_at: now,
      })
      // another request created the order's payment at the same time: its page is the answer
      if (!stored) return answer((await storage.payments.findByOrderId(order.id))!.redirect_url)
      await storage.payments.addComment(
        order.id,
        'pending_payment',
        `Payment created with ${provider.name} (${created.paymentId}), ${order.payment_method_code}`,
        now,
      )
      return answer(created.redirectUrl)
    },

    /** The payment's status as the provider says it now; the order follows it. `customerId`: the caller's (null without a token). */
    async paymentStatus(ref: string, customerId: number | null): Promise<PaymentStatusAnswer> {
      const order = await findOrder(ref, customerId)
      const payment = await storage.payments.findByOrderId(order.id)
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
  }
}
export type PaymentService = ReturnType<typeof createPaymentService>
