/**
 * POST /api/ext/kiosk/unlock (Polder's kiosk extension): a tablet's setup screen asks with the
 * shop's kiosk PIN (the server's KIOSK_PIN) before staff may change how the tablet runs. The answer
 * says how many products the store view's catalogue holds, so the setup screen can show how far the
 * tablet's copy has come, and gives the tablet its pass. No PIN configured: 404 (the shop has no kiosk setup); a wrong PIN: 401,
 * and failures are limited per address as sign-ins are (429).
 */
import { z } from 'zod'
import { STORE_CODES } from '../store-views'

export const KIOSK_PIN_PATTERN = /^\d{4,12}$/

/** The header a kiosk tablet sends its pass in (the unlock's answer): its calls are not counted against the address's write limits. */
export const KIOSK_PASS_HEADER = 'x-polder-kiosk'

export const KioskUnlockBodySchema = z.object({
  pin: z.string().trim().max(12),
  storeCode: z.enum(STORE_CODES),
})
export type KioskUnlockBody = z.infer<typeof KioskUnlockBodySchema>

export const KioskUnlockAnswerSchema = z.object({
  /** the products the store view's replication feed holds (deleted ones not counted) */
  products: z.number().int().nonnegative(),
  /** the tablet's pass, sent with its calls from then on (KIOSK_PASS_HEADER) */
  pass: z.string().min(1).max(64),
})
export type KioskUnlockAnswer = z.infer<typeof KioskUnlockAnswerSchema>
