/** /api/catalog/{index}/{type}/_search, POST (JSON body) and GET (?request=JSON). Contract §3. */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { CatalogParamsSchema, SearchQuerySchema } from '../../domain/api/catalog.schema'
import type { CatalogService } from '../services/catalog-service'
import { parseWith, RequestValidationError } from '../http/validation'

const PathSchema = z.object({ index: z.string().min(1).max(100), type: z.string().min(1).max(40) })

export async function catalogRoutes(app: FastifyInstance, opts: { catalog: CatalogService }): Promise<void> {
  async function answer(request: FastifyRequest, body: unknown) {
    const { index, type } = parseWith(PathSchema, request.params)
    const params = parseWith(CatalogParamsSchema, request.query)
    const query = parseWith(SearchQuerySchema, body ?? {}, 'request')
    return opts.catalog.search(index, type, query, {
      size: params.size,
      from: params.from,
      sort: params.sort,
      include: params._source_include ?? params._source_includes,
      exclude: params._source_exclude ?? params._source_excludes,
      compact: params.response_format === 'compact',
    })
  }

  app.post('/api/catalog/:index/:type/_search', async (request, reply) => {
    const result = await answer(request, request.body)
    return reply.type('application/json; charset=utf-8').send(result)
  })

  app.get('/api/catalog/:index/:type/_search', async (request, reply) => {
    const { request: raw } = parseWith(CatalogParamsSchema, request.query)
    let body: unknown = {}
    if (raw !== undefined && raw.trim() !== '') {
      try {
        body = JSON.parse(raw)
      } catch {
        throw new RequestValidationError('request: must be a JSON SearchQuery')
      }
    }
    const result = await answer(request, body)
    return reply.type('application/json; charset=utf-8').send(result)
  })
}
