/**
 * The stock notification extension: POST /api/ext/stock-notification/stockSubscription (shapes and
 * answers in domain/api/stock-alert.schema.ts). The mail's language is that of the store view the
 * request names (`storeCode` or `x-vs-store-code`), else the default one. A customer's token ties
 * the subscription to them when the address is theirs; a token that is not valid is 401, so the
 * client renews it and asks again. Limited as the other anonymous writes (server/http/security.ts).
 */
import type { FastifyInstance } from 'fastify'
import { STOCK_SUBSCRIPTION_PATH, StockSubscriptionRequestSchema } from '../../domain/api/stock-alert.schema'
import { DEFAULT_STORE_CODE } from '../../domain/store-views'
import { accessTokenOf } from '../http/access-token'
import { noStore, sendEnvelope } from '../http/envelope'
import { askedStoreCode } from '../http/request-store-view'
import { parseWith } from '../http/validation'
import type { StockAlertService } from '../services/stock-alert-service'
import type { UserService } from '../services/user-service'

export async function stockAlertRoutes(app: FastifyInstance, opts: { stockAlerts: StockAlertService; users: UserService }): Promise<void> {
  app.post(STOCK_SUBSCRIPTION_PATH, async (request, reply) => {
    const body = parseWith(StockSubscriptionRequestSchema, request.body ?? {})
    const customerId = await opts.users.customerIdOf(accessTokenOf(request))
    const result = await opts.stockAlerts.subscribe(body.email, body.sku, { store: askedStoreCode(request) ?? DEFAULT_STORE_CODE, customerId })
    return sendEnvelope(noStore(reply), 200, result)
  })
}
