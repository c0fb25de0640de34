/**
 * /api/catalog/{index}/{type}/_search, POST (JSON body) and GET (?request=JSON): a SearchQuery or an
 * Elasticsearch query-DSL body (services/catalog-request.ts tells them apart). Contract §3.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { CatalogParamsSchema, SearchQuerySchema } from '../../domain/api/catalog.schema'
import { ifNoneMatchHolds, type CatalogAnswers } from '../services/catalog-answers'
import { answerCatalogSearch, readCatalogSearch } from '../services/catalog-request'
import { parseWith, RequestValidationError } from '../http/validation'
import { COMPRESS_THRESHOLD, compressedTwin, preferredEncoding } from '../http/content-encoding'

const PathSchema = z.object({ index: z.string().min(1).max(100), type: z.string().min(1).max(40) })

export async function catalogRoutes(app: FastifyInstance, opts: { catalog: CatalogAnswers }): Promise<void> {
  async function answer(request: FastifyRequest, reply: FastifyReply, body: unknown) {
    const { index, type } = parseWith(PathSchema, request.params)
    const params = parseWith(CatalogParamsSchema, request.query)
    const search = readCatalogSearch(body, params, (input) => parseWith(SearchQuerySchema, input, 'request'))
    const { body: bytes, etag } = await answerCatalogSearch(opts.catalog, index, type, search)
    // revalidated on every use: on a GET the tag answers "unchanged" with 304 and no body
    reply.header('ETag', etag).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding')
    if (request.method === 'GET' && ifNoneMatchHolds(request.headers['if-none-match'], etag)) return reply.code(304).send()
    reply.type('application/json; charset=utf-8')
    // the compressed bytes are made once per cached answer (these routes opt out of @fastify/compress,
    // which would compress the same answer again on every send)
    const encoding = bytes.length >= COMPRESS_THRESHOLD ? preferredEncoding(request.headers['accept-encoding']) : null
    if (!encoding) return reply.send(bytes)
    const compressed = await compressedTwin(bytes, encoding)
    return reply.header('Content-Encoding', encoding).send(compressed)
  }

  app.post('/api/catalog/:index/:type/_search', { compress: false }, async (request, reply) => {
    return answer(request, reply, request.body)
  })

  app.get('/api/catalog/:index/:type/_search', { compress: false }, async (request, reply) => {
    const { request: raw } = parseWith(CatalogParamsSchema, request.query)
    let body: unknown = {}
    if (raw !== undefined && raw.trim() !== '') {
      try {
        body = JSON.parse(raw)
      } catch {
        throw new RequestValidationError('request: must be JSON: a SearchQuery or an Elasticsearch search body')
      }
    }
    return answer(request, reply, body)
  })
}
