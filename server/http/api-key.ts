/**
 * The import extension's key check: `Authorization: Bearer <key>`, compared in constant time (both
 * sides hashed first, so neither the key's length nor a common prefix shows in the timing). Failed
 * attempts are limited per client address with @fastify/rate-limit's own limiter, as sign-ins are
 * (login-limit.ts): someone guessing keys is stopped, a back office with the right key never is.
 * A failure count that cannot be kept (limit-store.ts) refuses the request.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { UnauthorizedError } from '../services/errors'
import { bearerTokenOf } from './access-token'
import { createStrictLimit } from './limit-store'
import { TooManyRequestsError } from './security'

export interface ApiKeyLimits {
  /** failed key checks per client address in the window (0: no limit) */
  failuresPerAddress: number
  /** the window, in seconds */
  windowSeconds: number
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest()

/**
 * A shared secret's check (`what` names it in the refusals and the limiter's keys): `given` compared
 * in constant time, failures limited per client address.
 */
export function createSecretCheck(
  app: FastifyInstance,
  secret: string,
  limits: ApiKeyLimits,
  what: { name: string; checks: string; missing: string; invalid: string },
) {
  const expected = digest(secret)
  const failures =
    limits.failuresPerAddress > 0
      ? createStrictLimit(app, { max: limits.failuresPerAddress, timeWindow: limits.windowSeconds * 1000, keyGenerator: (r) => `${what.name}:${r.ip}` })
      : null
  return {
    /** Refuses a request without the secret (401), or from an address past its failures (429). */
    async check(request: FastifyRequest, given: string | undefined): Promise<void> {
      if (failures) {
        const counted = await failures(request, { increment: false })
        if (!counted.isAllowed && counted.remaining === 0) {
          throw new TooManyRequestsError(
            `Too many failed ${what.checks} from this address. Please wait ${Math.max(1, Math.ceil(counted.ttl / 1000))} seconds and try again.`,
          )
        }
      }
      if (given !== undefined && timingSafeEqual(digest(given), expected)) return
      if (failures) await failures(request)
      throw new UnauthorizedError(given === undefined ? what.missing : what.invalid)
    },
  }
}

export function createApiKeyCheck(app: FastifyInstance, key: string, limits: ApiKeyLimits) {
  const secret = createSecretCheck(app, key, limits, {
    name: 'api-key',
    checks: 'key checks',
    missing: 'An API key is required: Authorization: Bearer <key>',
    invalid: 'The API key is not valid',
  })
  return {
    // the header alone: a key in the query string would end up in access logs
    check: (request: FastifyRequest): Promise<void> => secret.check(request, bearerTokenOf(request)),
  }
}
