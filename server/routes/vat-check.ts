/** /api/ext/vat-check/check (issue 10): VAT number format, checksum and registry check. Filled in by issue 10. */
import type { FastifyInstance } from 'fastify'

export async function vatCheckRoutes(_app: FastifyInstance): Promise<void> {}
