/**
 * The data worker's composition root: the DataApi (workers/data-api.ts) over the local database,
 * made of one module per concept, each owning its collections, its slice of the API and its
 * network wiring: network role, sync status, catalogue, content, product view, lists, account, cart, orders, urls.
 * Environment-free: fetch, EventSource and the storage are passed in, so the same code runs in the
 * browser worker (data.worker.ts) and in Node tests (memory storage or fake-indexeddb).
 *
 * Threading: each tab has its own worker and DataService over the same IndexedDB. Local reads and
 * writes happen in every tab; network work (catalogue, cart sync, task queue, order sends) runs only
 * in the tab RxDB's leader election picked, reaching the others through the change stream.
 */
import type { RxStorage } from 'rxdb'
import { STORE_VIEWS } from '../domain/store-views'
import { ApiClient, type FetchLike } from '../replication/api-client'
import type { WorkerConfig } from './contract/config'
import type { DataApi } from './data-api'
import { openDatabase } from './db/database'
import { NetworkRole } from './network-role'
import { Outbox } from './outbox/outbox'
import { urlsApi } from './urls/urls-module'
import { workerModules, type ModuleSettings } from './worker-modules'
import { workerSession, type OpenedStore, type WorkerModule } from './worker-session'
import { KIOSK_PASS_HEADER } from '../domain/api/kiosk.schema'
import { KIOSK_PROBE_MAX_DELAY_MS, PROBE_MAX_DELAY_MS } from './connectivity'

export interface DataServiceDeps extends ModuleSettings {
  fetch: FetchLike
  storage?: RxStorage<unknown, unknown>
  /** development and tests: dev-mode + schema validation (workers/db/dev-storage) */
  wrapStorage?: (storage: RxStorage<unknown, unknown>) => RxStorage<unknown, unknown> | Promise<RxStorage<unknown, unknown>>
  databaseName?: string // tests: a unique database name
  initialOnline?: boolean
  now?: () => number
}

// the instance carries every DataApi call (Object.assign in the constructor, checked there as a DataApi)
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface DataService extends DataApi {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class DataService {
  /** the calls the worker exposes (workers/exposable): exactly the DataApi */
  readonly api: DataApi
  private store: OpenedStore | null = null
  /** the reachability probe's client: its plain fetch, so a failed probe is not a new failure */
  private probe: ApiClient | null = null
  private initializing: Promise<void> | null = null
  private readonly network: NetworkRole
  private readonly status: ReturnType<typeof workerModules>['status']
  private readonly customer: ReturnType<typeof workerModules>['customer']
  private readonly cart: ReturnType<typeof workerModules>['cart']
  private readonly handoff: ReturnType<typeof workerModules>['handoff']
  /** in the order they open, lead and hear of connectivity; closed in reverse */
  private readonly modules: WorkerModule[]

  constructor(private readonly deps: DataServiceDeps) {
    const session = workerSession(() => this.store, deps.now ?? Date.now)
    // the worker's one runner of network work and its one retry timer, the reachability probe's too
    const runner = new Outbox({
      canRun: () => this.network.online && this.network.isLeader,
      now: session.now,
      onError: (kind, error) => console.error(`[outbox] the ${kind} job failed`, error),
    })
    this.network = new NetworkRole({
      setTimer: (run, ms) => runner.after(ms, run),
      fetch: deps.fetch,
      initialOnline: deps.initialOnline,
      probe: () => this.probeServer(),
      probeMaxDelayMs: () => (this.store?.config.replicationMode === 'kiosk' ? KIOSK_PROBE_MAX_DELAY_MS : PROBE_MAX_DELAY_MS),
      onChange: () => this.applyConnectivity(),
      onServerTroubleChange: () => this.status.emit(),
    })
    const {
      isOnline,
      customer,
      outbox,
      status,
      catalog,
      content,
      productView,
      stockAlerts,
      lists,
      account,
      privacy,
      returns,
      cart,
      checkout,
      orders,
      handoff,
      analytics,
      kiosk,
    } = workerModules(session, deps, this.network, runner)
    this.status = status
    this.customer = customer
    this.cart = cart
    this.handoff = handoff
    // the customer session opens first: the cart's first sync already sends the customer's token;
    // the outbox closes last, after the modules whose jobs it runs
    this.modules = [
      customer,
      outbox,
      status,
      catalog,
      content,
      productView,
      stockAlerts,
      lists,
      account,
      privacy,
      returns,
      cart,
      handoff,
      checkout,
      orders,
      analytics,
      kiosk,
    ]
    this.api = {
      init: (config) => this.start(config),
      ...this.network.api,
      ...this.status.api,
      ...catalog.api,
      ...content.api,
      ...productView.api,
      ...stockAlerts.api,
      ...account.api,
      ...privacy.api,
      ...returns.api,
      ...this.cart.api,
      ...this.handoff.api,
      ...checkout.api,
      ...orders.api,
      ...lists.api,
      ...analytics.api,
      ...kiosk.api,
      ...urlsApi(session, isOnline),
    }
    Object.assign(this, this.api)
  }

  private start(config: WorkerConfig): Promise<void> {
    this.initializing ??= this.open(config).catch((error: unknown) => {
      this.initializing = null
      throw error
    })
    return this.initializing
  }

  private async open(config: WorkerConfig): Promise<void> {
    const db = await openDatabase({ storeCode: config.storeCode, storage: this.deps.storage, wrapStorage: this.deps.wrapStorage, name: this.deps.databaseName })
    const { apiBaseUrl: baseUrl, storeCode } = config
    const api = new ApiClient({
      baseUrl,
      storeCode,
      fetch: this.network.fetch,
      now: this.deps.now,
      getToken: () => this.customer.token,
      renewToken: (stale) => this.customer.renew(stale),
      ...(config.kioskPass && config.replicationMode === 'kiosk' ? { deviceHeaders: { [KIOSK_PASS_HEADER]: config.kioskPass } } : {}),
    })
    this.probe = new ApiClient({ baseUrl, storeCode, fetch: this.deps.fetch })
    const store: OpenedStore = { config, storeView: STORE_VIEWS[config.storeCode], db, api }
    this.store = store
    for (const module of this.modules) await module.open?.(store)
    void db.waitForLeadership().then(() => {
      if (this.store !== store) return
      this.network.isLeader = true
      for (const module of this.modules) module.lead?.()
      this.status.emit()
    })
  }

  /** The live stream opened (workers/data.worker): the server is asked at once whether it is back. */
  serverHeard(): Promise<void> {
    return this.network.serverHeard()
  }

  /** GET /api: any HTTP answer means the server is reachable. */
  private probeServer(): Promise<boolean> {
    return this.probe?.ping() ?? Promise.resolve(false)
  }

  private async applyConnectivity(): Promise<void> {
    const { online, isLeader } = this.network
    // together: the catalogue pauses or resumes while the queue switches, as one step
    if (this.store) await Promise.all(this.modules.map((module) => module.connectivity?.(online, isLeader)))
    this.status.emit()
  }

  /** tests, HMR */
  async close(): Promise<void> {
    this.network.close()
    const store = this.store
    this.store = null
    this.probe = null
    this.initializing = null
    for (const module of [...this.modules].reverse()) await module.close?.()
    await store?.db.close()
  }

  /** tests: wait for the pending cart sync */
  flushCartSync(): Promise<void> {
    return this.cart.flush()
  }

  /** tests: take what waits for this store view now (after the take in progress) */
  takeCartHandoffs(): Promise<void> {
    return this.handoff.take()
  }
}
