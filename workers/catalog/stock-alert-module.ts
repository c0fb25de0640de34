/**
 * Back-in-stock requests (spec §1, §7 "Stock notification"): a shopper leaves an address on an
 * out-of-stock product or variant. The request is a task of the outbox (replication/sync-queue):
 * stored first, then sent once, in order, online now or when the connection comes back; so the
 * answer to the UI is "asked", never the server's. The server makes a second request for the same
 * address and sku the same subscription, so a task sent twice after a lost answer is harmless.
 */
import { StockSubscriptionRequestSchema } from '../../domain/api/stock-alert.schema'
import type { NewSyncTask } from '../../replication/sync-task'
import type { StockAlertResult } from '../contract/stock-alert'
import type { DataApi } from '../data-api'
import { PerStore, type OpenedStore, type WorkerModule } from '../worker-session'

export interface StockAlertModuleDeps {
  enqueueTask: (task: NewSyncTask) => Promise<void>
  /** whether a customer is logged in: their request carries their token */
  loggedIn: () => boolean
}

export class StockAlertModule implements WorkerModule {
  private readonly opened = new PerStore<OpenedStore>()

  constructor(private readonly deps: StockAlertModuleDeps) {}

  open(store: OpenedStore): void {
    this.opened.set(store)
  }

  close(): void {
    this.opened.set(null)
  }

  readonly api = {
    askStockAlert: (sku: string, email: string): Promise<StockAlertResult> => this.ask(sku, email),
  } satisfies Partial<DataApi>

  private async ask(sku: string, email: string): Promise<StockAlertResult> {
    const request = StockSubscriptionRequestSchema.safeParse({ sku, email })
    if (!request.success) return { ok: false, error: 'invalid' }
    const task = this.opened.get().api.stockSubscriptionTask(request.data, this.deps.loggedIn())
    await this.deps.enqueueTask({ ...task, silent: true })
    return { ok: true }
  }
}
