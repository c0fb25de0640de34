/**
 * The customer session: the stored `user` record (workers/account/account-record) and its tokens,
 * owned here alone. Every tab's worker reads the record from the local database, so a reload or
 * another tab keeps the shopper logged in; the gateway reads the token synchronously from here.
 *
 * Renewal (spec §4 "Token handling on a 401"): the worker's one TokenRenewal refreshes once for
 * every call answered 401 at once, the sync queue's tasks and the gateway's other calls alike. Only
 * the leader tab refreshes (two refreshes of one rotating refresh token would look like reuse to
 * the server, which then revokes the whole login); another tab writes the `token-request` record and
 * awaits the leader's new token arriving in the `user` record.
 *
 * A refused refresh logs the shopper out silently: the tokens and the profile go, the cart stays on
 * the device (nothing of the shopper's is thrown away by an expiry), and the view says the session
 * ended so the page can tell them and offer the login again.
 */
import { firstValueFrom, map, type Observable, type Subscription } from 'rxjs'
import type { TokenPair } from '../../replication/api-client'
import { ApiError } from '../../replication/api-errors'
import { TokenRefreshUnavailableError, TokenRenewal, type LogoutReason } from '../../replication/token-renewal'
import { recordValue, sessionRecordValues } from '../db/session-records'
import type { OpenedStore, WorkerModule } from '../worker-session'
import { isLoggedIn, toAccountRecord, TOKEN_REQUEST_ID, USER_RECORD_ID, type AccountRecord } from './account-record'
import { tokenChange } from './token-change'

/** How long a tab that is not the leader waits for the leader's refresh. */
export const FOLLOWER_RENEW_WAIT_MS = 15_000

export interface CustomerSessionDeps {
  store: () => OpenedStore
  isLeader: () => boolean
  now: () => number
}

export class CustomerSession implements WorkerModule {
  /** the stored record as last read or written */
  private current: AccountRecord = {}
  private subscriptions: Subscription[] = []
  readonly renewal: TokenRenewal

  constructor(private readonly deps: CustomerSessionDeps) {
    this.renewal = new TokenRenewal({
      current: () => this.token,
      refresh: () => this.refreshTokens(),
      logout: (reason) => void this.end(reason),
      maxRefreshAttempts: 1,
    })
  }

  get record(): AccountRecord {
    return this.current
  }

  /** The access token the gateway and the sync queue send, or null for a guest. */
  get token(): string | null {
    return isLoggedIn(this.current) ? (this.current.accessToken ?? null) : null
  }

  async open(store: OpenedStore): Promise<void> {
    this.current = toAccountRecord(recordValue(await store.db.session.findOne(USER_RECORD_ID).exec()))
    this.subscriptions = [
      // another tab logged in, out, or renewed the token
      this.stored(store).subscribe((record) => (this.current = record)),
      // a tab that is not the leader met an expired token: the leader renews it
      sessionRecordValues(store.db, TOKEN_REQUEST_ID).subscribe((value) => {
        const stale = (value as { stale?: string } | undefined)?.stale
        if (stale && this.deps.isLeader() && stale === this.token) void this.renew(stale).catch(() => undefined)
      }),
    ]
  }

  close(): void {
    for (const subscription of this.subscriptions) subscription.unsubscribe()
    this.subscriptions = []
    this.current = {}
  }

  /** The record as every tab's worker stores it, and each change of it. */
  stored(store: OpenedStore = this.deps.store()): Observable<AccountRecord> {
    return sessionRecordValues(store.db, USER_RECORD_ID).pipe(map(toAccountRecord))
  }

  async write(record: AccountRecord): Promise<void> {
    this.current = record
    const value = JSON.parse(JSON.stringify(record)) as Record<string, unknown>
    await this.deps.store().db.session.upsert({ id: USER_RECORD_ID, value })
  }

  /** A login (password or social): the new pair stored, calls may carry a token again. */
  async start(pair: TokenPair): Promise<void> {
    this.renewal.reset()
    await this.write({ accessToken: pair.accessToken, refreshToken: pair.refreshToken, customer: null, since: this.deps.now() })
  }

  /** A logout, or a login that could not finish: the record emptied. */
  async forget(): Promise<void> {
    await this.write({})
    this.renewal.reset()
  }

  /**
   * ApiClient's `renewToken`: a call that carried `stale` was answered 401. The fresh token, or null
   * when the session could not be renewed (the shopper is logged out by then, or another tab did not
   * answer in time). A refresh that could not be asked (offline, the server down) throws what kept
   * it from the server, so the caller meets an offline failure and the shopper stays logged in.
   */
  async renew(stale: string): Promise<string | null> {
    const current = this.token
    if (!current) return null
    if (current !== stale) return current // renewed meanwhile
    if (!this.deps.isLeader()) return this.askLeader(stale)
    try {
      return (await this.renewal.renew(stale)) ? this.token : null
    } catch (error) {
      throw error instanceof TokenRefreshUnavailableError && error.cause instanceof Error ? error.cause : error
    }
  }

  private async askLeader(stale: string): Promise<string | null> {
    const renewed = firstValueFrom(tokenChange(this.stored(), stale, FOLLOWER_RENEW_WAIT_MS))
    await this.deps.store().db.session.upsert({ id: TOKEN_REQUEST_ID, value: { stale, at: this.deps.now() } })
    return renewed
  }

  /**
   * The renewal's refresh: a new pair for the stored refresh token, kept; null when the server
   * refuses it (401/400: the session is over). Anything else (offline, a 5xx) throws: not a refusal.
   */
  private async refreshTokens(): Promise<string | null> {
    const refreshToken = this.current.refreshToken
    if (!refreshToken) return null
    let pair: TokenPair
    try {
      pair = await this.deps.store().api.refreshToken(refreshToken)
    } catch (error) {
      if (!(error instanceof ApiError && (error.code === 401 || error.code === 400))) throw error
      // refused: that session is over. If the shopper logged out (or in again) while it was being
      // asked, the refusal is about a session they ended themselves: the current one stands.
      return this.current.refreshToken === refreshToken ? null : this.token
    }
    // a logout or a new login meanwhile: its tokens stand, the old session's new pair is not kept
    if (this.current.refreshToken !== refreshToken) return this.token
    await this.write({ ...this.current, accessToken: pair.accessToken, refreshToken: pair.refreshToken })
    return pair.accessToken
  }

  /**
   * The refresh was refused: logged out silently (spec "Token handling"); the cart stays on the
   * device. Only a session still open ends "by itself": after a logout of the shopper's own there is
   * none, and the session-ended modal must not open over the login form they are using.
   */
  private async end(reason: LogoutReason): Promise<void> {
    if (!isLoggedIn(this.current)) return
    console.warn('[account] the session could not be renewed:', reason)
    await this.write({ sessionEnded: true })
  }
}
