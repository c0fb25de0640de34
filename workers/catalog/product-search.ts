/**
 * Product search in the data worker (DESIGN.md "Replication with the headless API"): online it asks
 * the server's catalogue search (spec §7, §9: size 50, 5000 ms client time-out); offline, or when
 * that call fails, the device's own search (workers/catalog/local-product-search) answers over the
 * light products of the in-memory mirror, and says so and why (`source: 'device'` with `reason`
 * offline, server-trouble or slow: replication/api-errors failureReason; spec §4 "Offline").
 *
 * The local index is built lazily on the first local search, then rebuilt (debounced) when
 * replication changes the mirror, so the next keystroke does not pay for it.
 */
import { LIGHT_PRODUCT_FIELDS } from '../../domain/api/replication.schema'
import type { ApiClient } from '../../replication/api-client'
import { failureReason, type FailureReason } from '../../replication/api-errors'
import type { ProductListItem, SearchOptions, SearchResult } from '../contract/views'
import { productSearchQuery, SEARCH_DEFAULT_SIZE } from '../../domain/listing'
import type { AttributeDoc, ProductDoc } from '../db/catalog-schemas'
import { toProductDoc } from '../db/catalog-docs'
import { toProductListItem } from '../db/product-views'
import type { ListedProduct } from './category-query'
import { listProducts, prepareProduct } from './category-query'
import { LocalProductSearch, searchTerm } from './local-product-search'

export { LocalProductSearch }

/** Spec §9: search time-out on the client. */
export const SEARCH_TIMEOUT_MS = 5000
/** Spec §9: "Page search limit 500 default": the results page filters and pages over these. */
export const SEARCH_PAGE_LIMIT = 500
/** Filter toggles and "load more" within this time reuse the server's hits instead of asking again. */
const HITS_TTL_MS = 60_000
/** Replication writes in batches: wait for a quiet moment before rebuilding the index. */
const REBUILD_DEBOUNCE_MS = 300

/** How many best sellers an empty search offers instead. */
export const POPULAR_SIZE = 4

export interface ProductSearchDeps {
  api: ApiClient
  /** the store view's catalogue index, e.g. polder_en */
  index: string
  isOnline: () => boolean
  now: () => number
  /** the mirror's light products */
  products: () => Iterable<ListedProduct>
  /** attributes by code, for facet labels (none: option ids as labels) */
  attributes?: () => ReadonlyMap<string, AttributeDoc>
  /** called after every change of the mirror (already coalesced); returns an unsubscribe */
  onProductsChange: (listener: () => void) => () => void
  timeoutMs?: number
}

/** What the shopper sees of a nothing-found answer's help: its best sellers and its suggestion. */
function helpKey(result: SearchResult): string {
  return `${(result.popular ?? []).map((item) => item.sku).join(',')}|${result.suggestion ?? ''}`
}

export class ProductSearch {
  readonly local: LocalProductSearch
  private rebuildTimer: ReturnType<typeof setTimeout> | null = null
  private lastHits: { term: string; at: number; products: ListedProduct[]; total: number } | null = null
  /** set by the first local search: from then on the index is kept warm */
  private used = false
  private readonly unsubscribe: () => void

  constructor(private readonly deps: ProductSearchDeps) {
    this.local = new LocalProductSearch(deps.products)
    this.unsubscribe = deps.onProductsChange(() => this.scheduleRebuild())
  }

  /**
   * Server first when online; the local index when offline or when the server fails or is slow.
   * With `withFacets` (the results page) the hits (up to SEARCH_PAGE_LIMIT) are filtered, counted,
   * sorted and sliced here, so facets, filters and "load more" agree online and offline.
   */
  async search(query: string, options: SearchOptions = {}): Promise<SearchResult> {
    const term = searchTerm(query)
    if (term === null) {
      const source = this.deps.isOnline() ? ({ source: 'server' } as const) : ({ source: 'device', reason: 'offline' } as const)
      return { items: [], total: 0, ...source, ...(options.withFacets ? { facets: [] } : {}) }
    }
    const size = options.size !== undefined && options.size > 0 ? options.size : SEARCH_DEFAULT_SIZE
    if (options.withFacets) return this.searchPage(term, size, options)
    let reason: FailureReason = 'offline'
    if (this.deps.isOnline()) {
      try {
        const page = await this.searchServer(term, size, true)
        return { items: page.items, total: page.total, source: 'server' }
      } catch (error) {
        // unreachable, slow or broken server: the local catalogue answers instead, saying why
        reason = failureReason(error, this.deps.isOnline())
      }
    }
    this.used = true
    return { ...this.local.search(term, { size, now: this.deps.now() }), source: 'device', reason }
  }

  /** May fail like any API call, or with a TimeoutError past the client's search time-out (spec §9). */
  private async searchServer(term: string, size: number, asItems: boolean): Promise<{ items: ProductListItem[]; docs: ProductDoc[]; total: number }> {
    const page = await this.deps.api.search(this.deps.index, 'product', productSearchQuery(term), {
      size,
      from: 0,
      includeFields: [...LIGHT_PRODUCT_FIELDS],
      timeoutMs: this.deps.timeoutMs ?? SEARCH_TIMEOUT_MS,
    })
    const now = this.deps.now()
    const docs = page.documents.map((wire) => toProductDoc(wire, false))
    return { items: asItems ? docs.map((doc) => toProductListItem(doc, now)) : [], docs, total: page.total }
  }

  private async searchPage(term: string, size: number, options: SearchOptions): Promise<SearchResult> {
    let hits: ListedProduct[] | null = null
    let found = 0
    let reason: FailureReason = 'offline'
    if (this.deps.isOnline()) {
      try {
        const server = await this.serverHits(term)
        hits = server.products
        found = server.total
      } catch (error) {
        // as above: the local catalogue answers, saying why
        reason = failureReason(error, this.deps.isOnline())
      }
    }
    const fromDevice = hits === null
    if (hits === null) {
      this.used = true
      hits = this.local.matches(term)
    }
    const filters = options.filters ?? {}
    const listed = listProducts(
      hits,
      { filters, sort: options.sort ?? 'relevance', from: options.from ?? 0, size },
      { attributes: this.deps.attributes?.() ?? new Map(), now: this.deps.now() },
    )
    const filtered = Object.values(filters).some((values) => values.length > 0)
    const source = fromDevice ? ({ source: 'device', reason } as const) : ({ source: 'server' } as const)
    // spec §9: the page browses the first SEARCH_PAGE_LIMIT hits; the shopper is told when there are more
    const capped = !fromDevice && found > hits.length ? { found } : {}
    if (listed.total > 0 || filtered) return { ...listed, ...source, ...capped }
    // nothing found: no dead end
    return { ...listed, ...source, ...this.helpFor(term) }
  }

  /**
   * search(), then, for a search that found nothing, its help again as the mirror fills: on a first
   * visit the best sellers come from a catalogue still being replicated, so the first answer may
   * offer none (CI: a results page reloaded before replication had stored a product). It re-emits
   * (coalesced like the index rebuild) until the best sellers are complete; returns the way to stop.
   */
  async watch(query: string, options: SearchOptions, cb: (result: SearchResult) => void): Promise<() => void> {
    const result = await this.search(query, options)
    cb(result)
    if (!result.popular || result.popular.length >= POPULAR_SIZE) return () => undefined
    const { popular: _popular, suggestion: _suggestion, ...found } = result
    let shown = helpKey(result)
    let timer: ReturnType<typeof setTimeout> | null = null
    const stop = (): void => {
      if (timer) clearTimeout(timer)
      timer = null
      unsubscribe()
    }
    const unsubscribe = this.deps.onProductsChange(() => {
      if (timer) clearTimeout(timer)
      timer = setTimeout(() => {
        timer = null
        const next = { ...found, ...this.helpFor(query) }
        if (next.popular.length >= POPULAR_SIZE) stop()
        const key = helpKey(next)
        if (key === shown) return
        shown = key
        cb(next)
      }, REBUILD_DEBOUNCE_MS)
    })
    return stop
  }

  /**
   * What a search that found nothing offers instead: this device's best sellers and a "did you
   * mean". Both come from the mirror, so they grow as replication fills it (see subscribeSearch).
   */
  helpFor(term: string): Required<Pick<SearchResult, 'popular'>> & Pick<SearchResult, 'suggestion'> {
    const suggestion = this.local.suggest(term)
    return { popular: this.local.popular(POPULAR_SIZE, this.deps.now()), ...(suggestion ? { suggestion } : {}) }
  }

  /** The server's first SEARCH_PAGE_LIMIT hits of a term as listed products, kept for the next page or filter. */
  private async serverHits(term: string): Promise<{ products: ListedProduct[]; total: number }> {
    const cached = this.lastHits
    if (cached && cached.term === term && this.deps.now() - cached.at < HITS_TTL_MS) return cached
    const page = await this.searchServer(term, SEARCH_PAGE_LIMIT, false)
    const products = page.docs.map((doc) => prepareProduct(doc))
    this.lastHits = { term, at: this.deps.now(), products, total: page.total }
    return this.lastHits
  }

  /**
   * Builds the local index now and keeps it warm from then on (a kiosk, whose first offline search
   * must not pay for the build).
   */
  keepWarm(): void {
    this.used = true
    if (!this.local.built) this.local.rebuild()
  }

  /** Only an index someone has used is kept warm; an unused one is built on the first search. */
  private scheduleRebuild(): void {
    if (!this.used) return
    // stale product objects must never be answered: a search before the rebuild builds it itself
    this.local.invalidate()
    if (this.rebuildTimer) clearTimeout(this.rebuildTimer)
    this.rebuildTimer = setTimeout(() => {
      this.rebuildTimer = null
      if (!this.local.built) this.local.rebuild()
    }, REBUILD_DEBOUNCE_MS)
  }

  stop(): void {
    this.unsubscribe()
    if (this.rebuildTimer) clearTimeout(this.rebuildTimer)
    this.rebuildTimer = null
  }
}
