/**
 * Product listings (no words) read in pieces of the store view's rows, in id order.
 *
 * PGlite runs one statement at a time and cannot stop one once it runs: a statement that tests
 * every product's JSON, counts every product's facets or sorts every product holds the connection
 * for as long as the shop is big, and a shopper's cart or order waits behind it. Here no statement
 * reads more than one piece of rows (and the page kept so far), whatever the shop's size: a cart
 * or an order waits for one piece at most, and the time budget, checked before each statement,
 * stops a search past it for good. A piece's size follows how long the last one held the database
 * (PIECE_MS).
 *
 * Per piece:
 * 1. its ids: the next rows by id that pass the filters the row's columns answer (cheap per row);
 * 2. those of them that pass the other filters (tests of the JSON);
 * 3. their count, price ranges and facets, added to the totals (each row is in one piece only);
 * 4. the listing's first `keep` rows, in its order, among them and the ones kept so far.
 *
 * A catalogue change between pieces is the caller's to notice (its cache generation), as with a
 * category's rows.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { CatalogHitRow, CatalogQuery, FacetCounts, KnownCounts } from './catalog-query'
import { counts } from './catalog-counts'
import { conditionSql, hitOf, isColumnCondition, isColumnSort, isHeavyField, listingOrder, productColumns, type PageRow } from './catalog-sql'
import { isTermField } from './facet-terms'
import type { Db } from './db'
import { timedHold } from './query-priority'
import { sqlArray } from './sql-helpers'

/** A page past the result window (ES's index.max_result_window) of a listing sorted in SQL. */
export class ResultWindowError extends Error {
  override name = 'ResultWindowError'
  constructor(
    readonly maxWindow: number,
    readonly asked: number,
  ) {
    super(`Result window is too large, from + size must be less than or equal to: [${maxWindow}] but was [${asked}]`)
  }
}

/** how long one statement of a piece should hold the database */
export const PIECE_MS = 80
export interface PieceRows {
  first: number
  min: number
  max: number
}
export const PIECE_ROWS: PieceRows = { first: 1000, min: 100, max: 50_000 }
/** a piece grows at most this much from one to the next (a cheap first piece says little of the rest) */
const MAX_GROWTH = 4

/** The next piece's rows, from the rows of this one and the longest any of its statements held the database. */
export function nextPieceRows(rows: number, heldMs: number, limits: PieceRows = PIECE_ROWS): number {
  const scaled = Math.floor((rows * PIECE_MS) / Math.max(heldMs, 1))
  return Math.max(limits.min, Math.min(limits.max, rows * MAX_GROWTH, scaled))
}

export function emptyCounts(q: Pick<CatalogQuery, 'facetFields' | 'priceRanges'>): KnownCounts {
  const terms: FacetCounts['terms'] = {}
  for (const f of q.facetFields) terms[f] = new Map()
  return { total: 0, facets: { terms, priceRanges: q.priceRanges.map(() => 0) } }
}

/** Adds the counts of one piece to the totals (the pieces hold different rows). */
export function addCounts(into: KnownCounts, piece: KnownCounts): void {
  into.total += piece.total
  piece.facets.priceRanges.forEach((n, i) => {
    into.facets.priceRanges[i] = (into.facets.priceRanges[i] ?? 0) + n
  })
  for (const [field, values] of Object.entries(piece.facets.terms)) {
    const kept = (into.facets.terms[field] ??= new Map())
    for (const [value, n] of values) kept.set(value, (kept.get(value) ?? 0) + n)
  }
}

export interface ListedInPieces {
  /** null when the caller did not ask for counts */
  counts: KnownCounts | null
  /** the ids of the listing's first `keep` rows, in its order */
  order: number[]
}

/**
 * What one product row costs a listing, in rows of work on columns alone (the categories,
 * visibility, status, price and facet terms of a category page): each filter, facet or sort on the
 * JSON adds to it, a filter on the big part of the document most.
 */
export function rowWork(q: Pick<CatalogQuery, 'conditions' | 'facetFields' | 'sort'>): number {
  let work = 1
  for (const c of q.conditions) if (!isColumnCondition(c)) work += c.fields.some(isHeavyField) ? WORK.heavyFilter : WORK.jsonFilter
  for (const f of q.facetFields) if (!isTermField(f)) work += WORK.jsonFacet
  for (const s of q.sort) if (!isColumnSort(s.field)) work += WORK.jsonSort
  return work
}
const WORK = { jsonFilter: 1, heavyFilter: 3, jsonFacet: 3, jsonSort: 1 }

/**
 * A listing whose rows (as the planner estimates those its column filters leave) times their
 * work stays under this runs as one statement: quicker than pieces, and still short enough that a
 * cart waiting behind it stays quick. Longer ones go in pieces.
 */
export const ONE_STATEMENT_WORK = 20_000

/** Whether a product listing is long enough to be read in pieces (the planner's estimate of its rows, see ONE_STATEMENT_WORK). */
export async function needsPieces(db: Db, q: CatalogQuery, oneStatementWork = ONE_STATEMENT_WORK): Promise<boolean> {
  const byColumns = [sql`store_code = ${q.storeCode}`, sql`deleted = false`]
  for (const c of q.conditions) if (isColumnCondition(c)) byColumns.push(conditionSql(c, q.entity))
  const [row] = await db.query<Record<string, unknown>>(sql`EXPLAIN (FORMAT JSON) SELECT id FROM products WHERE ${sql.join(byColumns, sql` AND `)}`)
  const raw = Object.values(row ?? {})[0]
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[]
  const rows = plan[0]?.Plan?.['Plan Rows'] ?? Number.POSITIVE_INFINITY
  return rows * rowWork(q) > oneStatementWork
}

/**
 * The listing's counts (`count`) and its first `keep` ids in its order. Without a sort the order
 * is the ids' own, so the walk ends once it has them (unless it counts).
 */
export async function listInPieces(db: Db, q: CatalogQuery, options: { keep: number; count: boolean; rows?: PieceRows }): Promise<ListedInPieces> {
  const { keep, count } = options
  const limits = options.rows ?? PIECE_ROWS
  const byColumns = [sql`store_code = ${q.storeCode}`, sql`deleted = false`]
  const byJson: SQL[] = []
  for (const c of q.conditions) (isColumnCondition(c) ? byColumns : byJson).push(conditionSql(c, q.entity))
  const sorted = q.sort.length > 0
  const totals = count ? emptyCounts(q) : null
  let order: number[] = []
  let rows = limits.first
  let after: number | undefined
  for (;;) {
    if (!count && !sorted && order.length >= keep) break
    let held = 0
    const timed = async <T>(fn: () => Promise<T>): Promise<T> => {
      const { value, heldMs } = await timedHold(fn)
      held = Math.max(held, heldMs)
      return value
    }
    const from = after === undefined ? sql`` : sql` AND id > ${after}`
    const ids = (
      await timed(() => db.query<{ id: number }>(sql`SELECT id FROM products WHERE ${sql.join(byColumns, sql` AND `)}${from} ORDER BY id LIMIT ${rows}`))
    ).map((r) => Number(r.id))
    if (ids.length === 0) break
    after = ids[ids.length - 1]
    const matches =
      byJson.length === 0
        ? ids
        : (
            await timed(() =>
              db.query<{ id: number }>(
                sql`SELECT id FROM products WHERE store_code = ${q.storeCode} AND id = ANY(${sqlArray(ids, 'int')}) AND ${sql.join(byJson, sql` AND `)}`,
              ),
            )
          )
            .map((r) => Number(r.id))
            .sort((a, b) => a - b)
    if (matches.length > 0) {
      const inPiece = sql`store_code = ${q.storeCode} AND id = ANY(${sqlArray(matches, 'int')})`
      if (totals && q.facetFields.length === 0 && q.priceRanges.length === 0) totals.total += matches.length
      else if (totals) addCounts(totals, await timed(() => counts(db, q, sql`products`, inPiece)))
      if (keep > 0 && !sorted && order.length < keep) order = order.concat(matches.slice(0, keep - order.length))
      if (keep > 0 && sorted) {
        // the order's statement reads the kept rows again each piece: its cost follows `keep`, not
        // the piece, so it does not size the pieces
        const candidates = sqlArray([...order, ...matches], 'int')
        const ranked = await db.query<{ id: number }>(
          sql`SELECT id FROM products WHERE store_code = ${q.storeCode} AND id = ANY(${candidates}) ORDER BY ${listingOrder(q)} LIMIT ${keep}`,
        )
        order = ranked.map((r) => Number(r.id))
      }
    }
    if (ids.length < rows) break
    rows = nextPieceRows(rows, held, limits)
  }
  return { counts: totals, order }
}

/** products read per statement by id */
const PRODUCTS_BY_IDS_PIECE = 200

/**
 * Products by id as a page prints them (`rendered`: the stored text; `pick`: those top-level
 * fields), in no particular order; ids deleted meanwhile are missing. In pieces: a big page's
 * documents read at once would hold PGlite's one connection as long as a scan does.
 */
export async function readProducts(
  db: Db,
  storeCode: string,
  ids: readonly number[],
  view: Pick<CatalogQuery, 'pick' | 'rendered'>,
): Promise<(CatalogHitRow & { id: number })[]> {
  const read: (CatalogHitRow & { id: number })[] = []
  for (let at = 0; at < ids.length; at += PRODUCTS_BY_IDS_PIECE) {
    const rows = await db.query<PageRow>(sql`
      SELECT id, ${productColumns(view)} FROM products
      WHERE store_code = ${storeCode} AND id = ANY(${sqlArray(ids.slice(at, at + PRODUCTS_BY_IDS_PIECE), 'int')}) AND deleted = false`)
    for (const row of rows) read.push({ ...hitOf(row), id: Number(row.id) })
  }
  return read
}
