/**
 * POST /api/ext/kiosk/unlock (domain/api/kiosk.schema): the kiosk setup screen's PIN check. Without
 * a KIOSK_PIN the shop has no kiosk setup and the path answers 404.
 */
import type { FastifyInstance } from 'fastify'
import { KioskUnlockAnswerSchema, KioskUnlockBodySchema } from '../../domain/api/kiosk.schema'
import { createSecretCheck, type ApiKeyLimits } from '../http/api-key'
import { sendEnvelope } from '../http/envelope'
import type { KioskPass } from '../http/kiosk-pass'
import { parseWith } from '../http/validation'
import { NotFoundError } from '../services/errors'

export async function kioskRoutes(
  app: FastifyInstance,
  opts: { pass: KioskPass; limits: ApiKeyLimits; liveProducts: (storeCode: string) => Promise<number> },
): Promise<void> {
  const pin = opts.pass.pin
    ? createSecretCheck(app, opts.pass.pin, opts.limits, {
        name: 'kiosk-pin',
        checks: 'PIN checks',
        missing: 'The kiosk PIN is required',
        invalid: 'The kiosk PIN is not right',
      })
    : null

  app.post('/api/ext/kiosk/unlock', async (request, reply) => {
    if (!pin) throw new NotFoundError('This shop has no kiosk setup (no KIOSK_PIN is set)')
    const body = parseWith(KioskUnlockBodySchema, request.body ?? {})
    await pin.check(request, body.pin || undefined)
    reply.header('cache-control', 'no-store')
    return sendEnvelope(reply, 200, KioskUnlockAnswerSchema.parse({ products: await opts.liveProducts(body.storeCode), pass: await opts.pass.issue() }))
  })
}
