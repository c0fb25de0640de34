/**
 * The MultiSafepay JSON API v1 adapter (be-nl-domain §4.1): the server's one gateway to it.
 *
 * - createPayment: POST `${baseUrl}/orders` with the `api_key` header, type redirect, the payment
 *   attempt's reference as MultiSafepay's order_id (unique per site), the method's gateway code, the amount in
 *   cents, the return, cancel and notification addresses and the customer's locale (required for
 *   Bancontact). The payment's id is that order id: our order number, with the attempt's number after
 *   it from the second attempt on (MultiSafepay refuses an order_id it has seen).
 * - status: GET `${baseUrl}/orders/{order_id}`, its `status` mapped to ours.
 * - parseNotification: MultiSafepay calls `notification_url?transactionid={order_id}&timestamp=…`
 *   with the order's JSON as body; only `transactionid` is read, and the status is then asked of the
 *   API, so a forged body changes nothing (the `Auth` HMAC need not be checked for that reason).
 *
 * What may fail: no answer within `timeoutMs`, a refused connection, `success: false` (error_code
 * and error_info kept), or a body that is not what the API promises: all PaymentProviderError.
 */
import type { z } from 'zod'
import {
  MspCreateOrderAnswerSchema,
  MspCreateOrderRequestSchema,
  MspErrorSchema,
  MspOrderAnswerSchema,
  type MspCreateOrderRequest,
} from '../../domain/api/payment.schema'
import { PROVIDER_PAYMENT_METHODS } from '../../domain/payment-methods'
import type { StoreCode } from '../../domain/store-views'
import { PaymentProviderError, transactionIdOf, type PaymentProvider, type ProviderPaymentStatus } from './provider'

export interface MultiSafepayOptions {
  apiKey: string
  /** https://testapi.multisafepay.com/v1/json (test) or https://api.multisafepay.com/v1/json (live) */
  baseUrl: string
  timeoutMs: number
  fetch: typeof fetch
}

/** MultiSafepay's locales per store view (nl_NL, nl_BE, fr_BE, en_US are all supported). */
const LOCALES: Record<StoreCode, string> = { en: 'en_US', nl: 'nl_NL', be: 'nl_BE', fr: 'fr_BE' }

/**
 * Their order status in our words. A full refund or a chargeback gives a paid payment back
 * (`refunded`: the paid order is closed); a partial refund reads as cancelled, which moves only an
 * order still waiting for its payment, so it never undoes a paid one.
 */
export function mspStatus(status: string): ProviderPaymentStatus {
  switch (status) {
    case 'completed':
    case 'shipped':
      return 'paid'
    case 'declined':
      return 'failed'
    case 'refunded':
    case 'chargeback':
      return 'refunded'
    case 'cancelled':
    case 'void':
    case 'partial_refunded':
      return 'cancelled'
    case 'expired':
      return 'expired'
    default:
      // initialized, uncleared (manual review), reserved, and anything new
      return 'pending'
  }
}

/** The gateway code of a method: the first of its MultiSafepay ids (wallet: Apple Pay). */
export function gatewayOf(method: string): string {
  const found = PROVIDER_PAYMENT_METHODS.find((m) => m.code === method)
  if (!found) throw new PaymentProviderError(`No MultiSafepay gateway for payment method "${method}"`)
  return found.gateways[0]
}

export function createMultiSafepayProvider(options: MultiSafepayOptions): PaymentProvider {
  const base = options.baseUrl.replace(/\/+$/, '')

  async function call<T extends z.ZodType>(path: string, init: RequestInit, schema: T): Promise<z.infer<T>> {
    let response: Response
    let text: string
    try {
      response = await options.fetch(`${base}${path}`, {
        ...init,
        headers: { accept: 'application/json', 'content-type': 'application/json', api_key: options.apiKey },
        signal: AbortSignal.timeout(options.timeoutMs),
      })
      text = await response.text()
    } catch (err) {
      const name = err instanceof Error ? err.name : ''
      if (name === 'TimeoutError' || name === 'AbortError') throw new PaymentProviderError(`MultiSafepay did not answer within ${options.timeoutMs} ms`)
      throw new PaymentProviderError(`MultiSafepay could not be reached: ${err instanceof Error ? err.message : String(err)}`)
    }
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      throw new PaymentProviderError(`MultiSafepay answered ${response.status} with a body that is not JSON`)
    }
    const failure = MspErrorSchema.safeParse(json)
    if (failure.success) {
      const { error_code: code, error_info: info } = failure.data
      throw new PaymentProviderError(`MultiSafepay refused: ${info ?? 'no reason given'}${code === undefined ? '' : ` (${code})`}`, code)
    }
    const parsed = schema.safeParse(json)
    if (!response.ok || !parsed.success) throw new PaymentProviderError(`MultiSafepay answered ${response.status} with an unexpected body`)
    return parsed.data
  }

  return {
    name: 'multisafepay',
    async createPayment(order, method, urls) {
      const address = order.billingAddress
      const text = (key: string) => (typeof address[key] === 'string' ? (address[key] as string) : undefined)
      const request: MspCreateOrderRequest = MspCreateOrderRequestSchema.parse({
        type: 'redirect',
        order_id: order.reference,
        gateway: gatewayOf(method),
        currency: 'EUR',
        amount: order.amountCents,
        description: order.description,
        payment_options: {
          notification_url: urls.notification,
          notification_method: 'POST',
          redirect_url: urls.success,
          cancel_url: urls.cancel,
          close_window: false,
        },
        customer: {
          locale: LOCALES[order.storeCode],
          email: order.email,
          first_name: text('firstname'),
          last_name: text('lastname'),
          country: text('country_id'),
        },
      })
      const answer = await call('/orders', { method: 'POST', body: JSON.stringify(request) }, MspCreateOrderAnswerSchema)
      return { paymentId: answer.data.order_id, redirectUrl: answer.data.payment_url }
    },
    async status(paymentId) {
      const answer = await call(`/orders/${encodeURIComponent(paymentId)}`, { method: 'GET' }, MspOrderAnswerSchema)
      return mspStatus(answer.data.status)
    },
    parseNotification: (request) => transactionIdOf(request.query),
  }
}
