/** /api/ext/shop-details: the bank account for transfers and the pickup point, as configured (SHOP_DETAILS), and the tag manager's container (GTM_ID). */
import type { FastifyInstance } from 'fastify'
import { ShopDetailsAnswerSchema, type ShopDetails } from '../../domain/shop-details'
import { sendEnvelope } from '../http/envelope'

export async function shopDetailsRoutes(app: FastifyInstance, opts: { details: ShopDetails; tagManagerId?: string | undefined }): Promise<void> {
  const answer = ShopDetailsAnswerSchema.parse(opts.tagManagerId ? { ...opts.details, tagManagerId: opts.tagManagerId } : opts.details)
  app.get('/api/ext/shop-details', async (_request, reply) => {
    // a setting of the running shop: fresh after a restart with other details, cheap to ask again
    reply.header('cache-control', 'public, max-age=300')
    return sendEnvelope(reply, 200, answer)
  })
}
