/**
 * /api/cart/*: guest and customer carts (contract §2.2). With a customer's token (bearer or
 * `?token=`) create answers that customer's active cart; every call on a customer's cart needs its
 * owner's token (services/cart-access: 401 without a valid one, 404 for another customer's). Every request is parsed and every answer checked with
 * the domain/api schemas (an answer that breaks its schema is our bug: a 500, never a wrong shape
 * sent on). Answers are never cached.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import {
  CartApplyCouponResultSchema,
  CartCollectTotalsBodySchema,
  CartCollectTotalsResultSchema,
  CartCouponQuerySchema,
  CartCouponResultSchema,
  CartCreateResultSchema,
  CartDeleteBodySchema,
  CartDeleteCouponResultSchema,
  CartDeleteResultSchema,
  CartPaymentMethodsResultSchema,
  CartPullResultSchema,
  CartQuerySchema,
  CartShippingInformationBodySchema,
  CartShippingInformationResultSchema,
  CartShippingMethodsBodySchema,
  CartShippingMethodsResultSchema,
  CartTotalsResultSchema,
  CartUpdateBodySchema,
  CartUpdateResultSchema,
  EmptyBodySchema,
} from '../../domain/api/cart.schema'
import { DEFAULT_STORE_CODE } from '../../domain/store-views'
import { accessTokenOf } from '../http/access-token'
import { noStore, sendEnvelope } from '../http/envelope'
import { askedStoreCode } from '../http/request-store-view'
import { parseWith, RequestValidationError } from '../http/validation'
import type { CartAccess } from '../services/cart-access'
import type { CartService } from '../services/cart-service'

function cartIdOf(request: FastifyRequest, bodyQuoteId?: string): string {
  const { cartId } = parseWith(CartQuerySchema, request.query)
  const id = cartId ?? bodyQuoteId
  if (!id) throw new RequestValidationError('cartId: is required')
  return id
}

/** The 200 answer, checked against its schema first. */
function answer<S extends z.ZodType>(reply: FastifyReply, schema: S, result: z.infer<S>): FastifyReply {
  return sendEnvelope(noStore(reply), 200, schema.parse(result))
}

export async function cartRoutes(app: FastifyInstance, opts: { cart: CartService; access: CartAccess }): Promise<void> {
  const { cart, access } = opts

  /** The request's cart id, once the request may use that cart. */
  const ownedCartId = async (request: FastifyRequest, bodyQuoteId?: string): Promise<string> => {
    const id = cartIdOf(request, bodyQuoteId)
    await access.check(id, accessTokenOf(request))
    return id
  }

  app.post('/api/cart/create', async (request, reply) => {
    const query = parseWith(CartQuerySchema, request.query)
    // the cart keeps the store view it was made in: its prices, VAT country and order follow it
    const storeCode = askedStoreCode(request) ?? DEFAULT_STORE_CODE
    const customerId = await access.customerOf(accessTokenOf(request))
    const id = customerId === null ? await cart.create(storeCode) : await cart.createForCustomer(customerId, storeCode, query.fresh !== undefined)
    return answer(reply, CartCreateResultSchema, id)
  })

  app.get('/api/cart/pull', async (request, reply) => answer(reply, CartPullResultSchema, await cart.pull(await ownedCartId(request))))

  app.post('/api/cart/update', async (request, reply) => {
    const body = parseWith(CartUpdateBodySchema, request.body ?? {})
    const item = await cart.update(await ownedCartId(request, body.cartItem.quoteId), body.cartItem)
    return answer(reply, CartUpdateResultSchema, item)
  })

  app.post('/api/cart/delete', async (request, reply) => {
    const body = parseWith(CartDeleteBodySchema, request.body ?? {})
    return answer(reply, CartDeleteResultSchema, await cart.remove(await ownedCartId(request, body.cartItem.quoteId), body.cartItem.item_id))
  })

  app.get('/api/cart/totals', async (request, reply) => answer(reply, CartTotalsResultSchema, await cart.totals(await ownedCartId(request))))

  app.post('/api/cart/apply-coupon', async (request, reply) => {
    parseWith(EmptyBodySchema, request.body)
    const query = parseWith(CartCouponQuerySchema, request.query)
    return answer(reply, CartApplyCouponResultSchema, await cart.applyCoupon(await ownedCartId(request), query.coupon))
  })

  app.post('/api/cart/delete-coupon', async (request, reply) => {
    parseWith(EmptyBodySchema, request.body)
    return answer(reply, CartDeleteCouponResultSchema, await cart.deleteCoupon(await ownedCartId(request)))
  })

  app.get('/api/cart/coupon', async (request, reply) => answer(reply, CartCouponResultSchema, await cart.coupon(await ownedCartId(request))))

  app.post('/api/cart/shipping-methods', async (request, reply) => {
    const body = parseWith(CartShippingMethodsBodySchema, request.body ?? {})
    return answer(reply, CartShippingMethodsResultSchema, await cart.shippingMethods(await ownedCartId(request), body.address.country_id))
  })

  app.get('/api/cart/payment-methods', async (request, reply) =>
    answer(reply, CartPaymentMethodsResultSchema, await cart.paymentMethods(await ownedCartId(request))),
  )

  app.post('/api/cart/shipping-information', async (request, reply) => {
    const body = parseWith(CartShippingInformationBodySchema, request.body ?? {})
    return answer(reply, CartShippingInformationResultSchema, await cart.shippingInformation(await ownedCartId(request), body.addressInformation))
  })

  app.post('/api/cart/collect-totals', async (request, reply) => {
    const { methods } = parseWith(CartCollectTotalsBodySchema, request.body ?? {})
    const totals = await cart.collectTotals(await ownedCartId(request), methods.shippingCarrierCode ?? null, methods.shippingMethodCode ?? null)
    return answer(reply, CartCollectTotalsResultSchema, totals)
  })
}
