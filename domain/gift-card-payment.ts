/**
 * The checkout's side of gift cards: what is left to charge after the applied cards,
 * and whether an order needs a payment at all. An order the cards pay in full (nothing left,
 * grand total 0) skips the payment provider: it goes to the shop with Magento's zero-total method
 * `free`, and the server agrees (domain/order initialOrderStatus: paid at once, no provider payment).
 */

/** Magento's zero-subtotal checkout method: nothing to pay, no provider involved. */
export const GIFT_CARD_PAYMENT_METHOD = 'free'

export interface GiftCardCharge {
  /** what the cards pay (cents), never more than is due */
  giftCards: number
  /** what is left to charge (cents), never below 0 */
  charged: number
  /** cards are applied and leave nothing to charge: no payment method is asked */
  paidInFull: boolean
}

/**
 * `dueCents`: the order's total before cards as the device counts it (lines, discount, shipping);
 * `cardCents`: what each applied card pays by the cart's totals; `shopChargesCents`: the grand
 * total of those totals (after the cards), when the shop has computed them. The shop prices the
 * cart for the destination (its VAT), so with cards applied its grand total is what is charged,
 * and the cards are shown as the difference. Without the shop's totals (not synced yet) the cards
 * pay what is due, up to what they pay by the last totals.
 */
export function chargeAfterGiftCards(dueCents: number, cardCents: readonly number[], shopChargesCents: number | null = null): GiftCardCharge {
  const due = Math.max(0, Math.round(dueCents))
  if (cardCents.length > 0 && shopChargesCents !== null) {
    const charged = Math.max(0, Math.round(shopChargesCents))
    return { giftCards: Math.max(0, due - charged), charged, paidInFull: charged === 0 }
  }
  const offered = cardCents.reduce((sum, cents) => sum + Math.max(0, Math.round(cents)), 0)
  const giftCards = Math.min(due, offered)
  const charged = due - giftCards
  return { giftCards, charged, paidInFull: cardCents.length > 0 && charged === 0 }
}
