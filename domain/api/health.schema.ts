/**
 * GET /api/health: whether the shop serves. `seeding` on a fresh data directory's first start, while
 * the demo shop is imported (every other request is answered 503 then); `ok` once it is open. The
 * HTTP status says the same (503, then 200), so a proxy's health check or a start-up script can
 * wait on it without reading the body.
 */
import { z } from 'zod'
import { envelopeSchema } from './envelope'

export const SHOP_STATES = ['seeding', 'ok'] as const
export type ShopState = (typeof SHOP_STATES)[number]

export const HealthSchema = z.object({ status: z.enum(SHOP_STATES) })
export type Health = z.infer<typeof HealthSchema>

export const HealthEnvelopeSchema = envelopeSchema(HealthSchema)
