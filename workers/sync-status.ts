/**
 * The sync status the UI shows (online, leader, tasks waiting, products, replication): read from
 * the modules that own each part, emitted whenever one of them changes. It owns the count of
 * sync tasks not yet acknowledged by the server.
 */
import type { Subscription } from 'rxjs'
import type { DataApi } from './data-api'
import type { SyncStatus, Unsubscribe } from './contract/views'
import { Listeners, safe, type OpenedStore, type WorkerModule } from './worker-session'

export type StatusSources = Omit<SyncStatus, 'pendingTasks'>

export class SyncStatusModule implements WorkerModule {
  private readonly listeners = new Listeners<[SyncStatus]>()
  private pendingTasks = 0
  private subscription: Subscription | null = null

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

  emit(): void {
    this.listeners.emit(this.status())
  }

  readonly api = {
    subscribeSyncStatus: async (cb: (status: SyncStatus) => void): Promise<Unsubscribe> => {
      const listener = safe(cb)
      const remove = this.listeners.add(listener)
      listener(this.status())
      return async () => remove()
    },
  } satisfies Partial<DataApi>

  close(): void {
    this.subscription?.unsubscribe()
    this.subscription = null
    this.pendingTasks = 0
  }
}
