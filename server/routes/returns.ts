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
import { FRENCH_HOST_PREFIX } from '../../domain/store-views'
import { accessTokenOf } from '../http/access-token'
import { requestStoreCode } from '../http/request-store-view'
import { noStore, sendEnvelope } from '../http/envelope'
import { parseWith } from '../http/validation'
import type { ReturnService } from '../services/return-service'
import type { UserService } from '../services/user-service'

/**
 * The spec's shop-side returns pages (VSF1 linked Magento's RMA module there): a guest's,
 * rma/vue/guest, and a customer's, rma/vue/login/token/{token}/customer_id/{id}. Here they are the
 * storefront's own: the returns form, and the customer's orders, where each delivered order offers
 * its return. The token in a customer's link is neither trusted nor kept: the storefront's own
 * session says who the customer is (the log never shows it, server/http/log-redaction.ts).
 */
function shopSideReturnsPage(path: string): 'submit-return' | 'my-account/orders' | null {
  const parts = path.split('/').filter(Boolean)
  if (parts.length === 1 && parts[0] === 'guest') return 'submit-return'
  // login/token/{token}, then /customer_id/, then {id}
  const [login, token, , customer] = parts
  const customers = login === 'login' && token === 'token' && parts.length >= 3 && parts.length <= 5 && (parts.length === 3 || customer === 'customer_id')
  return customers ? 'my-account/orders' : null
}

export async function returnRoutes(app: FastifyInstance, opts: { returns: ReturnService; users: Pick<UserService, 'customerIdOf'> }): Promise<void> {
  const { returns, users } = opts

  app.get('/rma/vue/*', async (request, reply) => {
    const page = shopSideReturnsPage((request.params as { '*': string })['*'])
    if (!page) return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
    const store = requestStoreCode(request)
    const onFrenchHost = (request.headers.host ?? '').toLowerCase().startsWith(FRENCH_HOST_PREFIX)
    return noStore(reply).redirect(`${onFrenchHost ? '' : `/${store}`}/${page}`, 302)
  })

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
