/**
 * The import extension: POST /api/ext/import/batch (domain/api/catalog-import.schema), signed with
 * IMPORT_API_KEY. Registered only when a key is set: without one its path answers 404. The key is
 * checked before the body is read; the body may be large (a back office's whole catalogue), so this
 * route alone takes up to BATCH_BODY_LIMIT.
 */
import type { FastifyInstance } from 'fastify'
import { ImportBatchSchema, ImportResultSchema } from '../../domain/api/catalog-import.schema'
import { createApiKeyCheck, type ApiKeyLimits } from '../http/api-key'
import { noStore, sendEnvelope } from '../http/envelope'
import { parseWith } from '../http/validation'
import type { ImportBatchService } from '../services/import-batch-service'

const BATCH_BODY_LIMIT = 50 * 1024 * 1024

export async function importRoutes(app: FastifyInstance, opts: { imports: ImportBatchService; apiKey: string; limits: ApiKeyLimits }): Promise<void> {
  const key = createApiKeyCheck(app, opts.apiKey, opts.limits)
  app.post('/api/ext/import/batch', { bodyLimit: BATCH_BODY_LIMIT, onRequest: (request) => key.check(request) }, async (request, reply) => {
    const batch = parseWith(ImportBatchSchema, request.body ?? {})
    return sendEnvelope(noStore(reply), 200, ImportResultSchema.parse(await opts.imports.apply(batch)))
  })
}
