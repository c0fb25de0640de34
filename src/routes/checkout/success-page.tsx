/**
 * /success (minimal layout, spec §2 "order confirmation"): the order this checkout placed last, as
 * the device keeps it: placed (its order number), waiting offline or being sent (its reference, the
 * order_id it will be known by), or refused (the reason; the cart lines are kept). Back from the
 * payment provider (/success?order=N) the payment's real status decides what is said
 * (routes/checkout/payment-return): the return address itself proves nothing.
 */
import { Link, useSearch } from '@tanstack/react-router'
import { useCallback, useEffect, useState } from 'react'
import { GIFT_CARD_PAYMENT_METHOD } from '../../../domain/gift-card-payment'
import { OFFLINE_PAYMENT_METHODS } from '../../../domain/order'
import { useI18nContext } from '../../../locales/i18n-react'
import { useSyncStatus } from '../../data/hooks'
import { useCheckout, useHeldOrders, useOrders } from '../../data/use-checkout'
import { startPayment } from '../../data/use-checkout-commands'
import type { OrderView } from '../../data/worker-types'
import { useDocumentTitle } from '../../ui/document-title'
import { usePriceFormatter } from '../../ui/store-view'
import { orderByNumber } from '../orders/order-status'
import { useShopDetails } from '../../data/hooks'
import { OrderSummary } from '../orders/order-summary'
import { PaymentReturn } from './payment-return'
import './checkout.css'
import { LazyConsent } from '../../consent/lazy-consent'

/** sessionStorage: the payment of this order was asked for in this tab (the provider sends the shopper back here) */
const paymentKey = (orderId: string) => `polder-payment-${orderId}`

/**
 * Spec §4 Payment: a placed order paid through the provider gets its payment request once ("Creating
 * payment request..."), then the shopper goes to the provider's page; on failure the spec's error,
 * and a way to try again: the shop keeps the order waiting, and the next request makes a new attempt.
 */
function usePaymentRedirect(order: OrderView | undefined): { creating: boolean; failed: string | null; retry: () => void } {
  const [state, setState] = useState<{ creating: boolean; failed: string | null }>({ creating: false, failed: null })
  const orderId = order?.order_id
  // nothing to pay (gift cards paid it all): no payment request, whatever the method
  const due = order?.status === 'placed' && order.totals.grandTotal > 0 && !(OFFLINE_PAYMENT_METHODS as readonly string[]).includes(order.paymentMethod.code)
  const request = useCallback((id: string) => {
    sessionStorage.setItem(paymentKey(id), '1')
    setState({ creating: true, failed: null })
    void startPayment(id).then((result) => {
      if (result.ok) window.location.assign(result.url)
      else setState({ creating: false, failed: result.message })
    })
  }, [])
  useEffect(() => {
    if (!orderId || !due || sessionStorage.getItem(paymentKey(orderId))) return
    request(orderId)
  }, [orderId, due, request])
  const retry = useCallback(() => {
    if (orderId) request(orderId)
  }, [orderId, request])
  return { ...state, retry }
}

/** The shop's bank account to pay a transfer to, the order number as its reference. */
export function BankTransferDetails({ reference }: { reference: string }) {
  const { LL } = useI18nContext()
  const details = useShopDetails()
  if (!details) return null
  return (
    <p data-testid="bank-transfer-details">
      {LL.statusPages.bankBeneficiary({ name: details.bank.beneficiary })}
      <br />
      {LL.statusPages.bankIban({ iban: details.bank.iban })}
      <br />
      {LL.statusPages.bankBic({ bic: details.bank.bic })}
      <br />
      {LL.statusPages.bankReference({ reference })}
    </p>
  )
}

function OrderState({ order, online }: { order: OrderView; online: boolean }) {
  const { LL } = useI18nContext()
  const format = usePriceFormatter()
  const payment = usePaymentRedirect(order)
  if (payment.failed !== null) {
    return (
      <div role="alert" className="notice notice--error">
        <p>{LL.order.paymentNotCreated({ message: payment.failed })}</p>
        <p>{LL.order.paymentKept({ orderNumber: order.placed?.orderNumber ?? order.order_id })}</p>
        <button type="button" className="button button--primary" onClick={payment.retry}>
          {LL.order.paymentRetry()}
        </button>
      </div>
    )
  }
  if (payment.creating) {
    return (
      <p role="status" className="notice notice--info" aria-busy="true">
        {LL.order.creatingPayment()}
      </p>
    )
  }
  if (order.status === 'placed' && order.placed) {
    return (
      <>
        <p role="status" className="notice notice--info">
          {LL.order.placed({ orderNumber: order.placed.orderNumber })}
        </p>
        <p>
          <strong data-testid="order-number">{order.placed.orderNumber}</strong>
        </p>
        {order.paymentMethod.code === 'banktransfer' && order.totals.grandTotal > 0 ? (
          <>
            <p>{LL.order.bankTransfer({ amount: format(order.totals.grandTotal) })}</p>
            <BankTransferDetails reference={order.placed.orderNumber} />
          </>
        ) : null}
        {order.paymentMethod.code === 'payatpickup' ? <p>{LL.order.payAtPickup()}</p> : null}
        {order.paymentMethod.code === GIFT_CARD_PAYMENT_METHOD ? <p data-testid="paid-by-gift-card">{LL.order.paidByGiftCard()}</p> : null}
      </>
    )
  }
  if (order.status === 'refused') {
    const reason = order.refusal?.reason ?? 'invalid'
    return (
      <div role="alert" className="notice notice--error">
        <p>{LL.order.refused()}</p>
        <p>{LL.order[`reason_${reason}`]()}</p>
        {order.refusal?.items?.length ? (
          <ul>
            {order.refusal.items.map((item) => (
              <li key={item.sku}>{LL.order.shortItem(item)}</li>
            ))}
          </ul>
        ) : null}
        <Link to="/checkout/cart" className="button button--secondary">
          {LL.checkout.backToCart()}
        </Link>
      </div>
    )
  }
  return (
    <>
      <p role="status" className="notice notice--info" data-testid="order-pending">
        {online ? LL.order.sending() : LL.order.pendingOffline()}
      </p>
      <p>{LL.order.reference({ reference: order.order_id })}</p>
    </>
  )
}

/**
 * Spec §4 "Coming back online": on the thank-you page the orders are sent at once, also when they
 * would otherwise wait for the offline-order confirmation (the shopper is looking at them here).
 */
function useSendHeldOrdersHere(online: boolean): void {
  const { held, confirm } = useHeldOrders()
  const ids = held.map((o) => o.order_id).join(' ')
  useEffect(() => {
    if (!online || !ids) return
    confirm(ids.split(' ')).catch((error: unknown) => console.error('[orders] sending the held orders failed', error))
  }, [online, ids, confirm])
}

function SuccessPageContent() {
  const { LL } = useI18nContext()
  useDocumentTitle(LL.statusPages.successTitle())
  const { order: returnedNumber } = useSearch({ from: '/minimal/success' })
  const checkout = useCheckout()
  const orders = useOrders()
  const status = useSyncStatus()
  const online = status?.online ?? true
  useSendHeldOrdersHere(status?.online ?? false)
  const order = returnedNumber
    ? orders && orderByNumber(orders, returnedNumber)
    : checkout?.lastOrderId
      ? orders?.find((o) => o.order_id === checkout.lastOrderId)
      : undefined
  if (returnedNumber) {
    return (
      <section className="empty-state checkout-success" data-route="success" data-order-status={order?.status}>
        <h1>{LL.statusPages.successTitle()}</h1>
        <PaymentReturn orderNumber={returnedNumber} order={order} online={online} providerSaid="success" />
      </section>
    )
  }
  return (
    <section className="empty-state checkout-success" data-route="success" data-order-status={order?.status}>
      <h1>{LL.statusPages.successTitle()}</h1>
      {order ? <OrderState order={order} online={online} /> : <p role="status">{checkout && orders ? LL.order.none() : null}</p>}
      {order ? <OrderSummary order={order} /> : null}
      <p>
        <Link to="/" className="button button--primary">
          {LL.order.continueShopping()}
        </Link>
      </p>
    </section>
  )
}

/** The page, and the consent banner with the tag manager: the minimal layout has no footer to bring them (src/consent/lazy-consent.tsx). */
export function SuccessPage() {
  return (
    <>
      <SuccessPageContent />
      <LazyConsent />
    </>
  )
}
