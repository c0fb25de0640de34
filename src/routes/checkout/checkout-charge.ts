/**
 * The review's sums, kept apart from the checkout's field rules (checkout-rules) so the pages that
 * check an address (the address book) do not load them.
 */
import { chargeAfterGiftCards, type GiftCardCharge } from '../../../domain/gift-card-payment'
import { toCents } from '../../../domain/money'
import { shopShippingCents, totalsOfLines } from '../../../domain/shop-totals'
import type { CartView } from '../../data/worker-types'

export interface CheckoutCharge extends GiftCardCharge {
  subtotal: number
  discount: number
  shipping: number
  /** the shop charges no VAT on these goods (with a buyer's VAT number: the reverse charge) */
  vatFree: boolean
}

/**
 * The review's totals in cents: the lines, the discount, the chosen shipping, and what the gift
 * cards leave to charge (the worker places the order with the same rule, workers/orders/order-draft).
 */
export function checkoutCharge(cart: Pick<CartView, 'subtotalInclTax' | 'totals' | 'giftCards' | 'items'>, shippingCents: number): CheckoutCharge {
  // the shop's sum of the lines, priced for this buyer, while its totals are of these lines
  const shop = totalsOfLines(cart.totals, cart.items)
  const subtotal = shop ? toCents(shop.subtotal_incl_tax) : cart.subtotalInclTax
  const shipping = shopShippingCents(shop, shippingCents)
  const discount = cart.totals ? Math.abs(toCents(cart.totals.discount_amount)) : 0
  const shopCharges = cart.totals ? toCents(cart.totals.grand_total) : null
  const charge = chargeAfterGiftCards(
    subtotal - discount + shipping,
    cart.giftCards.map((card) => card.amount),
    shopCharges,
  )
  return { subtotal, discount, shipping, vatFree: Boolean(shop && shop.tax_amount === 0 && shop.subtotal_incl_tax > 0), ...charge }
}
