/** One order as the device keeps it: its date, lines, totals, delivery address and methods (success, my-order). */
import { formatDate } from '../../../domain/money'
import { useI18nContext } from '../../../locales/i18n-react'
import type { OrderView } from '../../data/worker-types'
import { usePriceFormatter, useStoreView } from '../../ui/store-view'
import { OrderLinesTable } from '../../components/order-lines'
import { paymentMethodName, shippingMethodName } from '../../ui/method-names'
import { lazy, Suspense } from 'react'

// only a pickup order shows the pickup point: its chunk is not part of every order page's first load
const PickupPoint = lazy(() => import('../../components/shop-details').then((m) => ({ default: m.PickupPoint })))

/** The delivery address, if the order is delivered: a picked-up or virtual order has none to show. */
function shippedTo(order: OrderView): OrderView['shippingAddress'] {
  return order.shippingMethod?.carrierCode === 'storepickup' ? undefined : order.shippingAddress
}

export function OrderSummary({ order, headingLevel = 2 }: { order: OrderView; headingLevel?: 2 | 3 }) {
  const { LL } = useI18nContext()
  const format = usePriceFormatter()
  const { storeView } = useStoreView()
  const H = headingLevel === 2 ? 'h2' : 'h3'
  // a virtual order ships nothing: its billing address is the one on file, and there is no shipping
  const a = shippedTo(order) ?? order.billingAddress
  const shipped = order.shippingMethod
  const methodTitle = shipped ? shippingMethodName(LL, shipped.carrierCode, shipped.title) : null
  return (
    <div className="order-summary" data-testid="order-summary">
      <p className="muted">{LL.orders.placedOn({ date: formatDate(new Date(order.created_at), storeView.i18n.dateFormat) })}</p>
      <H>{LL.orders.lines()}</H>
      <OrderLinesTable lines={order.lines} totals={order.lineTotals} />
      <dl className="checkout-totals">
        <div>
          <dt>{LL.checkout.subtotal()}</dt>
          <dd>{format(order.totals.subtotal)}</dd>
        </div>
        {order.totals.discount ? (
          <div>
            <dt>{LL.checkout.discount()}</dt>
            <dd>−{format(order.totals.discount)}</dd>
          </div>
        ) : null}
        {shipped ? (
          <div>
            <dt>{LL.checkout.shipping()}</dt>
            <dd>{order.totals.shipping === 0 ? LL.checkout.free() : format(order.totals.shipping)}</dd>
          </div>
        ) : null}
        {order.totals.giftCards ? (
          <div>
            <dt>{LL.cart.giftCardLabel()}</dt>
            <dd>−{format(order.totals.giftCards)}</dd>
          </div>
        ) : null}
        <div className="checkout-totals__grand">
          <dt>{LL.checkout.grandTotal()}</dt>
          <dd data-testid="order-grand-total">{format(order.totals.grandTotal)}</dd>
        </div>
      </dl>
      {order.reverseCharge ? (
        <p className="notice notice--info" data-testid="order-reverse-charge">
          {/* the note of the shop's law: its VAT id says which country it is registered in */}
          {order.vatIds?.shop.startsWith('BE') ? LL.orders.reverseChargeBE() : LL.orders.reverseChargeNL()}
          {order.vatIds ? (
            <>
              <br />
              {LL.orders.customerVatId({ id: order.vatIds.customer })}
              <br />
              {LL.orders.shopVatId({ id: order.vatIds.shop })}
            </>
          ) : null}
        </p>
      ) : null}
      {shipped?.carrierCode === 'storepickup' ? (
        <Suspense fallback={null}>
          <PickupPoint />
        </Suspense>
      ) : null}
      <H>{shipped && shipped.carrierCode !== 'storepickup' ? LL.orders.address() : LL.checkout.billingAddress()}</H>
      <address>
        {a.firstName} {a.lastName}
        {a.company ? (
          <>
            <br />
            {a.company}
          </>
        ) : null}
        <br />
        {a.street} {a.houseNumber}
        {a.addition ? ` ${a.addition}` : ''}
        <br />
        {a.postcode} {a.city}, {a.country === 'BE' ? LL.orders.countryBE() : a.country === 'NL' ? LL.orders.countryNL() : a.country}
      </address>
      <dl className="checkout-totals">
        {methodTitle ? (
          <div>
            <dt>{LL.orders.shippingMethod()}</dt>
            <dd>{methodTitle}</dd>
          </div>
        ) : null}
        <div>
          <dt>{LL.orders.payment()}</dt>
          <dd>{paymentMethodName(LL, order.paymentMethod.code, order.paymentMethod.title)}</dd>
        </div>
      </dl>
    </div>
  )
}
