/**
 * Category listing over the light products held in memory (spec §5 Catalogue, §9 limits): category
 * or any descendant; visibility 2/3/4, status 0/1, eol 0; in stock only when out-of-stock listing is
 * off; option filters (colour, size, brand, Erin recommends: equality / in-lists), price ranges on
 * the current price incl. tax, four sorts, facets with counts, the category's price range. Pure: no
 * RxDB. The search results page reuses `listProducts` over its hits.
 *
 * Facet counts are disjunctive: each facet counts the products that pass every *other* filter, so
 * choosing "red" still shows how many blue ones there are. The price facet always lists all four
 * buckets (zero counts included) as the shop's fixed ranges, like the shop it replaces.
 */
import { OPTION_FILTER_CODES, PRICE_RANGES, parsePriceRange as parsePriceBounds } from '../../domain/filters'
import type { CategoryPage, CategoryPageQuery, Facet, FacetOption, ProductListItem } from '../contract/views'
import { isListable, type CategorySort } from '../../domain/listing'
import type { AttributeDoc, CategoryDoc, ProductDoc } from '../db/catalog-schemas'
import { optionIds, toProductListItem } from '../db/product-views'
import { orderedSlice, positionPairs } from './list-order'
import { allRows, rowPosition, rowPriceCents, tableOf, type ProductTable, type TableProduct } from './product-table'

/**
 * A product prepared once for repeated listing queries: what a listing reads of it (TableProduct,
 * which the product table holds column by column), and what the mirror and the product page ask.
 */
export interface ListedProduct extends TableProduct {
  /** stored with its full document (kiosk mode): a product page reads it from the product's batch */
  hasFull: boolean
  categories: ReadonlySet<number>
}

export { LISTED_STATUS, LISTED_VISIBILITY } from '../../domain/listing'
/**
 * Spec §5: "In-stock products only are included if out-of-stock listing is disabled". The shop
 * lists out-of-stock products (their tiles say so); a deployment that hides them flips this.
 */
export const LIST_OUT_OF_STOCK = true

/** Strings longer than this (names, descriptions, addresses) are no attribute filter's value. */
const FILTER_VALUE_MAX_LENGTH = 64

/**
 * The plain top-level values of a full document an attribute filter can match, less those the light
 * document answers (a filter reads the light document first), so the kiosk worker's heap keeps no
 * second copy of the names, keys and paths the light document already holds.
 */
function filterValuesOf(full: Record<string, unknown>, doc: Record<string, unknown>): Record<string, string | number | boolean> {
  const values: Record<string, string | number | boolean> = {}
  for (const key in full) {
    if (doc[key] !== undefined && doc[key] !== null) continue
    const value = full[key]
    if (typeof value === 'number' || typeof value === 'boolean' || (typeof value === 'string' && value.length <= FILTER_VALUE_MAX_LENGTH)) values[key] = value
  }
  return values
}

export function prepareProduct(stored: ProductDoc): ListedProduct {
  const { full, ...doc } = stored
  const special = doc.special_price_incl_tax
  const single = (value: number | null | undefined) => (value === null || value === undefined ? [] : [value])
  return {
    doc,
    ...(full ? { filterValues: filterValuesOf(full as Record<string, unknown>, doc as Record<string, unknown>) } : {}),
    hasFull: full !== undefined,
    categories: new Set(doc.category_ids),
    positions: positionPairs(doc.category_positions),
    options: {
      color: optionIds(doc.color, doc.color_options),
      size: optionIds(doc.size, doc.size_options),
      manufacturer: single(doc.manufacturer),
      erin_recommends: single(doc.erin_recommends),
    },
    listable: isListable(doc),
    inStock: doc.is_in_stock ?? true,
    specialCents: special !== null && special !== undefined && special < doc.original_price_incl_tax ? special : Number.NaN,
    specialFrom: doc.special_from_date ? Date.parse(doc.special_from_date) : -Infinity,
    specialTo: doc.special_to_date ? Date.parse(doc.special_to_date) : Infinity,
    originalCents: doc.original_price_incl_tax,
    finalCents: doc.final_price_incl_tax,
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

/** Bits of the filters a product fails: one per option filter code, then price, then the others. */
const OPTION_BITS = OPTION_FILTER_CODES.map((_, index) => 1 << index)
const PRICE_BIT = 1 << OPTION_FILTER_CODES.length
const OTHER_BIT = PRICE_BIT << 1

/** Option ids below this are counted in a typed array; the rare larger ones in a Map. */
const DENSE_IDS = 4096

/** Products per option id of one facet: a typed array for the usual small ids (a Map for the rest). */
class OptionCounter {
  private readonly dense = new Int32Array(DENSE_IDS)
  private readonly sparse = new Map<number, number>()

  /** counts ids[from .. to) */
  add(ids: Float64Array, from: number, to: number): void {
    for (let i = from; i < to; i++) {
      const id = ids[i]!
      if (id >= 0 && id < DENSE_IDS && Number.isInteger(id)) this.dense[id]! += 1
      else this.sparse.set(id, (this.sparse.get(id) ?? 0) + 1)
    }
  }

  counts(): Map<number, number> {
    const counts = new Map(this.sparse)
    for (let id = 0; id < DENSE_IDS; id++) if (this.dense[id]! > 0) counts.set(id, this.dense[id]!)
    return counts
  }
}

/**
 * Filters, facets, sort and a slice over candidates already chosen (a category, or search hits).
 * The candidates go into a product table of their own (workers/catalog/product-table) and are
 * listed as listRows lists a category's rows of the mirror's table.
 */
export function listProducts(candidates: readonly ListedProduct[], query: ListQuery, context: ListContext): ListResult {
  const table = tableOf(candidates)
  return listRows(table, allRows(table), query, context).result
}

/**
 * Filters, facets, sort and a slice over rows of a product table, with each row's current price
 * beside (by place in `rows`) for the caller's own use.
 *
 * One pass over the rows, so a category read stays fast in a large catalogue: each product's price is
 * worked out once and each filter tried once, giving a mask of the filters it fails. It matches
 * when the mask is empty, and counts in a facet when it fails no filter but that facet's own
 * (disjunctive facets). Matching rows are kept by place; only the page becomes items.
 */
function listRows(table: ProductTable, rows: Int32Array, query: ListQuery, context: ListContext): { result: ListResult; prices: Float64Array } {
  const optionFilters = OPTION_FILTER_CODES.map((code, index) => ({
    column: table.options[index]!,
    bit: OPTION_BITS[index]!,
    allowed: new Set((query.filters[code] ?? []).map(Number)),
  })).filter((f) => f.allowed.size > 0)
  const priceFilter = (query.filters.price ?? []).map(priceRangeCents).filter((r): r is CentsRange => r !== null)
  // other attribute filters match the product's own value by option id (equality / in-list)
  const otherFilters = Object.entries(query.filters)
    .filter(([code, values]) => code !== 'price' && !(OPTION_FILTER_CODES as readonly string[]).includes(code) && values.length > 0)
    .map(([code, values]) => [code, new Set(values.map(String))] as const)
  const filtered = optionFilters.length > 0 || priceFilter.length > 0 || otherFilters.length > 0

  const failedFilters = (row: number, price: number): number => {
    let mask = 0
    for (const { column, bit, allowed } of optionFilters) {
      let found = false
      for (let i = column.start[row]!; i < column.start[row + 1]! && !found; i++) found = allowed.has(column.values[i]!)
      if (!found) mask |= bit
    }
    if (priceFilter.length > 0) {
      let found = false
      for (let i = 0; i < priceFilter.length && !found; i++) found = inRange(price, priceFilter[i]!)
      if (!found) mask |= PRICE_BIT
    }
    if (otherFilters.length > 0) {
      const product = table.products[row]!
      for (const [code, allowed] of otherFilters) {
        const value = (product.doc as Record<string, unknown>)[code] ?? product.filterValues?.[code]
        if (value === undefined || value === null || !allowed.has(String(value))) {
          mask |= OTHER_BIT
          break
        }
      }
    }
    return mask
  }

  const counters = OPTION_FILTER_CODES.map(() => new OptionCounter())
  const priceCounts = new Array<number>(PRICE_BUCKETS.length).fill(0)
  const prices = new Float64Array(rows.length)
  const matching = new Int32Array(rows.length)
  let matched = 0
  const { now } = context
  for (let place = 0; place < rows.length; place++) {
    const row = rows[place]!
    const price = rowPriceCents(table, row, now)
    prices[place] = price
    const mask = filtered ? failedFilters(row, price) : 0
    if (mask === 0) matching[matched++] = place
    // counted in a facet when it fails no other filter than that facet's own
    for (let c = 0; c < OPTION_FILTER_CODES.length; c++) {
      if ((mask & ~OPTION_BITS[c]!) === 0) {
        const column = table.options[c]!
        counters[c]!.add(column.values, column.start[row]!, column.start[row + 1]!)
      }
    }
    if ((mask & ~PRICE_BIT) === 0) {
      for (let b = 0; b < PRICE_BUCKETS.length; b++) {
        if (inRange(price, PRICE_BUCKETS[b]!)) {
          priceCounts[b]! += 1
          break
        }
      }
    }
  }

  const from = Math.max(0, query.from ?? 0)
  const size = Math.max(0, query.size)
  const kept = matching.subarray(0, matched)
  const page =
    query.sort === 'relevance'
      ? Array.from(kept.subarray(0, from + size))
      : orderedSlice(kept, from + size, sortKey(query, table, rows, prices), (place) => table.productId[rows[place]!]!)
  const result = {
    items: page.slice(from).map((place) => toProductListItem(table.products[rows[place]!]!.doc, now)),
    total: matched,
    facets:
      rows.length === 0
        ? []
        : [...OPTION_FILTER_CODES.map((code, c) => optionFacet(code, counters[c]!.counts(), context.attributes)), priceFacet(priceCounts)].filter(
            (facet) => facet.options.length > 0,
          ),
  }
  return { result, prices }
}

/** A number per row (by place in `rows`) that orders it for the query's sort, lower first. */
function sortKey(query: ListQuery, table: ProductTable, rows: Int32Array, prices: Float64Array): (place: number) => number {
  switch (query.sort) {
    case 'price_asc':
      return (place) => prices[place]!
    case 'price_desc':
      return (place) => -prices[place]!
    case 'most_popular':
      return (place) => -table.soldQty[rows[place]!]!
    case 'position':
    default: {
      const categoryId = query.positionIn ?? Number.NaN
      return (place) => rowPosition(table, rows[place]!, categoryId)
    }
  }
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
 * Spec §5 "Price range lookup": lowest and highest current price incl. tax of the listable products
 * (their prices in cents, as the listing worked them out), in whole euros, min floored and max
 * ceiled; null for none.
 */
function priceRangeOfCents(cents: Float64Array): { min: number; max: number } | null {
  let min = Infinity
  let max = -Infinity
  for (let i = 0; i < cents.length; i++) {
    const price = cents[i]!
    if (price < min) min = price
    if (price > max) max = price
  }
  if (!Number.isFinite(min)) return null
  return { min: Math.floor(min / 100), max: Math.ceil(max / 100) }
}

export function queryCategoryPage(products: Iterable<ListedProduct>, query: CategoryPageQuery, context: CategoryQueryContext): CategoryPage {
  return categoryPageOf(categoryCandidates(products, context), query, context)
}

/** queryCategoryPage over candidates already chosen (categoryCandidates). */
export function categoryPageOf(candidates: readonly ListedProduct[], query: CategoryPageQuery, context: CategoryQueryContext): CategoryPage {
  const table = tableOf(candidates)
  return categoryRowsPage(table, allRows(table), query, context)
}

/** A category page over rows of a product table (the mirror's, listableRows of a category's rows). */
export function categoryRowsPage(
  table: ProductTable,
  rows: Int32Array,
  query: CategoryPageQuery,
  context: Pick<CategoryQueryContext, 'attributes' | 'now'>,
): CategoryPage {
  const { result, prices } = listRows(table, rows, { filters: query.filters, sort: query.sort, size: query.size, positionIn: query.categoryId }, context)
  // the range over every row, from the prices the listing worked out
  return { ...result, priceRange: priceRangeOfCents(prices) }
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
