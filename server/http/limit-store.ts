/**
 * Where the request limits count (@fastify/rate-limit's store): in this process's memory, or in
 * Redis (REDIS_URL) when several processes serve one shop, so that a limit reached through one
 * process holds on every other. The plugin keeps one store for all its limiters, the routes' and
 * those made with `createRateLimit` (sign-in, secret checks, mail limits), so naming Redis once,
 * at the plugin's registration (security.ts), shares them all.
 *
 * Redis unreachable at runtime: each limiter was built for one of two answers.
 * - Limits that guard the shop's capacity (cart writes, orders, searches, signals, account writes)
 *   let the request through: a shop keeps selling while its counter is away, and a flood in those
 *   minutes costs load, not money or accounts.
 * - Limits that stand between a guesser and a secret, or a stranger's inbox (sign-in, the import
 *   key and kiosk PIN, coupon and gift card codes, reset and review mails) refuse the request with
 *   503 and Retry-After (`createStrictLimit`): without its count the shop cannot tell the hundredth
 *   guess from the first. Shoppers still browse, fill carts and order as guests meanwhile.
 * The client fails fast rather than queueing: a command waits for no reconnection, so a request is
 * never held up by Redis being away.
 */
import { Redis } from 'ioredis'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { CreateRateLimitOptions } from '@fastify/rate-limit'

/** Keys of this shop's counters begin with it (a Redis may serve more than the shop). */
export const LIMIT_KEY_PREFIX = 'polder-limits:'

/** How long a start waits for Redis before it serves anyway (the client keeps connecting). */
const FIRST_CONNECT_WAIT_MS = 5_000

export class LimitStoreUnavailableError extends Error {
  override name = 'LimitStoreUnavailableError'
  readonly statusCode = 503
}

/**
 * A client for the limits, connected (or, past a short wait, still connecting: a start is not
 * refused because Redis restarts at the same moment). Its errors are logged once per outage.
 */
export async function openLimitStore(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    connectionName: 'polder-limits',
    connectTimeout: 1_000,
    commandTimeout: 1_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  })
  let down = false
  redis.on('error', (err: Error) => {
    if (down) return
    down = true
    log.warn({ err }, 'the limit store (REDIS_URL) is unreachable: capacity limits let requests through, sign-in and secret checks answer 503')
  })
  redis.on('ready', () => {
    if (!down) return
    down = false
    log.warn('the limit store (REDIS_URL) is reachable again')
  })
  await new Promise<void>((resolve) => {
    const wait = setTimeout(resolve, FIRST_CONNECT_WAIT_MS)
    redis.once('ready', () => {
      clearTimeout(wait)
      resolve()
    })
  })
  return redis
}

export type Limit = ReturnType<FastifyInstance['createRateLimit']>

/**
 * A limiter that refuses (LimitStoreUnavailableError, answered 503) when its count cannot be read
 * or written, instead of letting the request through: for the limits that guard a secret or a
 * third party (above). With counts in memory it never fails.
 */
export function createStrictLimit(app: FastifyInstance, options: CreateRateLimitOptions): Limit {
  const limit = app.createRateLimit({ ...options, skipOnError: false })
  return async (request, callOptions) => {
    try {
      return await limit(request, callOptions)
    } catch (err) {
      request.log.warn({ err }, 'a strict request limit could not count: refused')
      throw new LimitStoreUnavailableError('The request limit store is unreachable', { cause: err })
    }
  }
}
