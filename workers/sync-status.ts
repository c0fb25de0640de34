/**
 * The sync status the UI shows (online, leader, tasks waiting, products, replication): read from
 * the modules that own each part, emitted whenever one of them changes. It owns the count of
 * sync tasks not yet acknowledged by the server.
 */
import type { Subscription } from 'rxjs'
import type { DataApi } from './data-api'
import type { SyncStatus, Unsubscribe } from './contract/views'
import { distinct, Listeners, safe, type OpenedStore, type WorkerModule } from './worker-session'

export type StatusSources = Omit<SyncStatus, 'pendingTasks'>

/** the longest a change of only the product count or the last pull's time waits to be passed on */
export const MINOR_STATUS_MS = 250

/**
 * Whether `next` differs from `previous` only in what the pages need not see at once: the product
 * count while it stays above zero (pages read whether there are products, not how many) and the
 * time of the last pull (shown offline). While products arrive these change with every batch, and
 * each status passed on is a message and a render on the page's main thread.
 */
export function minorStatusChange(previous: SyncStatus, next: SyncStatus): boolean {
  // every other field (one added later too) is compared: a change there goes at once
  const rest = ({ productCount: _count, lastPulledAt: _pulled, ...others }: SyncStatus) => JSON.stringify(others)
  return previous.productCount > 0 && next.productCount > 0 && rest(previous) === rest(next)
}

export class SyncStatusModule implements WorkerModule {
  private readonly listeners = new Listeners<[SyncStatus]>()
  private pendingTasks = 0
  private subscription: Subscription | null = null
  /** the status last passed on, and the timer of a minor change waiting to be */
  private emitted: SyncStatus | null = null
  private later: ReturnType<typeof setTimeout> | null = null

  constructor(private readonly sources: () => StatusSources) {}

  open(store: OpenedStore): void {
    this.subscription = store.db.syncTasks.find({ selector: { transmited: false } }).$.subscribe((docs) => {
      this.pendingTasks = docs.length
      this.emit()
    })
  }

  private status(): SyncStatus {
    return { ...this.sources(), pendingTasks: this.pendingTasks }
  }

  /**
   * Passes the status on: at once, unless it changed only in minor ways (minorStatusChange) since the
   * last one passed on; those wait up to MINOR_STATUS_MS and go out together, with whatever else has
   * changed by then.
   */
  emit(): void {
    const next = this.status()
    if (this.emitted && minorStatusChange(this.emitted, next)) {
      this.later ??= setTimeout(() => this.emitNow(), MINOR_STATUS_MS)
      return
    }
    this.emitNow()
  }

  private emitNow(): void {
    if (this.later) clearTimeout(this.later)
    this.later = null
    this.emitted = this.status()
    this.listeners.emit(this.emitted)
  }

  readonly api = {
    subscribeSyncStatus: async (cb: (status: SyncStatus) => void): Promise<Unsubscribe> => {
      // the status is emitted whenever one of its sources may have changed: only a change is passed on
      const listener = distinct(safe(cb))
      const remove = this.listeners.add(listener)
      const now = this.status()
      this.emitted ??= now
      listener(now)
      return async () => remove()
    },
  } satisfies Partial<DataApi>

  close(): void {
    this.subscription?.unsubscribe()
    this.subscription = null
    this.pendingTasks = 0
    if (this.later) clearTimeout(this.later)
    this.later = null
    this.emitted = null
  }
}
