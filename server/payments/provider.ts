/**
 * The payment provider service's one interface (spec §7). The shop asks a provider to
 * create a payment for a stored order and sends the shopper to the page it answers; what became of
 * the payment the shop learns only by asking the provider (`status`), when a notification names the
 * payment or when the client asks get-payment-status. A notification's body is never believed:
 * `parseNotification` only finds which payment it is about.
 *
 * Adapters: the local sandbox (default, sandbox-provider.ts) and MultiSafepay's JSON API v1
 * (multisafepay-provider.ts). Errors are PaymentProviderError: the provider refused or could not be
 * reached; the caller decides what that means for the order.
 */
import type { PaymentStatus } from '../../domain/api/payment.schema'
import type { StoreCode } from '../../domain/store-views'

/** What a provider is told about the order it is to collect for. */
export interface PaymentOrder {
  /** the shopper's order number (increment id), unique per shop */
  orderNumber: string
  /**
   * This payment attempt's own key at the provider, unique per shop: the order number for the first
   * attempt, with the attempt's number after it for the next (a provider refuses a key twice)
   */
  reference: string
  storeCode: StoreCode
  /** integer cents, EUR */
  amountCents: number
  description: string
  email: string
  /** the billing address as the order holds it (contract §2.3 address fields) */
  billingAddress: Record<string, unknown>
}

export interface ReturnUrls {
  /** where the shopper goes after paying (or when the payment is still pending) */
  success: string
  /** where the shopper goes after cancelling or a failed payment */
  cancel: string
  /** the provider's server-to-server notification (our webhook) */
  notification: string
}

export interface CreatedPayment {
  /** the provider's key for the payment; notifications name it */
  paymentId: string
  /** the provider's page for the shopper */
  redirectUrl: string
}

/** What a notification request holds; the adapter reads only what names the payment. */
export interface NotificationRequest {
  query: Record<string, unknown>
  body: unknown
  headers: Record<string, string | string[] | undefined>
}

/**
 * A payment's status as a provider says it: the statuses the shop answers (PaymentStatus), and
 * `refunded`, a paid payment given back (refund or chargeback), which the shop answers as cancelled
 * and which closes a paid order.
 */
export type ProviderPaymentStatus = PaymentStatus | 'refunded'

export interface PaymentProvider {
  readonly name: 'sandbox' | 'multisafepay'
  /** method: one of domain/payment-methods PROVIDER_PAYMENT_METHODS's codes */
  createPayment(order: PaymentOrder, method: string, urls: ReturnUrls): Promise<CreatedPayment>
  status(paymentId: string): Promise<ProviderPaymentStatus>
  /** the payment a notification is about, or null when it names none */
  parseNotification(request: NotificationRequest): string | null
}

/** The provider refused the request or could not be reached. */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError'
  constructor(
    message: string,
    /** the provider's own error code when it gave one (MultiSafepay error_code) */
    readonly providerCode?: string | number,
  ) {
    super(message)
  }
}

/** The `transactionid` query parameter both adapters' notifications carry. */
export function transactionIdOf(query: Record<string, unknown>): string | null {
  const id = query.transactionid
  return typeof id === 'string' && id.trim() !== '' && id.length <= 100 ? id.trim() : null
}
