/**
 * The account: login, register (create, then login), logout and the profile (a new e-mail address
 * with the password) (the passwords: account-passwords; social login: social-account; addresses:
 * address-book). The customer session and its tokens are customer-session's.
 */
import { CustomerSchema, USER_MESSAGES, type OrderHistoryItem } from '../../domain/api/user.schema'
import { emailKey, isValidEmail, nameProblem, passwordProblem } from '../../domain/account-rules'
import type { MessageKey, Notification } from '../../domain/notifications'
import type { TokenPair } from '../../replication/api-client'
import { ApiError, NetworkError } from '../../replication/api-errors'
import type { NewSyncTask, SyncTask } from '../../replication/sync-task'
import type { AccountCommand, AccountError, AccountResult, AccountView } from '../contract/account'
import type { Unsubscribe } from '../contract/views'
import type { DataApi } from '../data-api'
import { PerStore, safe, type OpenedStore, type WorkerModule, type WorkerSession } from '../worker-session'
import { AccountPasswords } from './account-passwords'
import { AddressBook } from './address-book'
import { SocialAccount } from './social-account'
import { isLoggedIn, toAccountView, toStoredCustomer, type AccountRecord } from './account-record'
import type { CustomerSession } from './customer-session'

/** The callback event of a queued profile edit (spec §7: POST /api/user/me is queued). */
const PROFILE_TASK_EVENT = 'user:profile-updated'

/** Orders loaded at login (the newest; the rest are on the server's order history). */
const HISTORY_PAGE_SIZE = 50

export interface AccountModuleDeps {
  session: WorkerSession
  /** the customer's tokens and stored record (workers/account/customer-session) */
  customer: CustomerSession
  isOnline: () => boolean
  /** spec "Login": the cart is authorised (connected and synced with the customer's token) */
  authoriseCart: () => Promise<void>
  /** spec "Logout": the cart cleared without sync, the wishlist and compare list emptied, the checkout details forgotten */
  clearShopper: () => Promise<void>
  /** spec "Login": the customer's order history kept on the device (the orders module's) */
  importOrderHistory: (items: readonly OrderHistoryItem[]) => Promise<void>
  /** the worker's task queue (stored first, sent when online by the leader, with the token renewal) */
  enqueueTask?: (task: NewSyncTask) => Promise<void>
  /** answered tasks of that queue; returns the unsubscribe */
  onTaskResult?: (listener: (task: SyncTask) => void) => () => void
}

export class AccountModule implements WorkerModule {
  private readonly opened = new PerStore<{ store: OpenedStore; stopResults?: () => void }>()
  private readonly session: CustomerSession
  private readonly addressBook: AddressBook
  private readonly social: SocialAccount
  private readonly passwords: AccountPasswords

  constructor(private readonly deps: AccountModuleDeps) {
    this.session = deps.customer
    this.addressBook = new AddressBook({
      record: () => this.record,
      write: (record) => this.write(record),
      api: () => this.store.api,
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

  /** The access token the gateway and the sync queue send, or null for a guest. */
  get token(): string | null {
    return this.session.token
  }

  private get record(): AccountRecord {
    return this.session.record
  }

  private write(record: AccountRecord): Promise<void> {
    return this.session.write(record)
  }

  private get store(): OpenedStore {
    return this.opened.get().store
  }

  open(store: OpenedStore): void {
    const stopResults = this.deps.onTaskResult?.((task) => {
      void this.profileTaskAnswered(task)
      void this.addressBook.taskAnswered(task)
    })
    this.opened.set({ store, stopResults })
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

  private async loadProfile(): Promise<void> {
    const customer = await this.store.api.me()
    if (!this.token) return
    await this.write({ ...this.record, customer: toStoredCustomer(customer) })
  }

  /** spec "Login": the orders loaded, into the local `orders` collection (my-orders offline). */
  private async loadOrderHistory(): Promise<void> {
    const history = await this.store.api.orderHistory(HISTORY_PAGE_SIZE, 1)
    if (!this.token) return
    await this.deps.importOrderHistory(history.items)
  }

  readonly api = {
    subscribeAccount: async (cb: (view: AccountView) => void): Promise<Unsubscribe> => {
      const listener = safe(cb)
      const subscription = this.session.stored().subscribe((record) => listener(toAccountView(record)))
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
    await this.session.start(pair)
    try {
      await this.loadProfile()
    } catch (error) {
      if (profileRequired) {
        await this.session.forget()
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
    await this.session.forget()
    // the cart at once, before the cart job can sync the customer's lines as a guest's
    await this.deps.clearShopper()
    if (this.deps.isOnline() && (accessToken || refreshToken)) {
      // revokes the login on the server; offline (or failing) the tokens are forgotten here all the same
      await this.store.api.logout(accessToken ?? null, refreshToken ?? null).catch((error: unknown) => console.warn('[account] logout call failed', error))
    }
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
    await this.deps.enqueueTask({ ...this.store.api.profileTask({ email, firstname, lastname }), callback_event: PROFILE_TASK_EVENT, silent: true })
    await this.write({ ...this.record, pendingProfile: { firstname, lastname } })
    return { ok: true, notifications: [] }
  }

  close(): void {
    const opened = this.opened.peek()
    this.opened.set(null)
    opened?.stopResults?.()
  }
}
