/**
 * The catalogue as this tab holds it: categories, attributes and the light products (the in-memory
 * mirror, workers/catalog/product-mirror), kept current from their collections' change streams,
 * and, in the leader, the catalogue replication that fills them. It answers the category tree,
 * category pages, search and brands, and tells the other modules when the catalogue changed.
 */
import type { Subscription } from 'rxjs'
import type { Attribute } from '../../domain/attribute.schema'
import { ROOT_CATEGORY_ID, type Category } from '../../domain/category.schema'
import type { EventSourceFactory, FeedStreamItem } from '../../replication/catalog-pull'
import type { Brand, CategoryPage, CategoryPageQuery, SearchOptions, SearchResult, Unsubscribe } from '../contract/views'
import type { DataApi } from '../data-api'
import { toAttribute, toCategory } from '../db/catalog-docs'
import type { AttributeDoc, CategoryDoc } from '../db/catalog-schemas'
import { startCatalogReplication, type CatalogReplication } from './catalog-replication'
import { distinct, distinctObject, Listeners, PerStore, safe, type OpenedStore, type WorkerModule, type WorkerSession } from '../worker-session'
import { listBrands } from './brands'
import { categoryRowsPage, categoryWithDescendants, LIST_OUT_OF_STOCK } from './category-query'
import { listableRows } from './product-table'
import { ListingCache, priceChangeAfter } from './listing-cache'
import { needsCompaction } from './product-batches'
import { ProductMirror } from './product-mirror'
import { ProductSearch } from './product-search'
import { FIRST_PAGE_WAIT_MS, RoutePrimer } from './route-prime'
import { CATEGORY_PAGE_SIZE } from '../../domain/listing'
import { modifySessionRecord, recordValue } from '../db/session-records'

export interface CatalogSnapshotDeps {
  session: WorkerSession
  isOnline: () => boolean
  /** the sync status changed (replication activity, products stored) */
  onStatus: () => void
  eventSource?: EventSourceFactory
  /** tests: no catalogue replication */
  replicate?: boolean
  /** the worker's one retry timer (the outbox's) */
  retryAfter: (ms: number, run: () => void) => () => void
  /** the stream's items for other modules' collections, and its RESYNCs (catalog-replication) */
  onOtherStreamItem?: (item: FeedStreamItem) => void
}

/** The session record saying a replication in `mode` caught up once on this device. */
const completeRecord = (mode: string) => `catalogue-complete-${mode}`

export class CatalogSnapshot implements WorkerModule {
  private readonly listeners = new Listeners()
  private readonly opened = new PerStore<{ mirror: ProductMirror; search: ProductSearch; primer: RoutePrimer; subscriptions: Subscription[] }>()
  private replication: CatalogReplication | null = null
  /** category pages worked out, for the next read of the same one (workers/catalog/listing-cache) */
  private pages = new ListingCache<CategoryPage>()
  categories: CategoryDoc[] = []
  attributes = new Map<string, AttributeDoc>()
  /** a replication of this tab is writing a pull (the pulls' active flags) */
  private pullActive = false
  /** the leader's replication caught up once: the device holds the catalogue, nothing to prime */
  caughtUp = false
  /** a replication in this device's mode caught up once, in this session or an earlier one */
  private completeBefore = false
  /** the opened store view replicates in kiosk mode */
  private kiosk = false
  /** kiosk mode: the local search index has been built (then kept warm) */
  private indexWarm = false
  lastPulledAt: string | null = null

  constructor(private readonly deps: CatalogSnapshotDeps) {}

  private get current(): { mirror: ProductMirror; search: ProductSearch; primer: RoutePrimer } {
    return this.opened.get()
  }

  /** The light products of the opened store view; throws before init. */
  get mirror(): ProductMirror {
    return this.current.mirror
  }

  /**
   * The device holds the whole catalogue in its mode's projection (a kiosk: the full documents): a
   * replication in this mode caught up once, now or before a restart. Stored products from another
   * mode (a shopper's light ones before the tablet became a kiosk) do not count.
   */
  get catalogueComplete(): boolean {
    return (this.caughtUp || this.completeBefore) && (!this.kiosk || this.indexWarm)
  }

  /**
   * A kiosk's search index, built once its catalogue is complete and kept warm after: its status
   * says ready only then, so the first offline search does not wait for the build.
   */
  private warmKioskSearch(): void {
    const opened = this.opened.peek()
    if (!opened || this.indexWarm || !this.kiosk) return
    opened.search.keepWarm()
    this.indexWarm = true
    this.deps.onStatus()
  }

  get productCount(): number {
    return this.opened.peek()?.mirror.size ?? 0
  }

  /**
   * The status's "replicating": a pull is writing, or (online) the leader's replication has not yet
   * caught up once. Replication's own activity alone is false before its first batch and between
   * collections, while a first visit's primed products already count: pages said "ready" and
   * facet counts still grew (CI: a colour chip read 82, its listing then showed 106).
   */
  get replicating(): boolean {
    return this.pullActive || (this.replication !== null && !this.caughtUp && this.deps.isOnline())
  }

  /** Products, categories or attributes changed; returns the way to stop listening. */
  onChange(listener: () => void): () => void {
    return this.listeners.add(listener)
  }

  async open(store: OpenedStore): Promise<void> {
    const mirror = new ProductMirror(store.db.productBatches)
    const search = new ProductSearch({
      api: store.api,
      index: store.storeView.index,
      isOnline: this.deps.isOnline,
      now: this.deps.session.now,
      products: () => mirror.products.values(),
      attributes: () => this.attributes,
      onProductsChange: (listener) => mirror.onChange(listener),
    })
    const subscriptions = [
      store.db.categories.find().$.subscribe((docs) => {
        this.categories = docs.map((d) => d.toJSON() as CategoryDoc)
        this.listeners.emit()
      }),
      store.db.attributes.find().$.subscribe((docs) => {
        this.attributes = new Map(docs.map((d) => [d.attribute_code, d.toJSON() as AttributeDoc]))
        this.listeners.emit()
      }),
    ]
    const primer = new RoutePrimer({ api: store.api, index: store.storeView.index, prime: (docs) => mirror.prime(docs) })
    this.opened.set({ mirror, search, primer, subscriptions })
    mirror.onChange(() => {
      this.listeners.emit()
      this.deps.onStatus()
    })
    await mirror.start()
    this.kiosk = store.config.replicationMode === 'kiosk'
    this.completeBefore = recordValue(await store.db.session.findOne(completeRecord(store.config.replicationMode)).exec())?.complete === true
    if (this.completeBefore) this.warmKioskSearch()
    // a first visit to a category page: its first page asked now, beside the catalogue's first
    // pulls; the page's own ask (once the categories are in) then finds it on its way or primed
    const first = store.config.firstCategoryId
    if (first !== undefined && mirror.size === 0 && this.deps.isOnline()) {
      void primer.primeCategoryPage({ categoryId: first, filters: {}, sort: 'position', size: CATEGORY_PAGE_SIZE }, [first])
    }
  }

  /** The leader replicates the catalogue (paused while offline). */
  lead(): void {
    const opened = this.opened.peek()
    if (this.deps.replicate === false || !opened) return
    const { config, db, api, storeView } = this.deps.session.store
    const replication = startCatalogReplication({
      db,
      api,
      storeView,
      mode: config.replicationMode,
      eventSource: this.deps.eventSource,
      retryAfter: this.deps.retryAfter,
      onOtherStreamItem: this.deps.onOtherStreamItem,
      onPulled: (info) => {
        this.lastPulledAt = new Date(info.at).toISOString()
        this.deps.onStatus()
      },
      // superseded products (updates, a re-pull after a mode change) compacted away once caught up
      afterProductsCaughtUp: async (writer) => {
        if (needsCompaction(opened.mirror.storedCounts())) await writer.compact(() => opened.mirror.storedState())
      },
    })
    this.replication = replication
    void replication.awaitInSync().then(
      () => {
        if (this.replication !== replication) return
        this.caughtUp = true
        this.warmKioskSearch()
        this.deps.onStatus()
        void modifySessionRecord(db, completeRecord(config.replicationMode), () => ({ complete: true })).catch((error: unknown) =>
          console.debug('[catalog] that the catalogue is complete was not recorded', error),
        )
      },
      () => undefined,
    )
    const active = new Set<number>()
    replication.activity.forEach((active$, index) => {
      opened.subscriptions.push(
        active$.subscribe((isActive) => {
          if (isActive) active.add(index)
          else active.delete(index)
          this.pullActive = active.size > 0
          this.deps.onStatus()
        }),
      )
    })
    if (!this.deps.isOnline()) void replication.pause()
  }

  async connectivity(online: boolean, leader: boolean): Promise<void> {
    if (!leader) return
    if (online) this.replication?.resume()
    else await this.replication?.pause()
  }

  /**
   * Re-emits `compute()` whenever the catalogue changes and the value with it, until unsubscribed.
   * `unchanged` drops a value that says nothing new: by its JSON (small views computed anew each
   * time), or by being the same object (views answered from a cache).
   */
  private subscribeComputed<T>(cb: (value: T) => void, compute: () => T, unchanged: (cb: (value: T) => void) => (value: T) => void = distinct): Unsubscribe {
    const listener = unchanged(safe(cb))
    const remove = this.onChange(() => listener(compute()))
    listener(compute())
    return async () => remove()
  }

  readonly api = {
    subscribeCategories: async (cb: (categories: Category[]) => void): Promise<Unsubscribe> => {
      void this.current
      return this.subscribeComputed(cb, () => this.categories.map(toCategory).sort((a, b) => a.level - b.level || a.position - b.position || a.id - b.id))
    },
    getCategoryBySlug: async (slug: string): Promise<Category | null> => {
      const doc = await this.deps.session.store.db.categories.findOne({ selector: { slug } }).exec()
      return doc ? toCategory(doc.toJSON() as CategoryDoc) : null
    },
    listAttributes: async (codes: string[]): Promise<Attribute[]> => {
      const docs = await this.deps.session.store.db.attributes.find({ selector: { attribute_code: { $in: codes } } }).exec()
      return docs.map((d) => toAttribute(d.toJSON() as AttributeDoc))
    },
    /** Runs the listing over the in-memory mirror; re-emits when products, categories or attributes change. */
    subscribeCategoryPage: async (query: CategoryPageQuery, cb: (page: CategoryPage) => void): Promise<Unsubscribe> => {
      const { mirror, primer } = this.current
      const idsOf = () => categoryWithDescendants(this.categories, query.categoryId)
      // a first visit: the page comes from the server ahead of the rest, and its first answer waits
      // for it (briefly), so the shopper sees the real first page at once, not one listed from the
      // replication's first batches that reshuffles as the rest arrives
      if (!this.caughtUp && this.deps.isOnline()) await primer.primeCategoryPage(query, [...idsOf()], FIRST_PAGE_WAIT_MS)
      return this.subscribeComputed(
        cb,
        () => {
          const categoryIds = idsOf()
          const { table, rows } = mirror.inCategories(categoryIds)
          const now = this.deps.session.now()
          // the category's rows are a source: a catalogue change or a change of its subcategories makes other ones
          const key = `${query.categoryId}|${query.sort}|${query.size}|${JSON.stringify(query.filters)}`
          const sources = [rows, this.attributes]
          const known = this.pages.get(key, sources, now)
          if (known) return known
          const listable = listableRows(table, rows, LIST_OUT_OF_STOCK)
          const page = categoryRowsPage(table, listable, query, { attributes: this.attributes, now })
          this.pages.set(key, sources, page, priceChangeAfter(table, listable, now))
          return page
        },
        // a page can be long (a "load more" of hundreds): the listing cache's same object is the same page
        distinctObject,
      )
    },
    searchProducts: async (query: string, options?: SearchOptions): Promise<SearchResult> => this.current.search.search(query, options),
    subscribeSearch: async (query: string, options: SearchOptions, cb: (result: SearchResult) => void): Promise<Unsubscribe> => {
      const stop = await this.current.search.watch(query, options, safe(cb))
      return async () => stop()
    },
    // a subscription, not a read: the brands need the products, the brand attribute and the categories,
    // which a first visit or a newly opened tab gets in no set order
    subscribeBrands: async (cb: (brands: Brand[]) => void): Promise<Unsubscribe> =>
      this.subscribeComputed(cb, () =>
        listBrands(this.mirror.products.values(), this.attributes.get('manufacturer'), categoryWithDescendants(this.categories, ROOT_CATEGORY_ID)),
      ),
  } satisfies Partial<DataApi>

  async close(): Promise<void> {
    const opened = this.opened.peek()
    this.opened.set(null)
    if (opened) {
      opened.search.stop()
      opened.mirror.stop()
      for (const subscription of opened.subscriptions) subscription.unsubscribe()
    }
    await this.replication?.cancel()
    this.replication = null
    this.categories = []
    this.attributes = new Map()
    this.pages = new ListingCache()
    this.pullActive = false
    this.caughtUp = false
    this.completeBefore = false
    this.kiosk = false
    this.indexWarm = false
    this.lastPulledAt = null
  }
}
