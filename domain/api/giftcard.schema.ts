/**
 * /api/ext/giftcard/* (spec §7 "Gift card": GET check, POST activate, POST remove, with the gift
 * code substituted in the path; the code may also come as `?code=` or in the body).
 *
 * - `GET /api/ext/giftcard/check/:code` → 200 `{ code, result: GiftCardCheckResult }` for a known
 *   card, whatever its state (a used or expired card also carries `errorMessage`); an unknown
 *   code → 404 `{ code, result: { errorMessage, reason: 'unknown' } }`.
 * - `POST /api/ext/giftcard/activate/:code?cartId=` → 200 with the card as applied to the cart; a
 *   card that cannot pay → 404 (unknown) or 400 (used, expired, disabled) with `errorMessage`.
 * - `POST|DELETE /api/ext/giftcard/remove/:code?cartId=` → 200 `true` (also when the cart did not
 *   hold it).
 * Answers are never cached.
 */
import { z } from 'zod'
import { GIFT_CARD_STATUSES } from '../giftcard.schema'

const code = z.string().trim().min(1).max(64)

export const GiftCardCodeParamsSchema = z.object({ code: code.optional() })
export const GiftCardQuerySchema = z.object({ code: code.optional(), cartId: z.string().trim().min(1).max(64).optional() })
export const GiftCardBodySchema = z.object({ code: code.optional(), cartId: z.string().trim().min(1).max(64).optional() }).loose()

export const GiftCardCheckResultSchema = z.object({
  code: z.string(),
  /** euros, as the contract writes money */
  balance: z.number().nonnegative(),
  currency: z.string(),
  expires_at: z.string().nullable(),
  status: z.enum(GIFT_CARD_STATUSES),
  errorMessage: z.string().optional(),
})
export type GiftCardCheckResult = z.infer<typeof GiftCardCheckResultSchema>

export const GIFT_CARD_REFUSALS = ['unknown', 'used', 'expired', 'disabled'] as const
export const GiftCardErrorResultSchema = z.object({ errorMessage: z.string(), reason: z.enum(GIFT_CARD_REFUSALS) })
export type GiftCardErrorResult = z.infer<typeof GiftCardErrorResultSchema>

export const GiftCardRemoveResultSchema = z.literal(true)
