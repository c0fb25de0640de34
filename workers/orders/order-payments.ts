/**
 * The payment of a placed order (spec §4 Payment, §7): the provider's page to send the shopper to,
 * and the provider's word on it. Both need the network; offline they say so.
 */
import type { ApiClient } from '../../replication/api-client'
import { ApiError, NetworkError } from '../../replication/api-errors'
import type { PaymentStatusView, StartPaymentResult } from '../contract/checkout'

export interface OrderPaymentsDeps {
  api: Pick<ApiClient, 'postPayment' | 'paymentStatus'>
  isOnline: () => boolean
}

export class OrderPayments {
  constructor(private readonly deps: OrderPaymentsDeps) {}

  /**
   * The payment request of a placed order (spec §4 Payment): the provider's page to send the
   * shopper to. The server reads the amount, method and return addresses from the stored order.
   */
  async startPayment(orderNumber: string, orderToken?: string): Promise<StartPaymentResult> {
    if (!this.deps.isOnline()) return { ok: false, message: 'offline' }
    try {
      return { ok: true, url: (await this.deps.api.postPayment(orderNumber, orderToken)).payment_gateway_url }
    } catch (error) {
      const message = error instanceof ApiError && typeof error.result === 'string' ? error.result : (error as Error).message
      return { ok: false, message: message.replace(/^Payment is not created - /, '') }
    }
  }

  /** The provider's word on a placed order's payment (spec §7 get-payment-status); offline it waits. */
  async paymentStatus(orderNumber: string, orderToken?: string): Promise<PaymentStatusView> {
    if (!this.deps.isOnline()) return { kind: 'offline' }
    try {
      const answer = await this.deps.api.paymentStatus(orderNumber, orderToken)
      return { kind: 'known', status: answer.status, orderStatus: answer.order_status }
    } catch (error) {
      // no answer (the connection dropped on the way) is the same as offline: asked again later
      if (error instanceof NetworkError) return { kind: 'offline' }
      return { kind: 'unknown' }
    }
  }
}
