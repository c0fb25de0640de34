/**
 * Turns a neutral CatalogQuery into SQL over one entity table. Hot product fields (categories,
 * visibility, status, sku, stock flag, the shopper's price) live in their own columns so a category
 * listing with facets does not walk every JSON document; anything else is matched with jsonpath,
 * which unwraps arrays (`color_options`, `category[].category_id`) in lax mode.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from './db'
import type { CatalogEntity, CatalogQuery, CatalogResult, FacetRow, FieldCondition, Scalar } from './catalog-query'
import { jsonPath, pgPath, sqlArray } from './sql-helpers'

const TABLES: Record<CatalogEntity, { table: string; perStore: boolean; tombstones: boolean }> = {
  product: { table: 'products', perStore: true, tombstones: true },
  category: { table: 'categories', perStore: true, tombstones: true },
  attribute: { table: 'attributes', perStore: true, tombstones: true },
  taxrule: { table: 'tax_rules', perStore: false, tombstones: false },
}

const isInt = (v: Scalar): v is number => typeof v === 'number' && Number.isInteger(v)

/** "49" also matches 49 and "true" also matches true: query strings carry every value as text. */
function widen(values: Scalar[]): Scalar[] {
  const out = new Set<Scalar>()
  for (const v of values) {
    out.add(v)
    if (typeof v === 'string') {
      if (v.trim() !== '' && Number.isFinite(Number(v))) out.add(Number(v))
      if (v === 'true' || v === 'false') out.add(v === 'true')
    }
    if (typeof v === 'number') out.add(String(v))
  }
  return [...out]
}

function jsonIn(field: string, values: Scalar[]): SQL {
  if (values.length === 0) return sql`false`
  const vars: Record<string, Scalar> = {}
  const tests = values.map((v, i) => {
    vars[`v${i}`] = v
    return `@ == $v${i}`
  })
  const path = `${jsonPath(field)} ? (${tests.join(' || ')})`
  return sql`jsonb_path_exists(doc, ${path}::jsonpath, ${JSON.stringify(vars)}::jsonb)`
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
    case 'stock.is_in_stock': {
      const bools = widen(values).filter((v): v is boolean => typeof v === 'boolean')
      return sql`is_in_stock = ANY(${sqlArray(bools, 'boolean')})`
    }
    default:
      return null
  }
}

function rangeSql(c: Extract<FieldCondition, { kind: 'range' }>, field: string, entity: CatalogEntity): SQL {
  const bounds: [string, number | undefined][] = [['>', c.gt], ['>=', c.gte], ['<', c.lt], ['<=', c.lte]]
  const present = bounds.filter((b): b is [string, number] => b[1] !== undefined)
  if (present.length === 0) return sql`true`
  if (entity === 'product' && (field === 'price' || field === 'final_price_incl_tax')) {
    return sql.join(present.map(([op, v]) => sql`final_price_incl_tax ${sql.raw(op)} ${v}`), sql` AND `)
  }
  const vars: Record<string, number> = {}
  const tests = present.map(([op, v], i) => {
    vars[`r${i}`] = v
    return `@ ${op} $r${i}`
  })
  const path = `${jsonPath(field)} ? (${tests.join(' && ')})`
  return sql`jsonb_path_exists(doc, ${path}::jsonpath, ${JSON.stringify(vars)}::jsonb)`
}

function conditionSql(c: FieldCondition, entity: CatalogEntity): SQL {
  const perField = c.fields.map((field): SQL => {
    switch (c.kind) {
      case 'in': {
        const column = entity === 'product' ? productColumnIn(field, c.values) : null
        return column ?? jsonIn(field, widen(c.values))
      }
      case 'range':
        return rangeSql(c, field, entity)
      case 'exists':
        return sql`(doc #> ${pgPath(field)}::text[]) IS NOT NULL AND (doc #> ${pgPath(field)}::text[]) <> 'null'::jsonb`
      case 'like': {
        const escaped = c.pattern.replace(/[\\%_]/g, (m) => `\\${m}`)
        return sql`(doc #>> ${pgPath(field)}::text[]) ILIKE ${`%${escaped}%`}`
      }
    }
  })
  const any = perField.length === 1 ? perField[0]! : sql`(${sql.join(perField, sql` OR `)})`
  return c.kind === 'in' && c.negate ? sql`NOT (${any})` : c.kind === 'exists' && c.negate ? sql`NOT (${any})` : sql`(${any})`
}

function sortSql(q: CatalogQuery, field: string): SQL {
  if (q.entity === 'product' && (field === 'position' || field === 'category.position')) {
    // the product's position inside the filtered category (the first one it belongs to)
    return sql`(SELECT min((c->>'position')::int) FROM jsonb_array_elements(doc->'category') c
      WHERE (c->>'category_id')::int = ANY(${sqlArray(q.positionCategoryIds, 'int')}))`
  }
  if (field === 'id') return sql`id`
  if (field === 'updated_at' && q.entity !== 'taxrule') return sql`updated_at`
  if (q.entity === 'product' && field === 'final_price_incl_tax') return sql`final_price_incl_tax`
  return sql`(doc #> ${pgPath(field)}::text[])`
}

export function createCatalogSearchRepository(db: Db) {
  return {
    async search(q: CatalogQuery): Promise<CatalogResult> {
      const meta = TABLES[q.entity]
      const where: SQL[] = []
      if (meta.perStore) where.push(sql`store_code = ${q.storeCode}`)
      if (meta.tombstones) where.push(sql`deleted = false`)
      for (const c of q.conditions) where.push(conditionSql(c, q.entity))
      const text = q.entity === 'product' && q.text && q.text.query.trim() !== '' ? q.text : undefined
      const tsQuery = text ? sql`websearch_to_tsquery(${text.config}::regconfig, ${text.query})` : undefined
      if (tsQuery) where.push(sql`search_vector @@ ${tsQuery}`)
      const whereSql = where.length > 0 ? sql.join(where, sql` AND `) : sql`true`
      const table = sql.raw(meta.table)

      let total: number
      let facetRows: FacetRow[] | undefined
      if (q.facetFields.length > 0) {
        const pairs = q.facetFields.map((f) => sql`${f}::text, doc #> ${pgPath(f)}::text[]`)
        const price = q.entity === 'product' ? sql`final_price_incl_tax` : sql`NULL::double precision`
        const rows = await db.query<{ price: number | null; v: Record<string, unknown> }>(
          sql`SELECT ${price} AS price, jsonb_build_object(${sql.join(pairs, sql`, `)}) AS v FROM ${table} WHERE ${whereSql}`,
        )
        facetRows = rows.map((r) => ({ price: r.price === null ? null : Number(r.price), values: r.v }))
        total = rows.length
      } else {
        const rows = await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${table} WHERE ${whereSql}`)
        total = Number(rows[0]?.n ?? 0)
      }

      if (q.size <= 0 || total === 0 || q.from >= total) return { total, hits: [], facetRows }
      const score = tsQuery ? sql`ts_rank(search_vector, ${tsQuery})` : sql`1`
      const order: SQL[] = q.sort.map(
        (s) => sql`${sortSql(q, s.field)} ${sql.raw(s.dir === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS LAST')}`,
      )
      if (tsQuery && q.sort.length === 0) order.push(sql`score DESC`)
      order.push(sql`id ASC`)
      const hits = await db.query<{ doc: Record<string, unknown>; score: number }>(
        sql`SELECT doc, ${score} AS score FROM ${table} WHERE ${whereSql}
            ORDER BY ${sql.join(order, sql`, `)} LIMIT ${q.size} OFFSET ${q.from}`,
      )
      return { total, hits: hits.map((h) => ({ doc: h.doc, score: Number(h.score) })), facetRows }
    },
  }
}
export type CatalogSearchRepository = ReturnType<typeof createCatalogSearchRepository>
