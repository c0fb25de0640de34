/**
 * /api/user/* (shapes and answers in domain/api/user.schema.ts). The customer's access token comes
 * as `Authorization: Bearer …` or `?token=` (spec §6, the client's header option; `token=` empty is
 * no token); the store view of the mails as `?storeCode=` or `x-vs-store-code` (one that is not the
 * shop's is ignored). Answers are never cached.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  AddressBookBodySchema,
  AddressDeleteBodySchema,
  AddressIdParamsSchema,
  ChangePasswordBodySchema,
  CreatePasswordBodySchema,
  CustomerSchema,
  LoginBodySchema,
  LogoutBodySchema,
  MeUpdateBodySchema,
  OrderHistoryQuerySchema,
  OrderHistoryResultSchema,
  RefreshBodySchema,
  ResetPasswordBodySchema,
  UserCreateBodySchema,
  UserErrorResultSchema,
} from '../../domain/api/user.schema'
import { IDEMPOTENCY_KEY_HEADER, IdempotencyKeySchema } from '../../domain/api/address-book'
import { accessTokenOf } from '../http/access-token'
import { linkOrigin } from '../http/link-origin'
import { noStore, sendEnvelope } from '../http/envelope'
import { createLoginLimiter, type LoginLimits } from '../http/login-limit'
import { createResetMailLimiter, type ResetMailLimits } from '../http/reset-mail-limit'
import { askedStoreCode } from '../http/request-store-view'
import { parseWith } from '../http/validation'
import { InvalidRequestError, UnauthorizedError } from '../services/errors'
import type { TokenPair, UserService } from '../services/user-service'

function sendTokens(reply: FastifyReply, pair: TokenPair): FastifyReply {
  return noStore(reply)
    .code(200)
    .type('application/json; charset=utf-8')
    .send({ code: 200, result: pair.accessToken, meta: { refreshToken: pair.refreshToken } })
}

/** change-password and create-password answer refusals as `{errorMessage}` (contract §1.1; the client reads it). */
async function withErrorMessage(reply: FastifyReply, run: () => Promise<unknown>): Promise<FastifyReply> {
  noStore(reply)
  try {
    return sendEnvelope(reply, 200, await run())
  } catch (err) {
    if (err instanceof InvalidRequestError) return sendEnvelope(reply, 400, UserErrorResultSchema.parse({ errorMessage: err.message }))
    throw err
  }
}

export interface UserRouteOptions {
  users: UserService
  limits: LoginLimits & ResetMailLimits
  /** the shop's public origin for the links in mails; undefined: the request's own */
  publicUrl: string | undefined
}

export async function userRoutes(app: FastifyInstance, opts: UserRouteOptions): Promise<void> {
  const { users } = opts
  const loginLimit = createLoginLimiter(app, opts.limits)
  const resetMailLimit = createResetMailLimiter(app, opts.limits)
  // the links in the account mails: never to a host the requester made up (http/link-origin)
  const originOf = (request: FastifyRequest) => linkOrigin(request, opts.publicUrl)

  app.post('/api/user/create', async (request, reply) => {
    const body = parseWith(UserCreateBodySchema, request.body ?? {})
    const customer = await users.create(body, askedStoreCode(request) ?? 'en', originOf(request))
    return sendEnvelope(noStore(reply), 200, CustomerSchema.parse(customer))
  })

  app.post('/api/user/login', async (request, reply) => {
    const body = parseWith(LoginBodySchema, request.body ?? {})
    await loginLimit.before(request)
    try {
      return sendTokens(reply, await users.login(body.username, body.password))
    } catch (err) {
      if (err instanceof UnauthorizedError) await loginLimit.failed(request)
      throw err
    }
  })

  app.post('/api/user/refresh', async (request, reply) => {
    const body = parseWith(RefreshBodySchema, request.body ?? {})
    return sendTokens(reply, await users.refresh(body.refreshToken))
  })

  app.post('/api/user/logout', async (request, reply) => {
    const body = parseWith(LogoutBodySchema, request.body ?? {})
    const token = accessTokenOf(request)
    const claims = token ? await users.authenticate(token).catch((err: unknown) => (err instanceof UnauthorizedError ? null : Promise.reject(err))) : null
    await users.logout(claims, body.refreshToken)
    return sendEnvelope(noStore(reply), 200, true)
  })

  app.get('/api/user/me', async (request, reply) => {
    const claims = await users.authenticate(accessTokenOf(request))
    return sendEnvelope(noStore(reply), 200, CustomerSchema.parse(await users.me(claims)))
  })

  app.post('/api/user/me', async (request, reply) => {
    const claims = await users.authenticate(accessTokenOf(request))
    const body = parseWith(MeUpdateBodySchema, request.body ?? {})
    return sendEnvelope(noStore(reply), 200, CustomerSchema.parse(await users.updateMe(claims, body.customer, body.currentPassword, askedStoreCode(request))))
  })

  app.post('/api/user/reset-password', async (request, reply) => {
    const body = parseWith(ResetPasswordBodySchema, request.body ?? {})
    // past the address's limit: the same `true`, no mail (http/reset-mail-limit says why)
    if (await resetMailLimit.allows(request)) await users.requestPasswordReset(body.email, askedStoreCode(request), originOf(request))
    return sendEnvelope(noStore(reply), 200, true)
  })

  app.post('/api/user/create-password', async (request, reply) =>
    withErrorMessage(reply, async () => {
      const body = parseWith(CreatePasswordBodySchema, request.body ?? {})
      await users.createPassword(body.email, body.resetToken, body.newPassword)
      return true
    }),
  )

  app.get('/api/user/order-history', async (request, reply) => {
    const claims = await users.authenticate(accessTokenOf(request))
    const query = parseWith(OrderHistoryQuerySchema, request.query ?? {})
    return sendEnvelope(noStore(reply), 200, OrderHistoryResultSchema.parse(await users.orderHistory(claims, query.pageSize, query.currentPage)))
  })

  app.put('/api/ext/address-book/customer/:customerId', async (request, reply) => {
    const claims = await users.authenticate(accessTokenOf(request))
    const params = parseWith(AddressIdParamsSchema, request.params ?? {})
    const body = parseWith(AddressBookBodySchema, request.body ?? {})
    const requestKey = parseWith(IdempotencyKeySchema, request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()], IDEMPOTENCY_KEY_HEADER)
    const customer = await users.saveAddresses(claims, params.customerId, body.customer.id, body.customer.addresses, requestKey)
    return sendEnvelope(noStore(reply), 200, CustomerSchema.parse(customer))
  })

  const deleteAddress = async (request: FastifyRequest, reply: FastifyReply) => {
    const claims = await users.authenticate(accessTokenOf(request))
    const params = parseWith(AddressIdParamsSchema, request.params ?? {})
    const body = parseWith(AddressDeleteBodySchema, request.body ?? {})
    await users.deleteAddress(claims, params.addressId ?? body.addressId)
    return sendEnvelope(noStore(reply), 200, true)
  }
  app.delete('/api/ext/address-book/address/:addressId', deleteAddress)
  app.delete('/api/ext/address-book/address', deleteAddress)

  app.post('/api/user/change-password', async (request, reply) => {
    const claims = await users.authenticate(accessTokenOf(request))
    return withErrorMessage(reply, async () => {
      const body = parseWith(ChangePasswordBodySchema, request.body ?? {})
      await users.changePassword(claims, body.currentPassword, body.newPassword)
      return true
    })
  })
}
