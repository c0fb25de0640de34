/**
 * The checkout's side of gift cards (issue 10): what is left to charge after the applied cards,
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
 * `dueCents`: the order's total before cards (lines, discount, shipping); `cardCents`: what each
 * applied card pays by the cart's totals. A card paying more than is due now (the shipping became
 * cheaper since the totals were read) pays what is due; the shop computes the exact shares again.
 */
export function chargeAfterGiftCards(dueCents: number, cardCents: readonly number[]): GiftCardCharge {
  const due = Math.max(0, Math.round(dueCents))
  const offered = cardCents.reduce((sum, cents) => sum + Math.max(0, Math.round(cents)), 0)
  const giftCards = Math.min(due, offered)
  const charged = due - giftCards
  return { giftCards, charged, paidInFull: cardCents.length > 0 && charged === 0 }
}
