/**
 * The limit of guest reviews per e-mail address (security), through @fastify/rate-limit's own
 * limiter (`createRateLimit`, as the password reset mail limit), on top of the per-client-address
 * write limit: each guest review mails its address a confirmation link, and without this anyone
 * could have the shop fill someone's inbox from many places, one product at a time.
 *
 * Past the limit the review is refused with a 429 (nothing stored, no mail): unlike the password
 * reset, the contract promises nothing else, and a shopper writes a few reviews at a time at most.
 * Counts live where the plugin's other limits do (limit-store.ts); a count that cannot be kept
 * refuses the review (503).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { emailKey } from '../../domain/account-rules'
import { createStrictLimit } from './limit-store'
import { TooManyRequestsError } from './security'

export const REVIEW_MAIL_LIMITS = {
  /** guest reviews per e-mail address in the window */
  reviewsPerEmail: 5,
  windowSeconds: 3600,
} as const

export function createReviewMailLimiter(app: FastifyInstance, limits: { reviewsPerEmail: number; windowSeconds: number } = REVIEW_MAIL_LIMITS) {
  const keyOf = (request: FastifyRequest): string => {
    const email = (request.body as { review?: { email?: unknown } } | undefined)?.review?.email
    return typeof email === 'string' ? emailKey(email) : ''
  }
  const perEmail = createStrictLimit(app, {
    max: limits.reviewsPerEmail,
    timeWindow: limits.windowSeconds * 1000,
    keyGenerator: (request) => `review-mail:${keyOf(request)}`,
  })
  return {
    /** Counts a guest's review against its address; TooManyRequestsError past the limit. */
    async check(request: FastifyRequest): Promise<void> {
      const result = await perEmail(request)
      if (result.isAllowed || !result.isExceeded) return
      throw new TooManyRequestsError(`Too many reviews from this e-mail address: try again in ${Math.max(1, Math.ceil(result.ttl / 60_000))} minutes`)
    },
  }
}
