/**
 * What a checkout charges, in cents: the lines, the discount, the chosen shipping, and what the gift
 * cards leave to pay. The review shows it and the data worker stores it on the order it places
 * (workers/orders/order-draft), so the shopper is charged what they read. The shop's own totals
 * count while they are of the cart's lines (domain/shop-totals); offline, the device's sums.
 * Pure, type imports only (the checkout page loads no zod).
 */
import type { Totals } from './cart.schema'
import { chargeAfterGiftCards, type GiftCardCharge } from './gift-card-payment'
import { toCents } from './money'
import { shopShippingCents, totalsOfLines } from './shop-totals'

export interface CheckoutCharge extends GiftCardCharge {
  subtotal: number
  discount: number
  shipping: number
  /** the shop charges no VAT on these goods (with a buyer's VAT number: the reverse charge) */
  vatFree: boolean
}

export interface ChargedCart {
  /** the lines' qty × price incl. VAT, summed on the device (cents) */
  subtotalInclTax: number
  items: readonly { qty: number }[]
  /** the shop's totals of the cart, if it answered */
  totals: Totals | null
  /** the applied gift cards, each with what it pays of the totals (cents) */
  giftCards: readonly { amount: number }[]
}

/** `shippingCents`: the chosen method's listed price (the shop's price for this buyer wins when it has one). */
export function checkoutCharge(cart: ChargedCart, shippingCents: number): CheckoutCharge {
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
