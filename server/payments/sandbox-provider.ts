/**
 * The local sandbox payment provider (the default): our own stand-in for a hosted payment
 * page. It keeps its own books (table sandbox_payments) as an outside provider would, so the shop
 * side learns a status only by asking `status`, exactly as with MultiSafepay.
 *
 * The shopper's page (GET /payment-sandbox/:id, sandbox-page.ts) lets them pick a method of the
 * eight and the result; on submit the sandbox records it, notifies our webhook server-to-server
 * (`notify`, an internal request to the notification URL) and sends the shopper to the return or
 * cancel address, as the real provider does. A payment left open for an hour has expired (iDEAL,
 * cards and Bancontact expire after 1 h at MultiSafepay).
 */
import { randomUUID } from 'node:crypto'
import type { SandboxResult } from '../../domain/api/payment.schema'
import { PROVIDER_PAYMENT_METHODS } from '../../domain/payment-methods'
import type { SandboxPaymentRepository, SandboxPaymentRow } from '../storage/sandbox-payment-repository'
import { PaymentProviderError, transactionIdOf, type PaymentProvider, type ProviderPaymentStatus } from './provider'

export const SANDBOX_EXPIRY_MS = 60 * 60 * 1000

/** Calls the notification URL the payment was created with (our webhook); must not throw for a non-2xx. */
export type Notify = (url: string) => Promise<void>

export interface SandboxSubmitOutcome {
  /** where the shopper goes now */
  redirectTo: string
}

function statusOf(row: SandboxPaymentRow, now: Date): ProviderPaymentStatus {
  if (row.status === 'initialized') {
    return now.getTime() - Date.parse(row.created_at) > SANDBOX_EXPIRY_MS ? 'expired' : 'pending'
  }
  return row.status as ProviderPaymentStatus
}

export function createSandboxProvider(books: SandboxPaymentRepository, clock: () => Date = () => new Date()) {
  /** creates still to refuse: the stand-in for the provider being down (`outage`) */
  let refusing = 0
  const provider: PaymentProvider = {
    name: 'sandbox',
    async createPayment(order, method, urls) {
      if (refusing > 0) {
        refusing -= 1
        throw new PaymentProviderError('The sandbox is unavailable (a simulated outage)')
      }
      if (!PROVIDER_PAYMENT_METHODS.some((m) => m.code === method)) {
        throw new PaymentProviderError(`The sandbox has no payment method "${method}"`)
      }
      const id = `sbx_${randomUUID().replaceAll('-', '')}`
      const now = clock().toISOString()
      await books.insert({
        id,
        order_number: order.orderNumber,
        store_code: order.storeCode,
        method,
        amount_cents: order.amountCents,
        status: 'initialized',
        return_url: urls.success,
        cancel_url: urls.cancel,
        notification_url: urls.notification,
        created_at: now,
        updated_at: now,
      })
      // served by our own server, next to the notification route
      return { paymentId: id, redirectUrl: new URL(`/payment-sandbox/${id}`, urls.notification).toString() }
    },
    async status(paymentId) {
      const row = await books.find(paymentId)
      if (!row) throw new PaymentProviderError(`The sandbox has no payment ${paymentId}`)
      return statusOf(row, clock())
    },
    parseNotification: (request) => transactionIdOf(request.query),
  }

  return {
    provider,
    /** The payment the page shows, with its status now (null: no such payment). */
    async find(id: string): Promise<(SandboxPaymentRow & { current: ProviderPaymentStatus }) | null> {
      const row = await books.find(id)
      return row ? { ...row, current: statusOf(row, clock()) } : null
    },
    /**
     * The shopper's choice on the page: recorded (only while the payment is open), our webhook
     * notified, and the address the shopper goes to. Null when the payment does not exist.
     */
    /**
     * The shop owner gives a paid payment back, as in the real provider's dashboard: recorded and
     * our webhook notified. False when there is no such payment or it is not paid.
     */
    async refund(id: string, notify: Notify): Promise<boolean> {
      const row = await books.find(id)
      if (!row || !(await books.refund(id, clock().toISOString()))) return false
      await notify(`${row.notification_url}${row.notification_url.includes('?') ? '&' : '?'}transactionid=${encodeURIComponent(id)}`)
      return true
    },
    async submit(id: string, method: string, result: SandboxResult, notify: Notify): Promise<SandboxSubmitOutcome | null> {
      const row = await books.find(id)
      if (!row) return null
      const known = PROVIDER_PAYMENT_METHODS.some((m) => m.code === method) ? method : row.method
      if (statusOf(row, clock()) === 'pending' && (await books.settle(id, known, result, clock().toISOString()))) {
        await notify(`${row.notification_url}${row.notification_url.includes('?') ? '&' : '?'}transactionid=${encodeURIComponent(id)}`)
      }
      // where the shopper goes follows what is recorded: of two submits at once (paid in one tab,
      // cancelled in another) only one was recorded, and both go where it says
      const settled = statusOf((await books.find(id)) ?? row, clock())
      return { redirectTo: settled === 'paid' || settled === 'pending' ? row.return_url : row.cancel_url }
    },
    /** The stand-in for the provider being down: the next `creates` payments it is asked for are refused. */
    outage(creates: number): void {
      refusing = creates
    },
  }
}
export type SandboxProvider = ReturnType<typeof createSandboxProvider>
