/**
 * Catalogue searches: listings, lookups and the shopper's words over the catalogue's tables, as
 * the catalogue service asks them (storage/catalog-query.ts), within a time budget.
 */
import { sql } from 'drizzle-orm'
import { CATALOG_LIMITS } from '../../domain/api/catalog.schema'
import type { CatalogQuery, CatalogResult, KnownCounts } from './catalog-query'
import { listInPieces, needsPieces, PIECE_ROWS, readProducts, ResultWindowError, type PieceRows } from './catalog-pieces'
import { counts } from './catalog-counts'
import { baseWhere, hitOf, listingOrder, priceListing, productColumns, TABLES, type PageRow } from './catalog-sql'
import { toCategoryRows, type CategoryRows } from './category-facets'
import { withTimeBudget, type Db } from './db'
import { backgroundReadsOf } from './query-priority'
import { searchTextInPieces } from './catalog-text-search'
import { textMatch, TRIGRAM_THRESHOLD } from './text-match'

/** rows of a category read per query (categoryRows) */
const CATEGORY_ROWS_PIECE = 2000

export interface CatalogSearchOptions {
  /**
   * how many catalogue reads may hold a database connection at once (PostgreSQL: fewer than the
   * pool has, so carts and orders always find one; PGlite's one connection lets them go first instead)
   */
  concurrentReads?: number
  /**
   * whether long product searches are read in pieces (catalog-pieces.ts): by default where the
   * database cannot stop a statement (PGlite, one connection). PostgreSQL stops a statement past
   * the budget and keeps connections free for carts and orders, so one statement is quicker there.
   */
  inPieces?: boolean
  /** the rows of a listing's pieces (tests read in smaller ones) */
  pieceRows?: PieceRows
  /** the work past which a product listing is read in pieces (ONE_STATEMENT_WORK; tests lower it) */
  oneStatementWork?: number
  /** from + size past which a sorted search is refused, and a listing's order not kept whole */
  resultWindow?: number
}

/** one piece as big as any search: what one statement reads */
const WHOLE: PieceRows = { first: Number.MAX_SAFE_INTEGER, min: Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }

export function createCatalogSearchRepository(storageDb: Db, options: CatalogSearchOptions = {}) {
  const db = backgroundReadsOf(storageDb, { concurrent: options.concurrentReads })
  const inPieces = options.inPieces ?? storageDb.interruptible === false
  const pieceRows = inPieces ? (options.pieceRows ?? PIECE_ROWS) : WHOLE
  const resultWindow = options.resultWindow ?? CATALOG_LIMITS.maxResultWindow
  const isLong = async (tx: Db, q: CatalogQuery) => inPieces && (await needsPieces(tx, q, options.oneStatementWork))
  /**
   * whether pg_trgm is installed (migration 4 goes on without it), asked once it is answered: a
   * failed ask (the database unreachable) is asked again, or every text search would fail for good
   */
  let trigramAvailable: Promise<boolean> | undefined
  function hasTrigram(): Promise<boolean> {
    if (trigramAvailable) return trigramAvailable
    const asked = db
      .query<{ n: number }>(sql`SELECT count(*)::int AS n FROM pg_extension WHERE extname = 'pg_trgm'`)
      .then((rows) => Number(rows[0]?.n ?? 0) > 0)
    trigramAvailable = asked
    asked.catch(() => {
      if (trigramAvailable === asked) trigramAvailable = undefined
    })
    return asked
  }

  /**
   * A product listing without words: its counts (unless known) and its page, read in pieces
   * (catalog-pieces.ts). A page past the result window of a listing sorted in SQL is refused: its
   * order would have to keep that many rows in every statement.
   */
  async function listProducts(db: Db, q: CatalogQuery, known: KnownCounts | undefined): Promise<CatalogResult> {
    const keep = q.size > 0 ? q.from + q.size : 0
    const listed = await listInPieces(db, q, { keep, count: !known, rows: pieceRows })
    const { total, facets } = known ?? listed.counts!
    const page = listed.order.slice(q.from, q.from + q.size)
    const byId = new Map((await readProducts(db, q.storeCode, page, q)).map(({ id, ...hit }) => [id, hit]))
    // a product deleted since its id was listed is left out
    return { total, facets, hits: page.flatMap((id) => byId.get(id) ?? []) }
  }

  /**
   * Listings and lookups: count, facets and one page. Counts the caller already has (taken for the
   * same filters, see services/catalog-counts.ts) are not taken again: only the page is read.
   */
  async function run(db: Db, q: CatalogQuery, known: KnownCounts | undefined): Promise<CatalogResult> {
    if (q.entity === 'product' && !(known && priceListing(q)?.linkOnly) && (await isLong(db, q))) return listProducts(db, q, known)
    const where = baseWhere(q)
    const whereSql = where.length > 0 ? sql.join(where, sql` AND `) : sql`true`
    const table = sql.raw(TABLES[q.entity].table)
    const { total, facets } = known ?? (await counts(db, q, table, whereSql))

    if (q.size <= 0 || total === 0 || q.from >= total) return { total, hits: [], facets }
    const columns = q.entity === 'product' ? sql`id, ${productColumns(q)}` : sql`doc`
    const listing = priceListing(q)
    if (listing?.linkOnly) {
      // the category's products in price order from product_categories' index, each one's row
      // tested against every filter by primary key; the walk stops after the page, and only the
      // page's documents are read. OFFSET 0 keeps the test a per-row lookup: flattened, the planner
      // may read and sort the whole category instead.
      // Where visibility and status are the only other filters, the index answers them too and the
      // walk reads no product row.
      const dir = sql.raw(listing.dir === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS LAST')
      const passes = listing.linkOnly
        ? sql``
        : sql`CROSS JOIN LATERAL (SELECT 1 FROM products WHERE store_code = pc.store_code AND id = pc.product_id AND ${whereSql} OFFSET 0) AS passes`
      const onLink = listing.linkOnly && listing.linkOnly.length > 0 ? sql` AND ${sql.join(listing.linkOnly, sql` AND `)}` : sql``
      const rows = await db.query<PageRow>(sql`
        SELECT ${columns} FROM (
          SELECT pc.product_id, pc.final_price_incl_tax AS price FROM product_categories AS pc ${passes}
          WHERE pc.store_code = ${q.storeCode} AND pc.category_id = ${listing.categoryId}${onLink}
          ORDER BY pc.final_price_incl_tax ${dir}, pc.product_id ASC LIMIT ${q.size} OFFSET ${q.from}
        ) AS page JOIN products ON store_code = ${q.storeCode} AND id = page.product_id
        ORDER BY page.price ${dir}, page.product_id ASC`)
      return { total, hits: rows.map(hitOf), facets }
    }
    const rows = await db.query<PageRow>(sql`SELECT ${columns} FROM ${table} WHERE ${whereSql} ORDER BY ${listingOrder(q)} LIMIT ${q.size} OFFSET ${q.from}`)
    return { total, hits: rows.map(hitOf), facets }
  }

  /**
   * Throws QueryTimeoutError when the queries of the search together take over `timeoutMs`.
   * `known`: the total and facets of these filters, taken before (a listing without text only).
   */
  async function search(q: CatalogQuery, timeoutMs: number, known?: KnownCounts): Promise<CatalogResult> {
    const keep = q.size > 0 ? q.from + q.size : 0
    if (q.sort.length > 0 && keep > resultWindow) {
      // nothing to sort past the last hit: an empty page; else a page this deep is refused, as
      // Elasticsearch refuses it (its order would keep that many rows through the whole search)
      const counted = await search({ ...q, size: 0 }, timeoutMs, known)
      if (q.from >= counted.total) return counted
      throw new ResultWindowError(resultWindow, keep)
    }
    const text = q.entity === 'product' && q.text && q.text.query.trim() !== '' ? q.text : undefined
    const match = text ? textMatch(text, await hasTrigram()) : undefined
    // counts known and no page to read: no query at all
    if (!text && known && (q.size <= 0 || known.total === 0 || q.from >= known.total)) return { ...known, hits: [] }
    if (!text || !match) return withTimeBudget(db, timeoutMs, (tx) => run(tx, q, known))
    // `<%` (index-backed) compares with this setting. On PostgreSQL LOCAL keeps it to this
    // transaction, so a pooled connection goes back unchanged. PGlite's one connection is
    // set for good (no other query reads the setting): a transaction would hold it, and every
    // cart and order behind it, from the first piece of the search to the last
    const inTransaction = match.trigram && db.interruptible !== false
    return withTimeBudget(
      db,
      timeoutMs,
      async (tx) => {
        if (match.trigram) await tx.query(sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(TRIGRAM_THRESHOLD)}, ${inTransaction})`)
        return searchTextInPieces(tx, q, match, text.minScore, pieceRows)
      },
      { transaction: inTransaction },
    )
  }

  return {
    /**
     * The ids of a product listing without words, all of them, in the order its pages show them
     * (the order `search` reads a page in); null when there are more than the result window (each
     * page is then read on its own). Throws QueryTimeoutError past `timeoutMs`.
     */
    async listingIds(q: CatalogQuery, timeoutMs: number): Promise<Int32Array | null> {
      return withTimeBudget(db, timeoutMs, async (tx) => {
        if (!(await isLong(tx, q))) {
          const rows = await tx.query<{ id: number }>(sql`SELECT id FROM products WHERE ${sql.join(baseWhere(q), sql` AND `)} ORDER BY ${listingOrder(q)}`)
          return rows.length > resultWindow ? null : Int32Array.from(rows, (r) => Number(r.id))
        }
        const { order } = await listInPieces(tx, q, { keep: resultWindow + 1, count: false, rows: pieceRows })
        return order.length > resultWindow ? null : Int32Array.from(order)
      })
    },

    /**
     * One category's live products as facet rows (storage/category-facets): price, visibility,
     * status and facet terms; null when it has more than `maxRows`. Read in pieces of `piece`
     * rows, each within `timeoutMs` (QueryTimeoutError past it): on PGlite's one connection a big
     * category read at once would hold every other query back for the whole read. A catalogue
     * change between pieces is the caller's to notice (its cache generation).
     */
    async categoryRows(storeCode: string, categoryId: number, timeoutMs: number, maxRows: number, piece = CATEGORY_ROWS_PIECE): Promise<CategoryRows | null> {
      type Row = { id: number; price: number | null; visibility: number | null; status: number | null; terms: string[] | null }
      const rows: Row[] = []
      let last: { id: number; price: number | null } | undefined
      for (;;) {
        // the listing index's order (price, no price last, then id: unique within the category);
        // each piece starts after the last row of the one before
        const after = !last
          ? sql``
          : last.price === null
            ? sql` AND pc.final_price_incl_tax IS NULL AND pc.product_id > ${last.id}`
            : sql` AND ((pc.final_price_incl_tax, pc.product_id) > (${last.price}::float8, ${last.id}::int) OR pc.final_price_incl_tax IS NULL)`
        const read = await withTimeBudget(db, timeoutMs, (tx) =>
          tx.query<Row & { key_price: number | null }>(sql`
            SELECT p.id, p.final_price_incl_tax AS price, p.visibility, p.status, p.facet_terms AS terms, pc.final_price_incl_tax AS key_price
            FROM product_categories AS pc JOIN products AS p ON p.store_code = pc.store_code AND p.id = pc.product_id
            WHERE pc.store_code = ${storeCode} AND pc.category_id = ${categoryId} AND NOT p.deleted${after}
            ORDER BY pc.final_price_incl_tax ASC NULLS LAST, pc.product_id ASC
            LIMIT ${Math.min(piece, maxRows + 1 - rows.length)}`),
        )
        for (const { key_price, ...row } of read) {
          rows.push(row)
          last = { id: Number(row.id), price: key_price === null ? null : Number(key_price) }
        }
        if (rows.length > maxRows) return null
        if (read.length < piece) return toCategoryRows(rows)
      }
    },

    /**
     * Products by id, as a page prints them (`rendered`: the stored text; `pick`: those top-level
     * fields), in no particular order; ids deleted meanwhile are missing.
     */
    async productsByIds(
      storeCode: string,
      ids: readonly number[],
      view: Pick<CatalogQuery, 'pick' | 'rendered'>,
      timeoutMs: number,
    ): Promise<{ id: number; doc: Record<string, unknown>; text?: string }[]> {
      if (ids.length === 0) return []
      // primary-key reads of a page's ids: bounded, so no time-out to set
      return withTimeBudget(db, timeoutMs, (tx) => readProducts(tx, storeCode, ids, view), { bounded: true })
    },

    search,
  }
}
export type CatalogSearchRepository = ReturnType<typeof createCatalogSearchRepository>
