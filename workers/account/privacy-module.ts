/**
 * The logged-in customer's newsletter and data protection calls (spec §7 "Newsletter",
 * "Data protection"), through the gateway (the token goes along and is renewed through the token
 * lock like every call). Nothing is queued: each call needs the server's answer now (a password
 * check, a mail going out), so offline is answered 'offline'. After anonymise or delete the
 * account's session is over: the shopper is logged out on this device (the account module's
 * logout, with its clearing).
 */
import { ApiError, NetworkError } from '../../replication/api-errors'
import type { PrivacyCommand, PrivacyError, PrivacyResult } from '../contract/privacy'
import type { DataApi } from '../data-api'
import { PerStore, type OpenedStore, type WorkerModule } from '../worker-session'

export interface PrivacyModuleDeps {
  isOnline: () => boolean
  /** whether a customer is logged in (the data protection calls need one) */
  loggedIn: () => boolean
  /** the account's logout on this device (after anonymise or delete) */
  endSession: () => Promise<void>
}

export class PrivacyModule implements WorkerModule {
  private readonly opened = new PerStore<OpenedStore>()

  constructor(private readonly deps: PrivacyModuleDeps) {}

  open(store: OpenedStore): void {
    this.opened.set(store)
  }

  close(): void {
    this.opened.set(null)
  }

  readonly api = {
    applyPrivacyCommand: (command: PrivacyCommand): Promise<PrivacyResult> => this.run(command),
  } satisfies Partial<DataApi>

  private failed(error: PrivacyError): PrivacyResult {
    return { ok: false, error }
  }

  private failure(error: unknown): PrivacyResult {
    if (error instanceof NetworkError) return this.failed('offline')
    if (!(error instanceof ApiError)) {
      console.error('[privacy] call failed', error)
      return this.failed('serverError')
    }
    if (error.code === 401) return this.failed('notLoggedIn')
    if (error.code === 429) return this.failed('tooManyAttempts')
    if (error.code === 400) {
      const answer = error.result as { errorMessage?: unknown } | null
      return this.failed(answer && typeof answer === 'object' && 'errorMessage' in answer ? 'passwordWrong' : 'invalid')
    }
    return this.failed('serverError')
  }

  private async run(command: PrivacyCommand): Promise<PrivacyResult> {
    if (!this.deps.isOnline()) return this.failed('offline')
    const api = this.opened.get().api
    try {
      switch (command.type) {
        case 'newsletterStatus':
          return { ok: true, newsletter: await api.newsletterStatus(command.email.trim()) }
        case 'newsletterSubscribe':
          return { ok: true, newsletter: await api.newsletterSubscribe(command.email.trim()) }
        case 'newsletterUnsubscribe':
          return { ok: true, newsletter: await api.newsletterUnsubscribe(command.email.trim()) }
        case 'download':
          if (!this.deps.loggedIn()) return this.failed('notLoggedIn')
          return { ok: true, data: JSON.stringify(await api.privacyDownload(command.password), null, 2) }
        case 'anonymise':
        case 'delete':
          if (!this.deps.loggedIn()) return this.failed('notLoggedIn')
          await api.privacyErase(command.type, command.password)
          await this.deps.endSession().catch((error: unknown) => console.warn('[privacy] local logout failed', error))
          return { ok: true }
      }
    } catch (error) {
      return this.failure(error)
    }
  }
}
