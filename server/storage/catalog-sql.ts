/**
 * The SQL of a neutral CatalogQuery over one entity table. Hot product fields (categories,
 * visibility, status, sku, stock flag, the shopper's price) live in their own columns so a category
 * listing with facets does not walk every JSON document; anything else is matched with jsonpath,
 * which unwraps arrays (`color_options`, `category[].category_id`) in lax mode.
 */
import { sql, type SQL } from 'drizzle-orm'
import { LIGHT_PRODUCT_FIELDS } from '../../domain/api/replication.schema'
import type { CatalogEntity, CatalogQuery, FieldCondition, Scalar } from './catalog-query'
import { CATEGORY_FIELDS } from './category-facets'
import { isTermField, termsOf, widen } from './facet-terms'
import { HEAVY_PRODUCT_FIELDS, isInt32, jsonPath, pgPath, sqlArray } from './sql-helpers'

/**
 * `activeOnly`: rows whose `active` column is false are never answered (an inactive CMS page or
 * block, a blog post or category whose status is not 1, a review not approved).
 */
export const TABLES: Record<CatalogEntity, { table: string; perStore: boolean; tombstones: boolean; activeOnly?: boolean }> = {
  product: { table: 'products', perStore: true, tombstones: true },
  category: { table: 'categories', perStore: true, tombstones: true },
  attribute: { table: 'attributes', perStore: true, tombstones: true },
  taxrule: { table: 'tax_rules', perStore: false, tombstones: false },
  url_rewrite: { table: 'url_rewrites', perStore: true, tombstones: true },
  cms_page: { table: 'cms_pages', perStore: true, tombstones: true, activeOnly: true },
  cms_block: { table: 'cms_blocks', perStore: true, tombstones: true, activeOnly: true },
  cms_hierarchy: { table: 'cms_hierarchy', perStore: true, tombstones: true, activeOnly: true },
  cms_blog: { table: 'blog_posts', perStore: true, tombstones: true, activeOnly: true },
  cms_blog_category: { table: 'blog_categories', perStore: true, tombstones: true, activeOnly: true },
  // approved reviews only: `active` is approved and confirmed (storage/review-repository)
  review: { table: 'reviews', perStore: true, tombstones: true, activeOnly: true },
}

const HEAVY = new Set<string>(HEAVY_PRODUCT_FIELDS)
const LIGHT = new Set<string>(LIGHT_PRODUCT_FIELDS)

/** The JSON column a field is read from: products keep a light copy (attrs) for all but heavy fields. */
export function source(entity: CatalogEntity, field: string): SQL {
  if (entity !== 'product') return sql`doc`
  return isHeavyField(field) ? sql`doc` : sql`attrs`
}

/** A product field inside the big part of the document: testing it reads the row's whole document. */
export function isHeavyField(field: string): boolean {
  return HEAVY.has(field.split('.')[0] ?? '')
}

/** Whether a product sort field is a column of the row (else a value of its JSON). */
export function isColumnSort(field: string): boolean {
  return ['_score', 'position', 'category.position', 'id', 'updated_at', 'final_price_incl_tax'].includes(field)
}

const isInt = (v: Scalar): v is number => isInt32(v)

/**
 * Any value at the path (arrays unwrapped, lax mode) is one of `values`. The values go in as one
 * jsonb array that PostgreSQL turns into a hashed set once per query: a jsonpath filter with one
 * `@ == $v` per value would cost O(values) per row, too slow for a configurable's many child skus.
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

export function conditionSql(c: FieldCondition, entity: CatalogEntity): SQL {
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

/**
 * Whether a product filter is answered from the row's own columns (the categories, visibility,
 * status, sku, stock flag, price, facet terms): cheap per row, unlike a test of the JSON.
 */
export function isColumnCondition(c: FieldCondition): boolean {
  switch (c.kind) {
    case 'in':
      return c.fields.every((field) => productColumnIn(field, c.values) !== null)
    case 'range':
      return c.fields.every((field) => field === 'price' || field === 'final_price_incl_tax')
    default:
      return false
  }
}

export function sortSql(q: CatalogQuery, field: string, score: SQL | undefined): SQL {
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
  // stored in one ISO form (UTC): its bytes sort as the dates do, whatever the database's collation
  if (q.entity === 'cms_blog' && field === 'publish_date') return sql`publish_date COLLATE "C"`
  if (q.entity === 'review' && field === 'created_at') return sql`created_at COLLATE "C"`
  return sql`(${source(q.entity, field)} #> ${pgPath(field)}::text[])`
}

/**
 * A product listing in one category (among its filters) sorted by price only: its page can walk
 * product_categories in price order (migration 20). Any other filters still apply to each row.
 */
export function priceListing(q: CatalogQuery): { categoryId: number; dir: 'asc' | 'desc'; linkOnly: SQL[] | null } | null {
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

export interface PageRow {
  id?: number
  doc_text?: string | null
  doc: Record<string, unknown> | null
}

/**
 * The hit columns of a product page:
 * - fields of the light projection only (what the storefront's listings ask): products.light as it
 *   is stored, which the caller cuts to its field list (picking them in SQL, jsonb_each, then
 *   jsonb_object_agg, per row, is slow on PGlite);
 * - other top-level fields: picked from the light copy (attrs) when none of them is heavy, else
 *   from the document;
 * - the stored text where the caller prints whole documents; else the document.
 */
export function productColumns(q: Pick<CatalogQuery, 'pick' | 'rendered'>): SQL {
  if (q.pick) {
    if (q.pick.every((f) => LIGHT.has(f))) return sql`light AS doc`
    const from = q.pick.some((f) => HEAVY.has(f)) ? sql`doc` : sql`attrs`
    return sql`COALESCE((SELECT jsonb_object_agg(e.key, e.value) FROM jsonb_each(${from}) AS e WHERE e.key = ANY(${sqlArray(q.pick, 'text')})), '{}'::jsonb) AS doc`
  }
  return q.rendered ? sql`doc_text, CASE WHEN doc_text IS NULL THEN doc END AS doc` : sql`doc`
}

/** The facet fields facet_terms holds (products only). */
export function termFieldsOf(q: CatalogQuery): string[] {
  return q.entity === 'product' ? q.facetFields.filter(isTermField) : []
}

/** A listing's order (no words): the asked-for sorts, then the id, so equal values keep one order across pages. */
export function listingOrder(q: CatalogQuery): SQL {
  const order: SQL[] = q.sort.map((s) => sql`${sortSql(q, s.field, undefined)} ${sql.raw(s.dir === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS LAST')}`)
  order.push(sql`id ASC`)
  return sql.join(order, sql`, `)
}

export function hitOf(row: PageRow): { doc: Record<string, unknown>; score: number; text?: string } {
  if (typeof row.doc_text === 'string') return { doc: { id: Number(row.id) }, text: row.doc_text, score: 1 }
  return { doc: row.doc ?? {}, score: 1 }
}

export function baseWhere(q: CatalogQuery): SQL[] {
  const meta = TABLES[q.entity]
  const where: SQL[] = []
  if (meta.perStore) where.push(sql`store_code = ${q.storeCode}`)
  if (meta.tombstones) where.push(sql`deleted = false`)
  if (meta.activeOnly) where.push(sql`active`)
  for (const c of q.conditions) where.push(conditionSql(c, q.entity))
  return where
}
