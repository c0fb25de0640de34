/**
 * The gift cards of the cart page (spec §7 "Gift card", §8 messages): the applied cards, each with a
 * button to take it off (what each pays is in the totals), and a form to redeem another. A card's balance is checked
 * by the shop: offline the worker says a connection is needed and nothing changes.
 */
import { useI18nContext } from '../../../locales/i18n-react'
import type { CartView } from '../../data/worker-types'
import { useCartCommand } from '../../ui/cart-command'
import { CartCodeForm } from './cart-code-form'

export function CartGiftCards({ cards }: { cards: CartView['giftCards'] }) {
  const { LL } = useI18nContext()
  const { run, busy } = useCartCommand()
  return (
    <div className="cart-gift-cards" data-testid="cart-gift-cards">
      {cards.length > 0 ? (
        <ul className="cart-gift-cards__list">
          {cards.map((card) => (
            <li key={card.code} className="cart-coupon cart-coupon--applied" data-testid="cart-gift-card">
              <p className="cart-coupon__applied">{LL.cart.giftCardLine({ code: card.code })}</p>
              <button
                type="button"
                className="link-button"
                disabled={busy}
                aria-label={LL.cart.giftCardRemoveCode({ code: card.code })}
                onClick={() => void run({ type: 'removeGiftCard', code: card.code })}
              >
                {LL.cart.giftCardRemove()}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <CartCodeForm
        name="giftcard"
        label={LL.cart.giftCardLabel()}
        applyLabel={LL.cart.giftCardApply()}
        busy={busy}
        testId="cart-gift-card-form"
        onApply={(code) => run({ type: 'applyGiftCard', code })}
      />
    </div>
  )
}
