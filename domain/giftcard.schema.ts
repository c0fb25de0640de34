/**
 * Gift cards of the shop (spec §7 "Gift card", the mageworx gift card extension): a code with a
 * balance in integer cents, its currency (EUR), an optional end and a status. A card pays part or
 * all of an order, like a means of payment: it lowers what is charged, never the prices or the VAT
 * (domain/cart-totals applies it after discount and shipping).
 */
import { z } from 'zod'

/** Codes are matched without regard to case or surrounding spaces, like coupon codes. */
export function normalizeGiftCardCode(code: string): string {
  return code.trim().toUpperCase()
}

export const GIFT_CARD_STATES = ['active', 'disabled'] as const

export const GiftCardSchema = z.object({
  code: z.string().trim().min(1).max(64).transform(normalizeGiftCardCode),
  /** what is left on the card, in cents */
  balance_cents: z.number().int().nonnegative(),
  currency: z.literal('EUR').default('EUR'),
  /** ISO timestamp; null: never ends */
  expires_at: z.string().nullable().default(null),
  status: z.enum(GIFT_CARD_STATES).default('active'),
})
export type GiftCard = z.infer<typeof GiftCardSchema>

/** What a card can do at a moment: pay (`active`), or why not. */
export const GIFT_CARD_STATUSES = ['active', 'used', 'expired', 'disabled'] as const
export type GiftCardStatus = (typeof GIFT_CARD_STATUSES)[number]

export function giftCardStatusAt(card: Pick<GiftCard, 'balance_cents' | 'expires_at' | 'status'>, now: Date): GiftCardStatus {
  if (card.status === 'disabled') return 'disabled'
  if (card.expires_at !== null) {
    const end = Date.parse(card.expires_at)
    // an unreadable end closes the card: better refused than spent after its end
    if (Number.isNaN(end) || now.getTime() > end) return 'expired'
  }
  return card.balance_cents > 0 ? 'active' : 'used'
}

/**
 * The error messages of a card that cannot pay (spec §8: a failed check gives an error notice with
 * the translated errorMessage). These English texts are the keys the client translates.
 */
export const GIFT_CARD_MESSAGES = {
  unknown: 'This gift card code is not valid. Verify the code and try again.',
  used: 'This gift card has no balance left.',
  expired: 'This gift card has expired.',
  disabled: 'This gift card cannot be used.',
  added: 'Gift card successfully added!',
  removed: 'Gift card successfully removed!',
} as const
