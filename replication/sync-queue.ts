/**
 * The sync-task queue (spec §3 "Sync task", §4 "Sync task", "Token handling", §5, §8): every write
 * that waits for the network is stored first, then sent in creation order when online. The store
 * is injected (the worker backs it with the `syncTasks` collection in IndexedDB) so a task survives
 * reloads and crashes: it is removed only after the server answered, or kept with its result when
 * that result is cacheable.
 *
 * One queue processes one task at a time: order matters (an address before the order that uses it)
 * and the token lock assumes a single refresher per tab. Only the elected leader tab runs it.
 *
 * Fixed on purpose (contract §6.7, #5713): the refresh attempt counter resets after every
 * successful refresh, not only at login, so a second expiry refreshes again instead of logging out;
 * and a task is refreshed-and-retried at most once per expiry, so a token the server keeps refusing
 * cannot loop.
 */
import type { Answer, ApiClient } from './api-client'
import { BadContentTypeError, CartIdMissingError, NetworkError, RetryLaterError, retryDelayMs, WrongResponseFormatError } from './api-errors'

export { CartIdMissingError } from './api-errors'

export interface SyncTaskPayload {
  method: string
  headers: Record<string, string>
  /** a JSON string, as fetch sends it */
  body?: string
}

export interface SyncTask {
  /** `<epoch-ms>-<random>`, also the processing order */
  task_id: string
  /** may hold {{token}} and {{cartId}} placeholders */
  url: string
  payload: SyncTaskPayload
  /** event name the worker raises with the result, e.g. "user:profile-updated" */
  callback_event?: string
  silent: boolean
  is_result_cacheable: boolean
  transmited: boolean
  transmited_at?: string
  result?: unknown
  resultCode?: number
  /** HTTP status */
  code?: number
  acknowledged?: boolean
  meta?: Record<string, unknown>
  created_at: string
  updated_at: string
  /** failed sends that said nothing about the task (bad content type, wrong format) */
  attempts?: number
  last_error?: string
}

export type NewSyncTask = Pick<SyncTask, 'url' | 'payload'> & Partial<Pick<SyncTask, 'callback_event' | 'silent' | 'is_result_cacheable' | 'meta'>>

/** Persistence of tasks; list() may return them in any order. */
export interface SyncTaskStore {
  list(): Promise<SyncTask[]>
  put(task: SyncTask): Promise<void>
  remove(taskId: string): Promise<void>
}

export interface SyncClock {
  now(): number
  sleep(ms: number): Promise<void>
}

export interface SessionTokens {
  token(): string | null
  cartId(): string | null
  /** calls /api/user/refresh; the new token, or null when the refresh token is refused */
  refresh(): Promise<string | null>
  /** the user is logged out silently and the sign-up modal is shown (spec "Token handling") */
  logout(reason: 'refresh-failed' | 'attempts-exhausted' | 'auto-refresh-off'): void
}

export interface SyncQueueOptions {
  store: SyncTaskStore
  /** sends a task with its placeholders filled in; relative task URLs go to its base URL */
  api: Pick<ApiClient, 'sendTask'>
  clock: SyncClock
  tokens: SessionTokens
  autoRefreshTokens?: boolean
  /** queues.maxNetworkTaskAttempts: refreshes allowed per expiry */
  maxRefreshAttempts?: number
  /** a send failing with a bad answer this many times is given up (kept, with its error, transmitted) */
  maxBadAnswers?: number
  random?: () => string
  /** called after every answered task (callback_event dispatch, notifications) */
  onResult?: (task: SyncTask) => void
  /** a cart task met no cart id: the worker re-creates the server cart */
  onCartIdMissing?: (task: SyncTask) => void
  /** enqueue starts processing when online (default true) */
  autoProcess?: boolean
  /** a background run (started by enqueue) ended abnormally */
  onProcessed?: (report: ProcessReport) => void
}

export const TOKEN_LOCK_RETRY_MS = 1000
export const TOKEN_LOCK_FAILED = -1

export type ProcessOutcome =
  | 'done'
  | 'offline'
  | 'stopped-network'
  | 'stopped-cart-id'
  | 'stopped-bad-answer'
  /** the server said "not now" (429, 503, ...): the task stays first in line and the queue tries again by itself */
  | 'stopped-retry-later'
  | 'busy'

export interface ProcessReport {
  outcome: ProcessOutcome
  sent: number
  error?: Error
}

function needsToken(task: SyncTask): boolean {
  return task.url.includes('{{token}}') || Object.values(task.payload.headers).some((h) => h.includes('{{token}}'))
}

export class SyncQueue {
  private online = false
  private processing: Promise<ProcessReport> | null = null
  private lastCreatedMs = 0
  /** 0 free, > 0 a refresh in progress, -1 the refresh failed: token tasks abort with 401 */
  tokenLock = 0
  refreshAttempts = 0
  private retryTimer: ReturnType<typeof setTimeout> | null = null

  constructor(private readonly options: SyncQueueOptions) {}

  setOnline(online: boolean): void {
    this.online = online
  }

  isOnline(): boolean {
    return this.online
  }

  /** The user logged in again (or the lock was reset by hand): tasks may carry a token again. */
  resetTokenLock(): void {
    this.tokenLock = 0
    this.refreshAttempts = 0
  }

  /** Stores the task first, then (when online) processes the queue. Resolves once stored. */
  async enqueue(input: NewSyncTask): Promise<SyncTask> {
    const { clock } = this.options
    // strictly increasing creation times keep order across reloads even within one millisecond
    const ms = Math.max(clock.now(), this.lastCreatedMs + 1)
    this.lastCreatedMs = ms
    const random = this.options.random?.() ?? Math.random().toString(36).slice(2, 10)
    const at = new Date(ms).toISOString()
    const task: SyncTask = {
      task_id: `${ms}-${random}`,
      url: input.url,
      payload: input.payload,
      callback_event: input.callback_event,
      silent: input.silent ?? false,
      is_result_cacheable: input.is_result_cacheable ?? false,
      meta: input.meta,
      transmited: false,
      created_at: at,
      updated_at: at,
    }
    await this.options.store.put(task)
    if (this.online && this.options.autoProcess !== false) {
      this.processInBackground()
    }
    return task
  }

  async pending(): Promise<SyncTask[]> {
    const tasks = await this.options.store.list()
    return tasks.filter((t) => !t.transmited).sort(compareTasks)
  }

  async acknowledge(taskId: string): Promise<void> {
    const task = (await this.options.store.list()).find((t) => t.task_id === taskId)
    if (task) await this.options.store.put({ ...task, acknowledged: true })
  }

  /** Sends the untransmitted tasks in order; concurrent calls share one run. */
  process(): Promise<ProcessReport> {
    if (!this.online) return Promise.resolve({ outcome: 'offline', sent: 0 })
    if (this.processing) return this.processing
    this.processing = this.run().finally(() => {
      this.processing = null
    })
    return this.processing
  }

  private async run(): Promise<ProcessReport> {
    let sent = 0
    // re-read after each task: new tasks queued meanwhile are sent in the same run
    for (;;) {
      if (!this.online) return { outcome: 'offline', sent }
      const next = (await this.pending())[0]
      if (!next) return { outcome: 'done', sent }
      try {
        await this.execute(next)
        sent += 1
      } catch (error) {
        if (error instanceof CartIdMissingError) {
          this.options.onCartIdMissing?.(next)
          return { outcome: 'stopped-cart-id', sent, error }
        }
        if (error instanceof NetworkError) return { outcome: 'stopped-network', sent, error }
        if (error instanceof RetryLaterError) {
          const attempts = (next.attempts ?? 0) + 1
          await this.options.store.put({ ...next, attempts, last_error: error.message, updated_at: this.iso() })
          this.retryLater(retryDelayMs(error, attempts - 1))
          return { outcome: 'stopped-retry-later', sent, error }
        }
        if (error instanceof BadContentTypeError || error instanceof WrongResponseFormatError) {
          const attempts = (next.attempts ?? 0) + 1
          const giveUp = attempts >= (this.options.maxBadAnswers ?? 5)
          // given up: kept as transmitted with its error, so it is visible and no longer blocks the queue
          await this.options.store.put({
            ...next,
            attempts,
            last_error: error.message,
            updated_at: this.iso(),
            ...(giveUp ? { transmited: true, resultCode: 500, result: error.message, acknowledged: false } : {}),
          })
          if (!giveUp) return { outcome: 'stopped-bad-answer', sent, error }
          continue
        }
        throw error
      }
    }
  }

  /** One timer at a time: the queue runs again after `ms` (still online and leader by then, or it waits). */
  private retryLater(ms: number): void {
    if (this.retryTimer || this.options.autoProcess === false) return
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null
      this.processInBackground()
    }, ms)
  }

  private processInBackground(): void {
    void this.process().then(
      (report) => this.options.onProcessed?.(report),
      (error: unknown) =>
        this.options.onProcessed?.({ outcome: 'stopped-bad-answer', sent: 0, error: error instanceof Error ? error : new Error(String(error)) }),
    )
  }

  /** Stops a pending retry (the worker is closing). */
  dispose(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.retryTimer = null
  }

  private iso(): string {
    return new Date(this.options.clock.now()).toISOString()
  }

  /** One task: lock handling, send, 401 refresh, then record the answer. */
  private async execute(task: SyncTask): Promise<void> {
    const { clock, tokens } = this.options
    const carriesToken = needsToken(task)
    let refreshedThisTask = false
    for (;;) {
      if (carriesToken && this.tokenLock > 0) {
        await clock.sleep(TOKEN_LOCK_RETRY_MS)
        continue
      }
      if (carriesToken && this.tokenLock === TOKEN_LOCK_FAILED) {
        await this.finish(task, { status: 401, code: 401, result: 'Error refreshing user token. User is not authorized to access the resource' })
        return
      }
      const token = carriesToken ? tokens.token() : null
      const answer = await this.options.api.sendTask(task, { token, cartId: () => tokens.cartId() })
      if (answer.code === 401 && carriesToken && token && !refreshedThisTask) {
        const retry = await this.handleExpiredToken()
        if (retry) {
          refreshedThisTask = true
          continue
        }
      }
      await this.finish(task, answer)
      return
    }
  }

  /** Spec "Token handling on a 401 with a token". True when the task should be sent again. */
  private async handleExpiredToken(): Promise<boolean> {
    const { tokens } = this.options
    if (this.options.autoRefreshTokens === false) {
      tokens.logout('auto-refresh-off')
      return false
    }
    if (this.tokenLock !== 0) return this.tokenLock > 0
    this.tokenLock = 1
    if (this.refreshAttempts >= (this.options.maxRefreshAttempts ?? 1)) {
      await this.fail('attempts-exhausted')
      return false
    }
    this.refreshAttempts += 1
    let fresh: string | null
    try {
      fresh = await tokens.refresh()
    } catch {
      fresh = null
    }
    if (!fresh) {
      await this.fail('refresh-failed')
      return false
    }
    this.tokenLock = 0
    this.refreshAttempts = 0
    return true
  }

  private async fail(reason: 'refresh-failed' | 'attempts-exhausted'): Promise<void> {
    this.tokenLock = TOKEN_LOCK_FAILED
    this.options.tokens.logout(reason)
    // spec: the untransmitted tasks are cleared (they would only meet the same 401)
    for (const task of await this.pending()) if (needsToken(task)) await this.options.store.remove(task.task_id)
  }

  private async finish(task: SyncTask, answer: Answer): Promise<void> {
    const at = this.iso()
    const done: SyncTask = {
      ...task,
      transmited: true,
      transmited_at: at,
      updated_at: at,
      result: answer.result,
      resultCode: answer.code,
      code: answer.status,
      meta: answer.meta ?? task.meta,
      acknowledged: false,
    }
    if (done.is_result_cacheable) await this.options.store.put(done)
    else await this.options.store.remove(task.task_id)
    this.options.onResult?.(done)
  }
}

export function compareTasks(a: SyncTask, b: SyncTask): number {
  const ma = Number(a.task_id.split('-')[0])
  const mb = Number(b.task_id.split('-')[0])
  if (ma !== mb) return ma - mb
  return a.task_id < b.task_id ? -1 : a.task_id > b.task_id ? 1 : 0
}
