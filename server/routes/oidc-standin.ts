/**
 * The local OpenID Connect stand-in provider's endpoints (server/social/oidc-standin.ts), under
 * /api/oidc/{provider}: discovery, authorize (an HTML page), its user's choice (a link), token,
 * userinfo and jwks. Mounted only when a provider is not configured for real.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { SocialProviderSchema, type SocialProvider } from '../../domain/api/social-login.schema'
import { bearerTokenOf } from '../http/access-token'
import { noStore } from '../http/envelope'
import { allowedCallbackUrls } from '../social/callback-url'
import { STANDIN_BASE_PATH, StandinOAuthError, StandinRequestError, type AuthorizeQuery, type OidcStandin } from '../social/oidc-standin'
import { renderStandinError, renderStandinSignIn } from '../social/oidc-standin-page'

const ProviderParamsSchema = z.object({ provider: SocialProviderSchema })
const DecideQuerySchema = z.object({ request: z.string().min(1).max(200), user: z.string().min(1).max(100).optional(), cancel: z.string().optional() })

export interface OidcStandinRouteOptions {
  standin: OidcStandin
  /** the providers served by the stand-in (a configured real one is not) */
  providers: readonly SocialProvider[]
  /** the shop's public origin, when configured: its callback pages are allowed too */
  publicUrl: string | undefined
}

function basicAuth(header: string | undefined): { id: string; secret: string } | null {
  const match = /^Basic\s+(\S+)\s*$/i.exec(header ?? '')
  if (!match) return null
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) return null
  // RFC 6749 §2.3.1: both parts are form-urlencoded
  const part = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '))
  try {
    return { id: part(decoded.slice(0, colon)), secret: part(decoded.slice(colon + 1)) }
  } catch {
    return null
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined)

export async function oidcStandinRoutes(app: FastifyInstance, opts: OidcStandinRouteOptions): Promise<void> {
  const { standin } = opts
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))))
  })

  /** The provider of the path, when the stand-in serves it; else a 404 answer is sent. */
  const providerOf = (request: FastifyRequest): SocialProvider | null => {
    const parsed = ProviderParamsSchema.safeParse(request.params)
    return parsed.success && opts.providers.includes(parsed.data.provider) ? parsed.data.provider : null
  }
  const html = (reply: FastifyReply, code: number, body: string) => noStore(reply).code(code).type('text/html; charset=utf-8').send(body)
  const oauthError = (reply: FastifyReply, err: StandinOAuthError) => {
    if (err.status === 401) reply.header('WWW-Authenticate', err.error === 'invalid_token' ? 'Bearer error="invalid_token"' : 'Basic')
    return noStore(reply).code(err.status).send({ error: err.error, error_description: err.description })
  }
  const notFound = (reply: FastifyReply) => noStore(reply).code(404).send({ error: 'not_found' })

  app.get(`${STANDIN_BASE_PATH}/:provider/.well-known/openid-configuration`, async (request, reply) => {
    const provider = providerOf(request)
    if (!provider) return notFound(reply)
    return reply.header('Cache-Control', 'no-cache').send(standin.discovery(provider))
  })

  app.get(`${STANDIN_BASE_PATH}/:provider/jwks`, async (request, reply) => {
    if (!providerOf(request)) return notFound(reply)
    return reply.header('Cache-Control', 'no-cache').type('application/jwk-set+json').send(standin.jwks())
  })

  app.get(`${STANDIN_BASE_PATH}/:provider/authorize`, async (request, reply) => {
    const provider = providerOf(request)
    if (!provider) return html(reply, 404, renderStandinError('There is no such provider here.'))
    const query = Object.fromEntries(Object.entries((request.query ?? {}) as Record<string, unknown>).map(([k, v]) => [k, text(v)])) as AuthorizeQuery
    // the shop's callback pages on the host this page was opened on (and its French sibling)
    const origins = [`${request.protocol}://${request.host}`, ...(opts.publicUrl ? [opts.publicUrl] : [])]
    try {
      const outcome = standin.authorize(provider, query, allowedCallbackUrls(origins, provider))
      if ('redirect' in outcome) return noStore(reply).redirect(outcome.redirect, 302)
      return html(reply, 200, renderStandinSignIn(provider, outcome.requestId, standin.users(provider)))
    } catch (err) {
      if (err instanceof StandinRequestError) return html(reply, 400, renderStandinError(err.message))
      throw err
    }
  })

  app.get(`${STANDIN_BASE_PATH}/:provider/authorize/decide`, async (request, reply) => {
    const provider = providerOf(request)
    const query = DecideQuerySchema.safeParse(request.query ?? {})
    const target =
      provider && query.success ? standin.decide(provider, query.data.request, query.data.cancel ? 'cancel' : { userId: query.data.user ?? '' }) : null
    if (!target) return html(reply, 400, renderStandinError('This sign-in request is unknown or has expired (10 minutes).'))
    return noStore(reply).redirect(target, 302)
  })

  app.post(`${STANDIN_BASE_PATH}/:provider/token`, async (request, reply) => {
    const provider = providerOf(request)
    if (!provider) return notFound(reply)
    const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {}
    const form = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, text(v)]))
    try {
      return noStore(reply)
        .header('Pragma', 'no-cache')
        .send(await standin.token(provider, form, basicAuth(request.headers.authorization)))
    } catch (err) {
      if (err instanceof StandinOAuthError) return oauthError(reply, err)
      throw err
    }
  })

  const userinfo = async (request: FastifyRequest, reply: FastifyReply) => {
    const provider = providerOf(request)
    if (!provider) return notFound(reply)
    try {
      return noStore(reply).send(standin.userinfo(provider, bearerTokenOf(request)))
    } catch (err) {
      if (err instanceof StandinOAuthError) return oauthError(reply, err)
      throw err
    }
  }
  app.get(`${STANDIN_BASE_PATH}/:provider/userinfo`, userinfo)
  app.post(`${STANDIN_BASE_PATH}/:provider/userinfo`, userinfo)
}
