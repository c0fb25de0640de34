/**
 * The device's own product search, over the light products of the in-memory mirror: what answers
 * offline, or when the server's search fails or is slow (workers/catalog/product-search).
 *
 * Threading and cost (stack-notes Q7, anchors §3.4): Fuse is linear in the entries it scans, so it
 * runs in the worker, never on the main thread, and over the *distinct* names only: products share
 * names across colours, sizes and cities, so one scan of the names is the prefilter and the hits
 * expand to their products afterwards.
 *
 * A large catalogue has too many names for one Fuse scan per keystroke, so a query whose every word
 * begins a word of a name (type-ahead: "lin", "linen sh") is answered from a sorted word index (a
 * prefix is a range of it): names holding every query word, whole words first, then by best seller.
 * Only a query with a word that begins no word (a typo) goes to Fuse, which tolerates it.
 *
 * SKUs are matched exactly (or by a nearly complete prefix), not fuzzily: codes such as PLD-00081
 * differ in one digit, so a fuzzy match on them finds every product.
 */
import Fuse from 'fuse.js'
import type { IFuseOptions } from 'fuse.js'
import type { ProductListItem } from '../contract/views'
import { didYouMean, foldWord, wordsOf } from '../../domain/did-you-mean'
import { SEARCH_DEFAULT_SIZE, SEARCH_MIN_LENGTH, SEARCH_VISIBILITY } from '../../domain/listing'
import { toProductListItem } from '../db/product-views'
import type { ListedProduct } from './category-query'
import { LISTED_STATUS } from './category-query'

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
