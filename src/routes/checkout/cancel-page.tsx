/**
 * /cancel (minimal layout, spec §2): the payment provider's return address when the shopper
 * cancelled or the payment failed. The payment failure message and the way home (spec §4: after a
 * failed payment the shopper goes to the home path); the shop is still asked for the status, so a
 * payment the provider did take after all is not called failed.
 */
import { useSearch } from '@tanstack/react-router'
import { useI18nContext } from '../../../locales/i18n-react'
import { useSyncStatus } from '../../data/hooks'
import { useOrders } from '../../data/use-checkout'
import { useDocumentTitle } from '../../ui/document-title'
import { orderByNumber } from '../orders/order-status'
import { PaymentFailed } from './payment-failed'
import { PaymentReturn } from './payment-return'
import './checkout.css'

export function CancelPage() {
  const { LL } = useI18nContext()
  useDocumentTitle(LL.statusPages.cancelTitle())
  const { order: returnedNumber } = useSearch({ from: '/minimal/cancel' })
  const orders = useOrders()
  const status = useSyncStatus()
  const order = returnedNumber && orders ? orderByNumber(orders, returnedNumber) : undefined
  return (
    <section className="empty-state checkout-success" data-route="cancel">
      <h1>{LL.statusPages.cancelTitle()}</h1>
      {returnedNumber ? <PaymentReturn orderNumber={returnedNumber} order={order} online={status?.online ?? true} providerSaid="cancel" /> : <PaymentFailed />}
    </section>
  )
}
