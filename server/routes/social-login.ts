/**
 * /api/ext/social-login/* (the calls and shapes in domain/api/social-login.schema.ts). The redirect
 * keeps the sign-in's flow in a sealed, HttpOnly, SameSite=Lax cookie on this path for 10 minutes;
 * login and link-account read it and clear it whatever the outcome (the provider's code is good for
 * one try anyway). Refusals answer `{errorMessage}` with a SOCIAL_LOGIN_MESSAGES text. Answers are
 * never cached.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  SOCIAL_LOGIN_BASE,
  SocialLinkAccountBodySchema,
  SocialLinkSchema,
  SocialLinksBodySchema,
  SocialLinksResultSchema,
  SocialLoginBodySchema,
  SocialLoginErrorResultSchema,
  SocialProviderSchema,
  SocialRedirectQuerySchema,
  SocialUnlinkBodySchema,
} from '../../domain/api/social-login.schema'
import { LoginEnvelopeSchema } from '../../domain/api/user.schema'
import { accessTokenOf } from '../http/access-token'
import { FAILURE_STATUS, noStore, sendEnvelope } from '../http/envelope'
import { linkOrigin } from '../http/link-origin'
import { publicOriginFor } from '../http/public-origin'
import { parseWith } from '../http/validation'
import { ServiceError } from '../services/errors'
import type { SocialLoginService } from '../services/social-login-service'
import type { UserService } from '../services/user-service'
import { FLOW_COOKIE, FLOW_TTL_SECONDS } from '../social/flow-cookie'

const ProviderParamsSchema = z.object({ provider: SocialProviderSchema })

export interface SocialLoginRouteOptions {
  social: SocialLoginService
  users: UserService
  /** the shop's public origin; undefined: the request's own */
  publicUrl: string | undefined
}

/** The flow cookie's value, if the request has one. */
function flowCookieOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === FLOW_COOKIE) return part.slice(eq + 1).trim() || undefined
  }
  return undefined
}

function flowCookie(request: FastifyRequest, value: string, maxAge: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : ''
  return `${FLOW_COOKIE}=${value}; Path=${SOCIAL_LOGIN_BASE}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`
}

/** A service refusal as `{code, result: {errorMessage}}`; anything else goes to the app's error handler. */
async function answer(reply: FastifyReply, run: () => Promise<FastifyReply>): Promise<FastifyReply> {
  noStore(reply)
  try {
    return await run()
  } catch (err) {
    if (err instanceof ServiceError) return sendEnvelope(reply, FAILURE_STATUS[err.kind], SocialLoginErrorResultSchema.parse({ errorMessage: err.message }))
    throw err
  }
}

export async function socialLoginRoutes(app: FastifyInstance, opts: SocialLoginRouteOptions): Promise<void> {
  const { social, users } = opts
  /**
   * The origin the shopper's browser is on, for the provider's redirect_uri (the callback page must be
   * on the opener's origin, and the provider only accepts the shop's own): the configured public one
   * (its French sibling on the French host), else the request's. Mail links use linkOrigin instead.
   */
  const originOf = (request: FastifyRequest) => (opts.publicUrl ? publicOriginFor(request.host, opts.publicUrl) : `${request.protocol}://${request.host}`)
  const clearFlow = (request: FastifyRequest, reply: FastifyReply) => reply.header('Set-Cookie', flowCookie(request, '', 0))

  app.get(`${SOCIAL_LOGIN_BASE}/redirect/:provider`, async (request, reply) =>
    answer(reply, async () => {
      const { provider } = parseWith(ProviderParamsSchema, request.params ?? {})
      const query = parseWith(SocialRedirectQuerySchema, request.query ?? {})
      const { location, flow } = await social.redirect(provider, query.storeCode, query.mode, originOf(request))
      return reply.header('Set-Cookie', flowCookie(request, flow, FLOW_TTL_SECONDS)).redirect(location, 302)
    }),
  )

  app.post(`${SOCIAL_LOGIN_BASE}/login`, async (request, reply) =>
    answer(clearFlow(request, reply), async () => {
      const body = parseWith(SocialLoginBodySchema, request.body ?? {})
      // a new account's welcome mail: its link never to a host the requester made up (http/link-origin)
      const pair = await social.login(body, flowCookieOf(request), linkOrigin(request, opts.publicUrl))
      const envelope = LoginEnvelopeSchema.parse({ code: 200, result: pair.accessToken, meta: { refreshToken: pair.refreshToken } })
      return reply.code(200).type('application/json; charset=utf-8').send(envelope)
    }),
  )

  app.post(`${SOCIAL_LOGIN_BASE}/link-account`, async (request, reply) =>
    answer(clearFlow(request, reply), async () => {
      const claims = await users.authenticate(accessTokenOf(request))
      const body = parseWith(SocialLinkAccountBodySchema, request.body ?? {})
      return sendEnvelope(reply, 200, SocialLinkSchema.parse(await social.linkAccount(claims, body, flowCookieOf(request))))
    }),
  )

  app.post(`${SOCIAL_LOGIN_BASE}/links`, async (request, reply) =>
    answer(reply, async () => {
      // the contract's body {token}; a bearer header or ?token= does as well
      const body = (request.body ?? {}) as Record<string, unknown>
      const token = body.token === undefined ? accessTokenOf(request) : parseWith(SocialLinksBodySchema, body).token
      const claims = await users.authenticate(token)
      return sendEnvelope(reply, 200, SocialLinksResultSchema.parse(await social.links(claims)))
    }),
  )

  app.post(`${SOCIAL_LOGIN_BASE}/unlink`, async (request, reply) =>
    answer(reply, async () => {
      const claims = await users.authenticate(accessTokenOf(request))
      const body = parseWith(SocialUnlinkBodySchema, request.body ?? {})
      await social.unlink(claims, body.link_id)
      return sendEnvelope(reply, 200, true)
    }),
  )
}
