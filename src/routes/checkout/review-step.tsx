/**
 * Step 4, order review: the lines, the totals with the chosen shipping and what the gift cards pay
 * (they are redeemed on the cart page, whose form cannot sit inside this one), and the terms (spec §5 text).
 */
import { LINKED_PAGES } from '../../../domain/cms-identifiers'
import { isGiftCardsOnly } from '../../../domain/virtual-cart'
import { Link } from '@tanstack/react-router'
import { useI18nContext } from '../../../locales/i18n-react'
import type { CartView, CheckoutPatch } from '../../data/worker-types'
import { usePriceFormatter } from '../../ui/store-view'
import { FieldError, type Errors } from './checkout-fields'
import type { CheckoutCharge } from '../../../domain/checkout'
import { OrderLinesTable } from '../../components/order-lines'

export function ReviewStep({
  cart,
  charge,
  termsAccepted,
  errors,
  update,
  step,
  virtual,
  reverseCharge,
}: {
  cart: CartView
  /** the step's number: 3 for a virtual cart (no shipping step), else 4 */
  step: number
  /** nothing to ship: no shipping line */
  virtual: boolean
  /** the shop charges a buyer with a VAT number no VAT (the reverse charge): the review says why instead of "incl. VAT" */
  reverseCharge: boolean
  /** what the order charges, as the worker counts it (domain/checkout): the review only shows it */
  charge: CheckoutCharge
  termsAccepted: boolean
  errors: Errors
  update: (patch: CheckoutPatch) => void
}) {
  const { LL } = useI18nContext()
  const format = usePriceFormatter()
  // shipping: the shop's price for this buyer, else the method's listed one; 0 with no method chosen
  const { subtotal, discount, shipping: shippingAmount } = charge
  const error = errors['co-terms']
  return (
    <section className="checkout-step" aria-labelledby="step-review">
      <h2 id="step-review">
        {step}. {LL.checkout.stepReview()}
      </h2>
      <OrderLinesTable lines={cart.items} totals={cart.lineTotals} />
      <dl className="checkout-totals">
        <div>
          <dt>{LL.checkout.subtotal()}</dt>
          <dd data-testid="checkout-subtotal">{format(subtotal)}</dd>
        </div>
        {discount ? (
          <div>
            <dt>{LL.checkout.discount()}</dt>
            <dd>−{format(discount)}</dd>
          </div>
        ) : null}
        {virtual ? null : (
          <div>
            <dt>{LL.checkout.shipping()}</dt>
            <dd data-testid="checkout-shipping">{shippingAmount === 0 ? LL.checkout.free() : format(shippingAmount)}</dd>
          </div>
        )}
        {cart.giftCards.length > 0 ? (
          <div data-testid="checkout-gift-card">
            <dt>{LL.checkout.giftCard({ code: cart.giftCards.map((card) => card.code).join(', ') })}</dt>
            <dd>−{format(charge.giftCards)}</dd>
          </div>
        ) : null}
        <div className="checkout-totals__grand">
          <dt>{LL.checkout.grandTotal()}</dt>
          <dd data-testid="checkout-grand-total">{format(charge.charged)}</dd>
        </div>
      </dl>
      {isGiftCardsOnly(cart.items) ? null : (
        <p className="muted small" data-testid="review-vat">
          {reverseCharge ? LL.vatCheck.reverseChargeNotice() : LL.checkout.inclVat()}
        </p>
      )}
      <div className="checkout-field checkout-field--check">
        <input
          id="co-terms"
          type="checkbox"
          checked={termsAccepted}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'co-terms-error' : undefined}
          onChange={(e) => update({ termsAccepted: e.target.checked })}
        />
        <label htmlFor="co-terms">
          {LL.checkout.termsBefore()}{' '}
          <Link to="/i/$" params={{ _splat: LINKED_PAGES.terms }} target="_blank">
            {LL.checkout.termsLink()}
          </Link>{' '}
          {LL.checkout.termsAnd()}{' '}
          <Link to="/i/$" params={{ _splat: LINKED_PAGES.privacy }} target="_blank">
            {LL.checkout.privacyLink()}
          </Link>
        </label>
        <FieldError id="co-terms" error={error} />
      </div>
    </section>
  )
}
