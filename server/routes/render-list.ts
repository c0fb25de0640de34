/** /api/product/render-list (contract §2.6): the prices of a few skus as of now, for the client's price refresh. */
import type { FastifyInstance } from 'fastify'
import { RenderListQuerySchema } from '../../domain/api/catalog.schema'
import { sendEnvelope } from '../http/envelope'
import { askedStoreCode } from '../http/request-store-view'
import { parseWith } from '../http/validation'
import { renderListStore, type RenderListService } from '../services/render-list-service'

export async function renderListRoutes(app: FastifyInstance, opts: { renderList: RenderListService }): Promise<void> {
  app.get('/api/product/render-list', async (request, reply) => {
    const query = parseWith(RenderListQuerySchema, request.query)
    const storeCode = renderListStore(askedStoreCode(request), query.storeId)
    // prices change with time (special price windows): neither browsers nor the service worker keep them
    return sendEnvelope(reply.header('Cache-Control', 'no-cache'), 200, await opts.renderList.renderList(query, storeCode))
  })
}
