/**
 * Social login and the customer's social links (spec §3 "Social link", §7 "Social login", §8;
 * be-nl-domain §6). The page runs the provider round in a pop-up and hands the worker the
 * callback page's answer as it came (checked here against SocialAuthMessageSchema: the page has no
 * zod); everything after that is here. The server's refusals are matched on their errorMessage
 * (SOCIAL_LOGIN_MESSAGES) and answered as keys the page words in the shopper's language.
 *
 * - Login: the code and state for the shop's token pair, then the password login's own steps
 *   (the account module's `startSession`: the token stored, the profile and orders loaded, the
 *   cart authorised). spec §8: "a failure after a token is received clears the current user" — a
 *   profile that cannot be read undoes the login.
 * - Links live in the `user` record beside the profile, as the server last listed them, so
 *   my-social-profiles shows them offline. Linking and unlinking need the server's answer now (a
 *   code is single-use and short-lived), so they are never queued: offline is answered 'offline'.
 */
import {
  SOCIAL_LOGIN_MESSAGES,
  SocialAuthMessageSchema,
  SocialLinkAccountBodySchema,
  SocialLoginBodySchema,
  type SocialLink,
  type SocialLoginMessageKey,
  type SocialProvider,
} from '../../domain/api/social-login.schema'
import type { MessageKey, Notification } from '../../domain/notifications'
import type { StoreCode } from '../../domain/store-views'
import type { ApiClient, TokenPair } from '../../replication/api-client'
import { ApiError, NetworkError } from '../../replication/api-errors'
import type { AccountError, AccountResult } from '../contract/account'
import { isLoggedIn, type AccountRecord } from './account-record'

export interface SocialAccountHost {
  record(): AccountRecord
  write(record: AccountRecord): Promise<void>
  api(): ApiClient
  storeCode(): StoreCode
  isOnline(): boolean
  /** the password login's steps once the token is there; `profileRequired`: a profile that cannot be read clears the user and throws */
  startSession(pair: TokenPair, options: { profileRequired: boolean }): Promise<void>
  /** what any other failed call means to the shopper (the account module's mapping) */
  failure(error: unknown): AccountResult
  say(type: Notification['type'], key: MessageKey): Notification[]
}

interface ProviderAnswer {
  provider: SocialProvider
  code: string
  state: string
}

/** The server's refusals (by their errorMessage) as the shopper is told them. */
const REFUSALS: Record<SocialLoginMessageKey, AccountError> = {
  stateMismatch: 'socialRefused',
  providerRefused: 'socialRefused',
  emailMissing: 'socialEmailMissing',
  emailUnverified: 'socialEmailUnverified',
  linkedElsewhere: 'socialLinkTaken',
  notYours: 'notLoggedIn',
  linkNotFound: 'serverError',
  providerUnavailable: 'socialUnavailable',
}

/** The callback page's answer: the provider's code and state, or why there are none. */
function providerAnswer(answer: unknown): ProviderAnswer | AccountError {
  const message = SocialAuthMessageSchema.safeParse(answer)
  if (!message.success) return 'socialProviderError'
  const { provider, status, code, state } = message.data
  if (status === 'cancelled') return 'socialCancelled'
  return status === 'ok' && code && state ? { provider, code, state } : 'socialProviderError'
}

export class SocialAccount {
  constructor(private readonly host: SocialAccountHost) {}

  private failed(error: AccountError): AccountResult {
    return { ok: false, error, notifications: [] }
  }

  /** The server's refusal in the shopper's words (matched on its errorMessage; an unknown 4xx is a refused round). */
  private refusal(error: unknown): AccountResult {
    if (error instanceof NetworkError) return this.failed('offline')
    if (!(error instanceof ApiError) || error.code === 401 || error.code === 429) return this.host.failure(error)
    const text = ApiError.describe(error.result)
    const key = (Object.keys(SOCIAL_LOGIN_MESSAGES) as SocialLoginMessageKey[]).find((k) => SOCIAL_LOGIN_MESSAGES[k] === text)
    if (key) return this.failed(REFUSALS[key])
    if (error.code === 503) return this.failed('socialUnavailable')
    if (error.code >= 400 && error.code < 500) {
      console.warn('[account] social login refused:', text)
      return this.failed('socialRefused')
    }
    return this.host.failure(error)
  }

  async login(answer: unknown): Promise<AccountResult> {
    const given = providerAnswer(answer)
    if (typeof given === 'string') return this.failed(given)
    const { provider, code, state } = given
    const body = SocialLoginBodySchema.safeParse({ type: provider, storeCode: this.host.storeCode(), code, state })
    if (!body.success) return this.failed('socialProviderError')
    if (!this.host.isOnline()) return this.failed('offline')
    let pair: TokenPair
    try {
      pair = await this.host.api().socialLogin(body.data)
    } catch (error) {
      if (!isLoggedIn(this.host.record())) await this.host.write({})
      if (error instanceof ApiError && error.code === 401) return this.failed('socialRefused')
      return this.refusal(error)
    }
    try {
      await this.host.startSession(pair, { profileRequired: true })
    } catch (error) {
      return this.host.failure(error)
    }
    return { ok: true, notifications: [] }
  }

  async link(answer: unknown): Promise<AccountResult> {
    const customer = this.host.record().customer
    if (!isLoggedIn(this.host.record()) || !customer) return this.failed('notLoggedIn')
    const given = providerAnswer(answer)
    if (typeof given === 'string') return this.failed(given)
    const { provider, code, state } = given
    const body = SocialLinkAccountBodySchema.safeParse({ type: provider, customerId: customer.id, storeCode: this.host.storeCode(), code, state })
    if (!body.success) return this.failed('socialProviderError')
    if (!this.host.isOnline()) return this.failed('offline')
    let link: SocialLink
    try {
      link = await this.host.api().linkSocialAccount(body.data)
    } catch (error) {
      return this.refusal(error)
    }
    const record = this.host.record()
    if (!isLoggedIn(record)) return this.failed('notLoggedIn')
    await this.host.write({ ...record, socialLinks: [...(record.socialLinks ?? []).filter((l) => l.link_id !== link.link_id), link] })
    return { ok: true, notifications: this.host.say('success', 'socialLinked') }
  }

  /** The links as the server has them now, kept in the account (the page asks when it opens). */
  async load(): Promise<AccountResult> {
    if (!isLoggedIn(this.host.record())) return this.failed('notLoggedIn')
    if (!this.host.isOnline()) return this.failed('offline')
    let links: SocialLink[]
    try {
      links = await this.host.api().socialLinks()
    } catch (error) {
      return this.host.failure(error)
    }
    const record = this.host.record()
    if (!isLoggedIn(record)) return this.failed('notLoggedIn')
    await this.host.write({ ...record, socialLinks: links })
    return { ok: true, notifications: [] }
  }

  /** spec §7: "Code 200 removes the link locally". A 404 (gone already, or not this customer's) reads the list again. */
  async unlink(linkId: number): Promise<AccountResult> {
    if (!isLoggedIn(this.host.record())) return this.failed('notLoggedIn')
    if (!this.host.isOnline()) return this.failed('offline')
    try {
      await this.host.api().unlinkSocial(linkId)
    } catch (error) {
      if (error instanceof ApiError && error.code === 404) await this.load()
      return this.host.failure(error)
    }
    const record = this.host.record()
    if (!isLoggedIn(record)) return this.failed('notLoggedIn')
    await this.host.write({ ...record, socialLinks: (record.socialLinks ?? []).filter((l) => l.link_id !== linkId) })
    return { ok: true, notifications: this.host.say('success', 'socialUnlinked') }
  }
}
