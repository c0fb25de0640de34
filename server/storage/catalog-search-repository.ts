/**
 * Turns a neutral CatalogQuery into SQL over one entity table. Hot product fields (categories,
 * visibility, status, sku, stock flag, the shopper's price) live in their own columns so a category
 * listing with facets does not walk every JSON document; anything else is matched with jsonpath,
 * which unwraps arrays (`color_options`, `category[].category_id`) in lax mode.
 */
import { sql, type SQL } from 'drizzle-orm'
import { LIGHT_PRODUCT_FIELDS } from '../../domain/api/replication.schema'
import { withTimeBudget, type Db } from './db'
import { backgroundReadsOf } from './query-priority'
import type { CatalogEntity, CatalogQuery, CatalogResult, FacetCounts, FieldCondition, KnownCounts, Scalar } from './catalog-query'
import { CATEGORY_FIELDS, toCategoryRows, type CategoryRows } from './category-facets'
import { addTermCounts, isTermField, termsOf, widen } from './facet-terms'
import { HEAVY_PRODUCT_FIELDS, isInt32, jsonPath, pgPath, sqlArray } from './sql-helpers'
import { textMatch, TRIGRAM_THRESHOLD, type TextMatch } from './text-match'

const TABLES: Record<CatalogEntity, { table: string; perStore: boolean; tombstones: boolean }> = {
  product: { table: 'products', perStore: true, tombstones: true },
  category: { table: 'categories', perStore: true, tombstones: true },
  attribute: { table: 'attributes', perStore: true, tombstones: true },
  taxrule: { table: 'tax_rules', perStore: false, tombstones: false },
  url_rewrite: { table: 'url_rewrites', perStore: true, tombstones: true },
}

const HEAVY = new Set<string>(HEAVY_PRODUCT_FIELDS)
const LIGHT = new Set<string>(LIGHT_PRODUCT_FIELDS)

/** The JSON column a field is read from: products keep a light copy (attrs) for all but heavy fields. */
function source(entity: CatalogEntity, field: string): SQL {
  if (entity !== 'product') return sql`doc`
  return HEAVY.has(field.split('.')[0] ?? '') ? sql`doc` : sql`attrs`
}

const isInt = (v: Scalar): v is number => isInt32(v)

/**
 * Any value at the path (arrays unwrapped, lax mode) is one of `values`. The values go in as one
 * jsonb array that PostgreSQL turns into a hashed set once per query: a jsonpath filter with one
 * `@ == $v` per value cost O(values) per row (1,000 child skus took 5.9 s on 2,000 products).
 */
function jsonIn(entity: CatalogEntity, field: string, values: Scalar[]): SQL {
  if (values.length === 0) return sql`false`
  return sql`EXISTS (SELECT 1 FROM jsonb_path_query(${source(entity, field)}, ${`lax ${jsonPath(field)}[*]`}::jsonpath) AS found(v)
    WHERE found.v IN (SELECT jsonb_array_elements(${JSON.stringify(values)}::jsonb)))`
}

/** `facet_terms && ARRAY[...]` when every value has a term (short values of top-level fields). */
function termsIn(field: string, values: Scalar[]): SQL | null {
  const terms = termsOf(field, values)
  return terms ? sql`facet_terms && ${sqlArray(terms, 'text')}` : null
}

function productColumnIn(field: string, values: Scalar[]): SQL | null {
  const ints = widen(values).filter(isInt)
  switch (field) {
    case 'category_ids':
    case 'category.category_id':
      return sql`category_ids && ${sqlArray(ints, 'int')}`
    case 'visibility':
    case 'status':
    case 'id':
      return sql`${sql.raw(field)} = ANY(${sqlArray(ints, 'int')})`
    case 'sku':
      return sql`sku = ANY(${sqlArray(values.map(String), 'text')})`
    case 'configurable_children.sku':
      return sql`child_skus && ${sqlArray(values.map(String), 'text')}`
    case 'stock.is_in_stock': {
      const bools = widen(values).filter((v): v is boolean => typeof v === 'boolean')
      return sql`is_in_stock = ANY(${sqlArray(bools, 'boolean')})`
    }
    default:
      return termsIn(field, values)
  }
}

function rangeSql(c: Extract<FieldCondition, { kind: 'range' }>, field: string, entity: CatalogEntity): SQL {
  const bounds: [string, number | undefined][] = [
    ['>', c.gt],
    ['>=', c.gte],
    ['<', c.lt],
    ['<=', c.lte],
  ]
  const present = bounds.filter((b): b is [string, number] => b[1] !== undefined)
  if (present.length === 0) return sql`true`
  if (entity === 'product' && (field === 'price' || field === 'final_price_incl_tax')) {
    return sql.join(
      present.map(([op, v]) => sql`final_price_incl_tax ${sql.raw(op)} ${v}`),
      sql` AND `,
    )
  }
  const vars: Record<string, number> = {}
  const tests = present.map(([op, v], i) => {
    vars[`r${i}`] = v
    return `@ ${op} $r${i}`
  })
  const path = `${jsonPath(field)} ? (${tests.join(' && ')})`
  return sql`jsonb_path_exists(${source(entity, field)}, ${path}::jsonpath, ${JSON.stringify(vars)}::jsonb)`
}

function conditionSql(c: FieldCondition, entity: CatalogEntity): SQL {
  const perField = c.fields.map((field): SQL => {
    switch (c.kind) {
      case 'in': {
        const column = entity === 'product' ? productColumnIn(field, c.values) : null
        return column ?? jsonIn(entity, field, widen(c.values))
      }
      case 'range':
        return rangeSql(c, field, entity)
      case 'exists': {
        const value = sql`(${source(entity, field)} #> ${pgPath(field)}::text[])`
        return sql`${value} IS NOT NULL AND ${value} <> 'null'::jsonb`
      }
      case 'like': {
        const escaped = c.pattern.replace(/[\\%_]/g, (m) => `\\${m}`)
        return sql`(${source(entity, field)} #>> ${pgPath(field)}::text[]) ILIKE ${`%${escaped}%`}`
      }
    }
  })
  const any = perField.length === 1 ? perField[0]! : sql`(${sql.join(perField, sql` OR `)})`
  return c.kind === 'in' && c.negate ? sql`NOT (${any})` : c.kind === 'exists' && c.negate ? sql`NOT (${any})` : sql`(${any})`
}

function sortSql(q: CatalogQuery, field: string, score: SQL | undefined): SQL {
  if (field === '_score') return score ?? sql`NULL::float8`
  if (q.entity === 'product' && (field === 'position' || field === 'category.position')) {
    // the product's position inside the filtered categories (the smallest when it is in several)
    if (!q.positionCategoryIds.some(isInt32)) return sql`NULL::int`
    const positions = q.positionCategoryIds.filter(isInt32).map((id) => sql`category_positions[array_position(category_ids, ${id}::int)]`)
    return positions.length === 1 ? positions[0]! : sql`LEAST(${sql.join(positions, sql`, `)})`
  }
  if (field === 'id') return sql`id`
  if (field === 'updated_at' && q.entity !== 'taxrule') return sql`updated_at`
  if (q.entity === 'product' && field === 'final_price_incl_tax') return sql`final_price_incl_tax`
  return sql`(${source(q.entity, field)} #> ${pgPath(field)}::text[])`
}

/** products read per query by id (productsByIds) */
const PRODUCTS_BY_IDS_PIECE = 200

/** rows of a category read per query (categoryRows) */
const CATEGORY_ROWS_PIECE = 2000

/**
 * A product listing in one category (among its filters) sorted by price only: its page can walk
 * product_categories in price order (migration 20). Any other filters still apply to each row.
 */
function priceListing(q: CatalogQuery): { categoryId: number; dir: 'asc' | 'desc'; linkOnly: SQL[] | null } | null {
  const [sort, ...more] = q.sort
  if (q.entity !== 'product' || !sort || more.length > 0 || sort.field !== 'final_price_incl_tax') return null
  for (const c of q.conditions) {
    if (c.kind !== 'in' || c.negate || c.fields.length !== 1 || !CATEGORY_FIELDS.has(c.fields[0]!)) continue
    const ids = [...new Set(widen(c.values).filter(isInt))]
    if (ids.length !== 1) continue
    // the other filters, when product_categories' own columns answer them all (migration 21)
    const others = q.conditions.filter((o) => o !== c)
    const onLink = others.flatMap((o) => {
      const field = o.fields[0]
      if (o.kind !== 'in' || o.negate || o.fields.length !== 1 || (field !== 'visibility' && field !== 'status')) return []
      return [sql`pc.${sql.raw(field)} = ANY(${sqlArray(widen(o.values).filter(isInt), 'int')})`]
    })
    return { categoryId: ids[0]!, dir: sort.dir, linkOnly: onLink.length === others.length ? onLink : null }
  }
  return null
}

interface PageRow {
  id?: number
  doc_text?: string | null
  doc: Record<string, unknown> | null
}

/**
 * The hit columns of a product page:
 * - fields of the light projection only (what the storefront's listings ask): products.light as it
 *   is stored, which the caller cuts to its field list. Picking them in SQL (jsonb_each, then
 *   jsonb_object_agg, per row) cost 4–14 ms for a page of 18 on PGlite at 10,000 products;
 * - other top-level fields: picked from the light copy (attrs) when none of them is heavy, else
 *   from the document;
 * - the stored text where the caller prints whole documents; else the document.
 */
function productColumns(q: Pick<CatalogQuery, 'pick' | 'rendered'>): SQL {
  if (q.pick) {
    if (q.pick.every((f) => LIGHT.has(f))) return sql`light AS doc`
    const from = q.pick.some((f) => HEAVY.has(f)) ? sql`doc` : sql`attrs`
    return sql`COALESCE((SELECT jsonb_object_agg(e.key, e.value) FROM jsonb_each(${from}) AS e WHERE e.key = ANY(${sqlArray(q.pick, 'text')})), '{}'::jsonb) AS doc`
  }
  return q.rendered ? sql`doc_text, CASE WHEN doc_text IS NULL THEN doc END AS doc` : sql`doc`
}

/** The facet fields facet_terms holds (products only). */
function termFieldsOf(q: CatalogQuery): string[] {
  return q.entity === 'product' ? q.facetFields.filter(isTermField) : []
}

/** A listing's order (no words): the asked-for sorts, then the id, so equal values keep one order across pages. */
function listingOrder(q: CatalogQuery): SQL {
  const order: SQL[] = q.sort.map((s) => sql`${sortSql(q, s.field, undefined)} ${sql.raw(s.dir === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS LAST')}`)
  order.push(sql`id ASC`)
  return sql.join(order, sql`, `)
}

function hitOf(row: PageRow): { doc: Record<string, unknown>; score: number; text?: string } {
  if (typeof row.doc_text === 'string') return { doc: { id: Number(row.id) }, text: row.doc_text, score: 1 }
  return { doc: row.doc ?? {}, score: 1 }
}

/**
 * `concurrentReads`: how many catalogue reads may hold a database connection at once (PostgreSQL:
 * fewer than the pool has, so carts and orders always find one; PGlite's one connection lets
 * them go first instead).
 */
export function createCatalogSearchRepository(storageDb: Db, options: { concurrentReads?: number } = {}) {
  const db = backgroundReadsOf(storageDb, { concurrent: options.concurrentReads })
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

  /** Terms facets: from facet_terms in one scan where possible, else from the JSON values. */
  async function countTerms(db: Db, q: CatalogQuery, table: SQL, whereSql: SQL, facets: FacetCounts): Promise<void> {
    for (const f of q.facetFields) facets.terms[f] = new Map()
    const termFields = termFieldsOf(q)
    if (termFields.length > 0) {
      const rows = await db.query<{ t: string; n: number }>(sql`
        SELECT t, count(*)::int AS n FROM ${table}, unnest(facet_terms) AS t
        WHERE ${whereSql} AND split_part(t, '=', 1) = ANY(${sqlArray(termFields, 'text')}) GROUP BY t`)
      addTermCounts(facets, rows)
    }
    await countJsonFacets(db, q, table, whereSql, facets)
  }

  /** The facets on fields facet_terms does not hold, counted from the JSON values. */
  async function countJsonFacets(db: Db, q: CatalogQuery, table: SQL, whereSql: SQL, facets: FacetCounts): Promise<void> {
    const termFields = termFieldsOf(q)
    for (const f of q.facetFields.filter((x) => !termFields.includes(x))) {
      const value = sql`(${source(q.entity, f)} #> ${pgPath(f)}::text[])`
      const rows = await db.query<{ v: unknown; n: number }>(sql`
        SELECT v, count(DISTINCT ${sql.raw(q.entity === 'taxrule' ? 'id' : '(store_code, id)')})::int AS n FROM ${table},
          jsonb_array_elements(CASE jsonb_typeof(${value}) WHEN 'array' THEN ${value} WHEN 'object' THEN '[]'::jsonb
            ELSE jsonb_build_array(${value}) END) AS v
        WHERE ${whereSql} AND jsonb_typeof(v) IN ('number', 'string', 'boolean') GROUP BY v`)
      for (const r of rows) {
        const key = typeof r.v === 'number' || typeof r.v === 'string' ? r.v : String(r.v)
        facets.terms[f]?.set(key, Number(r.n))
      }
    }
  }

  function baseWhere(q: CatalogQuery): SQL[] {
    const meta = TABLES[q.entity]
    const where: SQL[] = []
    if (meta.perStore) where.push(sql`store_code = ${q.storeCode}`)
    if (meta.tombstones) where.push(sql`deleted = false`)
    for (const c of q.conditions) where.push(conditionSql(c, q.entity))
    return where
  }

  /**
   * Count (with price ranges) and facets of a listing, in SQL. Products whose facets are all terms
   * are counted in one scan of the matching rows (price and terms, counted twice from it): two
   * scans of a category cost twice what one does.
   */
  async function counts(db: Db, q: CatalogQuery, table: SQL, whereSql: SQL): Promise<KnownCounts> {
    const priceCases = (price: SQL) =>
      q.priceRanges.map((r, i) =>
        r.to === undefined
          ? sql`, count(*) FILTER (WHERE ${price} >= ${r.from})::int AS ${sql.raw(`p${i}`)}`
          : sql`, count(*) FILTER (WHERE ${price} >= ${r.from} AND ${price} < ${r.to})::int AS ${sql.raw(`p${i}`)}`,
      )
    const termFields = termFieldsOf(q)
    if (termFields.length > 0) {
      const noPrices = q.priceRanges.map((_, i) => sql`, NULL::int AS ${sql.raw(`p${i}`)}`)
      const rows = await db.query<Record<string, number | string | null> & { t: string | null; n: number }>(sql`
        WITH m AS MATERIALIZED (SELECT final_price_incl_tax AS price, facet_terms FROM ${table} WHERE ${whereSql})
        SELECT NULL::text AS t, count(*)::int AS n ${sql.join(priceCases(sql`price`), sql``)} FROM m
        UNION ALL
        SELECT t, count(*)::int AS n ${sql.join(noPrices, sql``)} FROM m, unnest(m.facet_terms) AS t
        WHERE split_part(t, '=', 1) = ANY(${sqlArray(termFields, 'text')}) GROUP BY t`)
      const countRow = rows.find((r) => r.t === null) ?? { t: null, n: 0 }
      const total = Number(countRow.n ?? 0)
      const facets: FacetCounts = { terms: {}, priceRanges: q.priceRanges.map((_, i) => Number(countRow[`p${i}`] ?? 0)) }
      for (const f of q.facetFields) facets.terms[f] = new Map()
      addTermCounts(
        facets,
        rows.flatMap((r) => (r.t === null ? [] : [{ t: r.t, n: r.n }])),
      )
      if (total > 0) await countJsonFacets(db, q, table, whereSql, facets)
      return { total, facets }
    }
    const priceSql = priceCases(sql`final_price_incl_tax`)
    const counted = await db.query<Record<string, number>>(
      q.entity === 'product' && priceSql.length > 0
        ? sql`SELECT count(*)::int AS n ${sql.join(priceSql, sql``)} FROM ${table} WHERE ${whereSql}`
        : sql`SELECT count(*)::int AS n FROM ${table} WHERE ${whereSql}`,
    )
    const countRow = counted[0] ?? {}
    const total = Number(countRow.n ?? 0)
    const facets: FacetCounts = { terms: {}, priceRanges: q.priceRanges.map((_, i) => Number(countRow[`p${i}`] ?? 0)) }
    if (q.facetFields.length > 0 && total > 0) await countTerms(db, q, table, whereSql, facets)
    return { total, facets }
  }

  /**
   * Listings and lookups: count, facets and one page. Counts the caller already has (taken for the
   * same filters, see services/catalog-counts.ts) are not taken again: only the page is read.
   */
  async function run(db: Db, q: CatalogQuery, known: KnownCounts | undefined): Promise<CatalogResult> {
    const where = baseWhere(q)
    const whereSql = where.length > 0 ? sql.join(where, sql` AND `) : sql`true`
    const table = sql.raw(TABLES[q.entity].table)
    const { total, facets } = known ?? (await counts(db, q, table, whereSql))

    if (q.size <= 0 || total === 0 || q.from >= total) return { total, hits: [], facets }
    const columns = q.entity === 'product' ? sql`id, ${productColumns(q)}` : sql`doc`
    const listing = priceListing(q)
    if (listing) {
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
   * Text search over products. The text conditions and the score are evaluated once, in one query
   * that returns only (id, score, price) of the matches above the minimum score; the count, the
   * price ranges, the facets and the page are then taken from those ids (by primary key), so the
   * ranking is never recomputed and no other row of the store view is read.
   */
  async function runText(db: Db, q: CatalogQuery, text: TextMatch, minScore: number): Promise<CatalogResult> {
    const where = sql.join([...baseWhere(q), text.match], sql` AND `)
    const matches = await db.query<{ id: number; score: number; price: number | null }>(sql`
      SELECT id, score, price FROM (
        SELECT id, ${text.score} AS score, final_price_incl_tax AS price FROM products WHERE ${where}
      ) AS m WHERE score >= ${minScore}::float8`)
    const total = matches.length
    const facets: FacetCounts = {
      terms: {},
      priceRanges: q.priceRanges.map((r) => matches.filter((m) => m.price !== null && m.price >= r.from && (r.to === undefined || m.price < r.to)).length),
    }
    if (total === 0) return { total, hits: [], facets }
    const ids = sql`${`{${matches.map((m) => Number(m.id)).join(',')}}`}::int[]`
    const byIds = sql`store_code = ${q.storeCode} AND id = ANY(${ids})`
    if (q.facetFields.length > 0) await countTerms(db, q, sql`products`, byIds, facets)

    if (q.size <= 0 || q.from >= total) return { total, hits: [], facets }
    if (q.sort.length === 0) {
      // relevance order, best first; the id keeps equal scores in a stable order across pages
      const page = [...matches].sort((a, b) => Number(b.score) - Number(a.score) || Number(a.id) - Number(b.id)).slice(q.from, q.from + q.size)
      const pageIds = sql`${`{${page.map((m) => Number(m.id)).join(',')}}`}::int[]`
      const docs = await db.query<{ id: number; doc: Record<string, unknown> }>(
        sql`SELECT id, ${q.pick ? productColumns(q) : sql`doc`} FROM products WHERE store_code = ${q.storeCode} AND id = ANY(${pageIds})`,
      )
      const docById = new Map(docs.map((d) => [Number(d.id), d.doc]))
      return {
        total,
        hits: page.flatMap((m) => {
          const doc = docById.get(Number(m.id))
          return doc ? [{ doc, score: Number(m.score) }] : []
        }),
        facets,
      }
    }
    // asked-for order first, relevance breaks ties
    const scores = sql`${`{${matches.map((m) => Number(m.score)).join(',')}}`}::float8[]`
    const order: SQL[] = q.sort.map((s) => sql`${sortSql(q, s.field, sql`m.score`)} ${sql.raw(s.dir === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS LAST')}`)
    const hits = await db.query<{ doc: Record<string, unknown>; score: number }>(sql`
      SELECT ${q.pick ? productColumns(q) : sql`doc`}, m.score FROM products JOIN unnest(${ids}, ${scores}) AS m(match_id, score) ON id = m.match_id
      WHERE ${byIds} ORDER BY ${sql.join(order, sql`, `)}, m.score DESC, id ASC LIMIT ${q.size} OFFSET ${q.from}`)
    return { total, hits: hits.map((h) => ({ doc: h.doc, score: Number(h.score) })), facets }
  }

  return {
    /**
     * The ids of a product listing without words, all of them, in the order its pages show them
     * (the order `search` reads a page in). Throws QueryTimeoutError past `timeoutMs`.
     */
    async listingIds(q: CatalogQuery, timeoutMs: number): Promise<Int32Array> {
      return withTimeBudget(db, timeoutMs, async (tx) => {
        const where = baseWhere(q)
        const rows = await tx.query<{ id: number }>(
          sql`SELECT id FROM ${sql.raw(TABLES[q.entity].table)} WHERE ${sql.join(where, sql` AND `)} ORDER BY ${listingOrder(q)}`,
        )
        return Int32Array.from(rows, (r) => Number(r.id))
      })
    },

    /**
     * One category's live products as facet rows (storage/category-facets): price, visibility,
     * status and facet terms; null when it has more than `maxRows`. Read in pieces of `piece`
     * rows, each within `timeoutMs` (QueryTimeoutError past it): on PGlite's one
     * connection a big category (25,000 products: 0.8 s at 100,000 products) would hold every other
     * query back for the whole read. A catalogue change between pieces is the caller's to notice
     * (its cache generation).
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
      // primary-key reads of a page's ids: bounded, so no time-out to set. In pieces: a big page's
      // documents read at once would hold PGlite's one connection as long as a scan does
      return withTimeBudget(
        db,
        timeoutMs,
        async (tx) => {
          const read: { id: number; doc: Record<string, unknown>; text?: string }[] = []
          for (let at = 0; at < ids.length; at += PRODUCTS_BY_IDS_PIECE) {
            const rows = await tx.query<PageRow>(sql`
              SELECT id, ${productColumns(view)} FROM products
              WHERE store_code = ${storeCode} AND id = ANY(${sqlArray(ids.slice(at, at + PRODUCTS_BY_IDS_PIECE), 'int')}) AND deleted = false`)
            for (const row of rows) read.push({ ...hitOf(row), id: Number(row.id) })
          }
          return read
        },
        { bounded: true },
      )
    },

    /**
     * Throws QueryTimeoutError when the queries of the search together take over `timeoutMs`.
     * `known`: the total and facets of these filters, taken before (a listing without text only).
     */
    async search(q: CatalogQuery, timeoutMs: number, known?: KnownCounts): Promise<CatalogResult> {
      const text = q.entity === 'product' && q.text && q.text.query.trim() !== '' ? q.text : undefined
      const match = text ? textMatch(text, await hasTrigram()) : undefined
      // counts known and no page to read: no query at all
      if (!text && known && (q.size <= 0 || known.total === 0 || q.from >= known.total)) return { ...known, hits: [] }
      if (!text || !match) return withTimeBudget(db, timeoutMs, (tx) => run(tx, q, known))
      // `<%` (index-backed) compares with this setting; LOCAL keeps it to this transaction, so a
      // pooled PostgreSQL connection goes back unchanged (and PGlite's one connection too)
      return withTimeBudget(
        db,
        timeoutMs,
        async (tx) => {
          if (match.trigram) await tx.query(sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(TRIGRAM_THRESHOLD)}, true)`)
          return runText(tx, q, match, text.minScore)
        },
        { transaction: match.trigram },
      )
    },
  }
}
export type CatalogSearchRepository = ReturnType<typeof createCatalogSearchRepository>
