/**
 * Back from the payment provider (/success?order=N or /cancel?order=N): the worker asks the shop for
 * the payment's status (spec §7 get-payment-status; the shop asks the provider, so the return
 * address alone is never believed). Paid: the order success texts; pending: being processed;
 * cancelled, failed or expired: the payment failure message with the way home (spec §2, §4, §8).
 * Offline the order is shown from the device and its payment is confirmed when back online. On
 * /cancel, until the shop answers (or when it cannot), the provider's word "cancelled" is shown.
 */
import { Link } from '@tanstack/react-router'
import { useI18nContext } from '../../../locales/i18n-react'
import { usePaymentStatus } from '../../data/use-payment-status'
import type { OrderView } from '../../data/worker-types'
import { paymentOutcome } from '../orders/order-status'
import { OrderSummary } from '../orders/order-summary'
import { PaymentFailed } from './payment-failed'

export function PaymentReturn({
  orderNumber,
  order,
  online,
  providerSaid,
}: {
  orderNumber: string
  order: OrderView | undefined
  online: boolean
  providerSaid: 'success' | 'cancel'
}) {
  const { LL } = useI18nContext()
  const { status, recheck } = usePaymentStatus(orderNumber, online)
  const outcome = status ? paymentOutcome(status) : undefined
  const failed = outcome === 'failed' || (providerSaid === 'cancel' && outcome !== 'paid' && outcome !== 'pending')
  if (failed) {
    return (
      <div data-payment-outcome="failed">
        <PaymentFailed orderNumber={orderNumber} />
      </div>
    )
  }
  const number = (
    <p>
      <strong data-testid="order-number">{orderNumber}</strong>
    </p>
  )
  let notice
  if (outcome === undefined) notice = <p role="status" aria-busy="true" className="notice notice--info" />
  else if (outcome === 'paid')
    notice = (
      <p role="status" className="notice notice--info">
        {LL.orders.paid({ orderNumber })}
      </p>
    )
  else if (outcome === 'pending')
    notice = (
      <p role="status" className="notice notice--info">
        {LL.orders.paymentPending({ orderNumber })}
      </p>
    )
  else if (outcome === 'offline')
    notice = (
      <p role="status" className="notice notice--info">
        {LL.orders.paymentOffline()}
      </p>
    )
  else
    notice = (
      <>
        <p role="status" className="notice notice--info">
          {LL.orders.paymentUnknown()}
        </p>
        <p>
          <button type="button" className="button button--secondary" onClick={recheck}>
            {LL.orders.checkAgain()}
          </button>
        </p>
      </>
    )
  return (
    <div data-payment-outcome={outcome ?? 'asking'}>
      {notice}
      {number}
      {order ? <OrderSummary order={order} /> : null}
      <p>
        <Link to="/" className="button button--primary">
          {LL.order.continueShopping()}
        </Link>
      </p>
    </div>
  )
}
