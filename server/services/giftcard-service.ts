/**
 * The gift card extension (spec §7 "Gift card"): check a code, apply it to a cart (activate),
 * take it off again (remove). A card applied to a cart pays part of its totals (cart-checkout,
 * domain/cart-totals); its balance is only taken when the order is placed (order-service).
 *
 * A card that stops being usable after it was applied (expired, spent by another order) stays on
 * the cart and pays nothing, as an expired coupon does.
 */
import type { GiftCardCheckResult } from '../../domain/api/giftcard.schema'
import { GIFT_CARD_MESSAGES, giftCardStatusAt, normalizeGiftCardCode, type GiftCard, type GiftCardStatus } from '../../domain/giftcard.schema'
import { fromCents } from '../../domain/money'
import type { Storage } from '../storage'
import { CartNotFoundError, InvalidRequestError, ServiceError } from './errors'

type Refusal = Exclude<GiftCardStatus, 'active'> | 'unknown'

/** The card cannot pay: unknown (404), or used up, expired or switched off (400); message: the spec's words. */
export class GiftCardRefusedError extends ServiceError {
  override name = 'GiftCardRefusedError'
  readonly kind: 'not-found' | 'invalid'
  constructor(readonly reason: Refusal) {
    super(GIFT_CARD_MESSAGES[reason])
    this.kind = reason === 'unknown' ? 'not-found' : 'invalid'
  }
}

/** A cart holds at most this many cards (more is a mistake or a guessing robot). */
export const MAX_GIFT_CARDS_PER_CART = 5

function checkResult(card: GiftCard, now: Date): GiftCardCheckResult {
  const status = giftCardStatusAt(card, now)
  return {
    code: card.code,
    balance: fromCents(card.balance_cents),
    currency: card.currency,
    expires_at: card.expires_at,
    status,
    ...(status === 'active' ? {} : { errorMessage: GIFT_CARD_MESSAGES[status] }),
  }
}

export function createGiftCardService(storage: Storage) {
  async function cardOrThrow(code: string): Promise<GiftCard> {
    const card = normalizeGiftCardCode(code) === '' ? null : await storage.giftcards.find(code)
    if (!card) throw new GiftCardRefusedError('unknown')
    return card
  }

  return {
    /** The card's balance and state (a used or expired card answers too, with its errorMessage). */
    async check(code: string, now = new Date()): Promise<GiftCardCheckResult> {
      return checkResult(await cardOrThrow(code), now)
    },

    /** Applies a card that can pay now to the cart (applying it again changes nothing). */
    async activate(cartId: string, code: string, now = new Date()): Promise<GiftCardCheckResult> {
      const card = await cardOrThrow(code)
      const status = giftCardStatusAt(card, now)
      if (status !== 'active') throw new GiftCardRefusedError(status)
      await storage.transaction(async (repos) => {
        // under the cart's lock: an order being placed for this cart sees the card or not, never half
        if (!(await repos.carts.lockForUpdate(cartId))) throw new CartNotFoundError(cartId)
        const applied = await repos.giftcards.listForCart(cartId)
        if (!applied.some((c) => c.code === card.code) && applied.length >= MAX_GIFT_CARDS_PER_CART) {
          throw new InvalidRequestError(`A cart takes at most ${MAX_GIFT_CARDS_PER_CART} gift cards`)
        }
        await repos.giftcards.addToCart(cartId, card.code, now.toISOString())
      })
      return checkResult(card, now)
    },

    /** Takes the card off the cart; a cart without it answers true as well. */
    async remove(cartId: string, code: string): Promise<true> {
      await storage.transaction(async (repos) => {
        if (!(await repos.carts.lockForUpdate(cartId))) throw new CartNotFoundError(cartId)
        await repos.giftcards.removeFromCart(cartId, code)
      })
      return true
    },
  }
}
export type GiftCardService = ReturnType<typeof createGiftCardService>
