/**
 * /api/ext/recommendations/… (spec §7): the envelope, whose `result` is JSON text. The store view is
 * the `storeCode` query parameter, else the `x-vs-store-code` header (one that is not the shop's is
 * ignored), else en.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import {
  CrossSellParamsSchema,
  LogParamsSchema,
  LogSaleRequestSchema,
  PredictiveParamsSchema,
  SearchParamsSchema,
} from '../../domain/api/recommendations.schema'
import { sendEnvelope } from '../http/envelope'
import { askedStoreCode } from '../http/request-store-view'
import { parseWith } from '../http/validation'
import type { RecommendationService } from '../services/recommendation-service'

const BASE = '/api/ext/recommendations'

/** A signal, not a resource: neither the browser nor the service worker may answer it from a cache. */
function noCache(reply: FastifyReply): FastifyReply {
  return reply.header('Cache-Control', 'no-cache')
}

export async function recommendationRoutes(app: FastifyInstance, opts: { recommendations: RecommendationService }): Promise<void> {
  const service = opts.recommendations

  // the client's paths end with a slash; without it they are the same call
  for (const path of [`${BASE}/visitor/key/`, `${BASE}/visitor/key`]) {
    app.get(path, async (request, reply) => sendEnvelope(noCache(reply), 200, service.visitorKey(askedStoreCode(request))))
  }

  for (const path of [`${BASE}/log/sale/`, `${BASE}/log/sale`]) {
    app.post(path, async (request, reply) => {
      const store = askedStoreCode(request)
      const body = parseWith(LogSaleRequestSchema, request.body ?? {})
      return sendEnvelope(noCache(reply), 200, await service.logSale(store, body))
    })
  }

  app.get(`${BASE}/log/product/:productId/:visitorKey`, async (request, reply) => {
    const store = askedStoreCode(request)
    const { productId, visitorKey } = parseWith(LogParamsSchema, request.params)
    return sendEnvelope(noCache(reply), 200, await service.logView(store, productId, visitorKey))
  })

  app.get(`${BASE}/log/click/:productId/:visitorKey`, async (request, reply) => {
    const store = askedStoreCode(request)
    const { productId, visitorKey } = parseWith(LogParamsSchema, request.params)
    return sendEnvelope(noCache(reply), 200, await service.logClick(store, productId, visitorKey))
  })

  // rankings move with every logged signal: answers are not cached either
  app.get(`${BASE}/search/predictive/:limit/:query/:visitorKey`, async (request, reply) => {
    const store = askedStoreCode(request)
    const { limit, query } = parseWith(PredictiveParamsSchema, request.params)
    return sendEnvelope(noCache(reply), 200, await service.predictive(store, limit, query))
  })

  app.get(`${BASE}/search/search/:limit/:offset/:query/:visitorKey`, async (request, reply) => {
    const store = askedStoreCode(request)
    const { limit, offset, query } = parseWith(SearchParamsSchema, request.params)
    return sendEnvelope(noCache(reply), 200, await service.search(store, limit, offset, query))
  })

  app.get(`${BASE}/products/cross-sell/:limit/:productId/:visitorKey`, async (request, reply) => {
    const store = askedStoreCode(request)
    const { limit, productId } = parseWith(CrossSellParamsSchema, request.params)
    return sendEnvelope(noCache(reply), 200, await service.crossSell(store, limit, productId))
  })
}
