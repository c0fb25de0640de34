/**
 * The login limit, through @fastify/rate-limit's own limiters (`createRateLimit`, the
 * plugin registered in security.ts for the anonymous writes), never a counter of ours:
 * - per client address: every sign-in attempt counts (someone trying many accounts from one place);
 * - per account and address: failed attempts count (someone trying many passwords on one account
 *   from one place), so a shopper who signs in now and again is never stopped by their own
 *   successes, and an attacker's failures lock the attacker's address out, not the owner;
 * - per account, from every address together: a much higher ceiling (ten times the former), so a
 *   spread-out guessing run still stops.
 * Past either, the answer is 429 with a message saying which limit and when to try again. Two
 * limiters on one route: the plugin runs only one route-config limit per request, so both are
 * called here explicitly. Counts live where the plugin's other limits do (limit-store.ts), and a
 * count that cannot be kept refuses the sign-in.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { emailKey } from '../../domain/account-rules'
import { createStrictLimit } from './limit-store'
import { TooManyRequestsError } from './security'

export interface LoginLimits {
  /** failed sign-ins per account from one address in the window (0: no limit) */
  loginFailuresPerAccount: number
  /** failed sign-ins per account from all addresses together (default: ten times the former; 0: no limit) */
  loginFailuresPerAccountCeiling?: number
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
      ? createStrictLimit(app, { max: limits.loginAttemptsPerAddress, timeWindow, keyGenerator: (request) => `login-address:${request.ip}` })
      : null
  const ceiling = limits.loginFailuresPerAccountCeiling ?? limits.loginFailuresPerAccount * 10
  const perAccountAddress =
    limits.loginFailuresPerAccount > 0
      ? createStrictLimit(app, {
          max: limits.loginFailuresPerAccount,
          timeWindow,
          keyGenerator: (request) => `login-account-address:${usernameOf(request)}:${request.ip}`,
        })
      : null
  const perAccount =
    ceiling > 0 ? createStrictLimit(app, { max: ceiling, timeWindow, keyGenerator: (request) => `login-account:${usernameOf(request)}` }) : null
  const seconds = (ttl: number) => Math.max(1, Math.ceil(ttl / 1000))

  return {
    /** Counts the attempt against its address; refuses it past either limit (the body is parsed). */
    async before(request: FastifyRequest): Promise<void> {
      if (perAddress) {
        const byAddress = await perAddress(request)
        if (!byAddress.isAllowed && byAddress.isExceeded) throw new TooManyRequestsError(LOGIN_LIMIT_MESSAGES.address(seconds(byAddress.ttl)))
      }
      for (const limiter of [perAccountAddress, perAccount]) {
        if (!limiter) continue
        const byAccount = await limiter(request, { increment: false })
        if (!byAccount.isAllowed && byAccount.remaining === 0) throw new TooManyRequestsError(LOGIN_LIMIT_MESSAGES.account(seconds(byAccount.ttl)))
      }
    },
    /** Counts a refused sign-in against its account, from its address and in all. */
    async failed(request: FastifyRequest): Promise<void> {
      if (perAccountAddress) await perAccountAddress(request)
      if (perAccount) await perAccount(request)
    },
  }
}
export type LoginLimiter = ReturnType<typeof createLoginLimiter>
