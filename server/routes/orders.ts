/**
 * POST /api/order (contract §2.3): places the order the client sends, exactly once per order_id.
 * With a customer's token (bearer or `?token=`) the order is theirs (their order history); a token
 * that is not valid answers 401, for the client to refresh it and send the order again. Without
 * one, a customer's cart with a random id is ordered as its customer's (cart-access orderCustomer).
 * Answers: 200 `{orderNumber, backendOrderId, …}` (also to a retry); 400 naming the bad field;
 * 404 for an unknown cart; 409 `{reason, errorMessage, items?}` for an order the shop cannot take
 * as it stands (out of stock, order_id reused with another body, cart already ordered, products
 * that are not the cart's lines).
 */
import type { FastifyInstance } from 'fastify'
import { OrderBodySchema, OrderRefusalSchema, OrderResultSchema } from '../../domain/api/order.schema'
import { accessTokenOf } from '../http/access-token'
import { noStore, sendEnvelope } from '../http/envelope'
import { askedStoreCode } from '../http/request-store-view'
import { parseWith } from '../http/validation'
import { OrderRefusedError, type OrderService } from '../services/order-service'
import type { CartAccess } from '../services/cart-access'

export interface OrderRouteOptions {
  orders: OrderService
  /** whose the order is: a token's customer's, a random-id customer cart's customer's, else a guest's */
  access: CartAccess
}

export async function orderRoutes(app: FastifyInstance, opts: OrderRouteOptions): Promise<void> {
  const { orders, access } = opts

  app.post('/api/order', async (request, reply) => {
    const body = parseWith(OrderBodySchema, request.body ?? {})
    const customerId = await access.orderCustomer(body.cart_id, accessTokenOf(request), body.user_id)
    try {
      const placed = await orders.place(body, askedStoreCode(request), undefined, customerId)
      return sendEnvelope(noStore(reply), 200, OrderResultSchema.parse(placed.result))
    } catch (err) {
      if (err instanceof OrderRefusedError) return sendEnvelope(noStore(reply), 409, OrderRefusalSchema.parse(err.refusal))
      throw err
    }
  })
}
