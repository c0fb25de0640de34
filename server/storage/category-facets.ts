/**
 * A category's facet rows in memory. A shopper on a category page filters it again and again (a
 * colour, a size, a price range, then another): in SQL each new filter set is one count over the
 * category's rows (bitmap scans, a heap read per product, an unnest of every facet term), too slow
 * for the category query's latency goal at a big shop's size.
 *
 * The rows the counts read are few and small: per product of the category its price, visibility,
 * status and facet terms (term ids into a dictionary). Read once per category and catalogue
 * generation, any filter set over them is counted in JavaScript in well under a millisecond, with
 * the SQL count's rules exactly (tests/integration/category-facets.test.ts compares the two on
 * every category and filter of a generated shop). A listing this cannot count (any other filter,
 * a facet outside facet_terms, words) goes to SQL as before.
 */
import type { CatalogQuery, FacetCounts, KnownCounts } from './catalog-query'
import { addTermCounts, isTermField, termsOf, widen } from './facet-terms'
import { isInt32 } from './sql-helpers'

/** Per product of one category (live ones, as product_categories lists them), column-wise. */
export interface CategoryRows {
  count: number
  /** product ids */
  id: Int32Array
  /** final_price_incl_tax; NaN where it is null (no price range holds it, as in SQL) */
  price: Float64Array
  visibility: Int32Array
  status: Int32Array
  /** row i's term ids are termIds[termStart[i] .. termStart[i + 1]) */
  termStart: Int32Array
  termIds: Int32Array
  /** term id → term ("color=n:49") */
  terms: string[]
  termId: Map<string, number>
  /**
   * the rows are in a price listing's order already (price ascending, no price last, equal prices
   * by id), as catalogSearch.categoryRows reads them: orderByPrice then sorts nothing
   */
  priceOrdered: boolean
}

/** NULL visibility or status: no `= ANY(...)` holds it. */
const NO_INT = -2_147_483_648

export function toCategoryRows(
  rows: readonly { id: number; price: number | null; visibility: number | null; status: number | null; terms: readonly string[] | null }[],
): CategoryRows {
  const count = rows.length
  const id = new Int32Array(count)
  const price = new Float64Array(count)
  const visibility = new Int32Array(count)
  const status = new Int32Array(count)
  const termStart = new Int32Array(count + 1)
  const ids: number[] = []
  const terms: string[] = []
  const termId = new Map<string, number>()
  let priceOrdered = true
  rows.forEach((row, i) => {
    id[i] = Number(row.id)
    price[i] = row.price === null ? Number.NaN : Number(row.price)
    visibility[i] = row.visibility === null ? NO_INT : Number(row.visibility)
    status[i] = row.status === null ? NO_INT : Number(row.status)
    if (i > 0 && priceOrdered) priceOrdered = comparePriceOrder(price[i - 1]!, id[i - 1]!, price[i]!, id[i]!, 1) < 0
    termStart[i] = ids.length
    for (const t of row.terms ?? []) {
      let known = termId.get(t)
      if (known === undefined) {
        known = terms.length
        terms.push(t)
        termId.set(t, known)
      }
      ids.push(known)
    }
  })
  termStart[count] = ids.length
  return { count, id, price, visibility, status, termStart, termIds: Int32Array.from(ids), terms, termId, priceOrdered }
}

/**
 * A price listing's order of two rows (price, id): negative when a comes first. `sign` 1 for price
 * ascending, -1 descending; no price (NaN) last either way, equal prices by id.
 */
function comparePriceOrder(priceA: number, idA: number, priceB: number, idB: number, sign: 1 | -1): number {
  const noA = Number.isNaN(priceA)
  const noB = Number.isNaN(priceB)
  if (noA !== noB) return noA ? 1 : -1
  if (!noA && priceA !== priceB) return sign * (priceA - priceB)
  return idA - idB
}

/** What a listing asks of one category's rows, when the rows alone can answer it. */
export interface CategoryCount {
  categoryId: number
  /** every one must hold: the row's column is one of the values */
  ints: { column: 'visibility' | 'status'; values: Set<number> }[]
  /** every one must hold: the row holds one of the terms */
  termSets: string[][]
  /** every one must hold, on final_price_incl_tax */
  prices: { gt?: number; gte?: number; lt?: number; lte?: number }[]
}

/** The fields a category filter names (products' category_ids column answers both). */
export const CATEGORY_FIELDS: ReadonlySet<string> = new Set(['category_ids', 'category.category_id'])
const PRICE_FIELDS = new Set(['price', 'final_price_incl_tax'])

/**
 * The listing as a count over one category's rows, or null when it is not one: a product listing
 * without words, filtered on one category, and else only on visibility, status, facet terms and the
 * price, with every facet a facet_terms field.
 */
export function categoryCountOf(q: CatalogQuery): CategoryCount | null {
  if (q.entity !== 'product' || (q.text && q.text.query.trim() !== '')) return null
  if (!q.facetFields.every(isTermField)) return null
  let categoryId: number | null = null
  const plan: Omit<CategoryCount, 'categoryId'> = { ints: [], termSets: [], prices: [] }
  for (const c of q.conditions) {
    if (c.kind === 'range') {
      if (!c.fields.every((f) => PRICE_FIELDS.has(f))) return null
      plan.prices.push({ gt: c.gt, gte: c.gte, lt: c.lt, lte: c.lte })
      continue
    }
    if (c.kind !== 'in' || c.negate || c.fields.length === 0) return null
    const ints = widen(c.values).filter(isInt32)
    if (c.fields.every((f) => CATEGORY_FIELDS.has(f))) {
      const ids = new Set(ints)
      if (categoryId !== null || ids.size !== 1) return null
      categoryId = [...ids][0]!
      continue
    }
    if (c.fields.length === 1 && (c.fields[0] === 'visibility' || c.fields[0] === 'status')) {
      plan.ints.push({ column: c.fields[0], values: new Set(ints) })
      continue
    }
    // the SQL ORs its fields' term tests: a row holding any of their terms passes
    const terms: string[] = []
    for (const field of c.fields) {
      const ofField = termsOf(field, c.values)
      if (!ofField) return null
      terms.push(...ofField)
    }
    plan.termSets.push(terms)
  }
  return categoryId === null ? null : { categoryId, ...plan }
}

function priceHolds(p: number, b: CategoryCount['prices'][number]): boolean {
  return (b.gt === undefined || p > b.gt) && (b.gte === undefined || p >= b.gte) && (b.lt === undefined || p < b.lt) && (b.lte === undefined || p <= b.lte)
}

/** The rows (indices) the listing keeps. */
export function matchingRows(rows: CategoryRows, plan: CategoryCount): Int32Array {
  const termSets = plan.termSets.map((terms) => {
    const ids = new Uint8Array(rows.terms.length)
    for (const t of terms) {
      const id = rows.termId.get(t)
      if (id !== undefined) ids[id] = 1
    }
    return ids
  })
  const kept = new Int32Array(rows.count)
  let n = 0
  rows: for (let i = 0; i < rows.count; i++) {
    for (const test of plan.ints) if (!test.values.has((test.column === 'visibility' ? rows.visibility : rows.status)[i]!)) continue rows
    const price = rows.price[i]!
    for (const bounds of plan.prices) if (!priceHolds(price, bounds)) continue rows
    const start = rows.termStart[i]!
    const end = rows.termStart[i + 1]!
    for (const set of termSets) {
      let holds = false
      for (let k = start; k < end && !holds; k++) holds = set[rows.termIds[k]!] === 1
      if (!holds) continue rows
    }
    kept[n++] = i
  }
  return kept.subarray(0, n)
}

/** The listing's total, price-range counts and term facets over its rows, as SQL counts them. */
export function countCategoryRows(rows: CategoryRows, matching: Int32Array, q: Pick<CatalogQuery, 'facetFields' | 'priceRanges'>): KnownCounts {
  const facetFields = new Set(q.facetFields)
  const counted = Uint8Array.from(rows.terms, (t) => (facetFields.has(t.slice(0, t.indexOf('='))) ? 1 : 0))
  const termCounts = new Int32Array(rows.terms.length)
  const priceCounts = q.priceRanges.map(() => 0)
  for (const i of matching) {
    const price = rows.price[i]!
    q.priceRanges.forEach((r, j) => {
      if (price >= r.from && (r.to === undefined || price < r.to)) priceCounts[j]! += 1
    })
    for (let k = rows.termStart[i]!; k < rows.termStart[i + 1]!; k++) {
      const id = rows.termIds[k]!
      if (counted[id] === 1) termCounts[id]! += 1
    }
  }
  const facets: FacetCounts = { terms: {}, priceRanges: priceCounts }
  for (const f of q.facetFields) facets.terms[f] = new Map()
  const counts: { t: string; n: number }[] = []
  termCounts.forEach((n, id) => {
    if (n > 0) counts.push({ t: rows.terms[id]!, n })
  })
  addTermCounts(facets, counts)
  return { total: matching.length, facets }
}

/** The listing's sort when its rows can order it: the price alone (then the id, as SQL's listing order). */
export function priceOrderOf(q: Pick<CatalogQuery, 'sort'>): 'asc' | 'desc' | null {
  const [sort, ...more] = q.sort
  return sort && more.length === 0 && sort.field === 'final_price_incl_tax' ? sort.dir : null
}

/**
 * The kept rows' product ids in price order (no price last), equal prices by id: catalogSearch.listingIds' order.
 * Rows kept in that order already (`priceOrdered`, as the database reads them) are walked, not sorted:
 * ascending is their order; descending takes the runs of equal prices from the last one back, each
 * run still by id, and the rows with no price last.
 */
export function orderByPrice(rows: CategoryRows, matching: Int32Array, dir: 'asc' | 'desc'): Int32Array {
  if (rows.priceOrdered) {
    const ids = new Int32Array(matching.length)
    if (dir === 'asc') {
      matching.forEach((row, k) => (ids[k] = rows.id[row]!))
      return ids
    }
    // rows with no price are the last ones of the matching rows; they stay last
    let priced = matching.length
    while (priced > 0 && Number.isNaN(rows.price[matching[priced - 1]!]!)) priced--
    let n = 0
    for (let end = priced; end > 0;) {
      let start = end - 1
      while (start > 0 && rows.price[matching[start - 1]!] === rows.price[matching[end - 1]!]) start--
      for (let k = start; k < end; k++) ids[n++] = rows.id[matching[k]!]!
      end = start
    }
    for (let k = priced; k < matching.length; k++) ids[n++] = rows.id[matching[k]!]!
    return ids
  }
  const sign = dir === 'asc' ? 1 : -1
  const order = Array.from(matching).sort((a, b) => comparePriceOrder(rows.price[a]!, rows.id[a]!, rows.price[b]!, rows.id[b]!, sign))
  return Int32Array.from(order, (i) => rows.id[i]!)
}

/** Bytes-ish weight of kept rows, for the cache's bound. */
export function categoryRowsWeight(rows: CategoryRows): number {
  return rows.count * 24 + rows.termIds.length * 4
}
