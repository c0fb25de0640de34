/**
 * The DataApi (workers/data-api.ts) over the local database. Environment-free: fetch, EventSource
 * and the storage are passed in, so the same code runs in the browser worker (data.worker.ts) and
 * in Node tests (memory storage or fake-indexeddb).
 *
 * Threading: each tab has its own worker and its own DataService over the same IndexedDB. Local
 * reads and writes happen in every tab; network work (catalogue replication, cart sync, the task
 * queue) runs only in the tab RxDB's leader election picked, and reaches the others through the
 * multi-instance change stream.
 */
import { combineLatest } from 'rxjs'
import type { Subscription } from 'rxjs'
import type { RxStorage } from 'rxdb'
import type { Attribute } from '../domain/attribute.schema'
import type { CartItem, ServerCartItem } from '../domain/cart.schema'
import type { Category } from '../domain/category.schema'
import { cartHash, cartItemKey, productOptionChecksum } from '../domain/cart-item'
import type { StockItem } from '../domain/api/stock.schema'
import { toCents } from '../domain/money'
import type { Notification } from '../domain/notifications'
import { STORE_VIEWS } from '../domain/store-views'
import type { StoreView } from '../domain/store-views'
import { ApiClient } from '../replication/api-client'
import type { FetchLike } from '../replication/api-client'
import { Reachability } from './connectivity'
import type { EventSourceFactory } from '../replication/catalog-pull'
import { DEFAULT_PRODUCT_QUOTA_BYTES } from '../replication/quota-eviction'
import { SyncQueue } from '../replication/sync-queue'
import { applyCartCommand } from './cart/cart-commands'
import { CartSyncScheduler } from './cart/cart-sync-scheduler'
import { categoryWithDescendants, queryCategoryPage } from './catalog/category-query'
import { ProductStore } from './catalog/product-store'
import { priceRefresherFor, withPriceRefresh } from './catalog/price-refresh'
import { recommendationVisitorFor } from './catalog/recommendation-visitor'
import { getRelatedProducts } from './catalog/related-products'
import { ProductMirror } from './catalog/product-mirror'
import { ProductSearch } from './catalog/product-search'
import { listBrands } from './catalog/brands'
import { ROOT_CATEGORY_ID } from '../domain/category.schema'
import type { SearchOptions, SearchResult } from './contract/views'
import type { CartCommand } from './contract/commands'
import type { CartView, CategoryPage, CategoryPageQuery, ProductView, SyncStatus, Unsubscribe } from './contract/views'
import type { DataApi } from './data-api'
import type { WorkerConfig } from './contract/config'
import type { AttributeDoc, CategoryDoc } from './db/catalog-schemas'
import { toAttribute, toCategory } from './db/catalog-docs'
import { CART_STATE_ID, CollectionCartStore, CollectionTaskStore, toCartItem, toCartState } from './db/collection-stores'
import { openDatabase } from './db/database'
import type { PolderDatabase } from './db/database'
import type { CartItemDoc, SessionDoc } from './db/local-schemas'
import { startCatalogReplication } from './replication/catalog-replication'
import { ShopperLists } from './lists/shopper-lists'
import type { Brand, ProductListItem, ListsView, CompareView, RelatedProducts } from './contract/views'
import type { ListCommand } from './contract/commands'
import type { CatalogReplication } from './replication/catalog-replication'
import type { UrlResolution } from './contract/views'
import { resolveUrl } from './urls/resolve-url'
import { getLinkedProducts } from './catalog/linked-products'
import { serverLinePriceCents } from './cart/server-line'

export interface DataServiceDeps {
  fetch: FetchLike
  eventSource?: EventSourceFactory
  storage?: RxStorage<unknown, unknown>
  /** development and tests: dev-mode + schema validation (workers/db/dev-storage) */
  wrapStorage?: (storage: RxStorage<unknown, unknown>) => RxStorage<unknown, unknown> | Promise<RxStorage<unknown, unknown>>
  /** tests: a unique database name */
  databaseName?: string
  initialOnline?: boolean
  productQuotaBytes?: number
  /** tests: no catalogue replication */
  replicate?: boolean
  now?: () => number
}

/** init() was not called (or failed) before another API call. */
export class DataServiceNotReadyError extends Error {
  override readonly name = 'DataServiceNotReadyError'
  constructor() {
    super('The data worker is not initialised: call init(config) first')
  }
}

/** A stock check has to answer within the client's search time-out (spec §9: 5000 ms). */
const STOCK_CHECK_TIMEOUT_MS = 5000

interface Context {
  config: WorkerConfig
  storeView: StoreView
  db: PolderDatabase
  api: ApiClient
  cartStore: CollectionCartStore
  queue: SyncQueue
  scheduler: CartSyncScheduler
  mirror: ProductMirror
  products: ProductStore
  replication: CatalogReplication | null
  categories: CategoryDoc[]
  attributes: Map<string, AttributeDoc>
  subscriptions: Subscription[]
  pendingTasks: number
  replicating: boolean
  lastPulledAt: string | null
  isLeader: boolean
  serverCartId: string | null
  lists: ShopperLists
}

export class DataService implements DataApi {
  private ctx: Context | null = null
  private initializing: Promise<void> | null = null
  /** the browser's navigator.onLine, as the page reports it */
  private browserOnline: boolean
  /** the server answers (workers/connectivity: lie-fi, captive portals, dead cells) */
  private readonly reachability: Reachability
  /** every request of the worker, its network failures watched by `reachability` */
  private readonly fetch: FetchLike
  private readonly statusListeners = new Set<(status: SyncStatus) => void>()
  private readonly catalogListeners = new Set<() => void>()
  private readonly now: () => number
  /** built on the first search of this context (workers/catalog/product-search) */
  private productSearch: { ctx: Context; search: ProductSearch } | null = null

  constructor(private readonly deps: DataServiceDeps) {
    this.browserOnline = deps.initialOnline ?? true
    this.reachability = new Reachability({
      probe: () => this.probeServer(),
      onChange: () => void this.applyConnectivity(),
    })
    this.fetch = this.reachability.observe(deps.fetch)
    this.now = deps.now ?? Date.now
  }

  init(config: WorkerConfig): Promise<void> {
    this.initializing ??= this.open(config).catch((error: unknown) => {
      this.initializing = null
      throw error
    })
    return this.initializing
  }

  private async open(config: WorkerConfig): Promise<void> {
    const storeView = STORE_VIEWS[config.storeCode]
    const db = await openDatabase({
      storeCode: config.storeCode,
      storage: this.deps.storage,
      wrapStorage: this.deps.wrapStorage,
      name: this.deps.databaseName,
    })
    const api = new ApiClient({ baseUrl: config.apiBaseUrl, storeCode: config.storeCode, fetch: this.fetch })
    const cartStore = new CollectionCartStore(db)
    const mirror = new ProductMirror(db.products)
    const products = new ProductStore({
      db,
      mirror,
      api,
      storeView,
      isOnline: () => this.online,
      now: this.now,
      quotaBytes: this.deps.productQuotaBytes ?? DEFAULT_PRODUCT_QUOTA_BYTES,
    })
    const queue = new SyncQueue({
      store: new CollectionTaskStore(db),
      fetch: this.fetch,
      baseUrl: config.apiBaseUrl,
      clock: { now: this.now, sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) },
      // no customer accounts in the worker yet: guest tokens only
      tokens: { token: () => null, cartId: () => this.ctx?.serverCartId ?? null, refresh: async () => null, logout: () => undefined },
      // spec §8: "... Re-creating shopping cart synchro."
      onCartIdMissing: () => void this.ctx?.scheduler.runNow().then(() => this.ctx?.queue.process()),
    })
    // only the leader sends tasks (two tabs sending one stored task would send it twice)
    queue.setOnline(false)
    const ctx: Context = {
      lists: this.createLists(db, products),
      config,
      storeView,
      db,
      api,
      cartStore,
      queue,
      mirror,
      products,
      replication: null,
      categories: [],
      attributes: new Map(),
      subscriptions: [],
      pendingTasks: 0,
      replicating: false,
      lastPulledAt: null,
      isLeader: false,
      serverCartId: null,
      scheduler: new CartSyncScheduler({
        api,
        store: cartStore,
        isOnline: () => this.online,
        isLeader: () => this.ctx?.isLeader ?? false,
        token: () => null,
        now: this.now,
        checkStock: (sku) => this.checkStock(sku),
        localItemFromServer: (server) => this.localItemFromServer(server),
      }),
    }
    this.ctx = ctx

    ctx.subscriptions.push(
      db.categories.find().$.subscribe((docs) => {
        ctx.categories = docs.map((d) => d.toJSON() as CategoryDoc)
        this.notifyCatalog()
      }),
      db.attributes.find().$.subscribe((docs) => {
        ctx.attributes = new Map(docs.map((d) => [d.attribute_code, d.toJSON() as AttributeDoc]))
        this.notifyCatalog()
      }),
      db.syncTasks.find({ selector: { transmited: false } }).$.subscribe((docs) => {
        ctx.pendingTasks = docs.length
        this.emitStatus()
      }),
      db.session.findOne(CART_STATE_ID).$.subscribe((doc) => {
        ctx.serverCartId = toCartState(doc?.toJSON() as SessionDoc | undefined).serverCartId
      }),
      // a line changed here or in another tab: the leader pushes it
      db.cart.$.subscribe(() => ctx.scheduler.schedule()),
    )
    mirror.onChange(() => {
      this.notifyCatalog()
      this.emitStatus()
    })
    await mirror.start()

    void db.waitForLeadership().then(() => this.becomeLeader(ctx))
  }

  private becomeLeader(ctx: Context): void {
    if (this.ctx !== ctx) return
    ctx.isLeader = true
    ctx.queue.setOnline(this.online)
    if (this.deps.replicate !== false) {
      ctx.replication = startCatalogReplication({
        db: ctx.db,
        api: ctx.api,
        storeView: ctx.storeView,
        mode: ctx.config.replicationMode,
        eventSource: this.deps.eventSource,
        onPulled: (info) => {
          ctx.lastPulledAt = new Date(info.at).toISOString()
          this.emitStatus()
        },
      })
      const active = new Set<number>()
      ctx.replication.states.forEach((state, index) => {
        ctx.subscriptions.push(
          state.active$.subscribe((isActive) => {
            if (isActive) active.add(index)
            else active.delete(index)
            ctx.replicating = active.size > 0
            this.emitStatus()
          }),
        )
      })
      if (!this.online) void ctx.replication.pause()
    }
    this.emitStatus()
    void ctx.scheduler.runNow()
    void ctx.queue.process()
  }

  private get context(): Context {
    if (!this.ctx) throw new DataServiceNotReadyError()
    return this.ctx
  }

  /** Online for the worker: the browser says so and the server answers. */
  private get online(): boolean {
    return this.browserOnline && this.reachability.isReachable
  }

  async setOnline(online: boolean): Promise<void> {
    this.browserOnline = online
    // back online by the browser's word: ask the server now instead of at the next probe
    if (online) await this.reachability.checkNow()
    await this.applyConnectivity()
  }

  /** GET /api (the version; never cached by the service worker): any HTTP answer means reachable. */
  private async probeServer(): Promise<boolean> {
    const base = this.ctx?.config.apiBaseUrl
    if (base === undefined) return false
    try {
      await this.deps.fetch(`${base}/api`, { cache: 'no-store' })
      return true
    } catch {
      return false
    }
  }

  private async applyConnectivity(): Promise<void> {
    const online = this.online
    const ctx = this.ctx
    if (ctx) {
      ctx.queue.setOnline(online && ctx.isLeader)
      if (ctx.isLeader) {
        if (online) {
          ctx.replication?.resume()
          ctx.scheduler.disabled = false
          // spec "Coming back online": process the queue, reload the cart from the server
          await ctx.queue.process()
          await ctx.scheduler.runNow()
        } else {
          await ctx.replication?.pause()
        }
      }
    }
    this.emitStatus()
  }

  // --- status -------------------------------------------------------------------------

  private status(): SyncStatus {
    const ctx = this.ctx
    return {
      online: this.online,
      isLeader: ctx?.isLeader ?? false,
      pendingTasks: ctx?.pendingTasks ?? 0,
      productCount: ctx?.mirror.size ?? 0,
      replicating: ctx?.replicating ?? false,
      lastPulledAt: ctx?.lastPulledAt ?? null,
    }
  }

  private emitStatus(): void {
    const status = this.status()
    for (const listener of this.statusListeners) listener(status)
  }

  async subscribeSyncStatus(cb: (status: SyncStatus) => void): Promise<Unsubscribe> {
    const listener = safe(cb)
    this.statusListeners.add(listener)
    listener(this.status())
    return async () => {
      this.statusListeners.delete(listener)
    }
  }

  // --- catalogue ----------------------------------------------------------------------

  private notifyCatalog(): void {
    for (const listener of this.catalogListeners) listener()
  }

  async subscribeCategories(cb: (categories: Category[]) => void): Promise<Unsubscribe> {
    const ctx = this.context
    const listener = safe(cb)
    const emit = () =>
      listener(
        ctx.categories
          .map(toCategory)
          .sort((a, b) => a.level - b.level || a.position - b.position || a.id - b.id),
      )
    this.catalogListeners.add(emit)
    emit()
    return async () => {
      this.catalogListeners.delete(emit)
    }
  }

  async getCategoryBySlug(slug: string): Promise<Category | null> {
    const doc = await this.context.db.categories.findOne({ selector: { slug } }).exec()
    return doc ? toCategory(doc.toJSON() as CategoryDoc) : null
  }

  async listAttributes(codes: string[]): Promise<Attribute[]> {
    const docs = await this.context.db.attributes.find({ selector: { attribute_code: { $in: codes } } }).exec()
    return docs.map((d) => toAttribute(d.toJSON() as AttributeDoc))
  }

  /** Runs the listing over the in-memory mirror; re-emits when products, categories or attributes change. */
  async subscribeCategoryPage(query: CategoryPageQuery, cb: (page: CategoryPage) => void): Promise<Unsubscribe> {
    const ctx = this.context
    const listener = safe(cb)
    const emit = () => {
      const categoryIds = categoryWithDescendants(ctx.categories, query.categoryId)
      listener(queryCategoryPage(ctx.mirror.products.values(), query, { categoryIds, attributes: ctx.attributes, now: this.now() }))
    }
    this.catalogListeners.add(emit)
    emit()
    return async () => {
      this.catalogListeners.delete(emit)
    }
  }

  async subscribeProduct(parentSku: string, cb: (view: ProductView) => void): Promise<Unsubscribe> {
    const ctx = this.context
    const listener = safe(cb)
    let closed = false
    let seenUpdatedAt = ctx.products.light(parentSku)?.updated_at
    const load = () => ctx.products.loadView(parentSku, emitPriced)
    // spec §4: prices marked current once the platform price refresh answered (workers/catalog/price-refresh)
    const prices = priceRefresherFor({ api: ctx.api, storeView: ctx.storeView, isOnline: () => this.online, now: this.now })
    const emitPriced = withPriceRefresh(prices, (view) => {
      if (!closed) listener(view)
    })
    await load()
    // the product changed on the server (a newer light document arrived): load it again
    const onCatalog = () => {
      const updatedAt = ctx.products.light(parentSku)?.updated_at
      if (updatedAt !== seenUpdatedAt) {
        seenUpdatedAt = updatedAt
        void load()
      }
    }
    this.catalogListeners.add(onCatalog)
    return async () => {
      closed = true
      this.catalogListeners.delete(onCatalog)
    }
  }

  // --- cart ---------------------------------------------------------------------------

  async subscribeCart(cb: (cart: CartView) => void): Promise<Unsubscribe> {
    const { db } = this.context
    const listener = safe(cb)
    const subscription = combineLatest([db.cart.find().$, db.session.findOne(CART_STATE_ID).$]).subscribe(([docs, stateDoc]) => {
      const items = docs.map((d) => toCartItem(d.toJSON() as CartItemDoc)).sort((a, b) => a.added_at - b.added_at)
      const state = toCartState(stateDoc?.toJSON() as SessionDoc | undefined)
      const hash = cartHash(items, null)
      listener({
        items,
        itemsQty: items.reduce((sum, item) => sum + item.qty, 0),
        subtotalInclTax: items.reduce((sum, item) => sum + Math.round(item.qty * item.price_incl_tax), 0),
        totals: state.totals,
        serverCartId: state.serverCartId,
        pendingSync: state.syncedHash === null ? items.length > 0 : hash !== state.syncedHash,
      })
    })
    return async () => subscription.unsubscribe()
  }

  async applyCartCommand(command: CartCommand): Promise<Notification[]> {
    const ctx = this.context
    return applyCartCommand(
      {
        store: ctx.cartStore,
        checkStock: (sku) => this.checkStock(sku),
        linkedProduct: (sku) => ctx.products.cartProduct(sku),
        now: this.now,
        newId: () => `${this.now()}-${Math.random().toString(36).slice(2, 8)}`,
      },
      command,
    )
  }

  private async checkStock(sku: string): Promise<StockItem | null> {
    if (!this.online) return null
    const api = this.context.api
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), STOCK_CHECK_TIMEOUT_MS)
    })
    try {
      return await Promise.race([api.checkStock(sku).catch(() => null), timeout])
    } finally {
      clearTimeout(timer)
    }
  }

  /** A server line nobody has locally (another device's cart): described from the local catalogue. */
  private async localItemFromServer(server: ServerCartItem): Promise<CartItem | null> {
    const ctx = this.context
    const light = ctx.products.light(server.sku)
    const checksum = productOptionChecksum(server.product_option)
    return {
      key: cartItemKey(server.sku, checksum),
      sku: server.sku,
      parentSku: light?.sku ?? server.sku,
      name: light?.name ?? server.name,
      type_id: server.product_type,
      qty: server.qty,
      price_incl_tax: serverLinePriceCents(server, await ctx.products.storedFull(server.sku).catch(() => null), light?.final_price_incl_tax),
      options: [],
      checksum,
      added_at: this.now(),
      ...(light?.image ? { image: light.image } : {}),
      ...(server.product_option ? { product_option: server.product_option } : {}),
    }
  }

  // --- search (workers/catalog/product-search) ----------------------------------------

  searchProducts(query: string, options?: SearchOptions): Promise<SearchResult> {
    const ctx = this.context
    if (this.productSearch?.ctx !== ctx) {
      this.productSearch?.search.stop()
      const search = new ProductSearch({
        api: ctx.api,
        index: ctx.storeView.index,
        isOnline: () => this.online,
        now: this.now,
        products: () => ctx.mirror.products.values(),
        attributes: () => ctx.attributes,
        onProductsChange: (listener) => ctx.mirror.onChange(listener),
      })
      this.productSearch = { ctx, search }
    }
    return this.productSearch.search.search(query, options)
  }

  // --- wishlist, compare, recently viewed (workers/lists) ------------------------------

  private createLists(db: PolderDatabase, products: ProductStore): ShopperLists {
    return new ShopperLists({
      db,
      now: this.now,
      newId: () => `${this.now()}-${Math.random().toString(36).slice(2, 8)}`,
      lightItems: (skus) => products.lightItems(skus),
      localProduct: (sku) => products.full(sku, false),
      loadProduct: (sku) => products.full(sku, true),
      comparableAttributes: () => [...this.context.attributes.values()].filter((a) => a.is_comparable).map(toAttribute),
      onCatalogChange: (listener) => {
        this.catalogListeners.add(listener)
        return () => this.catalogListeners.delete(listener)
      },
    })
  }

  async subscribeLists(cb: (lists: ListsView) => void): Promise<Unsubscribe> {
    return this.context.lists.subscribeLists(safe(cb))
  }

  applyListCommand(command: ListCommand): Promise<Notification[]> {
    return this.context.lists.applyListCommand(command)
  }

  async subscribeCompare(cb: (view: CompareView) => void): Promise<Unsubscribe> {
    return this.context.lists.subscribeCompare(safe(cb))
  }

  recordProductView(sku: string): Promise<void> {
    const ctx = this.context
    // spec §7 log/product: fire and forget, online only (workers/catalog/recommendation-visitor)
    const productId = ctx.products.light(sku)?.product_id
    if (productId !== undefined) void recommendationVisitorFor({ db: ctx.db, api: ctx.api, isOnline: () => this.online }).logView(productId)
    return ctx.lists.recordProductView(sku)
  }

  // --- URL dispatcher (workers/urls) --------------------------------------------------

  resolveUrl(path: string): Promise<UrlResolution> {
    const ctx = this.context
    return resolveUrl(
      {
        urls: ctx.db.urls,
        storeCode: ctx.config.storeCode,
        isOnline: () => this.online,
        mapUrl: (url) => ctx.api.mapUrl(url),
        now: this.now,
      },
      path,
    )
  }

  // --- product types (grouped, bundle): workers/catalog/linked-products.ts --------------

  getLinkedProducts(skus: string[]): Promise<ProductListItem[]> {
    return getLinkedProducts({ store: this.context.products, now: this.now }, skus)
  }

  // --- related products: workers/catalog/related-products.ts ---------------------------

  async getRelatedProducts(sku: string, limit: number): Promise<RelatedProducts> {
    const ctx = this.context
    const visitor = recommendationVisitorFor({ db: ctx.db, api: ctx.api, isOnline: () => this.online })
    const source = { sku, listed: ctx.products.listed(sku), full: await ctx.products.storedFull(sku) }
    return getRelatedProducts(source, { products: () => ctx.mirror.products.values(), now: this.now(), crossSellIds: (id, n) => visitor.crossSell(id, n) }, limit)
  }

  // --- brands: workers/catalog/brands.ts ------------------------------------------------

  async listBrands(): Promise<Brand[]> {
    const ctx = this.context
    return listBrands(ctx.mirror.products.values(), ctx.attributes.get('manufacturer'), categoryWithDescendants(ctx.categories, ROOT_CATEGORY_ID))
  }

  // --- life cycle (tests, HMR) --------------------------------------------------------

  async close(): Promise<void> {
    this.reachability.reset()
    this.productSearch?.search.stop()
    this.productSearch = null
    const ctx = this.ctx
    this.ctx = null
    this.initializing = null
    if (!ctx) return
    ctx.scheduler.stop()
    ctx.queue.dispose()
    ctx.mirror.stop()
    for (const subscription of ctx.subscriptions) subscription.unsubscribe()
    await ctx.replication?.cancel()
    await ctx.db.close()
  }

  /** tests: wait for the pending cart sync */
  async flushCartSync(): Promise<void> {
    await this.ctx?.scheduler.runNow()
  }
}

/** A UI callback that throws (or a closed tab's proxy) must not break the worker's streams. */
function safe<T>(cb: (value: T) => void): (value: T) => void {
  return (value) => {
    try {
      const result = cb(value) as unknown
      if (result instanceof Promise) result.catch(() => undefined)
    } catch {
      // the page is gone or its handler failed; the next emission tries again
    }
  }
}
