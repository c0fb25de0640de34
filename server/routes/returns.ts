/**
 * Returns (withdrawal / RMA): POST /api/ext/returns/returnable and /api/ext/returns/create (shapes
 * and answers in domain/api/return.schema.ts). The caller's token (bearer or `?token=`) names a
 * customer; one that is not valid is 401, so the client renews it and asks again. A guest presents
 * the order's key in the body. Every answer is no-store: it is one shopper's order.
 */
import type { FastifyInstance } from 'fastify'
import {
  RETURN_CREATE_PATH,
  RETURNABLE_PATH,
  ReturnableRequestSchema,
  ReturnableResultSchema,
  ReturnRequestSchema,
  ReturnResultSchema,
} from '../../domain/api/return.schema'
import { accessTokenOf } from '../http/access-token'
import { noStore, sendEnvelope } from '../http/envelope'
import { parseWith } from '../http/validation'
import type { ReturnService } from '../services/return-service'
import type { UserService } from '../services/user-service'

export async function returnRoutes(app: FastifyInstance, opts: { returns: ReturnService; users: Pick<UserService, 'customerIdOf'> }): Promise<void> {
  const { returns, users } = opts

  app.post(RETURNABLE_PATH, async (request, reply) => {
    const body = parseWith(ReturnableRequestSchema, request.body ?? {})
    const customerId = await users.customerIdOf(accessTokenOf(request))
    const result = await returns.returnable(body.order_id, { customerId, orderToken: body.order_token })
    return sendEnvelope(noStore(reply), 200, ReturnableResultSchema.parse(result))
  })

  app.post(RETURN_CREATE_PATH, async (request, reply) => {
    const body = parseWith(ReturnRequestSchema, request.body ?? {})
    const customerId = await users.customerIdOf(accessTokenOf(request))
    const result = await returns.create(body, { customerId, orderToken: body.order_token })
    return sendEnvelope(noStore(reply), 200, ReturnResultSchema.parse(result))
  })
}
