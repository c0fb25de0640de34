/**
 * POST /api/url/map[?storeCode=] (contract §2.7). The answer is the bare hit or the JSON literal
 * null, never the envelope; errors (a missing url) do use the envelope. The store view: the one the
 * request names (query or header; a code that is not the shop's is ignored), else the url's prefix.
 */
import type { FastifyInstance } from 'fastify'
import { UrlMapRequestSchema } from '../../domain/api/url.schema'
import { askedStoreCode } from '../http/request-store-view'
import { parseWith } from '../http/validation'
import type { UrlService } from '../services/url-service'

export async function urlRoutes(app: FastifyInstance, opts: { urls: UrlService }): Promise<void> {
  app.post('/api/url/map', async (request, reply) => {
    const body = parseWith(UrlMapRequestSchema, request.body ?? {})
    const hit = await opts.urls.map(body, askedStoreCode(request))
    // serialised here: fastify would send an empty body for a null payload
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(hit))
  })
}
