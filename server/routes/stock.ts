/** /api/stock/check and /api/stock/list (contract §2.4). */
import type { FastifyInstance } from 'fastify'
import { StockCheckQuerySchema, StockListQuerySchema } from '../../domain/api/stock.schema'
import { sendEnvelope } from '../http/envelope'
import { parseWith } from '../http/validation'
import type { StockService } from '../services/stock-service'

export async function stockRoutes(app: FastifyInstance, opts: { stock: StockService }): Promise<void> {
  app.get('/api/stock/check', async (request, reply) => {
    const { sku } = parseWith(StockCheckQuerySchema, request.query)
    return sendEnvelope(reply, 200, await opts.stock.check(sku))
  })
  app.get('/api/stock/check/:sku', async (request, reply) => {
    const { sku } = parseWith(StockCheckQuerySchema, request.params)
    return sendEnvelope(reply, 200, await opts.stock.check(sku))
  })
  app.get('/api/stock/list', async (request, reply) => {
    const { skus } = parseWith(StockListQuerySchema, request.query)
    return sendEnvelope(reply, 200, await opts.stock.list(skus))
  })
}
