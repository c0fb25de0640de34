/** /api/ext/vat-check/check (spec §7 "VAT check"); the answer's shape: domain/api/vat-check.schema.ts. */
import type { FastifyInstance } from 'fastify'
import { VatCheckQuerySchema, VatCheckResultSchema } from '../../domain/api/vat-check.schema'
import { noStore, sendEnvelope } from '../http/envelope'
import { parseWith } from '../http/validation'
import type { VatCheckService } from '../services/vat-check-service'

export async function vatCheckRoutes(app: FastifyInstance, opts: { vatCheck: VatCheckService }): Promise<void> {
  app.get('/api/ext/vat-check/check', async (request, reply) => {
    const { countryCode, vatNumber } = parseWith(VatCheckQuerySchema, request.query)
    const result = VatCheckResultSchema.parse(await opts.vatCheck.check(countryCode, vatNumber))
    // a registry's answer is of its moment (and may be "could not verify"): never cached
    return sendEnvelope(noStore(reply), 200, result)
  })
}
