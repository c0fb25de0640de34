import { isGiftCardsOnly } from '../../domain/virtual-cart'
import { Link } from '@tanstack/react-router'
import { toCents } from '../../domain/money'
import { useI18nContext } from '../../locales/i18n-react'
import { CartSyncNote } from '../components/cart-sync-note'
import { CartCoupon } from '../components/cart-coupon'
import { CartGiftCards } from '../components/cart-gift-cards'
import { MicrocartItem } from '../components/microcart'
import { useCart } from '../data/hooks'
import { useDocumentTitle } from '../ui/document-title'
import { usePriceFormatter } from '../ui/store-view'

/** The cart page: the lines (same controls as the microcart), the discount code, the gift cards and the totals, incl. VAT. */
export function CartPage() {
  const { LL } = useI18nContext()
  const cart = useCart()
  const format = usePriceFormatter()
  useDocumentTitle(LL.cart.title())
  const items = cart?.items ?? []
  const totals = cart?.totals ?? null
  // the shop's totals are those of the lines it last saw: while a change waits to sync (for hours on
  // an offline tablet) they are shown as not yet counted, and the subtotal is the lines' own
  const stale = totals !== null && (cart?.pendingSync ?? false)
  const discount = totals && totals.discount_amount !== 0 ? totals.discount_amount : 0
  const discountCode = totals?.coupon_code ?? cart?.coupon ?? ''
  const giftCards = cart?.giftCards ?? []
  return (
    <section className="cart-page">
      <h1>{LL.cart.title()}</h1>
      <CartSyncNote pending={cart?.pendingSync} className="notice notice--info" />
      {items.length === 0 ? (
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
              <MicrocartItem key={item.key} item={item} />
            ))}
          </ul>
          <aside className="cart-totals" aria-labelledby="cart-totals-title">
            <h2 id="cart-totals-title" className="visually-hidden">
              {LL.cart.grandTotal()}
            </h2>
            <dl aria-busy={stale || undefined} data-testid="cart-totals" className={stale ? 'cart-totals--stale' : undefined}>
              <div className="cart-totals__subtotal">
                <dt>{LL.cart.subtotal()}</dt>
                <dd data-testid="cart-subtotal">{format(totals && !stale ? toCents(totals.subtotal_incl_tax) : (cart?.subtotalInclTax ?? 0))}</dd>
              </div>
              {totals ? (
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
              ) : null}
            </dl>
            <p className="muted small" data-testid="cart-totals-note">
              {totals && !stale ? (isGiftCardsOnly(cart?.items ?? []) ? null : LL.cart.inclVat()) : LL.cart.totalsPending()}
            </p>
            <CartCoupon coupon={cart?.coupon ?? null} />
            <CartGiftCards cards={giftCards} />
            <Link to="/checkout" className="button button--primary button--block">
              {LL.microcart.goToCheckout()}
            </Link>
          </aside>
        </div>
      )}
    </section>
  )
}
