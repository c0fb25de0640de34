/**
 * The one runner of the worker's pending network work: the cart sync, the queued tasks and the
 * orders (a job per kind, workers/outbox/*-job.ts). Everything written offline waits in the local
 * database; this runner decides when it goes.
 *
 * - One gate: only while online and leading (two tabs sending one stored write would send it twice).
 * - One loop: a pass runs the jobs that are due, one at a time, in a fixed order (the cart before
 *   the tasks that name its id, and before the orders whose carts the sync must no longer touch).
 *   A wake during a pass asks for one more pass after it, so nothing is missed and nothing overlaps.
 * - One back-off: a job that failed for now waits retryDelayMs (the server's Retry-After, else
 *   doubling from 1 s to 60 s) before it runs again by itself; a wake meanwhile waits for it too, so
 *   a server answering 502 is not called in a tight loop. The shopper's own action, the connection
 *   coming back and this tab starting to lead run it at once.
 * - One timer: the earliest moment any job is due (a back-off's end, or a burst of changes settled),
 *   or any other retry of the worker's network work asked for with `after` (the catalogue's pull).
 */
import { retryDelayMs } from '../../replication/api-errors'
import { CoalescedRun } from '../coalesced-run'

/** The kinds in the order a pass runs them. */
export const JOB_KINDS = ['cart', 'tasks', 'orders'] as const
export type JobKind = (typeof JOB_KINDS)[number]

/**
 * What one run of a job came to: `done` (nothing left, or all of it sent), `waiting` (something
 * waits for a change: the connection, the shopper), or `retry` (the server or the network failed for
 * now: run again after the back-off, its delay read from `error`). A run that got some of its work
 * answered before failing (`progressed`) starts the back-off again from its first step: a server
 * that loses one answer in five is not waited on longer and longer while it keeps taking the rest.
 */
export type JobOutcome = { kind: 'done' } | { kind: 'waiting' } | { kind: 'retry'; error: unknown; progressed?: boolean }

export const DONE: JobOutcome = { kind: 'done' }
export const WAITING: JobOutcome = { kind: 'waiting' }

export interface OutboxJob {
  readonly kind: JobKind
  /** `forced`: a wake `now` asked for this run (the cart then syncs even without local changes) */
  run(forced: boolean): Promise<JobOutcome>
}

export interface WakeOptions {
  /** after this long (a burst of changes gives one run) */
  delayMs?: number
  /** at once, the back-off forgotten: the shopper asked, the connection is back, this tab leads */
  now?: boolean
}

export interface OutboxOptions {
  /** online and leading */
  canRun: () => boolean
  now: () => number
  /** tests inject theirs; returns the cancel */
  setTimer?: (run: () => void, ms: number) => () => void
  /** a job threw (a bug, not the network): reported, the job waits for the next wake */
  onError?: (kind: JobKind, error: unknown) => void
}

interface Slot {
  job: OutboxJob
  /** when it should run next (null: not asked) */
  dueAt: number | null
  /** a wake `now` asked for the next run */
  forced: boolean
  /** failures in a row: the back-off's exponent */
  failures: number
  /** the back-off's end (0: none) */
  blockedUntil: number
}

const defaultTimer = (run: () => void, ms: number) => {
  const id = setTimeout(run, ms)
  return () => clearTimeout(id)
}

export class Outbox {
  private readonly slots = new Map<JobKind, Slot>()
  private readonly loop = new CoalescedRun(
    () => this.inTurn(() => this.pass()),
    () => !this.stopped,
  )
  /** passes and exclusive work, one at a time */
  private turn: Promise<void> = Promise.resolve()
  /** retries outside the loop, run on the same timer */
  private readonly timed = new Set<{ at: number; run: () => void }>()
  private cancelTimer: (() => void) | null = null
  private timerAt = Number.POSITIVE_INFINITY
  private stopped = false
  private readonly setTimer: NonNullable<OutboxOptions['setTimer']>

  constructor(private readonly options: OutboxOptions) {
    this.setTimer = options.setTimer ?? defaultTimer
  }

  /** A job of the opened store view; the returned function takes it off again (close). */
  register(job: OutboxJob): () => void {
    this.stopped = false
    this.slots.set(job.kind, { job, dueAt: null, forced: false, failures: 0, blockedUntil: 0 })
    return () => {
      if (this.slots.get(job.kind)?.job === job) this.slots.delete(job.kind)
    }
  }

  /**
   * Asks for a run of `kind`. Without a delay it resolves once a pass that ran it (or found the gate
   * closed) has ended; with one it resolves at once and the run follows when it is due.
   */
  wake(kind: JobKind, options: WakeOptions = {}): Promise<void> {
    const slot = this.slots.get(kind)
    if (!slot || this.stopped) return Promise.resolve()
    const now = this.options.now()
    if (options.now) {
      slot.blockedUntil = 0
      slot.forced = true
    }
    const at = Math.max(now + (options.delayMs ?? 0), slot.blockedUntil)
    slot.dueAt = slot.dueAt === null ? at : Math.min(slot.dueAt, at)
    if (slot.dueAt > now) {
      this.arm()
      return Promise.resolve()
    }
    return this.loop.run()
  }

  /**
   * Runs `run` after `ms` on the runner's one timer, outside its loop (work that must not wait for
   * the jobs, as the catalogue's pull). The returned function cancels it.
   */
  after(ms: number, run: () => void): () => void {
    const entry = { at: this.options.now() + ms, run }
    this.timed.add(entry)
    this.arm()
    return () => {
      this.timed.delete(entry)
      this.arm()
    }
  }

  /**
   * Runs `work` between passes: no job runs while it does (the cart cleared at a logout must not
   * meet a sync that read its lines before). Runs whatever the gate says.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    return this.inTurn(work)
  }

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const result = this.turn.then(work)
    this.turn = result.then(
      () => undefined,
      () => undefined,
    )
    return result
  }

  /** The worker closes: no pass starts and no timer is left. */
  stop(): void {
    this.stopped = true
    this.disarm()
    this.slots.clear()
    this.timed.clear()
  }

  private async pass(): Promise<void> {
    if (!this.options.canRun()) return
    for (const kind of JOB_KINDS) {
      const slot = this.slots.get(kind)
      if (!slot || slot.dueAt === null || slot.dueAt > this.options.now()) continue
      if (this.stopped || !this.options.canRun()) return
      const forced = slot.forced
      slot.dueAt = null
      slot.forced = false
      this.settle(slot, await this.runJob(slot.job, forced))
    }
    this.arm()
  }

  private async runJob(job: OutboxJob, forced: boolean): Promise<JobOutcome> {
    try {
      return await job.run(forced)
    } catch (error) {
      this.options.onError?.(job.kind, error)
      return WAITING
    }
  }

  private settle(slot: Slot, outcome: JobOutcome): void {
    if (outcome.kind !== 'retry') {
      if (outcome.kind === 'done') slot.failures = 0
      return
    }
    if (outcome.progressed) slot.failures = 0
    const at = this.options.now() + retryDelayMs(outcome.error, slot.failures)
    slot.failures += 1
    slot.blockedUntil = at
    slot.dueAt = slot.dueAt === null ? at : Math.max(slot.dueAt, at)
  }

  /** The one timer, set for the earliest due job. */
  private arm(): void {
    if (this.stopped) return
    let next = Number.POSITIVE_INFINITY
    // a closed gate runs no job: the connection's return or the lead wakes them
    if (this.options.canRun()) for (const slot of this.slots.values()) if (slot.dueAt !== null) next = Math.min(next, slot.dueAt)
    for (const entry of this.timed) next = Math.min(next, entry.at)
    if (next === this.timerAt) return
    this.disarm()
    if (next === Number.POSITIVE_INFINITY) return
    this.timerAt = next
    this.cancelTimer = this.setTimer(
      () => {
        this.cancelTimer = null
        this.timerAt = Number.POSITIVE_INFINITY
        this.runTimed()
        // a pass arms the timer again when it ends; without one, the retries left do
        if (this.hasDueJob()) void this.loop.run()
        else this.arm()
      },
      Math.max(0, next - this.options.now()),
    )
  }

  /** The retries that are due, each once. */
  private runTimed(): void {
    const now = this.options.now()
    for (const entry of [...this.timed]) {
      if (entry.at > now) continue
      this.timed.delete(entry)
      entry.run()
    }
  }

  private hasDueJob(): boolean {
    if (!this.options.canRun()) return false
    const now = this.options.now()
    for (const slot of this.slots.values()) if (slot.dueAt !== null && slot.dueAt <= now) return true
    return false
  }

  private disarm(): void {
    this.cancelTimer?.()
    this.cancelTimer = null
    this.timerAt = Number.POSITIVE_INFINITY
  }
}
