/**
 * Category listing over the light products held in memory (spec §5 Catalogue, §9 limits): category
 * or any descendant; visibility 2/3/4, status 0/1, eol 0; in stock only when out-of-stock listing is
 * off; option filters (colour, size, brand, Erin recommends: equality / in-lists), price ranges on
 * the current price incl. tax, four sorts, facets with counts, the category's price range. Pure: no
 * RxDB, measured in tests at 2k and 10k. The search results page reuses `listProducts` over its hits.
 *
 * Facet counts are disjunctive: each facet counts the products that pass every *other* filter, so
 * choosing "red" still shows how many blue ones there are. The price facet always lists all four
 * buckets (zero counts included) as the shop's fixed ranges, like the shop it replaces.
 */
import { OPTION_FILTER_CODES, PRICE_RANGES, parsePriceRange as parsePriceBounds, type OptionFilterCode } from '../../domain/filters'
import type { CategoryPage, CategoryPageQuery, Facet, FacetOption, ProductListItem } from '../contract/views'
import { isListable, type CategorySort } from '../../domain/listing'
import type { AttributeDoc, CategoryDoc, ProductDoc } from '../db/catalog-schemas'
import { currentPriceCents, optionIds, toProductListItem } from '../db/product-views'

/** A product prepared once for repeated listing queries. */
export interface ListedProduct {
  doc: ProductDoc
  categories: ReadonlySet<number>
  /** option ids per option filter: the product's own value plus its children's */
  options: Readonly<Record<OptionFilterCode, readonly number[]>>
  /** visibility 2/3/4, status 0/1, eol 0 (spec §5 "Listing only includes …") */
  listable: boolean
  inStock: boolean
}

export { LISTED_STATUS, LISTED_VISIBILITY } from '../../domain/listing'
/**
 * Spec §5: "In-stock products only are included if out-of-stock listing is disabled". The shop
 * lists out-of-stock products (their tiles say so); a deployment that hides them flips this.
 */
export const LIST_OUT_OF_STOCK = true

export function prepareProduct(doc: ProductDoc): ListedProduct {
  const single = (value: number | null | undefined) => (value === null || value === undefined ? [] : [value])
  return {
    doc,
    categories: new Set(doc.category_ids),
    options: {
      color: optionIds(doc.color, doc.color_options),
      size: optionIds(doc.size, doc.size_options),
      manufacturer: single(doc.manufacturer),
      erin_recommends: single(doc.erin_recommends),
    },
    listable: isListable(doc),
    inStock: doc.is_in_stock ?? true,
  }
}

/** The category and every category below it (by the materialised path "1/2/20/21"). */
export function categoryWithDescendants(categories: readonly Pick<CategoryDoc, 'category_id' | 'path'>[], categoryId: number): Set<number> {
  const ids = new Set([categoryId])
  const segment = String(categoryId)
  for (const category of categories) {
    const parts = category.path.split('/')
    const at = parts.indexOf(segment)
    if (at >= 0 && at < parts.length - 1) ids.add(category.category_id)
  }
  return ids
}

/** A price bucket in cents, upper bound exclusive. */
interface CentsRange {
  id: string
  from: number
  to: number
}

/** "0-50" → 0..5000 cents; "150-" → 15000..∞ (euros in the filter's option id, cents inside). */
function priceRangeCents(value: string): CentsRange | null {
  const range = parsePriceBounds(value)
  if (!range) return null
  return { id: value, from: Math.round(range.from * 100), to: range.to === undefined ? Infinity : Math.round(range.to * 100) }
}

const inRange = (cents: number, range: CentsRange) => cents >= range.from && cents < range.to

const PRICE_BUCKETS: CentsRange[] = PRICE_RANGES.map((id) => priceRangeCents(id)!)

export interface CategoryQueryContext {
  /** the category and its descendants */
  categoryIds: ReadonlySet<number>
  attributes: ReadonlyMap<string, AttributeDoc>
  now: number
  /** default LIST_OUT_OF_STOCK */
  listOutOfStock?: boolean
}

export interface ListContext {
  attributes: ReadonlyMap<string, AttributeDoc>
  now: number
}

export interface ListQuery {
  filters: Record<string, string[]>
  /** 'relevance' keeps the order of the candidates */
  sort: CategorySort | 'relevance'
  /** how many to skip (negative → 0) */
  from?: number
  size: number
  /** category id whose positions the "position" sort reads */
  positionIn?: number
}

export interface ListResult {
  items: ProductListItem[]
  total: number
  facets: Facet[]
}

type FilterKind = OptionFilterCode | 'price' | 'other'
type Entry = { product: ListedProduct; price: number }

/** Filters, facets, sort and a slice over candidates already chosen (a category, or search hits). */
export function listProducts(candidates: readonly ListedProduct[], query: ListQuery, context: ListContext): ListResult {
  const entries: Entry[] = candidates.map((product) => ({ product, price: currentPriceCents(product.doc, context.now) }))
  const optionFilters = OPTION_FILTER_CODES.map((code) => [code, new Set((query.filters[code] ?? []).map(Number))] as const).filter(([, set]) => set.size > 0)
  const priceFilter = (query.filters.price ?? []).map(priceRangeCents).filter((r): r is CentsRange => r !== null)
  // other attribute filters match the product's own value by option id (equality / in-list)
  const otherFilters = Object.entries(query.filters)
    .filter(([code, values]) => code !== 'price' && !(OPTION_FILTER_CODES as readonly string[]).includes(code) && values.length > 0)
    .map(([code, values]) => [code, new Set(values.map(String))] as const)

  const passes = (entry: Entry, skip: FilterKind | null): boolean => {
    const { product, price } = entry
    for (const [code, allowed] of optionFilters) {
      if (skip !== code && !product.options[code].some((id) => allowed.has(id))) return false
    }
    if (skip !== 'price' && priceFilter.length > 0 && !priceFilter.some((r) => inRange(price, r))) return false
    if (skip !== 'other') {
      for (const [code, allowed] of otherFilters) {
        const value = (product.doc as Record<string, unknown>)[code] ?? (product.doc.full as Record<string, unknown> | undefined)?.[code]
        if (value === undefined || value === null || !allowed.has(String(value))) return false
      }
    }
    return true
  }

  const optionCounts = Object.fromEntries(OPTION_FILTER_CODES.map((code) => [code, new Map<number, number>()])) as Record<OptionFilterCode, Map<number, number>>
  const priceCounts = new Array<number>(PRICE_BUCKETS.length).fill(0)
  const matching: Entry[] = []
  for (const entry of entries) {
    const all = passes(entry, null)
    if (all) matching.push(entry)
    for (const code of OPTION_FILTER_CODES) {
      if (!all && !passes(entry, code)) continue
      const counts = optionCounts[code]
      for (const id of entry.product.options[code]) counts.set(id, (counts.get(id) ?? 0) + 1)
    }
    if (all || passes(entry, 'price')) {
      const bucket = PRICE_BUCKETS.findIndex((r) => inRange(entry.price, r))
      if (bucket >= 0) priceCounts[bucket]! += 1
    }
  }

  const from = Math.max(0, query.from ?? 0)
  const size = Math.max(0, query.size)
  return {
    items: orderedSlice(matching, query.sort, query.positionIn, from + size)
      .slice(from)
      .map((entry) => toProductListItem(entry.product.doc, context.now)),
    total: matching.length,
    facets:
      entries.length === 0
        ? []
        : [...OPTION_FILTER_CODES.map((code) => optionFacet(code, optionCounts[code], context.attributes)), priceFacet(priceCounts)].filter(
            (facet) => facet.options.length > 0,
          ),
  }
}

/** A number per entry that orders it for a sort (lower first); ties go to the lower product id. */
function sortKey(sort: Exclude<ListQuery['sort'], 'relevance'>, positionIn: number | undefined): (entry: Entry) => number {
  switch (sort) {
    case 'price_asc':
      return (entry) => entry.price
    case 'price_desc':
      return (entry) => -entry.price
    case 'most_popular':
      return (entry) => -(entry.product.doc.sold_qty ?? 0)
    case 'position':
    default: {
      const key = String(positionIn)
      return (entry) => entry.product.doc.category_positions?.[key] ?? Number.MAX_SAFE_INTEGER
    }
  }
}

/** Past this many wanted, the whole list is sorted rather than the first ones picked out. */
const PICK_LIMIT = 256

/**
 * The first `count` entries in the sort's order. A page (18, or a few pages after "load more")
 * of a category of tens of thousands does not need the whole category sorted: the first ones are
 * picked out in one pass, each entry compared with the last of those kept (issue 12: a category
 * read at 100,000 products).
 */
function orderedSlice(matching: Entry[], sort: ListQuery['sort'], positionIn: number | undefined, count: number): Entry[] {
  if (sort === 'relevance') return matching.slice(0, count)
  // each entry's key is read once, not once per comparison
  const keyOf = sortKey(sort, positionIn)
  const keyed = matching.map((entry) => ({ entry, key: keyOf(entry), id: entry.product.doc.product_id }))
  const before = (a: (typeof keyed)[number], b: (typeof keyed)[number]) => a.key - b.key || a.id - b.id
  if (count > PICK_LIMIT || count * 4 >= keyed.length)
    return keyed
      .sort(before)
      .slice(0, count)
      .map((k) => k.entry)
  const kept: typeof keyed = []
  for (const item of keyed) {
    if (kept.length === count && before(item, kept[count - 1]!) >= 0) continue
    let at = kept.length === count ? count - 1 : kept.length
    while (at > 0 && before(item, kept[at - 1]!) < 0) {
      kept[at] = kept[at - 1]!
      at--
    }
    kept[at] = item
  }
  return kept.map((k) => k.entry)
}

/** The listable products of a category (and its descendants), in stock only when so configured. */
export function categoryCandidates(products: Iterable<ListedProduct>, context: Pick<CategoryQueryContext, 'categoryIds' | 'listOutOfStock'>): ListedProduct[] {
  const listOutOfStock = context.listOutOfStock ?? LIST_OUT_OF_STOCK
  const result: ListedProduct[] = []
  for (const product of products) {
    if (!product.listable || (!listOutOfStock && !product.inStock)) continue
    for (const id of product.categories) {
      if (context.categoryIds.has(id)) {
        result.push(product)
        break
      }
    }
  }
  return result
}

/**
 * Spec §5 "Price range lookup": lowest and highest current price incl. tax of the listable products,
 * in whole euros, min floored and max ceiled; null for none.
 */
export function priceRangeOf(products: readonly ListedProduct[], now: number): { min: number; max: number } | null {
  let min = Infinity
  let max = -Infinity
  for (const product of products) {
    const cents = currentPriceCents(product.doc, now)
    if (cents < min) min = cents
    if (cents > max) max = cents
  }
  if (!Number.isFinite(min)) return null
  return { min: Math.floor(min / 100), max: Math.ceil(max / 100) }
}

export function queryCategoryPage(products: Iterable<ListedProduct>, query: CategoryPageQuery, context: CategoryQueryContext): CategoryPage {
  const candidates = categoryCandidates(products, context)
  const page = listProducts(candidates, { filters: query.filters, sort: query.sort, size: query.size, positionIn: query.categoryId }, context)
  return { ...page, priceRange: priceRangeOf(candidates, context.now) }
}

function optionFacet(code: string, counts: Map<number, number>, attributes: ReadonlyMap<string, AttributeDoc>): Facet {
  const attribute = attributes.get(code)
  const order = new Map(attribute?.options.map((o, index) => [o.value, o.sort_order ?? index]) ?? [])
  const labels = new Map(attribute?.options.map((o) => [o.value, o.label]) ?? [])
  const options: FacetOption[] = [...counts.entries()]
    .map(([id, count]) => ({ id: String(id), label: labels.get(String(id)) ?? String(id), count }))
    .sort((a, b) => (order.get(a.id) ?? Infinity) - (order.get(b.id) ?? Infinity) || Number(a.id) - Number(b.id))
  return { attribute_code: code, label: attribute?.frontend_label ?? code, options }
}

function priceFacet(counts: number[]): Facet {
  const options: FacetOption[] = PRICE_BUCKETS.map((bucket, index) => {
    const from = bucket.from / 100
    const to = Number.isFinite(bucket.to) ? bucket.to / 100 : undefined
    // spec §9: first bucket "< x", last "> x", the others a range; the UI adds the currency sign
    const label = index === 0 && to !== undefined ? `< ${to}` : to === undefined ? `> ${from}` : `${from} - ${to}`
    const option: FacetOption = { id: bucket.id, label, count: counts[index] ?? 0, from }
    if (to !== undefined) option.to = to
    return option
  })
  return { attribute_code: 'price', label: 'Price', options }
}
