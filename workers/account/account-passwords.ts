/**
 * The account's passwords (spec §8 "Reset password", "Create password"): the reset mail
 * asked for, a new password set from the mailed link (then the login), and the logged-in shopper's
 * password change. All three need the server's answer now, so they are never queued: offline is
 * answered 'offline'. The server's refusals are matched on their errorMessage (USER_MESSAGES) and
 * answered as keys the page words in the shopper's language.
 */
import { USER_MESSAGES } from '../../domain/api/user.schema'
import { passwordProblem } from '../../domain/account-rules'
import type { MessageKey, Notification } from '../../domain/notifications'
import type { ApiClient } from '../../replication/api-client'
import { ApiError } from '../../replication/api-errors'
import type { AccountError, AccountResult } from '../contract/account'
import { isLoggedIn, type AccountRecord } from './account-record'

export interface AccountPasswordsHost {
  record(): AccountRecord
  api(): ApiClient
  isOnline(): boolean
  /** the access token, or null for a guest */
  token(): string | null
  /** the account module's password login (spec "Login") */
  login(email: string, password: string): Promise<AccountResult>
  /** the account module's logout with the spec's clearing (spec "Logout") */
  logout(): Promise<AccountResult>
  /** what any other failed call means to the shopper (the account module's mapping) */
  failure(error: unknown): AccountResult
  say(type: Notification['type'], key: MessageKey): Notification[]
}

/** Whether two e-mail addresses name one mailbox (the server's email_key: trimmed, lower case). */
function sameAddress(a: string | undefined, b: string): boolean {
  return a !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase()
}

export class AccountPasswords {
  constructor(private readonly host: AccountPasswordsHost) {}

  private failed(error: AccountError, text?: string): AccountResult {
    return { ok: false, error, notifications: [], ...(text ? { text } : {}) }
  }

  async resetPassword(email: string): Promise<AccountResult> {
    if (!this.host.isOnline()) return { ...this.failed('offline'), notifications: this.host.say('error', 'resetPasswordOffline') }
    try {
      await this.host.api().resetPassword(email.trim())
    } catch (error) {
      return this.host.failure(error)
    }
    return { ok: true, notifications: this.host.say('success', 'resetPasswordSent') }
  }

  /** spec §8: "Password has successfully been changed" (success, then auto login). */
  async createPassword(email: string, token: string, password: string): Promise<AccountResult> {
    const problem = passwordProblem(password)
    if (problem) return this.failed('invalid', problem)
    if (!this.host.isOnline()) return this.failed('offline')
    try {
      await this.host.api().createPassword(email.trim(), token, password)
    } catch (error) {
      return this.passwordFailure(error)
    }
    // someone else is logged in on this device (a shared tablet, the link opened there): their session
    // ends first with the spec's logout clearing, so their cart, wishlist and checkout details never
    // pass to the account logging in now (the cart would be merged into it)
    const record = this.host.record()
    if (isLoggedIn(record) && !sameAddress(record.customer?.email, email)) await this.host.logout()
    const login = await this.host.login(email, password)
    // the password is set either way: a failed login leaves the shopper at the login form
    return { ok: true, notifications: this.host.say('success', 'passwordChanged'), ...(login.ok ? {} : { error: login.error }) }
  }

  async changePassword(currentPassword: string, newPassword: string): Promise<AccountResult> {
    const email = this.host.record().customer?.email
    if (!this.host.token() || !email) return this.failed('notLoggedIn')
    const problem = passwordProblem(newPassword)
    if (problem) return this.failed('invalid', problem)
    if (!this.host.isOnline()) return this.failed('offline')
    try {
      await this.host.api().changePassword(currentPassword, newPassword)
    } catch (error) {
      return this.passwordFailure(error)
    }
    // the server ends the other logins and keeps this one: the shopper stays logged in (spec's auto login)
    return { ok: true, notifications: this.host.say('success', 'passwordChanged') }
  }

  /** The server's errorMessage (spec §8: shown as an error), as the key of its words. */
  private passwordFailure(error: unknown): AccountResult {
    if (error instanceof ApiError && error.code === 400) {
      const text = ApiError.describe(error.result)
      if (text === USER_MESSAGES.resetTokenMismatch || text === USER_MESSAGES.resetTokenExpired) return this.failed('resetTokenInvalid')
      if (text === USER_MESSAGES.currentPasswordWrong) return this.failed('currentPasswordWrong')
    }
    return this.host.failure(error)
  }
}
