/**
 * Warms the catalogue before the server opens, in four steps, the last three each within
 * its own time budget (WARM_UP), so a big shop opens at most five seconds later than the first
 * step alone would let it.
 *
 * 1. Each store view's whole-catalogue search, through the app: cold, it reads a big PGlite
 *    directory's data for seconds, and PGlite runs one statement at a time, so the first shoppers'
 *    searches would wait behind it past their time budget and be answered 503.
 * 2. Pages of products read by id, straight from the repository (what every listing page not kept
 *    in memory asks): V8 optimises PGlite's WebAssembly only once it has run often, and until then
 *    these reads stall. Nothing read here is kept.
 * 3. The categories' facet rows (catalog-service), the top of the menu first, each store view in
 *    turn, while the cache has room; otherwise a category's first listings are counted in SQL while
 *    its rows are read beside them on PGlite's one connection.
 * 4. A few listings through the app, as an API client's category page asks them (one category per
 *    store view with its facets, then narrowed by a colour, a size; whole documents, gzip; the
 *    storefront's light fields, brotli), so that V8 has optimised the server's own listing code. The
 *    category is the first of the deepest level: the bench times the top level's as new, and the
 *    warm-up must not have answered those.
 *
 * PostgreSQL gets the same steps (its buffers warm; it has no WebAssembly to optimise). An empty
 * catalogue (the demo shop is seeded while the server answers 503: open-shop.ts) has nothing to warm.
 */
import type { FastifyInstance } from 'fastify'
import { CATALOG_LIMITS, type SearchQuery } from '../domain/api/catalog.schema'
import { DEFAULT_FILTERS } from '../domain/attribute.schema'
import { OPTION_FILTER_CODES } from '../domain/filters'
import { LIGHT_PRODUCT_FIELDS } from '../domain/api/replication.schema'
import { CATEGORY_PAGE_SIZE, categoryPageQuery } from '../domain/listing'
import { STORE_CODES, STORE_VIEWS, type StoreCode } from '../domain/store-views'
import type { Storage } from './storage'

export interface WarmUpResult {
  ms: number
  /** searches and listings that did not answer 200, and a storage failure that ended the warm-up early (the shop opens all the same) */
  failed: number
  /** pages of products read by id */
  pageReads: number
  /** categories (per store view) whose facet rows were read into memory */
  categoryRows: number
  /** category listings asked (step 4) */
  listings: number
}

/** Each step's budget: nothing more is begun once it has taken this long. */
export const WARM_UP = {
  /** step 2: at most this many reads of this many products */
  pageReads: 320,
  pageSize: 18,
  pageReadMs: 1500,
  /** step 3: at most this many categories per store view */
  categories: 100,
  categoryRowsMs: 2500,
  /** step 4 */
  listingsMs: 1000,
} as const

type WarmUpStorage = Pick<Storage, 'products' | 'catalogSearch' | 'categories' | 'attributes'>
type Listed = { store: StoreCode; categories: { id: number; level: number }[] }[]

export async function warmUpCatalogue(app: FastifyInstance, storage: WarmUpStorage): Promise<WarmUpResult> {
  const started = performance.now()
  let failed = 0
  for (const code of STORE_CODES) {
    const response = await app.inject({
      method: 'POST',
      url: `/api/catalog/${STORE_VIEWS[code].index}/product/_search?size=0`,
      payload: { _appliedFilters: [] },
    })
    if (response.statusCode !== 200) failed++
  }
  const done = { pageReads: 0, categoryRows: 0, listings: 0 }
  try {
    done.pageReads = await warmPageReads(storage, performance.now() + WARM_UP.pageReadMs)
    const listed: Listed = await Promise.all(
      STORE_CODES.map(async (store) => ({ store, categories: await storage.categories.listed(store, WARM_UP.categories) })),
    )
    done.categoryRows = await warmCategoryRows(app, listed, performance.now() + WARM_UP.categoryRowsMs)
    const listings = await warmFilteredListings(app, storage, listed, performance.now() + WARM_UP.listingsMs)
    done.listings = listings.asked
    failed += listings.failed
  } catch {
    // the storage failed under the warm-up: the shop opens all the same, less warm (its requests say what is wrong)
    failed++
  }
  return { ms: Math.round(performance.now() - started), failed, ...done }
}

/** Pages of each store view's products by id, in turn, until enough were read or `until`. */
async function warmPageReads(storage: WarmUpStorage, until: number): Promise<number> {
  const { pageReads: reads, pageSize } = WARM_UP
  const perStore = Math.ceil(reads / STORE_CODES.length)
  const pages: { store: string; ids: number[] }[][] = []
  for (const store of STORE_CODES) {
    const ids = await storage.products.firstLiveIds(store, perStore * pageSize)
    const own: { store: string; ids: number[] }[] = []
    for (let at = 0; at < ids.length; at += pageSize) own.push({ store, ids: ids.slice(at, at + pageSize) })
    pages.push(own)
  }
  let done = 0
  for (let turn = 0; turn < perStore; turn++) {
    for (const own of pages) {
      if (done >= reads || performance.now() >= until) return done
      const page = own[turn]
      if (!page) continue
      await storage.catalogSearch.productsByIds(page.store, page.ids, { rendered: true }, CATALOG_LIMITS.timeoutMs)
      done++
    }
  }
  return done
}

/** Each store view's categories' facet rows, in turn (the n-th category of each, then the next), until `until`. */
async function warmCategoryRows(app: FastifyInstance, listed: Listed, until: number): Promise<number> {
  let kept = 0
  const most = Math.max(0, ...listed.map((l) => l.categories.length))
  for (let at = 0; at < most; at++) {
    for (const { store, categories } of listed) {
      const category = categories[at]
      if (!category) continue
      if (performance.now() >= until) return kept
      // not kept: too big for the cache, or the cache is full
      if (await app.catalogWarmUp.warmCategoryRows(store, category.id)) kept++
    }
  }
  return kept
}

/**
 * Each store view's first category of the deepest level, as an API client's category page asks for
 * it (VSF1: the default filters the shop has as facets, by price, whole documents; read here for its
 * facets), then narrowed by the most common term of each option facet, whole (gzip) and as the
 * storefront's light fields (brotli), until `until`.
 */
async function warmFilteredListings(app: FastifyInstance, storage: WarmUpStorage, listed: Listed, until: number): Promise<{ asked: number; failed: number }> {
  let asked = 0
  let failed = 0
  /** as a client that takes `encoding` asks it (none: the answer read here); null when it is not 200 */
  const ask = async (store: StoreCode, query: SearchQuery, encoding: 'br' | 'gzip' | 'identity', include = ''): Promise<{ json(): unknown } | null> => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/catalog/${STORE_VIEWS[store].index}/product/_search?size=${CATEGORY_PAGE_SIZE}${include}`,
      headers: { 'accept-encoding': encoding },
      payload: query,
    })
    asked++
    if (response.statusCode === 200) return response
    failed++
    return null
  }
  const light = `&_source_include=${LIGHT_PRODUCT_FIELDS.join(',')}`
  for (const { store, categories } of listed) {
    const deepest = Math.max(...categories.map((c) => c.level))
    const category = categories.find((c) => c.level === deepest)
    if (!category || performance.now() >= until) continue
    // the default filters this store view's products carry (a facet on a field it lacks is a bad request)
    const codes = new Set(await storage.attributes.codes(store))
    const listing: SearchQuery = {
      ...categoryPageQuery({ sort: 'price_asc', categoryId: category.id }, [category.id]),
      _availableFilters: DEFAULT_FILTERS.filter((field) => field === 'price' || codes.has(field)).map((field) => ({ field, scope: 'catalog' })),
    }
    const answer = await ask(store, listing, 'identity')
    if (answer === null) continue
    const aggregations = (answer.json() as { aggregations?: Record<string, { buckets?: { key: string | number }[] }> }).aggregations ?? {}
    for (const field of OPTION_FILTER_CODES) {
      // a configurable's terms are its `<code>_options`; the filter names the code either way
      const key = [`agg_terms_${field}`, `agg_terms_${field}_options`].map((agg) => aggregations[agg]?.buckets?.[0]?.key).find((k) => k !== undefined)
      if (key === undefined) continue
      const narrowed: SearchQuery = { ...listing, _appliedFilters: [...listing._appliedFilters, { attribute: field, value: { in: [key] }, scope: 'catalog' }] }
      for (const [encoding, include] of [
        ['gzip', ''],
        ['br', light],
      ] as const) {
        if (performance.now() >= until) return { asked, failed }
        await ask(store, narrowed, encoding, include)
      }
    }
  }
  return { asked, failed }
}
