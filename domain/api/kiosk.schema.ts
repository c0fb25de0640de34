/**
 * POST /api/ext/kiosk/unlock (Polder's kiosk extension): a tablet's setup screen asks with the
 * shop's kiosk PIN (the server's KIOSK_PIN) before staff may change how the tablet runs. The answer
 * says how many products the store view's catalogue holds, so the setup screen can show how far the
 * tablet's copy has come. No PIN configured: 404 (the shop has no kiosk setup); a wrong PIN: 401,
 * and failures are limited per address as sign-ins are (429).
 */
import { z } from 'zod'
import { STORE_CODES } from '../store-views'

export const KIOSK_PIN_PATTERN = /^\d{4,12}$/

export const KioskUnlockBodySchema = z.object({
  pin: z.string().trim().max(12),
  storeCode: z.enum(STORE_CODES),
})
export type KioskUnlockBody = z.infer<typeof KioskUnlockBodySchema>

export const KioskUnlockAnswerSchema = z.object({
  /** the products the store view's replication feed holds (deleted ones not counted) */
  products: z.number().int().nonnegative(),
})
export type KioskUnlockAnswer = z.infer<typeof KioskUnlockAnswerSchema>
