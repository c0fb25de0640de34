/**
 * Product listings read in pieces (storage/catalog-pieces.ts), on real storage: no statement of a
 * search reads more product rows than a piece and the page kept, whatever the store view's size
 * (PGlite cannot stop a statement, and a shopper's cart waits for the one running); the counts,
 * facets and pages are those one statement over every row gives; a listing longer than the
 * result window is not kept whole, and its pages past the window are refused.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importShop } from '../../server/services/catalog-import'
import { generateDemoShop } from '../../server/seed/generate'
import { openDatabase, openStorage } from '../../server/storage'
import { counts } from '../../server/storage/catalog-counts'
import { needsPieces, ResultWindowError } from '../../server/storage/catalog-pieces'
import type { CatalogQuery, FieldCondition, KnownCounts } from '../../server/storage/catalog-query'
import { createCatalogSearchRepository } from '../../server/storage/catalog-search-repository'
import { baseWhere, listingOrder } from '../../server/storage/catalog-sql'
import type { Db } from '../../server/storage/db'
import { resetPostgres } from './helpers'

const PRODUCTS = 600
const BUDGET = 60_000
const databaseUrl = process.env.DATABASE_URL || undefined
const dataDir = mkdtempSync(join(tmpdir(), 'polder-pieces-'))
let database: Awaited<ReturnType<typeof openDatabase>>

beforeAll(async () => {
  if (databaseUrl) await resetPostgres(databaseUrl)
  const storage = await openStorage({ databaseUrl, dataDir })
  await importShop(storage, generateDemoShop({ products: PRODUCTS }), new Date('2026-06-15T12:00:00Z'))
  await storage.close()
  database = await openDatabase({ databaseUrl, dataDir })
}, 300_000)

afterAll(async () => {
  await database?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const not = (field: string, ...values: (string | number)[]): FieldCondition => ({ kind: 'in', fields: [field], values, negate: true })
const isIn = (field: string, ...values: (string | number)[]): FieldCondition => ({ kind: 'in', fields: [field], values, negate: false })

function listing(over: Partial<CatalogQuery>): CatalogQuery {
  return {
    entity: 'product',
    storeCode: 'en',
    conditions: [isIn('visibility', 2, 3, 4), isIn('status', 0, 1)],
    sort: [],
    positionCategoryIds: [],
    from: 10,
    size: 25,
    facetFields: [],
    priceRanges: [],
    ...over,
  }
}

/** every kind of work on the JSON a query may ask at once: heavy and light filters, facets, sorts */
const COSTLY = listing({
  conditions: [not('description', 'nothing'), not('configurable_children.price', -1), not('tax_class_id', -1), not('sold_qty', -1)],
  facetFields: ['stock.qty', 'category.name', 'color', 'color_options'],
  priceRanges: [{ from: 0, to: 50 }, { from: 50 }],
  sort: [
    { field: 'tax_class_id', dir: 'desc' },
    { field: 'name', dir: 'asc' },
  ],
})

/** the statement that reads a piece's ids */
const PIECE_IDS = 'SELECT id FROM products WHERE store_code = $1 AND deleted = false'

/** `recording(db)` sends what `db` sends, noting each statement */
function recorder(inner: Db) {
  const sent: SQL[] = []
  const recording = (db: Db): Db => ({
    interruptible: db.interruptible,
    query<R>(query: SQL) {
      sent.push(query)
      return db.query<R>(query)
    },
    transaction: (fn) => db.transaction((tx) => fn(recording(tx))),
  })
  return { sent, db: recording(inner) }
}

interface PlanNode {
  'Relation Name'?: string
  'Actual Rows'?: number
  'Actual Loops'?: number
  'Rows Removed by Filter'?: number
  'Rows Removed by Index Recheck'?: number
  Plans?: PlanNode[]
}

/** The product rows a statement reads, as PostgreSQL's own EXPLAIN ANALYZE counts them. */
async function productRowsRead(db: Db, statement: SQL): Promise<number> {
  const [row] = await db.query<Record<string, unknown>>(sql`EXPLAIN (ANALYZE, FORMAT JSON) ${statement}`)
  const raw = Object.values(row ?? {})[0]
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[]
  const walk = (node: PlanNode): number => {
    const own =
      node['Relation Name'] === 'products'
        ? ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * (node['Actual Loops'] ?? 1)
        : 0
    return own + (node.Plans ?? []).reduce((n, child) => n + walk(child), 0)
  }
  return walk(plan[0]!.Plan)
}

/** Counts as plain data, maps as entries in order. */
function plain(c: KnownCounts) {
  return {
    total: c.total,
    priceRanges: c.facets.priceRanges,
    terms: Object.fromEntries(
      Object.entries(c.facets.terms).map(([field, values]) => [field, [...values.entries()].sort((a, b) => String(a[0]).localeCompare(String(b[0])))]),
    ),
  }
}

/** What one statement over every row of the store view answers: the counts, and the page's ids. */
async function inOneStatement(db: Db, q: CatalogQuery) {
  const where = sql.join(baseWhere(q), sql` AND `)
  const counted = await counts(db, q, sql`products`, where)
  const page = await db.query<{ id: number }>(sql`SELECT id FROM products WHERE ${where} ORDER BY ${listingOrder(q)} LIMIT ${q.size} OFFSET ${q.from}`)
  return { counts: plain(counted), page: page.map((r) => Number(r.id)) }
}

describe('a product listing read in pieces', () => {
  it('reads no more product rows in one statement than a piece and the page kept, and what it answers is what one statement answers', async () => {
    const { sent, db } = recorder(database.db)
    const pieceRows = { first: 60, min: 40, max: 120 }
    const search = createCatalogSearchRepository(db, { pieceRows, oneStatementWork: 0, inPieces: true })
    const found = await search.search(COSTLY, BUDGET)
    const expected = await inOneStatement(database.db, COSTLY)
    expect(found.total).toBeGreaterThan(PRODUCTS / 2)
    expect(plain(found)).toEqual(expected.counts)
    expect(found.hits.map((h) => Number(h.doc.id))).toEqual(expected.page)

    const dialect = new PgDialect()
    const reads: { text: string; rows: number }[] = []
    for (const statement of sent) {
      const text = dialect.sqlToQuery(statement).sql
      // the planner's estimate that chose the pieces reads no row
      if (!text.startsWith('EXPLAIN')) reads.push({ text, rows: await productRowsRead(database.db, statement) })
    }
    expect(reads.length).toBeGreaterThan(PRODUCTS / pieceRows.max)
    // a piece's ids come from the key's order and the columns only: near the end of the store view
    // the planner may read the few rows left at once, never the store view
    const [ids, rest] = [reads.filter((r) => r.text.startsWith(PIECE_IDS)), reads.filter((r) => !r.text.startsWith(PIECE_IDS))]
    expect(ids.length).toBeGreaterThan(PRODUCTS / pieceRows.max)
    expect(Math.max(...ids.map((r) => r.rows))).toBeLessThan(PRODUCTS / 2)
    // what tests, counts and sorts the JSON, and the page's documents read by id
    const most = rest.reduce((a, b) => (b.rows > a.rows ? b : a))
    expect(most.rows, most.text).toBeLessThanOrEqual(pieceRows.max + COSTLY.from + COSTLY.size)
  })

  it('counts, facets and pages as one statement does, for filters, facets and sorts of every kind', async () => {
    const search = createCatalogSearchRepository(database.db, { pieceRows: { first: 7, min: 5, max: 37 }, oneStatementWork: 0, inPieces: true })
    const queries: CatalogQuery[] = [
      listing({ facetFields: ['color', 'color_options', 'size', 'size_options'], priceRanges: [{ from: 0, to: 40 }, { from: 40, to: 90 }, { from: 90 }] }),
      listing({ conditions: [not('tax_class_id', 2)], sort: [{ field: 'name', dir: 'desc' }], facetFields: ['stock.qty'] }),
      listing({
        conditions: [{ kind: 'range', fields: ['sold_qty'], gte: 1 }, isIn('category_ids', 3, 4, 5)],
        sort: [{ field: 'position', dir: 'asc' }],
        positionCategoryIds: [3, 4, 5],
      }),
      listing({
        conditions: [
          { kind: 'like', fields: ['name'], pattern: 'a' },
          { kind: 'exists', fields: ['special_price'], negate: true },
        ],
        sort: [{ field: 'final_price_incl_tax', dir: 'desc' }],
      }),
      listing({
        conditions: [{ kind: 'range', fields: ['price'], gte: 20, lt: 120 }, not('color', 49)],
        facetFields: ['category.category_id'],
        from: 0,
        size: 0,
      }),
      listing({ conditions: [not('sku', 'none')], sort: [{ field: 'updated_at', dir: 'desc' }], from: 590, size: 50 }),
      listing({ conditions: [isIn('tax_class_id', -5)], facetFields: ['color'], priceRanges: [{ from: 0 }] }),
    ]
    for (const q of queries) {
      const found = await search.search(q, BUDGET)
      const expected = await inOneStatement(database.db, q)
      const said = JSON.stringify([q.conditions, q.sort, q.from])
      expect(plain(found), said).toEqual(expected.counts)
      expect(
        found.hits.map((h) => Number(h.doc.id)),
        said,
      ).toEqual(q.size > 0 ? expected.page : [])
      // the counts kept from a first page: only the page is read, the same one
      const again = await search.search(q, BUDGET, { total: found.total, facets: found.facets })
      expect(
        again.hits.map((h) => Number(h.doc.id)),
        said,
      ).toEqual(found.hits.map((h) => Number(h.doc.id)))
    }
  })

  it("finds, scores, counts and orders the shopper's words as one statement does", async () => {
    const inPieces = createCatalogSearchRepository(database.db, { pieceRows: { first: 9, min: 5, max: 41 }, inPieces: true })
    const whole = createCatalogSearchRepository(database.db, { inPieces: false })
    const words = (query: string, over: Partial<CatalogQuery>): CatalogQuery =>
      listing({ text: { query, config: 'polder_english', minScore: 0.02 }, from: 0, size: 30, ...over })
    const queries = [
      words('shirt', { facetFields: ['color', 'color_options', 'stock.qty'], priceRanges: [{ from: 0, to: 50 }, { from: 50 }] }),
      words('cotton jaket', { sort: [{ field: 'name', dir: 'asc' }], from: 5 }),
      words('blue', { conditions: [not('tax_class_id', -1), not('description', 'none')], sort: [{ field: 'final_price_incl_tax', dir: 'desc' }] }),
      words('-shirt cotton', { from: 20, size: 10 }),
    ]
    for (const q of queries) {
      const [a, b] = [await inPieces.search(q, BUDGET), await whole.search(q, BUDGET)]
      const said = JSON.stringify([q.text?.query, q.sort])
      expect(b.total, said).toBeGreaterThan(0)
      expect(plain(a), said).toEqual(plain(b))
      expect(
        a.hits.map((h) => [Number(h.doc.id), h.score]),
        said,
      ).toEqual(b.hits.map((h) => [Number(h.doc.id), h.score]))
    }
  })

  it("reads a short listing in one statement, and a long one in pieces, by the planner's estimate of its rows", async () => {
    const category = listing({ conditions: [...listing({}).conditions, isIn('category_ids', 3)] })
    expect(await needsPieces(database.db, category)).toBe(false)
    expect(await needsPieces(database.db, category, 20)).toBe(true)
    // the same rows, the whole store view: the work of each on its JSON makes the difference
    const limit = PRODUCTS * 5
    expect(await needsPieces(database.db, listing({}), limit)).toBe(false)
    expect(await needsPieces(database.db, COSTLY, limit)).toBe(true)
  })

  it('keeps a listing whole only up to the result window, and refuses a sorted page past it', async () => {
    const search = createCatalogSearchRepository(database.db, {
      pieceRows: { first: 50, min: 20, max: 100 },
      resultWindow: 200,
      oneStatementWork: 0,
      inPieces: true,
    })
    const sorted = listing({ sort: [{ field: 'name', dir: 'asc' }] })
    expect(await search.listingIds(sorted, BUDGET)).toBeNull()
    const narrow = listing({ conditions: [...sorted.conditions, isIn('category_ids', 3)], sort: sorted.sort })
    const whole = await search.listingIds(narrow, BUDGET)
    const expected = await database.db.query<{ id: number }>(
      sql`SELECT id FROM products WHERE ${sql.join(baseWhere(narrow), sql` AND `)} ORDER BY ${listingOrder(narrow)}`,
    )
    expect(expected.length).toBeGreaterThan(0)
    expect(expected.length).toBeLessThanOrEqual(200)
    expect(Array.from(whole!)).toEqual(expected.map((r) => Number(r.id)))

    await expect(search.search({ ...sorted, from: 195, size: 10 }, BUDGET)).rejects.toBeInstanceOf(ResultWindowError)
    // past the last product there is nothing to sort: an empty page, as before
    const past = await search.search({ ...sorted, from: 100_000, size: 10 }, BUDGET)
    expect(past.hits).toEqual([])
    expect(past.total).toBeGreaterThan(200)
    // in the ids' own order nothing is kept but the page: any depth
    const unsorted = await search.search({ ...sorted, sort: [], from: 250, size: 10 }, BUDGET)
    expect(unsorted.hits).toHaveLength(10)
  })
})
