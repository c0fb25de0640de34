/**
 * The discount code of the cart page (spec §4 "Coupon"): a form to apply one, or the applied code
 * with a button to remove it. The worker talks to the shop and says how it went (notifications);
 * offline it says that coupons need the network.
 */
import { useI18nContext } from '../../../locales/i18n-react'
import { useCartCommand } from '../../ui/cart-command'
import { CartCodeForm } from './cart-code-form'

export function CartCoupon({ coupon }: { coupon: string | null }) {
  const { LL } = useI18nContext()
  const { run, busy } = useCartCommand()

  if (coupon) {
    return (
      <div className="cart-coupon cart-coupon--applied" data-testid="cart-coupon">
        <p className="cart-coupon__applied">{LL.cart.couponApplied({ code: coupon })}</p>
        <button
          type="button"
          className="link-button"
          disabled={busy}
          aria-label={LL.cart.couponRemoveCode({ code: coupon })}
          onClick={() => void run({ type: 'removeCoupon' })}
        >
          {LL.cart.couponRemove()}
        </button>
      </div>
    )
  }
  return (
    <CartCodeForm
      name="coupon"
      label={LL.cart.couponLabel()}
      applyLabel={LL.cart.couponApply()}
      busy={busy}
      testId="cart-coupon"
      onApply={(code) => run({ type: 'applyCoupon', code })}
    />
  )
}
