/**
 * The discount code of the cart page (spec §4 "Coupon"): a form to apply one, or the applied code
 * with a button to remove it. The worker talks to the shop and says how it went (notifications);
 * offline it says that coupons need the network.
 */
import { useId, useState, type FormEvent } from 'react'
import { useI18nContext } from '../../locales/i18n-react'
import { useCartCommand } from '../ui/cart-command'

export function CartCoupon({ coupon }: { coupon: string | null }) {
  const { LL } = useI18nContext()
  const { run, busy } = useCartCommand()
  const [code, setCode] = useState('')
  const inputId = useId()

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

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!code.trim()) return
    void run({ type: 'applyCoupon', code }).then((ok) => {
      if (ok) setCode('')
    })
  }
  return (
    <form className="cart-coupon" onSubmit={submit} data-testid="cart-coupon">
      <label htmlFor={inputId}>{LL.cart.couponLabel()}</label>
      <div className="cart-coupon__row">
        <input
          id={inputId}
          name="coupon"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <button type="submit" className="button button--secondary" disabled={busy || !code.trim()}>
          {LL.cart.couponApply()}
        </button>
      </div>
    </form>
  )
}
