/**
 * Catalogue listings and what they keep between catalogue changes of a store view: counts, orders
 * and printed sources per listing, a category's facet rows; each listing answered from them where
 * it can, else from the database within the spec's search time-out.
 */
import { CATALOG_LIMITS } from '../../domain/api/catalog.schema'
import type { Storage } from '../storage'
import { ResultWindowError } from '../storage/catalog-pieces'
import type { CatalogQuery, CatalogResult, FacetCounts, KnownCounts } from '../storage/catalog-query'
import { categoryCountOf, categoryRowsWeight, countCategoryRows, matchingRows, orderByPrice, priceOrderOf, type CategoryRows } from '../storage/category-facets'
import { isConnectionLost } from '../storage/connection-loss'
import { QueryTimeoutError } from '../storage/db'
import { InvalidRequestError, SearchTimeoutError } from './errors'
import { createStoreGenerationCache, type StoreGenerationCache } from './store-generation-cache'

/** A hit of the answer: the document's JSON text (whole, or the asked-for fields) */
export interface Source {
  id: string
  /** the JSON text, or its UTF-8 bytes as the sources cache keeps them */
  text: string | Buffer
  score: number
}

/** A catalogue read within the spec's server search time-out; past it, a SearchTimeoutError. */
export async function withinTimeout<T>(run: (timeoutMs: number) => Promise<T>): Promise<T> {
  try {
    return await run(CATALOG_LIMITS.timeoutMs)
  } catch (err) {
    if (err instanceof QueryTimeoutError) throw new SearchTimeoutError(err.timeoutMs)
    if (err instanceof ResultWindowError) throw new InvalidRequestError(err.message)
    throw err
  }
}

/** One catalogue query within the spec's server search time-out; past it, a SearchTimeoutError. */
export function searchWithin(storage: Storage, query: CatalogQuery, known?: KnownCounts): Promise<CatalogResult> {
  return withinTimeout((ms) => storage.catalogSearch.search(query, ms, known))
}

/**
 * A listing's total and facets (and so their cache key) depend on its filters and facet requests
 * only, not on its page, order or field lists.
 */
function countsKey(query: CatalogQuery): string {
  return JSON.stringify([query.entity, query.conditions, query.facetFields, query.priceRanges])
}

/**
 * What the catalogue answers keep between catalogue changes of a store view:
 *
 * - `counts`: a listing's total and facets, per filters;
 * - `orders`: a listing's ids in the order its pages show them, per filters and sort, so any page of
 *   it (another size, another offset) is a slice; null for a listing longer than a result window;
 * - `sources`: a product's `_source` text as a page prints it, per field list.
 *
 * A new page of a listing seen before is then answered from memory; the database is asked only
 * for what is not kept yet.
 */
export interface CatalogCaches {
  counts: StoreGenerationCache<KnownCounts>
  orders: StoreGenerationCache<Int32Array | null>
  sources: StoreGenerationCache<Buffer>
  /**
   * per category: its products' facet rows (storage/category-facets), key the category id; null
   * for a category not to be read again in this generation (too many rows, or the read failed)
   */
  categoryRows: StoreGenerationCache<CategoryRows | null>
  /** category rows being read (store view and category id), so a burst of listings reads them once */
  categoryRowsLoading: Map<string, Promise<void>>
}

export const CATALOG_CACHE_LIMITS = {
  countEntries: 5000,
  orderEntries: 2000,
  /** 4 bytes each: 16 MB */
  orderIds: 4_000_000,
  sourceEntries: 200_000,
  /** UTF-8 bytes of source text */
  sourceBytes: 64 * 1024 * 1024,
  categoryRowEntries: 256,
  /** categoryRowsWeight: about 24 MB */
  categoryRowsWeight: 24 * 1024 * 1024,
  /** most products of one category kept as rows (about 13 MB at ten facet terms each) */
  categoryRows: 200_000,
}

export function createCatalogCaches(storage: Storage): CatalogCaches {
  const L = CATALOG_CACHE_LIMITS
  return {
    counts: createStoreGenerationCache<KnownCounts>(storage.changes, { maxEntries: L.countEntries }),
    orders: createStoreGenerationCache<Int32Array | null>(storage.changes, {
      maxEntries: L.orderEntries,
      maxWeight: L.orderIds,
      weigh: (ids) => ids?.length ?? 0,
    }),
    sources: createStoreGenerationCache<Buffer>(storage.changes, { maxEntries: L.sourceEntries, maxWeight: L.sourceBytes, weigh: (bytes) => bytes.length }),
    categoryRows: createStoreGenerationCache<CategoryRows | null>(storage.changes, {
      maxEntries: L.categoryRowEntries,
      maxWeight: L.categoryRowsWeight,
      weigh: (rows) => (rows ? categoryRowsWeight(rows) : 0),
    }),
    categoryRowsLoading: new Map(),
  }
}

/**
 * A listing counted from its category's facet rows when they are kept (storage/category-facets),
 * and ordered from them too when it is sorted by price; else null. The first listing of a category
 * is answered in SQL as before; it starts reading the category's rows beside it, so the next
 * filters of that category (the shopper's next clicks) are answered from memory. Never slower than
 * SQL: nothing waits for the rows.
 */
function fromCategoryRows(storage: Storage, caches: CatalogCaches, query: CatalogQuery): { counts: KnownCounts; order: Int32Array | null } | null {
  const plan = categoryCountOf(query)
  if (!plan) return null
  const key = String(plan.categoryId)
  const rows = caches.categoryRows.get(query.storeCode, key)
  if (rows) {
    const matching = matchingRows(rows, plan)
    const dir = priceOrderOf(query)
    return { counts: countCategoryRows(rows, matching, query), order: dir ? orderByPrice(rows, matching, dir) : null }
  }
  // null: not read again until the catalogue changes (too many rows, or the read failed)
  if (rows === null) return null
  void loadCategoryRows(storage, caches, query.storeCode, plan.categoryId)
  return null
}

/**
 * Reads a category's facet rows into the cache, unless they are being read already (then that
 * read's promise). Never rejects: a time-out or a closing database keeps null (the listings stay
 * counted in SQL until the catalogue changes); a lost connection keeps nothing, so the rows are
 * read again once the database is back.
 */
export function loadCategoryRows(storage: Storage, caches: CatalogCaches, storeCode: string, categoryId: number): Promise<void> {
  const key = String(categoryId)
  const loadingKey = `${storeCode}\u0000${key}`
  let loading = caches.categoryRowsLoading.get(loadingKey)
  if (!loading) {
    const generation = caches.categoryRows.generation(storeCode)
    loading = storage.catalogSearch
      .categoryRows(storeCode, categoryId, CATALOG_LIMITS.timeoutMs, CATALOG_CACHE_LIMITS.categoryRows)
      .catch((err: unknown) => (isConnectionLost(err) ? undefined : null))
      .then((read) => {
        if (read !== undefined) caches.categoryRows.keep(storeCode, key, generation, read)
      })
      .finally(() => caches.categoryRowsLoading.delete(loadingKey))
    caches.categoryRowsLoading.set(loadingKey, loading)
  }
  return loading
}

/** Searches, with the totals and facets of listings (no shopper's words) kept between pages. */
export async function searchCounted(storage: Storage, caches: CatalogCaches, query: CatalogQuery): Promise<CatalogResult> {
  if (query.text) return searchWithin(storage, query)
  const { counts } = caches
  const key = countsKey(query)
  const known = counts.get(query.storeCode, key)
  if (known) return searchWithin(storage, query, known)
  const generation = counts.generation(query.storeCode)
  const counted = fromCategoryRows(storage, caches, query)?.counts
  if (counted) {
    counts.keep(query.storeCode, key, generation, counted)
    return searchWithin(storage, query, counted)
  }
  const result = await searchWithin(storage, query)
  counts.keep(query.storeCode, key, generation, { total: result.total, facets: result.facets })
  return result
}

/** A page of a listing as the answer prints it: each hit's id and `_source` text. */
interface ListedPage {
  total: number
  facets: FacetCounts
  sources: Source[]
}

/**
 * A product listing's page (no words; whole documents or top-level fields). A listing not seen
 * before is counted and ordered from its category's rows when they are kept and it is sorted by
 * price, else read as any search is (its counts and its page in one go); from its second page on,
 * its whole order is read once and kept. Each page is then a slice of the order, with the sources
 * not kept yet read by id. `view`: the sources' key (the field list) and how to print a document read for it.
 */
export async function listedPage(
  storage: Storage,
  caches: CatalogCaches,
  query: CatalogQuery,
  view: { key: string; print: (hit: { doc: Record<string, unknown>; text?: string }) => string },
): Promise<ListedPage> {
  const store = query.storeCode
  const sourceKey = (id: number | string) => `${view.key}\u0000${id}`
  const key = countsKey(query)
  // the filters and the sort (the position sort's categories are the filters' own)
  const orderKey = JSON.stringify([key, query.sort])
  let counted = caches.counts.get(store, key)
  if (!counted) {
    const generations = { counts: caches.counts.generation(store), orders: caches.orders.generation(store), sources: caches.sources.generation(store) }
    // counted (and, sorted by price, ordered) from the category's rows when they are kept
    const listing = fromCategoryRows(storage, caches, query)
    if (listing) caches.counts.keep(store, key, generations.counts, listing.counts)
    if (listing?.order) {
      caches.orders.keep(store, orderKey, generations.orders, listing.order)
      counted = listing.counts
    } else {
      // its first page read with its counts (or with those the rows gave), in one go
      const result = listing ? await searchWithin(storage, query, listing.counts) : await searchCounted(storage, caches, query)
      const sources = result.hits.map((hit): Source => ({ id: String(hit.doc.id ?? ''), text: view.print(hit), score: hit.score }))
      for (const source of sources) caches.sources.keep(store, sourceKey(source.id), generations.sources, Buffer.from(source.text))
      return { total: result.total, facets: result.facets, sources }
    }
  }
  const { total, facets } = counted
  if (total === 0 || query.from >= total) return { total, facets, sources: [] }

  let order = caches.orders.get(store, orderKey)
  if (order === undefined) {
    const generation = caches.orders.generation(store)
    // longer than a result window: not read (it would not be kept)
    order = total > CATALOG_LIMITS.maxResultWindow ? null : await withinTimeout((ms) => storage.catalogSearch.listingIds(query, ms))
    caches.orders.keep(store, orderKey, generation, order)
  }
  if (order === null) {
    // more than a result window: each page is read on its own
    const result = await searchWithin(storage, query, counted)
    return { total, facets, sources: result.hits.map((hit): Source => ({ id: String(hit.doc.id ?? ''), text: view.print(hit), score: hit.score })) }
  }
  const ids = Array.from(order.subarray(query.from, query.from + query.size))

  const texts = new Map<number, Buffer>()
  const missing: number[] = []
  for (const id of ids) {
    const text = caches.sources.get(store, sourceKey(id))
    if (text === undefined) missing.push(id)
    else texts.set(id, text)
  }
  if (missing.length > 0) {
    const generation = caches.sources.generation(store)
    const read = await withinTimeout((ms) => storage.catalogSearch.productsByIds(store, missing, { rendered: query.rendered, pick: query.pick }, ms))
    for (const hit of read) {
      const text = Buffer.from(view.print(hit))
      texts.set(hit.id, text)
      caches.sources.keep(store, sourceKey(hit.id), generation, text)
    }
  }
  // a product deleted since the order was read is left out (the change drops the order too)
  return { total, facets, sources: ids.flatMap((id) => (texts.has(id) ? [{ id: String(id), text: texts.get(id)!, score: 1 }] : [])) }
}
