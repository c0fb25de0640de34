/**
 * /api/ext/giftcard/*: the gift card extension (spec §7; shapes and answers in
 * domain/api/giftcard.schema.ts). The code comes in the path (the spec's "gift code substituted"),
 * else `?code=` or the body; the cart as `?cartId=` or in the body. A card that cannot pay answers
 * `{ errorMessage, reason }` for the client to translate. Answers are never cached.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  GiftCardBodySchema,
  GiftCardCheckResultSchema,
  GiftCardCodeParamsSchema,
  GiftCardErrorResultSchema,
  GiftCardQuerySchema,
  GiftCardRemoveResultSchema,
} from '../../domain/api/giftcard.schema'
import { accessTokenOf } from '../http/access-token'
import { noStore, sendEnvelope } from '../http/envelope'
import { parseWith, RequestValidationError } from '../http/validation'
import type { CartAccess } from '../services/cart-access'
import { GiftCardRefusedError, type GiftCardService } from '../services/giftcard-service'

function partsOf(request: FastifyRequest, needsCart: boolean): { code: string; cartId: string } {
  const params = parseWith(GiftCardCodeParamsSchema, request.params ?? {})
  const query = parseWith(GiftCardQuerySchema, request.query ?? {})
  const body = request.method === 'GET' ? {} : parseWith(GiftCardBodySchema, request.body ?? {})
  const code = params.code ?? query.code ?? body.code
  const cartId = query.cartId ?? body.cartId
  if (!code) throw new RequestValidationError('code: is required')
  if (needsCart && !cartId) throw new RequestValidationError('cartId: is required')
  return { code, cartId: cartId ?? '' }
}

async function answering(reply: FastifyReply, run: () => Promise<unknown>): Promise<FastifyReply> {
  noStore(reply)
  try {
    return sendEnvelope(reply, 200, await run())
  } catch (err) {
    if (!(err instanceof GiftCardRefusedError)) throw err
    const status = err.kind === 'not-found' ? 404 : 400
    return sendEnvelope(reply, status, GiftCardErrorResultSchema.parse({ errorMessage: err.message, reason: err.reason }))
  }
}

export async function giftCardRoutes(app: FastifyInstance, opts: { giftcards: GiftCardService; access: CartAccess }): Promise<void> {
  const { giftcards, access } = opts

  const check = async (request: FastifyRequest, reply: FastifyReply) => {
    const { code } = partsOf(request, false)
    return answering(reply, async () => GiftCardCheckResultSchema.parse(await giftcards.check(code)))
  }
  app.get('/api/ext/giftcard/check', check)
  app.get('/api/ext/giftcard/check/:code', check)

  const activate = async (request: FastifyRequest, reply: FastifyReply) => {
    const { code, cartId } = partsOf(request, true)
    await access.check(cartId, accessTokenOf(request))
    return answering(reply, async () => GiftCardCheckResultSchema.parse(await giftcards.activate(cartId, code)))
  }
  app.post('/api/ext/giftcard/activate', activate)
  app.post('/api/ext/giftcard/activate/:code', activate)

  const remove = async (request: FastifyRequest, reply: FastifyReply) => {
    const { code, cartId } = partsOf(request, true)
    await access.check(cartId, accessTokenOf(request))
    return answering(reply, async () => GiftCardRemoveResultSchema.parse(await giftcards.remove(cartId, code)))
  }
  for (const path of ['/api/ext/giftcard/remove', '/api/ext/giftcard/remove/:code']) {
    app.post(path, remove)
    app.delete(path, remove)
  }
}
