/**
 * my-orders and my-order (spec §2; §3 order history item: entity_id, increment_id, store_name,
 * total_due, coupon_code). There are no customer accounts yet, so these are the orders placed on
 * this device, from its `orders` collection, newest first, and the page says so: each with its
 * number (or "pending — will be sent" while queued), date in the store view's format, total in its
 * price format and status (refused with the reason in words; paid, pending or failed as the shop last
 * said it, stored on the order document so the list shows it offline).
 */
import { Link, useNavigate, useParams } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { formatDate } from '../../../domain/money'
import { useI18nContext } from '../../../locales/i18n-react'
import { useSyncStatus } from '../../data/hooks'
import { useAccount } from '../../data/use-account'
import { useOrders } from '../../data/use-checkout'
import { restoreRefusedOrder } from '../../data/use-checkout-commands'
import { usePaymentStatus } from '../../data/use-payment-status'
import type { OrderView } from '../../data/worker-types'
import { usePriceFormatter, useStoreView } from '../../ui/store-view'
import { AccountFrame } from '../account/account-frame'
import { currentPaymentOutcome, isProviderPayment, newestFirst, orderNumberOf, orderStatusWord } from './order-status'
import { OrderSummary } from './order-summary'
import '../account/account-pages.css'
import '../checkout/checkout.css'

function RefusalWords({ order }: { order: OrderView }) {
  const { LL } = useI18nContext()
  if (order.status !== 'refused') return null
  return <span className="muted small"> — {LL.order[`reason_${order.refusal?.reason ?? 'invalid'}`]()}</span>
}

export function OrdersPage() {
  const { LL } = useI18nContext()
  const orders = useOrders()
  const signedIn = Boolean(useAccount()?.loggedIn)
  const format = usePriceFormatter()
  const { storeView } = useStoreView()
  const list = orders ? newestFirst(orders) : undefined
  return (
    <AccountFrame title={LL.account.orders()} route="my-orders">
      <p role="status">{signedIn ? LL.orders.accountNote() : LL.orders.deviceNote()}</p>
      {list && list.length === 0 ? <p>{LL.orders.empty()}</p> : null}
      {list && list.length > 0 ? (
        <table className="checkout-lines orders-list" data-testid="orders-list">
          <thead>
            <tr>
              <th scope="col">{LL.orders.colNumber()}</th>
              <th scope="col">{LL.orders.colDate()}</th>
              <th scope="col">{LL.orders.colTotal()}</th>
              <th scope="col">{LL.orders.colStatus()}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((order) => {
              const number = orderNumberOf(order)
              return (
                <tr key={order.order_id} data-testid="orders-row" data-order-status={order.status}>
                  <th scope="row">
                    <Link to="/my-account/orders/$orderId" params={{ orderId: order.order_id }}>
                      {number ?? LL.orders.pendingNumber()}
                    </Link>
                  </th>
                  <td>{formatDate(new Date(order.created_at), storeView.i18n.dateFormat)}</td>
                  <td>{format(order.totals.grandTotal)}</td>
                  <td>
                    {LL.orders[orderStatusWord(order.status, currentPaymentOutcome(undefined, order.payment))]()}
                    <RefusalWords order={order} />
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      ) : null}
    </AccountFrame>
  )
}

function OrderPaymentStatus({ order }: { order: OrderView }) {
  const { LL } = useI18nContext()
  const sync = useSyncStatus()
  const askable = order.status === 'placed' && isProviderPayment(order)
  const { status } = usePaymentStatus(askable ? (order.placed?.orderNumber ?? null) : null, sync?.online ?? true)
  const word = orderStatusWord(order.status, askable ? currentPaymentOutcome(status, order.payment) : undefined)
  return (
    <p data-testid="order-status">
      <strong>{LL.orders.colStatus()}:</strong> {LL.orders[word]()}
      <RefusalWords order={order} />
    </p>
  )
}

/** A refused order's lines back into the cart, to fix what the shop refused and order again. */
function PutBack({ order }: { order: OrderView }) {
  const { LL } = useI18nContext()
  const navigate = useNavigate()
  const putBack = async () => {
    await restoreRefusedOrder(order.order_id)
    await navigate({ to: '/checkout/cart' })
  }
  return (
    <p>
      <button type="button" className="button button--primary" onClick={() => void putBack()} data-testid="order-put-back">
        {LL.orders.putBackInCart()}
      </button>
    </p>
  )
}

// the return form is a chunk of its own, fetched when the shopper asks for it
const ReturnForm = lazy(() => import('./return-form').then((m) => ({ default: m.ReturnForm })))

/** "Return items": the return form of an order the shop took (whether it is delivered, the server says). */
function ReturnAction({ order }: { order: OrderView }) {
  const { LL } = useI18nContext()
  const [open, setOpen] = useState(false)
  const placed = order.placed
  if (order.status !== 'placed' || !placed) return null
  return (
    <section aria-label={LL.returns.action()} data-testid="order-return">
      {open ? (
        <>
          <h2>{LL.returns.action()}</h2>
          <Suspense fallback={null}>
            <ReturnForm orderNumber={placed.orderNumber} />
          </Suspense>
        </>
      ) : (
        <p>
          <button type="button" className="button" onClick={() => setOpen(true)} data-testid="order-return-open">
            {LL.returns.action()}
          </button>
        </p>
      )}
    </section>
  )
}

export function OrderPage() {
  const { LL } = useI18nContext()
  const { orderId } = useParams({ from: '/default/my-account/orders/$orderId' })
  const orders = useOrders()
  const signedIn = Boolean(useAccount()?.loggedIn)
  const order = orders?.find((o) => o.order_id === orderId || o.placed?.orderNumber === orderId)
  const number = order ? (orderNumberOf(order) ?? LL.orders.pendingNumber()) : orderId
  return (
    <AccountFrame title={LL.account.order({ orderId: number })} route="my-order">
      <p role="status">{orders && !order ? LL.orders.notOnDevice() : signedIn ? LL.orders.accountNote() : LL.orders.deviceNote()}</p>
      {order ? (
        <>
          <OrderPaymentStatus order={order} />
          {order.status === 'refused' ? <PutBack order={order} /> : null}
          <OrderSummary order={order} />
          <ReturnAction order={order} />
        </>
      ) : null}
      <p>
        <Link to="/my-account/orders">{LL.orders.allOrders()}</Link>
      </p>
    </AccountFrame>
  )
}
