/**
 * The shop's edge: security headers on every answer (helmet), per-address limits
 * on anonymous writes (@fastify/rate-limit, the plugin the login limit uses too: login-limit.ts), and no NUL
 * character in any request value (PostgreSQL refuses them, in its own words). One table says which
 * routes are limited, so the route files stay thin.
 */
import helmet from 'helmet'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify'
import { NEWSLETTER_SUBSCRIBE_PATHS } from '../../domain/api/newsletter.schema'
import { RETURN_CREATE_PATH, RETURNABLE_PATH } from '../../domain/api/return.schema'
import { STOCK_SUBSCRIPTION_PATH } from '../../domain/api/stock-alert.schema'
import { DEFAULT_LIMITS, type HttpLimits } from '../config'
import { createStrictLimit, LIMIT_KEY_PREFIX, openLimitStore } from './limit-store'
import { RequestValidationError } from './validation'

export interface SecurityOptions {
  limits: Pick<HttpLimits, 'cartCreatesPerMinute' | 'writesPerMinute' | 'codesPerMinute' | 'ordersPerMinute' | 'catalogSearchesPerMinute'>
  /** origins the app may call besides its own (CSP connect-src) */
  cspConnectSrc: readonly string[]
  /** another back end the app was built against: the app calls it and shows its pictures */
  apiOrigin?: string | undefined
  /** a tag manager container is configured (GTM_ID): its script and what its GA4 tags send are allowed */
  tagManager?: boolean
  /** a request the anonymous-write limits do not count, codes tried aside (a shop's own tablet: kiosk-pass.ts) */
  uncounted?: (request: FastifyRequest) => Promise<boolean>
  /** every limit counts in this Redis, shared by the shop's processes (limit-store.ts); none: in this process */
  redisUrl?: string | undefined
}

/**
 * Google Tag Manager's container script and the GA4 tags it runs (Google's CSP guide for Tag Manager):
 * the scripts from googletagmanager.com, their hits to google-analytics.com, and the pixels both may
 * send. Allowed only with a configured container: without one the app loads nothing from them.
 */
export const TAG_MANAGER_CSP = {
  script: ['https://www.googletagmanager.com'],
  connect: ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'],
  img: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
} as const

const RECOMMENDATION_SIGNALS = /^\/api\/ext\/recommendations\/log\//
const PAYMENT_CALLS = new Set(['/api/ext/payment/post-payment', '/api/ext/payment/get-payment-status'])
// anonymous account writes (each hashes a password, sends a mail or checks a link's token); sign-in has its own limits (login-limit.ts)
const ACCOUNT_CALLS = new Set([
  '/api/user/create',
  '/api/user/reset-password',
  '/api/user/create-password',
  '/api/ext/newsletter/confirm',
  '/api/ext/newsletter/unsubscribe',
  // a back-in-stock subscription: a row and, later, a mail to the address given
  STOCK_SUBSCRIPTION_PATH,
  // a review (a guest's mails a confirmation) and its link's confirmation
  '/api/review/create',
  '/api/review/confirm',
  // a return (mails its shopper) and what an order may return: each checks a guest order's key
  RETURNABLE_PATH,
  RETURN_CREATE_PATH,
])
// the newsletter's subscribe (mails a confirmation) and unsubscribe (may mail the unsubscribe link),
// at Polder's address and VSF1's; and the data protection calls (each checks a password)
const NEWSLETTER_SUBSCRIBE = new Set<string>(NEWSLETTER_SUBSCRIBE_PATHS)
const GIFT_CARD_CODE_CALLS = /^\/api\/ext\/giftcard\/(check|activate)(\/:code)?$/
const PRIVACY_CALLS = /^\/api\/ext\/data-protection\//
// social login: each redirect and sign-in calls the provider (and may make an account)
const SOCIAL_LOGIN_CALLS = /^\/api\/ext\/social-login\/(redirect\/:provider|login|link-account)$/
const CATALOG_SEARCH = '/api/catalog/:index/:type/_search'

export type RateLimitGroup = 'cart-create' | 'cart-write' | 'signal' | 'vat-check' | 'payment' | 'account' | 'code' | 'order' | 'catalog'

const isGetOrPost = (method: string) => method === 'GET' || method === 'POST'

/** A code tried: a coupon applied, a gift card checked or activated (guessing runs go here). */
function triesCode(method: string, url: string): boolean {
  return (method === 'POST' && url === '/api/cart/apply-coupon') || (GIFT_CARD_CODE_CALLS.test(url) && isGetOrPost(method))
}

/**
 * A call that may reach the payment provider; its notification is not limited (the provider's
 * servers call it).
 */
function callsPaymentProvider(method: string, url: string): boolean {
  return method === 'POST' && (PAYMENT_CALLS.has(url) || url === '/payment-sandbox/:id')
}

/** An anonymous account write: an account call, the newsletter's subscribe and unsubscribe, data protection, social login. */
function writesAccount(method: string, url: string): boolean {
  if (method === 'POST' && (ACCOUNT_CALLS.has(url) || PRIVACY_CALLS.test(url))) return true
  if ((method === 'POST' || method === 'DELETE') && NEWSLETTER_SUBSCRIBE.has(url)) return true
  return isGetOrPost(method) && SOCIAL_LOGIN_CALLS.test(url)
}

/**
 * Which limit a route falls under: anonymous writes, the VAT number check, which may call the EU
 * VIES service (VIES blocks addresses that ask too often), and catalogue searches (a search may
 * cost the database far more than any other read). Other reads are cheap and cached.
 */
export function rateLimitGroup(method: string, url: string): RateLimitGroup | null {
  if (method === 'POST' && url === '/api/cart/create') return 'cart-create'
  // counted across GET and POST: each route's own limit would give a looping client twice the share
  if (isGetOrPost(method) && url === CATALOG_SEARCH) return 'catalog'
  if (method === 'POST' && url === '/api/order') return 'order'
  if (triesCode(method, url)) return 'code'
  if (method === 'POST' && (url === '/api/cart/update' || url === '/api/cart/delete')) return 'cart-write'
  if (RECOMMENDATION_SIGNALS.test(url)) return 'signal'
  if (method === 'GET' && url === '/api/ext/vat-check/check') return 'vat-check'
  if (callsPaymentProvider(method, url)) return 'payment'
  if (writesAccount(method, url)) return 'account'
  return null
}

export class TooManyRequestsError extends Error {
  override name = 'TooManyRequestsError'
  readonly statusCode = 429
}

/** Permissions the shop never uses; payment stays for the checkout's Payment Request. */
const PERMISSIONS_POLICY = 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(self), usb=()'

export async function registerSecurity(app: FastifyInstance, opts: SecurityOptions): Promise<void> {
  const api = opts.apiOrigin ? [opts.apiOrigin] : []
  const tags = opts.tagManager ? TAG_MANAGER_CSP : { script: [], connect: [], img: [] }
  // helmet itself, its middleware made once: @fastify/helmet made it again for every request
  // (parsing the CSP directives each time, 4 % of the main thread under the category-query load)
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      // the built app has no inline script or style element; React sets style properties through
      // the CSSOM, which style-src does not govern. No upgrade-insecure-requests: in-store tablets
      // reach the shop over plain HTTP on the shop's own network.
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...tags.script],
        'worker-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:', ...api, ...tags.img],
        'font-src': ["'self'"],
        'connect-src': ["'self'", ...api, ...opts.cspConnectSrc, ...tags.connect],
        'manifest-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
    // the app is never framed (frame-ancestors 'none'); old browsers read X-Frame-Options
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // the API and the pictures are open to other origins (contract §1.2: CORS *); the app's own files are not
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  })
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined)))

  app.addHook('onRequest', async (request, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY)
    const path = request.url
    if (path === '/api' || path.startsWith('/api/') || path.startsWith('/api?') || path.startsWith('/img/')) {
      reply.header('Cross-Origin-Resource-Policy', 'cross-origin')
    }
  })

  // @fastify/rate-limit reads each route's config.rateLimit in its own onRoute hook: this hook,
  // added first, fills it from the table above
  const uncounted = opts.uncounted
  const perMinute: Record<RateLimitGroup, number> = {
    'cart-create': opts.limits.cartCreatesPerMinute,
    // orders hold stock until they are paid or their hold ends: one address cannot take it all
    order: opts.limits.ordersPerMinute ?? DEFAULT_LIMITS.ordersPerMinute,
    'cart-write': opts.limits.writesPerMinute,
    signal: opts.limits.writesPerMinute,
    'vat-check': opts.limits.writesPerMinute,
    payment: opts.limits.writesPerMinute,
    account: opts.limits.writesPerMinute,
    // counted across its routes below: a route's own limit has a store of its own, so a guessing run
    // spread over check, activate and apply-coupon would get each route's share
    code: 0,
    catalog: 0,
  }
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    const group = methods.map((m) => rateLimitGroup(m, route.url)).find((g) => g !== null)
    if (!group || perMinute[group] === 0) return
    route.config = {
      ...(route.config as object),
      rateLimit: { max: perMinute[group], timeWindow: 60_000, groupId: group, ...(uncounted ? { allowList: uncounted } : {}) },
    }
  })
  // closed with the app (after the requests it counted)
  const limitStore = opts.redisUrl ? await openLimitStore(opts.redisUrl, app.log) : undefined
  if (limitStore) app.addHook('onClose', async () => void (await limitStore.quit().catch(() => limitStore.disconnect())))
  await app.register(rateLimit, {
    global: false,
    // the store of every limiter, the routes' and createRateLimit's alike; a store error lets the
    // request through unless the limiter says otherwise (limit-store.ts: createStrictLimit)
    ...(limitStore ? { redis: limitStore, nameSpace: LIMIT_KEY_PREFIX } : {}),
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new TooManyRequestsError(`Too many requests: try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds`),
  })
  // the groups counted across their routes, each with one store per address; codes are secrets
  // (a gift card's is its money): never tried uncounted
  const sharedLimits = [
    { group: 'code', max: opts.limits.codesPerMinute ?? DEFAULT_LIMITS.codesPerMinute, strict: true },
    { group: 'catalog', max: opts.limits.catalogSearchesPerMinute ?? DEFAULT_LIMITS.catalogSearchesPerMinute, strict: false },
  ] as const
  for (const { group, max, strict } of sharedLimits) {
    if (max <= 0) continue
    const options = { max, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => `${group}:${request.ip}` }
    const limit = strict ? createStrictLimit(app, options) : app.createRateLimit(options)
    app.addHook('onRequest', async (request, reply) => {
      if (rateLimitGroup(request.method, request.routeOptions.url ?? '') !== group) return
      if (!strict && uncounted && (await uncounted(request))) return
      const counted = await limit(request)
      if (counted.isAllowed || !counted.isExceeded) return
      const seconds = Math.max(1, Math.ceil(counted.ttl / 1000))
      reply.header('retry-after', String(seconds))
      throw new TooManyRequestsError(`Too many requests: try again in ${seconds} seconds`)
    })
  }

  app.addHook('preHandler', async (request) => {
    const field = nulField(request)
    if (field) throw new RequestValidationError(`${field}: must not contain a NUL character`)
  })
}

/** The first query, path or body value holding U+0000, named like the validation messages name fields. */
function nulField(request: FastifyRequest): string | null {
  return findNul(request.params, '') ?? findNul(request.query, '') ?? findNul(request.body, '')
}

function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '(body)' : null
  if (value === null || typeof value !== 'object' || depth > 64) return null
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value)
  for (const [key, child] of entries) {
    const childPath = path ? `${path}.${key}` : key
    if (key.includes('\u0000')) return childPath.replaceAll('\u0000', '\\0')
    const found = findNul(child, childPath, depth + 1)
    if (found) return found
  }
  return null
}
