/**
 * The customer session (spec §4 "Login", "Logout", "Token handling on a 401"; issue 11): login,
 * register (create, then login), logout and the profile (a new e-mail address with the password) (the passwords: account-passwords; social
 * login: social-account; addresses: address-book), with the session kept in the local
 * database (workers/account/account-record) so a reload keeps the shopper logged in.
 *
 * Tokens: the access token is short-lived. A call answered 401 is renewed through the worker's one
 * token lock (replication/token-lock): one refresh for every caller at once, the sync queue's tasks
 * and the gateway's other calls alike (ApiClient `renewToken` → `renew`). Only the leader tab
 * refreshes; another tab asks it through the `token-request` record and waits for the new token to
 * arrive through the database (RxDB's multi-instance channel), polling at the spec's 1 s.
 *
 * A refused refresh logs the shopper out silently: the tokens and the profile go, the cart stays on
 * the device (nothing of the shopper's is thrown away by an expiry), and the view says the session
 * ended so the page can tell them and offer the login again.
 */
import type { Subscription } from 'rxjs'
import { CustomerSchema, USER_MESSAGES } from '../../domain/api/user.schema'
import { emailKey, isValidEmail, nameProblem, passwordProblem } from '../../domain/account-rules'
import type { MessageKey, Notification } from '../../domain/notifications'
import type { TokenPair } from '../../replication/api-client'
import { ApiError, NetworkError } from '../../replication/api-errors'
import type { NewSyncTask, SyncTask } from '../../replication/sync-task'
import { TOKEN_LOCK_RETRY_MS, TokenLock, TokenRefreshUnavailableError, type LogoutReason } from '../../replication/token-lock'
import type { AccountCommand, AccountError, AccountResult, AccountView } from '../contract/account'
import type { Unsubscribe } from '../contract/views'
import type { DataApi } from '../data-api'
import type { SessionDoc } from '../db/local-schemas'
import { CHECKOUT_STATE_ID } from '../orders/checkout-state'
import { historyToStore } from '../orders/order-history'
import type { OrderDoc } from '../orders/order-schema'
import { PerStore, safe, type OpenedStore, type WorkerModule, type WorkerSession } from '../worker-session'
import { AccountPasswords } from './account-passwords'
import { AddressBook } from './address-book'
import { SocialAccount } from './social-account'
import { isLoggedIn, toAccountRecord, toAccountView, toStoredCustomer, TOKEN_REQUEST_ID, USER_RECORD_ID, type AccountRecord } from './account-record'

/** The callback event of a queued profile edit (spec §7: POST /api/user/me is queued). */
const PROFILE_TASK_EVENT = 'user:profile-updated'

/** Orders loaded at login (the newest; the rest are on the server's order history). */
const HISTORY_PAGE_SIZE = 50

/** How long a tab that is not the leader waits for the leader's refresh (in 1 s steps). */
const FOLLOWER_RENEW_TRIES = 15

export interface AccountModuleDeps {
  session: WorkerSession
  isOnline: () => boolean
  isLeader: () => boolean
  /** spec "Login": the cart is authorised (connected and synced with the customer's token) */
  authoriseCart: () => Promise<void>
  /** spec "Logout": the cart is cleared without sync */
  clearCart: () => Promise<void>
  /** the worker's task queue (stored first, sent when online by the leader, with the token lock) */
  enqueueTask?: (task: NewSyncTask) => Promise<void>
  /** answered tasks of that queue; returns the unsubscribe */
  onTaskResult?: (listener: (task: SyncTask) => void) => () => void
  sleep?: (ms: number) => Promise<void>
}

export class AccountModule implements WorkerModule {
  private readonly opened = new PerStore<{ store: OpenedStore; subscriptions: Subscription[]; stopResults?: () => void }>()
  /** the stored record as last read or written (the gateway reads the token synchronously) */
  private record: AccountRecord = {}
  /** the worker's one token lock: the sync queue's tasks and the gateway's calls share it */
  readonly tokenLock: TokenLock
  private readonly addressBook: AddressBook
  private readonly social: SocialAccount
  private readonly passwords: AccountPasswords

  constructor(private readonly deps: AccountModuleDeps) {
    this.tokenLock = new TokenLock({
      sleep: (ms) => this.sleep(ms),
      refresh: () => this.refreshTokens(),
      logout: (reason) => void this.endSession(reason),
      maxRefreshAttempts: 1,
    })
    this.addressBook = new AddressBook({
      record: () => this.record,
      write: (record) => this.write(record),
      api: () => this.store.api,
      storeCode: () => this.store.config.storeCode,
      isOnline: () => this.deps.isOnline(),
      token: () => this.token,
      enqueueTask: deps.enqueueTask,
      newId: () => this.deps.session.newId(),
      say: (type, key) => this.say(type, key),
    })
    this.social = new SocialAccount({
      record: () => this.record,
      write: (record) => this.write(record),
      api: () => this.store.api,
      storeCode: () => this.store.config.storeCode,
      isOnline: () => this.deps.isOnline(),
      startSession: (pair, options) => this.startSession(pair, options),
      failure: (error) => this.failure(error),
      say: (type, key) => this.say(type, key),
    })
    this.passwords = new AccountPasswords({
      record: () => this.record,
      api: () => this.store.api,
      isOnline: () => this.deps.isOnline(),
      token: () => this.token,
      login: (email, password) => this.login(email, password),
      logout: () => this.logout(),
      failure: (error) => this.failure(error),
      say: (type, key) => this.say(type, key),
    })
  }

  private sleep(ms: number): Promise<void> {
    return this.deps.sleep ? this.deps.sleep(ms) : new Promise((resolve) => setTimeout(resolve, ms))
  }

  /** The access token the gateway and the sync queue send, or null for a guest. */
  get token(): string | null {
    return isLoggedIn(this.record) ? (this.record.accessToken ?? null) : null
  }

  private get store(): OpenedStore {
    return this.opened.get().store
  }

  async open(store: OpenedStore): Promise<void> {
    const doc = await store.db.session.findOne(USER_RECORD_ID).exec()
    this.record = toAccountRecord(doc?.toJSON() as SessionDoc | undefined)
    const subscriptions = [
      // another tab logged in, out, or renewed the token
      store.db.session.findOne(USER_RECORD_ID).$.subscribe((d) => {
        this.record = toAccountRecord(d?.toJSON() as SessionDoc | undefined)
      }),
      // a tab that is not the leader met an expired token: the leader renews it
      store.db.session.findOne(TOKEN_REQUEST_ID).$.subscribe((d) => {
        const stale = (d?.toJSON().value as { stale?: string } | undefined)?.stale
        if (stale && this.deps.isLeader() && stale === this.token) void this.renew(stale).catch(() => undefined)
      }),
    ]
    const stopResults = this.deps.onTaskResult?.((task) => {
      void this.profileTaskAnswered(task)
      void this.addressBook.taskAnswered(task)
    })
    this.opened.set({ store, subscriptions, stopResults })
  }

  /** A queued profile edit was answered: the server's customer is kept, the pending change dropped. */
  private async profileTaskAnswered(task: SyncTask): Promise<void> {
    if (task.callback_event !== PROFILE_TASK_EVENT || !this.token) return
    const customer = task.resultCode === 200 ? CustomerSchema.safeParse(task.result) : null
    if (customer && !customer.success) console.warn('[account] unexpected profile answer', customer.error.message)
    // refused (a name the server will not take): the stored profile stands, the change is dropped
    await this.write({ ...this.record, pendingProfile: null, ...(customer?.success ? { customer: toStoredCustomer(customer.data) } : {}) })
  }

  lead(): void {
    // the profile as the server has it now (and an expired token renewed before the shopper acts)
    if (this.token && this.deps.isOnline()) void this.loadProfile().catch(() => undefined)
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
      await this.tokenLock.renewAfterExpiry()
    } catch (error) {
      throw error instanceof TokenRefreshUnavailableError && error.cause instanceof Error ? error.cause : error
    }
    if ((await this.tokenLock.whenFree()) === 'failed') return null
    // another caller's refresh could not be asked either: the same offline failure for this one
    if (this.token === stale) throw new NetworkError('/api/user/refresh')
    return this.token
  }

  private async askLeader(stale: string): Promise<string | null> {
    await this.store.db.session.upsert({ id: TOKEN_REQUEST_ID, value: { stale, at: this.deps.session.now() } })
    for (let i = 0; i < FOLLOWER_RENEW_TRIES; i += 1) {
      await this.sleep(TOKEN_LOCK_RETRY_MS)
      if (this.token !== stale) return this.token
    }
    return null
  }

  /**
   * The lock's refresh: a new pair for the stored refresh token, kept; null when the server refuses
   * it (401/400: the session is over). Anything else (offline, a 5xx) throws: not a refusal.
   */
  private async refreshTokens(): Promise<string | null> {
    const refreshToken = this.record.refreshToken
    if (!refreshToken) return null
    let pair: TokenPair
    try {
      pair = await this.store.api.refreshToken(refreshToken)
    } catch (error) {
      if (!(error instanceof ApiError && (error.code === 401 || error.code === 400))) throw error
      // refused: that session is over. If the shopper logged out (or in again) while it was being
      // asked, the refusal is about a session they ended themselves: the current one stands.
      return this.record.refreshToken === refreshToken ? null : this.token
    }
    // a logout or a new login meanwhile: its tokens stand, the old session's new pair is not kept
    if (this.record.refreshToken !== refreshToken) return this.token
    await this.write({ ...this.record, accessToken: pair.accessToken, refreshToken: pair.refreshToken })
    return pair.accessToken
  }

  /**
   * The lock failed: logged out silently (spec "Token handling"); the cart stays on the device.
   * Only a session still open ends "by itself": after a logout of the shopper's own there is none,
   * and the session-ended modal must not open over the login form they are using.
   */
  private async endSession(reason: LogoutReason): Promise<void> {
    if (!isLoggedIn(this.record)) return
    console.warn('[account] the session could not be renewed:', reason)
    await this.write({ sessionEnded: true })
  }

  private async write(record: AccountRecord): Promise<void> {
    this.record = record
    const value = JSON.parse(JSON.stringify(record)) as Record<string, unknown>
    await this.store.db.session.upsert({ id: USER_RECORD_ID, value })
  }

  private async loadProfile(): Promise<void> {
    const customer = await this.store.api.me()
    if (!this.token) return
    await this.write({ ...this.record, customer: toStoredCustomer(customer) })
  }

  /** spec "Login": the orders loaded, into the local `orders` collection (my-orders offline). */
  private async loadOrderHistory(): Promise<void> {
    const { db, api, config } = this.store
    const history = await api.orderHistory(HISTORY_PAGE_SIZE, 1)
    if (!this.token) return
    const held = (await db.orders.find().exec()).map((d) => d.toJSON() as OrderDoc)
    const docs = historyToStore(history.items, held, config.storeCode)
    if (docs.length > 0) await db.orders.bulkUpsert(docs)
  }

  readonly api = {
    subscribeAccount: async (cb: (view: AccountView) => void): Promise<Unsubscribe> => {
      const listener = safe(cb)
      const subscription = this.store.db.session
        .findOne(USER_RECORD_ID)
        .$.subscribe((doc) => listener(toAccountView(toAccountRecord(doc?.toJSON() as SessionDoc | undefined))))
      return async () => subscription.unsubscribe()
    },
    applyAccountCommand: (command: AccountCommand): Promise<AccountResult> => this.run(command),
  } satisfies Partial<DataApi>

  private async run(command: AccountCommand): Promise<AccountResult> {
    switch (command.type) {
      case 'login':
        return this.login(command.email, command.password)
      case 'register':
        return this.register(command)
      case 'logout':
        return this.logout()
      case 'updateProfile':
        return this.updateProfile(command)
      case 'resetPassword':
        return this.passwords.resetPassword(command.email)
      case 'saveAddress':
        return this.addressBook.save(command)
      case 'deleteAddress':
        return this.addressBook.remove(command.key)
      case 'createPassword':
        return this.passwords.createPassword(command.email, command.token, command.password)
      case 'changePassword':
        return this.passwords.changePassword(command.currentPassword, command.newPassword)
      case 'socialLogin':
        return this.social.login(command.answer)
      case 'linkSocial':
        return this.social.link(command.answer)
      case 'loadSocialLinks':
        return this.social.load()
      case 'unlinkSocial':
        return this.social.unlink(command.linkId)
      case 'dismissAddressNotices':
        return this.addressBook.dismissNotices(command.ids)
      case 'dismissSessionEnded':
        if (this.record.sessionEnded) await this.write({ ...this.record, sessionEnded: false })
        return { ok: true, notifications: [] }
    }
  }

  private say(type: Notification['type'], key: MessageKey): Notification[] {
    return [{ id: this.deps.session.newId(), type, key }]
  }

  private failed(error: AccountError, text?: string): AccountResult {
    return { ok: false, error, notifications: [], ...(text ? { text } : {}) }
  }

  /** What a failed call means to the shopper. */
  private failure(error: unknown): AccountResult {
    if (error instanceof NetworkError) return this.failed('offline')
    if (!(error instanceof ApiError)) {
      console.error('[account] call failed', error)
      return this.failed('serverError')
    }
    if (error.code === 429) return this.failed('tooManyAttempts')
    if (error.code === 401) return this.failed(this.token ? 'signInIncorrect' : 'notLoggedIn')
    if (error.code === 400) {
      const text = ApiError.describe(error.result)
      return text === USER_MESSAGES.emailTaken ? this.failed('emailTaken') : this.failed('invalid', text)
    }
    return this.failed('serverError')
  }

  /** spec "Login": on 200 the token is stored, the session authorised, the profile loaded; on failure the user is cleared. */
  private async login(email: string, password: string): Promise<AccountResult> {
    if (!this.deps.isOnline()) return this.failed('offline')
    let pair: TokenPair
    try {
      pair = await this.store.api.login(email.trim(), password)
    } catch (error) {
      if (!isLoggedIn(this.record)) await this.write({})
      if (error instanceof ApiError && error.code === 401) return this.failed('signInIncorrect')
      return this.failure(error)
    }
    await this.startSession(pair, { profileRequired: false })
    return { ok: true, notifications: [] }
  }

  /**
   * spec "Login" once a token pair is there (the password login and the social login): stored, the
   * profile and the orders loaded, the cart authorised. With `profileRequired` (social login, spec
   * §8: "a failure after a token is received clears the current user") a profile that cannot be
   * read logs out again and is thrown.
   */
  private async startSession(pair: TokenPair, { profileRequired }: { profileRequired: boolean }): Promise<void> {
    this.tokenLock.reset()
    await this.write({ accessToken: pair.accessToken, refreshToken: pair.refreshToken, customer: null, since: this.deps.session.now() })
    try {
      await this.loadProfile()
    } catch (error) {
      if (profileRequired) {
        await this.write({})
        this.tokenLock.reset()
        throw error
      }
      console.warn('[account] profile not loaded', error)
    }
    await this.loadOrderHistory().catch((error: unknown) => console.warn('[account] order history not loaded', error))
    await this.deps.authoriseCart().catch((error: unknown) => console.warn('[account] cart not authorised', error))
  }

  private async register(command: Extract<AccountCommand, { type: 'register' }>): Promise<AccountResult> {
    const { firstname, lastname, email, password } = command
    // the page checks the fields first; this keeps a bad command from reaching the server
    const problem = nameProblem(firstname) ?? nameProblem(lastname) ?? passwordProblem(password) ?? (isValidEmail(email.trim()) ? null : 'email')
    if (problem) return this.failed('invalid', problem)
    if (!this.deps.isOnline()) return this.failed('offline')
    try {
      await this.store.api.createUser({ customer: { email: email.trim(), firstname: firstname.trim(), lastname: lastname.trim() }, password })
    } catch (error) {
      return this.failure(error)
    }
    return this.login(email, password)
  }

  /** spec "Logout": end the session, clear user, wishlist, compare, checkout details, the cart without sync; confirm. */
  private async logout(): Promise<AccountResult> {
    const { accessToken, refreshToken } = this.record
    // forgotten here first: a call still out that meets an expired token finds no session to renew,
    // instead of asking a refresh with the refresh token the server is about to revoke
    await this.write({})
    this.tokenLock.reset()
    if (this.deps.isOnline() && (accessToken || refreshToken)) {
      // revokes the login on the server; offline (or failing) the tokens are forgotten here all the same
      await this.store.api.logout(accessToken ?? null, refreshToken ?? null).catch((error: unknown) => console.warn('[account] logout call failed', error))
    }
    const { db } = this.store
    await db.wishlist.find().remove()
    await db.compare.find().remove()
    await db.session.findOne(CHECKOUT_STATE_ID).remove()
    await this.deps.clearCart()
    return { ok: true, notifications: this.say('success', 'loggedOut') }
  }

  /**
   * The name, and the e-mail address with the current password. A name alone is queued offline; a
   * new address is sent online only (a password never waits in the queue) and the server checks
   * the password before it changes anything.
   */
  private async updateProfile(command: Extract<AccountCommand, { type: 'updateProfile' }>): Promise<AccountResult> {
    const customer = this.record.customer
    if (!this.token || !customer) return this.failed('notLoggedIn')
    const { firstname, lastname } = command
    const problem = nameProblem(firstname) ?? nameProblem(lastname)
    if (problem) return this.failed('invalid', problem)
    const email = command.email?.trim() ?? customer.email
    const emailChanges = emailKey(email) !== emailKey(customer.email)
    if (emailChanges) {
      if (!isValidEmail(email)) return this.failed('invalid', 'email')
      if (!command.currentPassword) return this.failed('currentPasswordMissing')
      if (!this.deps.isOnline()) return this.failed('offline')
    } else if (!this.deps.isOnline()) return this.queueProfile(customer.email, firstname.trim(), lastname.trim())
    try {
      const saved = await this.store.api.updateMe(
        { email: emailChanges ? email : customer.email, firstname: firstname.trim(), lastname: lastname.trim() },
        emailChanges ? command.currentPassword : undefined,
      )
      if (!this.token) return this.failed('notLoggedIn')
      await this.write({ ...this.record, customer: toStoredCustomer(saved) })
    } catch (error) {
      if (error instanceof ApiError && error.code === 400) {
        const text = ApiError.describe(error.result)
        if (text === USER_MESSAGES.currentPasswordWrong) return this.failed('currentPasswordWrong')
        if (text === USER_MESSAGES.emailChangeNeedsPassword) return this.failed('currentPasswordMissing')
      }
      return this.failure(error)
    }
    return { ok: true, notifications: this.say('success', 'accountUpdated') }
  }

  /** Offline: the change is shown at once (pending) and sent as a sync task when back online. */
  private async queueProfile(email: string, firstname: string, lastname: string): Promise<AccountResult> {
    if (!this.deps.enqueueTask) return this.failed('offline')
    const storeCode = this.store.config.storeCode
    await this.deps.enqueueTask({
      url: `/api/user/me?token={{token}}&storeCode=${storeCode}`,
      payload: { method: 'POST', headers: {}, body: JSON.stringify({ customer: { email, firstname, lastname } }) },
      callback_event: PROFILE_TASK_EVENT,
      silent: true,
    })
    await this.write({ ...this.record, pendingProfile: { firstname, lastname } })
    return { ok: true, notifications: [] }
  }

  close(): void {
    const opened = this.opened.peek()
    this.opened.set(null)
    this.record = {}
    for (const subscription of opened?.subscriptions ?? []) subscription.unsubscribe()
    opened?.stopResults?.()
  }
}
