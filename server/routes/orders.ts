/** /api/order (contract §2.3): placing an order. Filled in by issue 10. */
import type { FastifyInstance } from 'fastify'
import type { Storage } from '../storage'

export async function orderRoutes(_app: FastifyInstance, _opts: { storage: Storage }): Promise<void> {}
