/**
 * The login limit (issue 11), through @fastify/rate-limit's own limiters (`createRateLimit`, the
 * plugin registered in security.ts for the anonymous writes), never a counter of ours:
 * - per client address: every sign-in attempt counts (someone trying many accounts from one place);
 * - per account: failed attempts count (someone trying many passwords on one account), so a
 *   shopper who signs in now and again is never stopped by their own successes.
 * Past either, the answer is 429 with a message saying which limit and when to try again. Two
 * limiters on one route: the plugin runs only one route-config limit per request, so both are
 * called here explicitly. Counts live in the process (as the plugin's other limits do).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { emailKey } from '../../domain/account-rules'
import { TooManyRequestsError } from './security'

export interface LoginLimits {
  /** failed sign-ins per account in the window (0: no limit) */
  loginFailuresPerAccount: number
  /** sign-in attempts per client address in the window (0: no limit) */
  loginAttemptsPerAddress: number
  /** the window, in seconds */
  loginWindowSeconds: number
}

export const LOGIN_LIMIT_MESSAGES = {
  account: (seconds: number) => `Too many failed sign-in attempts for this account. Please wait ${seconds} seconds and try again.`,
  address: (seconds: number) => `Too many sign-in attempts from this address. Please wait ${seconds} seconds and try again.`,
} as const

const usernameOf = (request: FastifyRequest): string => {
  const username = (request.body as { username?: unknown } | undefined)?.username
  return typeof username === 'string' ? emailKey(username) : ''
}

export function createLoginLimiter(app: FastifyInstance, limits: LoginLimits) {
  const timeWindow = limits.loginWindowSeconds * 1000
  const perAddress =
    limits.loginAttemptsPerAddress > 0
      ? app.createRateLimit({ max: limits.loginAttemptsPerAddress, timeWindow, keyGenerator: (request) => `login-address:${request.ip}` })
      : null
  const perAccount =
    limits.loginFailuresPerAccount > 0
      ? app.createRateLimit({ max: limits.loginFailuresPerAccount, timeWindow, keyGenerator: (request) => `login-account:${usernameOf(request)}` })
      : null
  const seconds = (ttl: number) => Math.max(1, Math.ceil(ttl / 1000))

  return {
    /** Counts the attempt against its address; refuses it past either limit (the body is parsed). */
    async before(request: FastifyRequest): Promise<void> {
      if (perAddress) {
        const byAddress = await perAddress(request)
        if (!byAddress.isAllowed && byAddress.isExceeded) throw new TooManyRequestsError(LOGIN_LIMIT_MESSAGES.address(seconds(byAddress.ttl)))
      }
      if (perAccount) {
        const byAccount = await perAccount(request, { increment: false })
        if (!byAccount.isAllowed && byAccount.remaining === 0) throw new TooManyRequestsError(LOGIN_LIMIT_MESSAGES.account(seconds(byAccount.ttl)))
      }
    },
    /** Counts a refused sign-in against its account. */
    async failed(request: FastifyRequest): Promise<void> {
      if (perAccount) await perAccount(request)
    },
  }
}
export type LoginLimiter = ReturnType<typeof createLoginLimiter>
