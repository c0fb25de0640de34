/** GET /api/health: `ok` (200) once the shop serves, `seeding` (503, Retry-After) while a fresh shop is seeded. */
import type { FastifyInstance } from 'fastify'
import { HealthSchema } from '../../domain/api/health.schema'
import { noStore, sendEnvelope } from '../http/envelope'
import { HEALTH_PATH, SEEDING_RETRY_AFTER_SECONDS, type ShopReadiness } from '../http/shop-preparing'

export async function healthRoutes(app: FastifyInstance, opts: { readiness: ShopReadiness }): Promise<void> {
  app.get(HEALTH_PATH, async (_request, reply) => {
    const health = HealthSchema.parse({ status: opts.readiness.state })
    noStore(reply)
    if (health.status === 'ok') return sendEnvelope(reply, 200, health)
    return sendEnvelope(reply.header('Retry-After', String(SEEDING_RETRY_AFTER_SECONDS)), 503, health)
  })
}
