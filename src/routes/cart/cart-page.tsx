import { isGiftCardsOnly } from '../../../domain/virtual-cart'
import { Link } from '@tanstack/react-router'
import { toCents } from '../../../domain/money'
import { useI18nContext } from '../../../locales/i18n-react'
import { CartSyncNote } from '../../components/cart-sync-note'
import { CartCoupon } from './cart-coupon'
import { CartGiftCards } from './cart-gift-cards'
import { MicrocartItem } from '../../components/microcart'
import { useCart } from '../../data/hooks'
import { useShownAnalytics } from '../../data/use-checkout-commands'
import type { Totals } from '../../../domain/cart.schema'
import type { CartView } from '../../data/worker-types'
import { useDocumentTitle } from '../../ui/document-title'
import { usePriceFormatter } from '../../ui/store-view'
import { LazyConsent } from '../../consent/lazy-consent'

/** The cart page: the lines (same controls as the microcart), the discount code, the gift cards and the totals, incl. VAT. */
function CartPageContent() {
  const { LL } = useI18nContext()
  const cart = useCart()
  useDocumentTitle(LL.cart.title())
  const items = cart?.items ?? []
  useShownAnalytics('view_cart', items.length > 0)
  return (
    <section className="cart-page">
      <h1>{LL.cart.title()}</h1>
      <CartSyncNote pending={cart?.pendingSync} className="notice notice--info" />
      {!cart || items.length === 0 ? (
        <div className="empty-state">
          <p>{LL.microcart.empty()}</p>
          <Link to="/" className="button button--primary">
            {LL.microcart.continueShopping()}
          </Link>
        </div>
      ) : (
        <div className="cart-page__grid">
          <ul className="cart-page__items">
            {items.map((item) => (
              <MicrocartItem key={item.key} item={item} total={cart.lineTotals[item.key] ?? 0} />
            ))}
          </ul>
          <aside className="cart-totals" aria-labelledby="cart-totals-title">
            <h2 id="cart-totals-title" className="visually-hidden">
              {LL.cart.grandTotal()}
            </h2>
            <CartTotals cart={cart} />
            <CartCoupon coupon={cart.coupon} />
            <CartGiftCards cards={cart.giftCards} />
            <Link to="/checkout" className="button button--primary button--block">
              {LL.microcart.goToCheckout()}
            </Link>
          </aside>
        </div>
      )}
    </section>
  )
}

/**
 * The totals of a cart with lines. The shop's totals are those of the lines it last saw: while a
 * change waits to sync (for hours on an offline tablet) they are shown as not yet counted, and the
 * subtotal is the lines' own.
 */
function CartTotals({ cart }: { cart: CartView }) {
  const { LL } = useI18nContext()
  const format = usePriceFormatter()
  const totals = cart.totals
  const stale = totals !== null && cart.pendingSync
  const counted = totals !== null && !stale
  return (
    <>
      <dl aria-busy={stale || undefined} data-testid="cart-totals" className={stale ? 'cart-totals--stale' : undefined}>
        <div className="cart-totals__subtotal">
          <dt>{LL.cart.subtotal()}</dt>
          <dd data-testid="cart-subtotal">{format(counted ? toCents(totals.subtotal_incl_tax) : cart.subtotalInclTax)}</dd>
        </div>
        {totals ? <ShopTotals totals={totals} discountCode={totals.coupon_code ?? cart.coupon ?? ''} giftCards={cart.giftCards} /> : null}
      </dl>
      <p className="muted small" data-testid="cart-totals-note">
        {counted ? (isGiftCardsOnly(cart.items) ? null : LL.cart.inclVat()) : LL.cart.totalsPending()}
      </p>
    </>
  )
}

/** The shop's lines of the totals after the subtotal: shipping, discount, VAT, the gift cards as they pay, the grand total. */
function ShopTotals({ totals, discountCode, giftCards }: { totals: Totals; discountCode: string; giftCards: CartView['giftCards'] }) {
  const { LL } = useI18nContext()
  const format = usePriceFormatter()
  const discount = totals.discount_amount
  return (
    <>
      <div>
        <dt>{LL.cart.shipping()}</dt>
        <dd>{format(toCents(totals.shipping_incl_tax))}</dd>
      </div>
      {discount !== 0 ? (
        <div className="cart-totals__discount" data-testid="cart-discount">
          <dt>{LL.cart.discount({ code: discountCode })}</dt>
          <dd>{format(toCents(discount))}</dd>
        </div>
      ) : null}
      <div>
        <dt>{LL.cart.tax()}</dt>
        <dd>{format(toCents(totals.tax_amount))}</dd>
      </div>
      {/* the mageworx_giftcards segment: each card as it pays, after VAT (a means of payment, not a discount) */}
      {giftCards.map((card) => (
        <div key={card.code} className="cart-totals__gift-card" data-testid="cart-gift-card-total">
          <dt>{LL.cart.giftCardLine({ code: card.code })}</dt>
          <dd>−{format(card.amount)}</dd>
        </div>
      ))}
      <div className="cart-totals__grand">
        <dt>{LL.cart.grandTotal()}</dt>
        <dd data-testid="cart-grand-total">{format(toCents(totals.grand_total))}</dd>
      </div>
    </>
  )
}

/** The page, and the consent banner with the tag manager: the minimal layout has no footer to bring them (src/consent/lazy-consent.tsx). */
export function CartPage() {
  return (
    <>
      <CartPageContent />
      <LazyConsent />
    </>
  )
}
