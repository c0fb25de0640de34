/** /api/ext/shop-details: the bank account for transfers and the pickup point, as configured (SHOP_DETAILS). */
import type { FastifyInstance } from 'fastify'
import { ShopDetailsSchema, type ShopDetails } from '../../domain/shop-details'
import { sendEnvelope } from '../http/envelope'

export async function shopDetailsRoutes(app: FastifyInstance, opts: { details: ShopDetails }): Promise<void> {
  const answer = ShopDetailsSchema.parse(opts.details)
  app.get('/api/ext/shop-details', async (_request, reply) => {
    // a setting of the running shop: fresh after a restart with other details, cheap to ask again
    reply.header('cache-control', 'public, max-age=300')
    return sendEnvelope(reply, 200, answer)
  })
}
