/**
 * POST /api/url/map[?storeCode=] (contract §2.7). The answer is the bare hit or the JSON literal
 * null, never the envelope; errors (a missing url, an unknown store code) do use the envelope.
 */
import type { FastifyInstance } from 'fastify'
import { UrlMapQuerySchema, UrlMapRequestSchema } from '../../domain/api/url.schema'
import { parseWith } from '../http/validation'
import type { UrlService } from '../services/url-service'

export async function urlRoutes(app: FastifyInstance, opts: { urls: UrlService }): Promise<void> {
  app.post('/api/url/map', async (request, reply) => {
    const { storeCode } = parseWith(UrlMapQuerySchema, request.query)
    const body = parseWith(UrlMapRequestSchema, request.body ?? {})
    const header = request.headers['x-vs-store-code']
    const hit = await opts.urls.map(body, storeCode ?? (typeof header === 'string' && header !== '' ? header : undefined))
    // serialised here: fastify would send an empty body for a null payload
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(hit))
  })
}
