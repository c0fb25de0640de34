/**
 * A payment that failed or was cancelled (spec §8 payment failure; §2/§4: after a failed payment the
 * shopper goes to the home path). The notice stays and the shopper follows a link home (the first,
 * focused-looking action) or back to the cart: no timed redirect, so a screen-reader user hears the
 * whole message and chooses when to leave.
 */
import { Link } from '@tanstack/react-router'
import { useI18nContext } from '../../../locales/i18n-react'

export function PaymentFailed({ orderNumber }: { orderNumber?: string }) {
  const { LL } = useI18nContext()
  return (
    <div className="payment-failed" data-testid="payment-failed">
      <p role="alert" className="notice notice--error">
        {LL.orders.paymentFailed()}
      </p>
      {orderNumber ? <p>{LL.orders.open({ number: orderNumber })}</p> : null}
      <p>{LL.orders.paymentFailedHome()}</p>
      <p className="payment-failed__actions">
        <Link to="/" className="button button--primary" data-testid="payment-failed-home">
          {LL.orders.backHome()}
        </Link>{' '}
        <Link to="/checkout/cart" className="button button--secondary">
          {LL.orders.backToCart()}
        </Link>
      </p>
    </div>
  )
}
