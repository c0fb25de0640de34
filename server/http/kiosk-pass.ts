/**
 * The kiosk pass: what a shop's tablet is given for the right PIN on its setup screen, and sends
 * with every call after (KIOSK_PASS_HEADER). The anonymous-write limits (security.ts) count per
 * client address, and a tablet brings a day's offline orders back in one burst, each with a cart of
 * its own, from the shop's one address: a request that holds the pass is not counted. Sign-ins,
 * secret checks and the gift card and coupon codes tried keep their limits whoever asks.
 *
 * A keyed hash of the PIN under a secret the shop keeps in its database (every process reads the
 * same one), never the PIN or its plain hash: a tablet's storage is readable by whoever holds the
 * tablet, and a short PIN is found from its plain hash at once. Changing KIOSK_PIN withdraws every
 * pass given.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { KIOSK_PASS_HEADER } from '../../domain/api/kiosk.schema'
import { newSigningSecret } from '../services/auth-tokens'

export interface KioskPass {
  /** the shop's KIOSK_PIN (none: no kiosk setup) */
  readonly pin: string | undefined
  /** the pass for a tablet that gave the right PIN */
  issue(): Promise<string>
  /** the request carries a pass of the current PIN */
  holds(request: FastifyRequest): Promise<boolean>
}

/** The pass of `pin` under the shop's kept secret (made once, at the first ask of any process). */
export function shopKioskPass(pin: string | undefined, secrets: { ensureSecret(name: string, candidate: string, now: string): Promise<string> }): KioskPass {
  return createKioskPass(pin, () => secrets.ensureSecret('kiosk-pass', newSigningSecret(), new Date().toISOString()))
}

export function createKioskPass(pin: string | undefined, secret: () => Promise<string>): KioskPass {
  let expected: Promise<Buffer> | null = null
  const pass = (): Promise<Buffer> => {
    expected ??= secret().then(
      (key) => createHmac('sha256', key).update(`polder-kiosk-pass:${pin}`, 'utf8').digest(),
      (error: unknown) => {
        // the database was away: asked again on the next request, not failed for good
        expected = null
        throw error
      },
    )
    return expected
  }
  return {
    pin,
    issue: async () => (await pass()).toString('base64url'),
    async holds(request) {
      const given = request.headers[KIOSK_PASS_HEADER]
      if (!pin || typeof given !== 'string' || given.length > 64) return false
      const wanted = await pass().catch(() => null)
      const offered = Buffer.from(given, 'base64url')
      return wanted !== null && offered.length === wanted.length && timingSafeEqual(offered, wanted)
    },
  }
}
