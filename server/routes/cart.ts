/** /api/cart/*: guest carts (contract §2.2). Answers are never cached. */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { CartDeleteBodySchema, CartQuerySchema, CartUpdateBodySchema } from '../../domain/api/cart.schema'
import { DEFAULT_STORE_CODE, STORE_CODES } from '../../domain/store-views'
import { noStore, sendEnvelope } from '../http/envelope'
import { parseWith, RequestValidationError } from '../http/validation'
import type { CartService } from '../services/cart-service'

const StoreHeaderSchema = z.object({ 'x-vs-store-code': z.enum(STORE_CODES).optional() })

function cartIdOf(request: FastifyRequest, bodyQuoteId?: string): string {
  const { cartId } = parseWith(CartQuerySchema, request.query)
  const id = cartId ?? bodyQuoteId
  if (!id) throw new RequestValidationError('cartId: is required')
  return id
}

export async function cartRoutes(app: FastifyInstance, opts: { cart: CartService }): Promise<void> {
  const { cart } = opts

  app.post('/api/cart/create', async (request, reply) => {
    const query = parseWith(CartQuerySchema, request.query)
    const header = parseWith(StoreHeaderSchema, { 'x-vs-store-code': request.headers['x-vs-store-code'] || undefined })
    const id = await cart.create(query.storeCode ?? header['x-vs-store-code'] ?? DEFAULT_STORE_CODE)
    return sendEnvelope(noStore(reply), 200, id)
  })

  app.get('/api/cart/pull', async (request, reply) => sendEnvelope(noStore(reply), 200, await cart.pull(cartIdOf(request))))

  app.post('/api/cart/update', async (request, reply) => {
    const body = parseWith(CartUpdateBodySchema, request.body ?? {})
    const item = await cart.update(cartIdOf(request, body.cartItem.quoteId), body.cartItem)
    return sendEnvelope(noStore(reply), 200, item)
  })

  app.post('/api/cart/delete', async (request, reply) => {
    const body = parseWith(CartDeleteBodySchema, request.body ?? {})
    return sendEnvelope(noStore(reply), 200, await cart.remove(cartIdOf(request, body.cartItem.quoteId), body.cartItem.item_id))
  })

  app.get('/api/cart/totals', async (request, reply) => sendEnvelope(noStore(reply), 200, await cart.totals(cartIdOf(request))))
}
