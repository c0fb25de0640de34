/**
 * The outbox of the opened store view (workers/outbox/outbox): its one runner, and the task queue
 * (the `syncTasks` collection, written here only). The cart and the orders modules register their
 * jobs on the same runner; the account module queues its offline writes through `enqueueTask`.
 */
import type { Subscription } from 'rxjs'
import { SyncQueue } from '../../replication/sync-queue'
import type { NewSyncTask, SyncTask } from '../../replication/sync-task'
import type { CustomerSession } from '../account/customer-session'
import { CART_STATE_ID, CollectionTaskStore, toCartState } from '../db/collection-stores'
import { sessionRecordValues } from '../db/session-records'
import { Listeners, PerStore, type OpenedStore, type WorkerModule, type WorkerSession } from '../worker-session'
import type { Outbox } from './outbox'
import { TaskJob } from './task-job'

export interface OutboxModuleDeps {
  session: WorkerSession
  /** the worker's one runner (made by the composition root: the network's probe shares its timer) */
  runner: Outbox
  /** online and leading: the gate of every job */
  canRun: () => boolean
  customer: CustomerSession
}

interface Opened {
  queue: SyncQueue
  unregister: () => void
  subscription: Subscription
}

export class OutboxModule implements WorkerModule {
  readonly runner: Outbox
  /** answered tasks (the account's queued profile and address edits hear of theirs) */
  readonly taskResults = new Listeners<[SyncTask]>()
  private readonly opened = new PerStore<Opened>()

  constructor(private readonly deps: OutboxModuleDeps) {
    this.runner = deps.runner
  }

  open(store: OpenedStore): void {
    const { customer, canRun, session } = this.deps
    let serverCartId: string | null = null
    const queue = new SyncQueue({
      store: new CollectionTaskStore(store.db),
      api: store.api,
      clock: { now: session.now },
      // the customer session's renewal refreshes and logs out; these two are only its fallback
      tokens: { token: () => customer.token, cartId: () => serverCartId, refresh: async () => null, logout: () => undefined },
      tokenRenewal: customer.renewal,
      canSend: canRun,
      onResult: (task) => this.taskResults.emit(task),
    })
    const unregister = this.runner.register(
      new TaskJob({
        queue,
        needsCart: () => {
          void this.runner.wake('cart', { now: true })
          void this.runner.wake('tasks')
        },
      }),
    )
    // the cart's server id, as the cart module stores it, for the tasks that name it
    const subscription = sessionRecordValues(store.db, CART_STATE_ID).subscribe((value) => (serverCartId = toCartState(value).serverCartId))
    this.opened.set({ queue, unregister, subscription })
  }

  lead(): void {
    void this.runner.wake('tasks', { now: true })
  }

  async connectivity(online: boolean, leader: boolean): Promise<void> {
    // spec "Coming back online": the queue is processed
    if (online && leader) await this.runner.wake('tasks', { now: true })
  }

  /** A write that waits for the network: stored first, sent in order by the leader when online. Answers once stored. */
  async enqueueTask(task: NewSyncTask): Promise<void> {
    await this.opened.get().queue.enqueue(task)
    void this.runner.wake('tasks')
  }

  close(): void {
    const opened = this.opened.peek()
    this.opened.set(null)
    opened?.unregister()
    opened?.subscription.unsubscribe()
    // the outbox closes after the modules whose jobs it runs: no timer is left behind
    this.runner.stop()
  }
}
