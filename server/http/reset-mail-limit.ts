/**
 * The password reset mail limit per e-mail address (security), through @fastify/rate-limit's
 * own limiter (`createRateLimit`, as the login limit), on top of the per-client-address write limit:
 * without it, anyone could have the shop mail someone's inbox full of reset mails from many places.
 *
 * Every request counts against its address (emailKey), whether the address has an account or not,
 * and past the limit no mail is sent but the answer stays the contract's `true`. A 429 would tell a
 * requester nothing about the account only if every address were counted alike, yet it would still
 * be a different answer to reason about, and the contract (vsf-api-contract: reset-password → `true`)
 * has no refusal; the shopper who asked five times in an hour has their link in the first mail.
 * Counts live where the plugin's other limits do (limit-store.ts); a count that cannot be kept
 * refuses the request (503): the shopper asks again in a moment, a stranger's inbox is never flooded.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { emailKey } from '../../domain/account-rules'
import { createStrictLimit } from './limit-store'

export interface ResetMailLimits {
  /** password reset mails per e-mail address in the window (0: no limit) */
  resetMailsPerEmail: number
  /** the window, in seconds */
  resetMailWindowSeconds: number
}

const emailOf = (request: FastifyRequest): string => {
  const email = (request.body as { email?: unknown } | undefined)?.email
  return typeof email === 'string' ? emailKey(email) : ''
}

export function createResetMailLimiter(app: FastifyInstance, limits: ResetMailLimits) {
  const perEmail =
    limits.resetMailsPerEmail > 0
      ? createStrictLimit(app, {
          max: limits.resetMailsPerEmail,
          timeWindow: limits.resetMailWindowSeconds * 1000,
          keyGenerator: (request) => `reset-mail:${emailOf(request)}`,
        })
      : null
  return {
    /** Counts the request against its e-mail address (the body is parsed); false past the limit: send nothing. */
    async allows(request: FastifyRequest): Promise<boolean> {
      if (!perEmail) return true
      const result = await perEmail(request)
      // isAllowed: on the plugin's allow-list (none here), never counted
      return result.isAllowed || !result.isExceeded
    },
  }
}
