/**
 * Product search in the data worker (DESIGN.md "Replication with the headless API"): online it asks
 * the server's catalogue search (spec §7, §9: size 50, 5000 ms client time-out); offline, or when
 * that call fails, it searches the light products of the in-memory mirror with Fuse.js and says so
 * and why (`source: 'device'` with `reason` offline, server-trouble or slow: replication/api-errors
 * failureReason; spec §4 "Offline", issue 13).
 *
 * Threading and cost (stack-notes Q7, anchors §3.4): Fuse is linear in the entries it scans, about
 * 90 ms per query over 10k names, so it runs here in the worker, never on the main thread, and over
 * the *distinct* names only: products share names across colours, sizes and cities (the 10k demo
 * shop has ~700 distinct names), so one scan of the names is the prefilter and the hits expand to
 * their products afterwards. The index is built lazily on the first local search, then rebuilt
 * (debounced) when replication changes the mirror, so the next keystroke does not pay for it.
 *
 * At 100,000 products the names are tens of thousands and one Fuse scan took over a second per
 * keystroke (issue 12 bench: p95 1.3 s). So a query whose every word begins a word of a name (what
 * type-ahead mostly is: "lin", "linen sh") is answered from a word index instead: the names' folded
 * words, sorted, each with the names holding it. A prefix is a range of that sorted list; names
 * holding every query word win, those where each query word is a whole word first, then by best
 * seller. Only a query with a word that begins no word (a typo, a piece from inside a word) goes to
 * Fuse, which tolerates it.
 *
 * SKUs are matched exactly (or by a nearly complete prefix), not fuzzily: codes such as PLD-00081
 * differ in one digit, so a fuzzy match on them finds every product.
 */
import Fuse from 'fuse.js'
import type { IFuseOptions } from 'fuse.js'
import { LIGHT_PRODUCT_FIELDS } from '../../domain/api/replication.schema'
import type { ApiClient } from '../../replication/api-client'
import { failureReason, type FailureReason } from '../../replication/api-errors'
import type { ProductListItem, SearchOptions, SearchResult } from '../contract/views'
import { didYouMean, foldWord, wordsOf } from '../../domain/did-you-mean'
import { productSearchQuery, SEARCH_DEFAULT_SIZE, SEARCH_MIN_LENGTH, SEARCH_VISIBILITY } from '../../domain/listing'
import type { AttributeDoc, ProductDoc } from '../db/catalog-schemas'
import { toProductDoc } from '../db/catalog-docs'
import { toProductListItem } from '../db/product-views'
import type { ListedProduct } from './category-query'
import { LISTED_STATUS, listProducts, prepareProduct } from './category-query'

/** Spec §9: search time-out on the client. */
export const SEARCH_TIMEOUT_MS = 5000
/** Spec §9: "Page search limit 500 default": the results page filters and pages over these. */
export const SEARCH_PAGE_LIMIT = 500
/** Filter toggles and "load more" within this time reuse the server's hits instead of asking again. */
const HITS_TTL_MS = 60_000
/** Replication writes in batches: wait for a quiet moment before rebuilding the index. */
const REBUILD_DEBOUNCE_MS = 300
/** A prefix of a code counts when at most this many characters are missing ("PLD-0008" → PLD-0008x). */
const SKU_PREFIX_SLACK = 2

interface NameEntry {
  name: string
  /** products with this name, best sellers first */
  products: ListedProduct[]
}

const FUSE_OPTIONS: IFuseOptions<NameEntry> = {
  keys: ['name'],
  threshold: 0.35,
  // names are short: a word anywhere in the name counts as much as one at the start
  ignoreLocation: true,
  // "cafe" finds "Café", "creme" finds "crème"
  ignoreDiacritics: true,
  includeScore: true,
}

interface LocalIndex {
  fuse: Fuse<NameEntry>
  /** the distinct names, best seller first (an entry's number is its place here) */
  entries: NameEntry[]
  /** every folded word of the names, sorted: the words a prefix begins are one range of it */
  words: string[]
  /** per word of `words`, the numbers of the entries holding it, ascending */
  entriesOf: Map<string, number[]>
  bySku: Map<string, ListedProduct>
  /** the searchable products by lower-case sku, sorted by it: a sku prefix is one range */
  skus: { sku: string; product: ListedProduct }[]
  searchable: ListedProduct[]
  /** the words of the names, with how many products carry each: what "did you mean" corrects against */
  vocabulary: Map<string, number>
}

/** How many best sellers an empty search offers instead. */
export const POPULAR_SIZE = 4

export function isSearchable(product: ListedProduct): boolean {
  return SEARCH_VISIBILITY.has(product.doc.visibility) && LISTED_STATUS.has(product.doc.status)
}

/** The query as searched: trimmed; null when shorter than the spec's minimum (§5). */
export function searchTerm(query: string): string | null {
  const term = query.trim()
  return term.length >= SEARCH_MIN_LENGTH ? term : null
}

const bySales = (a: ListedProduct, b: ListedProduct) => (b.doc.sold_qty ?? 0) - (a.doc.sold_qty ?? 0) || a.doc.product_id - b.doc.product_id

/** The words of a name or query as the word index holds them: folded (no case, no accents), letters and digits. */
function foldedWords(text: string): string[] {
  return foldWord(text).match(/[\p{L}\p{N}]+/gu) ?? []
}

/** The first place in a sorted list whose item is not below `key`. */
function lowerBound<T>(sorted: readonly T[], key: string, of: (item: T) => string): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (of(sorted[mid]!) < key) lo = mid + 1
    else hi = mid
  }
  return lo
}

const itself = (word: string) => word

/**
 * Fuse over the distinct names of the searchable products. Pure apart from the clock passed in;
 * `invalidate()` marks it stale and the next search (or `rebuild()`) builds it again.
 */
export class LocalProductSearch {
  private index: LocalIndex | null = null

  constructor(private readonly products: () => Iterable<ListedProduct>) {}

  get built(): boolean {
    return this.index !== null
  }

  invalidate(): void {
    this.index = null
  }

  rebuild(): void {
    const byName = new Map<string, NameEntry>()
    const bySku = new Map<string, ListedProduct>()
    const searchable: ListedProduct[] = []
    for (const product of this.products()) {
      if (!isSearchable(product)) continue
      searchable.push(product)
      bySku.set(product.doc.sku.toLowerCase(), product)
      const name = product.doc.name
      const entry = byName.get(name)
      if (entry) entry.products.push(product)
      else byName.set(name, { name, products: [product] })
    }
    const entries = [...byName.values()]
    for (const entry of entries) entry.products.sort(bySales)
    entries.sort((a, b) => bySales(a.products[0]!, b.products[0]!))
    const vocabulary = new Map<string, number>()
    for (const entry of entries) for (const word of wordsOf(entry.name)) vocabulary.set(word, (vocabulary.get(word) ?? 0) + entry.products.length)
    const entriesOf = new Map<string, number[]>()
    entries.forEach((entry, n) => {
      for (const word of new Set(foldedWords(entry.name))) {
        const list = entriesOf.get(word)
        if (list) list.push(n)
        else entriesOf.set(word, [n])
      }
    })
    const words = [...entriesOf.keys()].sort()
    const skus = searchable.map((product) => ({ sku: product.doc.sku.toLowerCase(), product })).sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0))
    this.index = { fuse: new Fuse(entries, FUSE_OPTIONS), entries, words, entriesOf, bySku, skus, searchable, vocabulary }
  }

  private indexed(): LocalIndex {
    if (!this.index) this.rebuild()
    return this.index!
  }

  /** The query with its unknown words corrected to words of the product names; null when none is close. */
  suggest(query: string): string | null {
    const term = searchTerm(query)
    return term === null ? null : didYouMean(term, this.indexed().vocabulary)
  }

  /** The best sellers this device holds, offered when a search found nothing. */
  popular(size: number, now: number): ProductListItem[] {
    return [...this.indexed().searchable]
      .filter((p) => p.doc.is_in_stock)
      .sort(bySales)
      .slice(0, size)
      .map((p) => toProductListItem(p.doc, now))
  }

  search(query: string, options: { size?: number; now: number }): { items: ProductListItem[]; total: number } {
    const matched = this.matches(query)
    const size = options.size !== undefined && options.size > 0 ? options.size : SEARCH_DEFAULT_SIZE
    return { items: matched.slice(0, size).map((product) => toProductListItem(product.doc, options.now)), total: matched.length }
  }

  /** Every hit, best first: the exact sku, nearly complete skus, then the names (word index, or Fuse by score). */
  matches(query: string): ListedProduct[] {
    const term = searchTerm(query)
    if (term === null) return []
    const index = this.indexed()

    const bySku: ListedProduct[] = []
    const code = term.toLowerCase()
    const exact = index.bySku.get(code)
    if (exact) bySku.push(exact)
    for (let i = lowerBound(index.skus, code, (s) => s.sku); i < index.skus.length; i++) {
      const { sku, product } = index.skus[i]!
      if (!sku.startsWith(code)) break
      if (sku.length - code.length <= SKU_PREFIX_SLACK && product !== exact) bySku.push(product)
    }
    const names = this.byWords(index, term) ?? index.fuse.search(term).map((hit) => hit.item)
    const matched = [...bySku]
    const skuHit = new Set(bySku)
    for (const entry of names) for (const product of entry.products) if (!skuHit.has(product)) matched.push(product)
    return matched
  }

  /**
   * The names holding every word of the query (the last one maybe half typed): each as a whole word
   * first, then as the start of a word; best sellers first within each. Null when a query word begins
   * no word of any name (then Fuse, which tolerates typos, answers).
   */
  private byWords(index: LocalIndex, term: string): NameEntry[] | null {
    const queryWords = [...new Set(foldedWords(term))]
    if (queryWords.length === 0) return null
    // per entry: how many query words in a row it holds (as a prefix), and how many as whole words
    const holds = new Uint8Array(index.entries.length)
    const whole = new Uint8Array(index.entries.length)
    for (let q = 0; q < queryWords.length; q++) {
      const prefix = queryWords[q]!
      let any = false
      for (let w = lowerBound(index.words, prefix, itself); w < index.words.length && index.words[w]!.startsWith(prefix); w++) {
        const word = index.words[w]!
        for (const n of index.entriesOf.get(word)!) {
          if (holds[n] === q) {
            holds[n] = q + 1
            any = true
          }
          if (word === prefix && whole[n] === q) whole[n] = q + 1
        }
      }
      if (!any) return null
    }
    const all = queryWords.length
    const first: NameEntry[] = []
    const then: NameEntry[] = []
    for (let n = 0; n < index.entries.length; n++) {
      if (holds[n] !== all) continue
      if (whole[n] === all) first.push(index.entries[n]!)
      else then.push(index.entries[n]!)
    }
    return first.length + then.length > 0 ? [...first, ...then] : null
  }
}

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
    // nothing found: no dead end (issue 13)
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
