/**
 * The token lock (spec §4 "Token handling"): while the user's token is being refreshed after a 401,
 * no task that carries the token is sent, and only one refresh runs. A task that meets a held lock
 * waits (polling every TOKEN_LOCK_RETRY_MS); a failed refresh leaves the lock failed, so token
 * tasks are answered 401 without being sent until the user logs in again (reset).
 *
 * One lock per worker (the account module's, shared by its sync queue and by the gateway's renewal of
 * any other call), and only the leader tab refreshes: the lock is plain state, not a cross-tab mutex;
 * the other tabs ask the leader through the local database (workers/account).
 *
 * Fixed on purpose (contract §6.7, #5713): the attempt counter resets after every successful
 * refresh, not only at login, so a second expiry refreshes again instead of logging out.
 *
 * Only a refused refresh (the server said no: `refresh` answers null) is a failed attempt. A refresh
 * that could not be asked (offline, the server down or answering "not now", a broken answer) says
 * nothing against the session: the lock goes back to free with the tokens kept, the attempt is not
 * counted, and the caller gets TokenRefreshUnavailableError, so a queued task stays stored until the
 * connection is back and the next 401 refreshes again (a shopper in a train is not logged out).
 */

export const TOKEN_LOCK_RETRY_MS = 1000

/** The spec's lock values: 0 free, 1 a refresh in progress, -1 the refresh failed. */
export const TOKEN_LOCK_FREE = 0
export const TOKEN_LOCK_HELD = 1
export const TOKEN_LOCK_FAILED = -1
export type TokenLockValue = typeof TOKEN_LOCK_FREE | typeof TOKEN_LOCK_HELD | typeof TOKEN_LOCK_FAILED

export type LogoutReason = 'refresh-failed' | 'attempts-exhausted' | 'auto-refresh-off'

/** The refresh could not be asked (its `cause`: a NetworkError, a "not now" answer, ...); nothing was refused. */
export class TokenRefreshUnavailableError extends Error {
  override readonly name = 'TokenRefreshUnavailableError'
  constructor(cause: unknown) {
    super('The token could not be refreshed now: tried again later', { cause })
  }
}

export interface TokenLockOptions {
  sleep: (ms: number) => Promise<void>
  /**
   * calls /api/user/refresh: the new token, or null when the refresh token is refused (401/400);
   * throws when the refresh could not be asked (offline, the server down)
   */
  refresh: () => Promise<string | null>
  /** the user is logged out silently (spec "Token handling") */
  logout: (reason: LogoutReason) => void
  /** after the lock failed and the user was logged out: the queue drops its token tasks */
  onFailed?: () => Promise<void>
  autoRefresh?: boolean
  /** queues.maxNetworkTaskAttempts: refreshes allowed per expiry */
  maxRefreshAttempts?: number
}

export class TokenLock {
  private lock: TokenLockValue = TOKEN_LOCK_FREE
  private attempts = 0
  private readonly failureListeners: (() => Promise<void>)[] = []

  constructor(private readonly options: TokenLockOptions) {
    if (options.onFailed) this.failureListeners.push(options.onFailed)
  }

  /** Also run `listener` when the lock fails (the worker's one lock is shared by the queue and the gateway). */
  onFailure(listener: () => Promise<void>): void {
    this.failureListeners.push(listener)
  }

  get value(): TokenLockValue {
    return this.lock
  }

  /** refreshes started since the last successful one (or the last reset) */
  get refreshAttempts(): number {
    return this.attempts
  }

  /** Waits while a refresh is in progress: 'free' (send with the current token) or 'failed' (answer 401). */
  async whenFree(): Promise<'free' | 'failed'> {
    while (this.lock === TOKEN_LOCK_HELD) await this.options.sleep(TOKEN_LOCK_RETRY_MS)
    return this.lock === TOKEN_LOCK_FREE ? 'free' : 'failed'
  }

  /** Takes the lock for a refresh; false when someone holds it or it failed. */
  tryAcquire(): boolean {
    if (this.lock !== TOKEN_LOCK_FREE) return false
    this.lock = TOKEN_LOCK_HELD
    return true
  }

  /**
   * Ends a refresh: a fresh token frees the lock and resets the attempt counter; none fails it.
   * Without a holder (free or failed) nothing changes: only the refresher releases.
   */
  release(refreshed: boolean): void {
    if (this.lock !== TOKEN_LOCK_HELD) return
    this.lock = refreshed ? TOKEN_LOCK_FREE : TOKEN_LOCK_FAILED
    if (refreshed) this.attempts = 0
  }

  /** The user logged in again (or the lock was reset by hand): tasks may carry a token again. */
  reset(): void {
    this.lock = TOKEN_LOCK_FREE
    this.attempts = 0
  }

  /**
   * A task carrying the token was answered 401: refresh it, one refresher at a time. True when the
   * task should be sent again (refreshed, or another task is refreshing: it then waits in whenFree);
   * false when the session ended. Throws TokenRefreshUnavailableError when the refresh could not be
   * asked: the lock is free again, the tokens kept, the attempt not counted.
   */
  async renewAfterExpiry(): Promise<boolean> {
    const { options } = this
    if (options.autoRefresh === false) {
      options.logout('auto-refresh-off')
      return false
    }
    if (!this.tryAcquire()) return this.lock === TOKEN_LOCK_HELD
    if (this.attempts >= (options.maxRefreshAttempts ?? 1)) {
      await this.fail('attempts-exhausted')
      return false
    }
    this.attempts += 1
    let fresh: string | null
    try {
      fresh = await options.refresh()
    } catch (error) {
      this.attempts -= 1
      this.lock = TOKEN_LOCK_FREE
      throw new TokenRefreshUnavailableError(error)
    }
    if (!fresh) {
      await this.fail('refresh-failed')
      return false
    }
    this.release(true)
    return true
  }

  private async fail(reason: 'refresh-failed' | 'attempts-exhausted'): Promise<void> {
    this.release(false)
    this.options.logout(reason)
    for (const listener of this.failureListeners) await listener()
  }
}
