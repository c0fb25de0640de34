/**
 * Payments of stored orders through the configured provider (spec §4 Payment, §7 payment provider
 * service). The order's status follows the payment only from what the provider says:
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
 * - The provider's word moves the order (payment-outcome.ts); payments open at the provider are
 *   asked about again and unpaid orders past their hold cancelled (unpaid-orders.ts, exposed here).
 * - Ownership: an order a customer placed (with their token) is reachable only by that customer:
 *   without a token 401 (the client renews and asks again), with another customer's 404, the unknown
 *   order's answer. A guest's order only with its key (order_token, from the order's answer), else
 *   the same 404: order numbers are sequential, and guessing one reaches nothing.
 */
import type { PaymentMethodsAnswer, PaymentStatusAnswer, PostPaymentAnswer } from '../../domain/api/payment.schema'
import type { OrderStatus } from '../../domain/api/order.schema'
import { toCents } from '../../domain/money'
import { needsNoPayment } from '../../domain/order'
import { paymentMethodsFor, PROVIDER_PAYMENT_METHODS } from '../../domain/payment-methods'
import { STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import type { NotificationRequest, PaymentProvider } from '../payments/provider'
import { PaymentProviderError } from '../payments/provider'
import type { Storage } from '../storage'
import type { OrderRow } from '../storage/order-repository'
import type { PaymentRow } from '../storage/payment-repository'
import { ServiceError } from './errors'
import { accessibleOrder } from './order-access'
import { AWAITING, createPaymentOutcome, type PaymentOutcomeOptions } from './payment-outcome'
import { createUnpaidOrders } from './unpaid-orders'

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

export interface PaymentServiceOptions extends Omit<PaymentOutcomeOptions, 'provider'> {
  provider: PaymentProvider
  /** the provider's own time-out: an attempt being created longer than this (and a margin) was given up by its process */
  createTimeoutMs?: number
}

/** how long a request waits for an attempt another request is creating, past the provider's time-out */
const CREATE_MARGIN_MS = 5_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function createPaymentService(storage: Storage, options: PaymentServiceOptions) {
  const { provider } = options
  const clock = options.clock ?? (() => new Date())
  const createWaitMs = (options.createTimeoutMs ?? 10_000) + CREATE_MARGIN_MS
  const outcome = createPaymentOutcome(storage, options)
  const apply = outcome.apply

  /**
   * By order number (what the shopper and the spec's payment request carry) or the client's order_id,
   * for `customerId` (the caller's verified token; null for none): a customer's order only for them,
   * a guest's only with its key (`orderToken`, given to the client that placed it). Whoever lacks
   * the key gets the unknown order's answer, so an order number says nothing.
   */
  async function findOrder(ref: string, customerId: number | null, orderToken: string | undefined): Promise<OrderRow> {
    const order = (await storage.orders.findByIncrementId(ref)) ?? (await storage.orders.findByClientOrderId(ref))
    return accessibleOrder(order, { customerId, orderToken }, { unknown: () => new OrderNotFoundError(ref), loginTo: 'see its payment' })
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

    ...createUnpaidOrders(storage, { provider, outcome, mailDue: options.mailDue, log: options.log, clock, createWaitMs }),
  }
}
export type PaymentService = ReturnType<typeof createPaymentService>
