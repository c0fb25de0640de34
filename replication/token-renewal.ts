/**
 * The renewal of an expired customer token (spec §4 "Token handling"): one refresh for any number of
 * calls answered 401 at once, the sync queue's tasks and the gateway's other calls alike.
 *
 * The spec's lock values are this object's states: 0 `ready`, 1 `renewing`, -1 `ended`. The spec's
 * waiting task polls the lock every second; here it awaits the renewal under way itself, so it goes
 * out the moment the new token is there, never later than the poll would have sent it.
 *
 * Fixed on purpose (contract §6.7, #5713): each expired token gets its own refresh, so a second
 * expiry refreshes again instead of logging out.
 *
 * Only a refused refresh (the server said no: `refresh` answers null) ends the session. A refresh
 * that could not be asked (offline, the server down or answering "not now", a broken answer) says
 * nothing against it: the tokens are kept, every caller waiting on that renewal gets
 * TokenRefreshUnavailableError, and the next 401 asks again (a shopper in a train is not logged out).
 */

export type LogoutReason = 'refresh-failed' | 'attempts-exhausted' | 'auto-refresh-off'

export type RenewalState = 'ready' | 'renewing' | 'ended'

/** The refresh could not be asked (its `cause`: a NetworkError, a "not now" answer, ...); nothing was refused. */
export class TokenRefreshUnavailableError extends Error {
  override readonly name = 'TokenRefreshUnavailableError'
  constructor(cause: unknown) {
    super('The token could not be refreshed now: tried again later', { cause })
  }
}

export interface TokenRenewalOptions {
  /** the token calls carry now (null: no session) */
  current: () => string | null
  /**
   * calls /api/user/refresh: the new token (stored by then), or null when the refresh token is
   * refused (401/400); throws when the refresh could not be asked (offline, the server down)
   */
  refresh: () => Promise<string | null>
  /** the customer is logged out silently (spec "Token handling") */
  logout: (reason: LogoutReason) => void
  /** after the session ended: the queue drops its token tasks */
  onEnded?: () => Promise<void>
  autoRefresh?: boolean
  /** queues.maxNetworkTaskAttempts: refreshes allowed per expired token (0: none, the session ends) */
  maxRefreshAttempts?: number
}

export class TokenRenewal {
  /** the one refresh under way, for the token it renews */
  private running: { stale: string; done: Promise<boolean> } | null = null
  private ended = false
  private readonly endedListeners: (() => Promise<void>)[] = []

  constructor(private readonly options: TokenRenewalOptions) {
    if (options.onEnded) this.endedListeners.push(options.onEnded)
  }

  /** Also run `listener` when the session ends (the worker's one renewal serves the queue and the gateway). */
  onEnded(listener: () => Promise<void>): void {
    this.endedListeners.push(listener)
  }

  get state(): RenewalState {
    if (this.ended) return 'ended'
    return this.running ? 'renewing' : 'ready'
  }

  /** Waits for a renewal under way: 'ready' (send with the current token) or 'ended' (answer 401 unsent). */
  async settled(): Promise<'ready' | 'ended'> {
    await this.running?.done.catch(() => undefined)
    return this.ended ? 'ended' : 'ready'
  }

  /**
   * A call that carried `stale` was answered 401. True when the call should be sent again (with the
   * token now current); false when the session ended. Every caller during one refresh shares it; a
   * token renewed meanwhile is not refreshed again. Throws TokenRefreshUnavailableError when the
   * refresh could not be asked.
   */
  renew(stale: string): Promise<boolean> {
    if (this.ended) return Promise.resolve(false)
    if (this.running) return this.running.done
    const current = this.options.current()
    if (current !== null && current !== stale) return Promise.resolve(true)
    const done = this.refresh().finally(() => {
      if (this.running?.done === done) this.running = null
    })
    this.running = { stale, done }
    return done
  }

  /** The customer logged in again: calls may carry a token again. */
  reset(): void {
    this.ended = false
  }

  private async refresh(): Promise<boolean> {
    const { options } = this
    if (options.autoRefresh === false) {
      options.logout('auto-refresh-off')
      return false
    }
    if ((options.maxRefreshAttempts ?? 1) < 1) {
      await this.end('attempts-exhausted')
      return false
    }
    let fresh: string | null
    try {
      fresh = await options.refresh()
    } catch (error) {
      throw new TokenRefreshUnavailableError(error)
    }
    if (fresh) return true
    await this.end('refresh-failed')
    return false
  }

  private async end(reason: 'refresh-failed' | 'attempts-exhausted'): Promise<void> {
    this.ended = true
    this.options.logout(reason)
    for (const listener of this.endedListeners) await listener()
  }
}
