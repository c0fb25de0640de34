/**
 * The sync-task queue (spec §3 "Sync task", §4 "Sync task", "Token handling", §5, §8): every write
 * that waits for the network is stored first, then sent in creation order when online. The store
 * is injected (the worker backs it with the `syncTasks` collection in IndexedDB) so a task survives
 * reloads and crashes: it is removed only after the server answered, or kept with its result when
 * that result is cacheable.
 *
 * One queue processes one task at a time: order matters (an address before the order that uses it)
 * and the token renewal (replication/token-renewal) refreshes once for every task that meets an expiry. Only the elected
 * leader tab runs it. Tasks go out through ApiClient.sendTask, which fills in their placeholders.
 * The task model is replication/sync-task.
 *
 * Fixed on purpose (contract §6.7): a task is refreshed-and-retried at most once per expiry, so a
 * token the server keeps refusing cannot loop.
 */
import type { Answer, ApiClient } from './api-client'
import { BadContentTypeError, CartIdMissingError, NetworkError, RetryLaterError, WrongResponseFormatError } from './api-errors'
import { answeredTask, compareTasks, createSyncTask, needsToken, type NewSyncTask, type SyncTask, type SyncTaskStore } from './sync-task'
import { TokenRefreshUnavailableError, TokenRenewal, type LogoutReason } from './token-renewal'

export interface SyncClock {
  now(): number
}

export interface SessionTokens {
  token(): string | null
  cartId(): string | null
  /** calls /api/user/refresh; the new token, or null when the refresh token is refused; throws when it could not be asked */
  refresh(): Promise<string | null>
  /** the user is logged out silently and the sign-up modal is shown (spec "Token handling") */
  logout(reason: LogoutReason): void
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
  /** the network may be used (online, and this tab leads); checked before each task */
  canSend?: () => boolean
  /** the worker's one token renewal (shared with the gateway's calls); default: one of this queue's own */
  tokenRenewal?: TokenRenewal
}

export type ProcessOutcome =
  | 'done'
  | 'offline'
  | 'stopped-network'
  | 'stopped-cart-id'
  | 'stopped-bad-answer'
  /** the server said "not now" (429, 503, ...), or an expired token's refresh failed so: the task stays first in line, to be tried again after a back-off */
  | 'stopped-retry-later'
  | 'busy'

export interface ProcessReport {
  outcome: ProcessOutcome
  sent: number
  error?: Error
}

export class SyncQueue {
  private processing: Promise<ProcessReport> | null = null
  private lastCreatedMs = 0
  /** renewing while the token is refreshed; ended when the refresh was refused: token tasks answer 401 */
  readonly tokenRenewal: TokenRenewal

  constructor(private readonly options: SyncQueueOptions) {
    const { tokens } = options
    // spec: the untransmitted token tasks are cleared (they would only meet the same 401)
    const clearTokenTasks = async () => {
      for (const task of await this.pending()) if (needsToken(task)) await options.store.remove(task.task_id)
    }
    if (options.tokenRenewal) {
      this.tokenRenewal = options.tokenRenewal
      this.tokenRenewal.onEnded(clearTokenTasks)
    } else {
      this.tokenRenewal = new TokenRenewal({
        current: () => tokens.token(),
        refresh: () => tokens.refresh(),
        logout: (reason) => tokens.logout(reason),
        onEnded: clearTokenTasks,
        autoRefresh: options.autoRefreshTokens,
        maxRefreshAttempts: options.maxRefreshAttempts,
      })
    }
  }

  /** The customer logged in again: tasks may carry a token again. */
  resetTokenRenewal(): void {
    this.tokenRenewal.reset()
  }

  /** Stores the task; the owner of the queue has it sent (workers/outbox). Resolves once stored. */
  async enqueue(input: NewSyncTask): Promise<SyncTask> {
    const { clock } = this.options
    // strictly increasing creation times keep order across reloads even within one millisecond
    const ms = Math.max(clock.now(), this.lastCreatedMs + 1)
    this.lastCreatedMs = ms
    const task = createSyncTask(input, ms, this.options.random?.() ?? Math.random().toString(36).slice(2, 10))
    await this.options.store.put(task)
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
    if (!this.canSend()) return Promise.resolve({ outcome: 'offline', sent: 0 })
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
      if (!this.canSend()) return { outcome: 'offline', sent }
      const next = (await this.pending())[0]
      if (!next) return { outcome: 'done', sent }
      try {
        await this.execute(next)
        sent += 1
      } catch (error) {
        // its owner (workers/outbox/task-job) has the cart sync make the cart, then runs the queue again
        if (error instanceof CartIdMissingError) return { outcome: 'stopped-cart-id', sent, error }
        if (error instanceof NetworkError) return { outcome: 'stopped-network', sent, error }
        // the expired token's refresh could not be asked: the task stays first in line with the tokens
        // kept; offline it waits for the connection, otherwise the queue asks again by itself
        if (error instanceof TokenRefreshUnavailableError && error.cause instanceof NetworkError) return { outcome: 'stopped-network', sent, error }
        if (error instanceof RetryLaterError || error instanceof TokenRefreshUnavailableError) {
          const attempts = (next.attempts ?? 0) + 1
          await this.options.store.put({ ...next, attempts, last_error: error.message, updated_at: this.iso() })
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

  private canSend(): boolean {
    return this.options.canSend?.() ?? true
  }

  private iso(): string {
    return new Date(this.options.clock.now()).toISOString()
  }

  /** One task: wait for a renewal under way, send, refresh once on a 401, then record the answer. */
  private async execute(task: SyncTask): Promise<void> {
    const { tokens } = this.options
    const carriesToken = needsToken(task)
    let refreshedThisTask = false
    for (;;) {
      if (carriesToken && (await this.tokenRenewal.settled()) === 'ended') {
        await this.finish(task, { status: 401, code: 401, result: 'Error refreshing user token. User is not authorized to access the resource' })
        return
      }
      const token = carriesToken ? tokens.token() : null
      const answer = await this.options.api.sendTask(task, { token, cartId: () => tokens.cartId() })
      if (answer.code === 401 && carriesToken && token && !refreshedThisTask) {
        // a token renewed by another task while this one was on its way is sent again, not refreshed twice
        if (await this.tokenRenewal.renew(token)) {
          refreshedThisTask = true
          continue
        }
      }
      await this.finish(task, answer)
      return
    }
  }

  private async finish(task: SyncTask, answer: Answer): Promise<void> {
    const done = answeredTask(task, answer, this.iso())
    if (done.is_result_cacheable) await this.options.store.put(done)
    else await this.options.store.remove(task.task_id)
    this.options.onResult?.(done)
  }
}
