/**
 * The import extension's key check: `Authorization: Bearer <key>`, compared in constant time (both
 * sides hashed first, so neither the key's length nor a common prefix shows in the timing). Failed
 * attempts are limited per client address with @fastify/rate-limit's own limiter, as sign-ins are
 * (login-limit.ts): someone guessing keys is stopped, a back office with the right key never is.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { UnauthorizedError } from '../services/errors'
import { bearerTokenOf } from './access-token'
import { TooManyRequestsError } from './security'

export interface ApiKeyLimits {
  /** failed key checks per client address in the window (0: no limit) */
  failuresPerAddress: number
  /** the window, in seconds */
  windowSeconds: number
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest()

export function createApiKeyCheck(app: FastifyInstance, key: string, limits: ApiKeyLimits) {
  const expected = digest(key)
  const failures =
    limits.failuresPerAddress > 0
      ? app.createRateLimit({ max: limits.failuresPerAddress, timeWindow: limits.windowSeconds * 1000, keyGenerator: (r) => `api-key:${r.ip}` })
      : null
  return {
    /** Refuses a request without the key (401), or from an address past its failures (429). */
    async check(request: FastifyRequest): Promise<void> {
      if (failures) {
        const counted = await failures(request, { increment: false })
        if (!counted.isAllowed && counted.remaining === 0) {
          throw new TooManyRequestsError(
            `Too many failed key checks from this address. Please wait ${Math.max(1, Math.ceil(counted.ttl / 1000))} seconds and try again.`,
          )
        }
      }
      // the header alone: a key in the query string would end up in access logs
      const given = bearerTokenOf(request)
      if (given !== undefined && timingSafeEqual(digest(given), expected)) return
      if (failures) await failures(request)
      throw new UnauthorizedError(given === undefined ? 'An API key is required: Authorization: Bearer <key>' : 'The API key is not valid')
    },
  }
}
