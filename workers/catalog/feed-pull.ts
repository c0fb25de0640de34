/**
 * A feed pull written straight into the local database, instead of RxDB's replication protocol,
 * which writes every document with a meta document beside it (far too many IndexedDB puts for a
 * first replication of a large catalogue). The catalogue's products use it (one stored batch per
 * answer of the feed, workers/catalog/product-batches) and so does the content module (the `cms`
 * collection).
 *
 * - The checkpoint (updatedAt, id) of the last batch written is kept by `checkpoint` (a session
 *   record, workers/db/session-records sessionCheckpoint), written after the batch: a crash between
 *   the two pulls that batch again, which writes the same documents once more (the later copy wins).
 * - Live changes from the feed's stream are written on their own and do not move the checkpoint:
 *   the stream may run ahead of the pull, and a checkpoint past documents not yet pulled would skip
 *   them after a restart. A RESYNC (every (re)connect) pulls from the checkpoint again.
 * - A failed pull is tried again after the worker's back-off (retryDelayMs, on the outbox's one
 *   timer: `retryAfter`); pause stops it after the batch in hand.
 * - After a pull that caught up, `afterCatchUp` runs (the leader compacts the product batches there).
 */
import { BehaviorSubject, type Observable } from 'rxjs'
import type { Checkpoint } from '../../domain/api/replication.schema'
import { retryDelayMs } from '../../replication/api-errors'
import type { PullBatch } from '../../replication/catalog-pull'
import type { CheckpointStore } from '../db/session-records'

/** `T`: what a batch holds (the pulled documents as the pull's owner stores them). */
export interface FeedPullOptions<T> {
  /** what is pulled, for the log lines ('products', 'content') */
  label: string
  pull: (checkpoint: Checkpoint | undefined, batchSize: number) => Promise<PullBatch<T>>
  write: (docs: readonly T[]) => Promise<void>
  checkpoint: CheckpointStore
  batchSize: number
  /** runs `run` after `ms` (the outbox's timer); returns the cancel */
  retryAfter: (ms: number, run: () => void) => () => void
  afterCatchUp?: () => Promise<void>
}

export class FeedPull<T> {
  private readonly activeSubject = new BehaviorSubject(false)
  readonly active$: Observable<boolean> = this.activeSubject.asObservable()
  private running: Promise<void> | null = null
  private again = false
  private paused = false
  private cancelled = false
  private cancelRetry: (() => void) | null = null
  /** failed pulls in a row: the back-off's exponent */
  private failures = 0
  private caughtUp = false
  private readonly inSyncWaiters: (() => void)[] = []

  constructor(private readonly options: FeedPullOptions<T>) {}

  /** Pulls what came after the checkpoint (again after the pull in hand, when one runs). */
  reSync(): void {
    if (this.paused || this.cancelled) return
    if (this.running) {
      this.again = true
      return
    }
    this.running = this.runPulls().finally(() => {
      this.running = null
    })
  }

  /** Live changes from the feed's stream. */
  async applyChanges(docs: readonly T[]): Promise<void> {
    if (this.cancelled) return
    await this.options.write(docs)
  }

  /** Resolves once a pull has caught up with the feed. */
  awaitInSync(): Promise<void> {
    if (this.caughtUp) return Promise.resolve()
    return new Promise((resolve) => this.inSyncWaiters.push(resolve))
  }

  async pause(): Promise<void> {
    this.paused = true
    this.clearRetry()
    await this.running
  }

  resume(): void {
    this.paused = false
    this.reSync()
  }

  async cancel(): Promise<void> {
    this.cancelled = true
    this.clearRetry()
    await this.running
    this.activeSubject.complete()
  }

  private async runPulls(): Promise<void> {
    do {
      this.again = false
      const caughtUp = await this.pullToEnd()
      if (!caughtUp) return
      this.caughtUp = true
      for (const resolve of this.inSyncWaiters.splice(0)) resolve()
      await this.options.afterCatchUp?.().catch((error: unknown) => console.warn(`[${this.options.label}] after the pull caught up`, error))
    } while (this.again && !this.paused && !this.cancelled)
  }

  /** Pulls batch after batch until one comes back short; false when stopped or failed (a retry is set). */
  private async pullToEnd(): Promise<boolean> {
    this.activeSubject.next(true)
    try {
      let checkpoint = await this.options.checkpoint.read()
      for (;;) {
        if (this.paused || this.cancelled) return false
        const batch = await this.options.pull(checkpoint, this.options.batchSize)
        if (this.cancelled) return false
        if (batch.documents.length > 0) {
          await this.options.write(batch.documents)
          if (batch.checkpoint) {
            checkpoint = batch.checkpoint
            await this.options.checkpoint.write(checkpoint)
          }
        }
        if (batch.documents.length < this.options.batchSize) {
          this.failures = 0
          return true
        }
      }
    } catch (error) {
      if (!this.cancelled && !this.paused) {
        console.warn(`[${this.options.label}] the pull failed; trying again`, error)
        this.clearRetry()
        this.cancelRetry = this.options.retryAfter(retryDelayMs(error, this.failures), () => {
          this.cancelRetry = null
          this.reSync()
        })
        this.failures += 1
      }
      return false
    } finally {
      this.activeSubject.next(false)
    }
  }

  private clearRetry(): void {
    this.cancelRetry?.()
    this.cancelRetry = null
  }
}
