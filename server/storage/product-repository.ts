/** Products per store view: import upserts, tombstones and lookups by sku (parent or child). */
import { sql } from 'drizzle-orm'
import type { Db } from './db'
import { lightProjection } from '../../domain/api/replication.schema'
import { renderDocText } from './doc-text'
import { facetTermsOf } from './facet-terms'
import { HEAVY_PRODUCT_FIELDS, sqlArray } from './sql-helpers'

/** One product of one store view as the importer hands it over (doc already priced). */
export interface ProductRow {
  id: number
  sku: string
  type_id: string
  status: number
  visibility: number
  category_ids: number[]
  child_skus: string[]
  final_price_incl_tax: number | null
  is_in_stock: boolean
  doc: Record<string, unknown>
  updated_at: string
}

/** The product's position in each of its categories, in category_ids order (null when not given). */
function categoryPositions(doc: Record<string, unknown>): (number | null)[] {
  const ids = Array.isArray(doc.category_ids) ? (doc.category_ids as number[]) : []
  const entries = Array.isArray(doc.category) ? (doc.category as { category_id?: number; position?: number }[]) : []
  return ids.map((id) => entries.find((c) => c.category_id === id)?.position ?? null)
}

export interface StoredDocRow {
  id: number
  doc: Record<string, unknown>
  updated_at: string
  deleted: boolean
}

export function createProductRepository(db: Db) {
  return {
    /**
     * Inserts or updates; a product whose document did not change (apart from updated_at) keeps its
     * old row and timestamp, so replication does not re-send an unchanged catalogue. Returns the
     * rows actually written.
     */
    /** `textConfig`: the store view's text-search configuration; the weighted vector is built from the doc in SQL */
    async upsertMany(storeCode: string, textConfig: string, rows: ProductRow[]): Promise<StoredDocRow[]> {
      if (rows.length === 0) return []
      // only ids come back: the documents are the ones just sent, no need to ship them back
      const written = await db.query<{ id: number }>(sql`
        INSERT INTO products (store_code, id, sku, type_id, status, visibility, category_ids, child_skus,
          final_price_incl_tax, is_in_stock, search_vector, doc, doc_text, light, attrs, facet_terms, category_positions, updated_at, deleted)
        SELECT ${storeCode}, (e->>'id')::int, e->>'sku', e->>'type_id', (e->>'status')::int, (e->>'visibility')::int,
          ARRAY(SELECT jsonb_array_elements_text(e->'category_ids')::int),
          ARRAY(SELECT jsonb_array_elements_text(e->'child_skus')),
          (e->>'final_price_incl_tax')::double precision, (e->>'is_in_stock')::boolean,
          polder_product_search_vector(${textConfig}::regconfig, e->'doc'), e->'doc', e->>'doc_text', e->'light',
          (e->'doc') - ${sqlArray(HEAVY_PRODUCT_FIELDS, 'text')},
          ARRAY(SELECT jsonb_array_elements_text(e->'facet_terms')),
          ARRAY(SELECT (x #>> '{}')::int FROM jsonb_array_elements(e->'category_positions') AS x), e->>'updated_at', false
        FROM jsonb_array_elements(${JSON.stringify(rows.map((r) => ({ ...r, doc_text: renderDocText(r.doc), light: lightProjection(r.doc), facet_terms: facetTermsOf(r.doc), category_positions: categoryPositions(r.doc) })))}::jsonb) AS e
        ON CONFLICT (store_code, id) DO UPDATE SET
          sku = EXCLUDED.sku, type_id = EXCLUDED.type_id, status = EXCLUDED.status, visibility = EXCLUDED.visibility,
          category_ids = EXCLUDED.category_ids, child_skus = EXCLUDED.child_skus,
          final_price_incl_tax = EXCLUDED.final_price_incl_tax, is_in_stock = EXCLUDED.is_in_stock,
          search_vector = EXCLUDED.search_vector, doc = EXCLUDED.doc, doc_text = EXCLUDED.doc_text, light = EXCLUDED.light, attrs = EXCLUDED.attrs, facet_terms = EXCLUDED.facet_terms, category_positions = EXCLUDED.category_positions, updated_at = EXCLUDED.updated_at, deleted = false
        WHERE products.deleted OR products.facet_terms IS NULL OR products.doc_text IS NULL OR (products.doc - 'updated_at') IS DISTINCT FROM (EXCLUDED.doc - 'updated_at')
        RETURNING id`)
      const byId = new Map(rows.map((r) => [r.id, r]))
      return written.flatMap(({ id }) => {
        const row = byId.get(Number(id))
        return row ? [{ id: row.id, doc: row.doc, updated_at: row.updated_at, deleted: false }] : []
      })
    },

    /** Products of the store view not in `keepIds` become tombstones (replication carries them). */
    async tombstoneAllExcept(storeCode: string, keepIds: number[], now: string): Promise<StoredDocRow[]> {
      return db.query<StoredDocRow>(sql`
        UPDATE products AS p SET deleted = true, updated_at = ${now}
        WHERE p.store_code = ${storeCode} AND p.deleted = false
          -- an anti-join the planner can hash: NOT (id = ANY(array)) compares every row with every id
          AND NOT EXISTS (SELECT 1 FROM unnest(${sqlArray(keepIds, 'int')}) AS keep(id) WHERE keep.id = p.id)
        RETURNING p.id, p.doc, p.updated_at, p.deleted`)
    },

    /** The live products of these ids (an import batch reads what it is about to change). */
    async liveByIds(storeCode: string, ids: readonly number[]): Promise<{ id: number; doc: Record<string, unknown> }[]> {
      if (ids.length === 0) return []
      const rows = await db.query<{ id: number; doc: Record<string, unknown> }>(sql`
        SELECT id, doc FROM products WHERE store_code = ${storeCode} AND deleted = false AND id = ANY(${sqlArray([...ids], 'int')})`)
      return rows.map((r) => ({ id: Number(r.id), doc: r.doc }))
    },

    /** The live products of these own skus become tombstones; skus not live are left alone. */
    async tombstoneSkus(storeCode: string, skus: readonly string[], now: string): Promise<StoredDocRow[]> {
      if (skus.length === 0) return []
      return db.query<StoredDocRow>(sql`
        UPDATE products SET deleted = true, updated_at = ${now}
        WHERE store_code = ${storeCode} AND deleted = false AND sku = ANY(${sqlArray([...skus], 'text')})
        RETURNING id, doc, updated_at, deleted`)
    },

    /**
     * What a category's product count is worked out from (domain/listing isListable), for the live
     * products filed in any of `categoryIds`.
     */
    async listingFacts(
      storeCode: string,
      categoryIds: readonly number[],
    ): Promise<{ sku: string; visibility: number; status: number; eol: number | null; category_ids: number[] }[]> {
      if (categoryIds.length === 0) return []
      const rows = await db.query<{ sku: string; visibility: number; status: number; eol: unknown; category_ids: number[] }>(sql`
        SELECT sku, visibility, status, doc->'eol' AS eol, category_ids FROM products
        WHERE store_code = ${storeCode} AND deleted = false AND category_ids && ${sqlArray([...categoryIds], 'int')}`)
      return rows.map((r) => ({
        sku: r.sku,
        visibility: Number(r.visibility),
        status: Number(r.status),
        eol: typeof r.eol === 'number' ? r.eol : null,
        category_ids: r.category_ids.map(Number),
      }))
    },

    /** The live product whose own sku or one of whose children's skus is `sku`. */
    async findBySku(storeCode: string, sku: string): Promise<Record<string, unknown> | null> {
      const rows = await db.query<{ doc: Record<string, unknown> }>(sql`
        SELECT doc FROM products
        WHERE store_code = ${storeCode} AND deleted = false AND (sku = ${sku} OR ${sku} = ANY(child_skus))
        ORDER BY (sku = ${sku}) DESC, id LIMIT 1`)
      return rows[0]?.doc ?? null
    },

    async findBySkus(storeCode: string, skus: string[]): Promise<Record<string, unknown>[]> {
      if (skus.length === 0) return []
      const arr = sqlArray(skus, 'text')
      const rows = await db.query<{ doc: Record<string, unknown> }>(sql`
        SELECT doc FROM products
        WHERE store_code = ${storeCode} AND deleted = false AND (sku = ANY(${arr}) OR child_skus && ${arr})`)
      return rows.map((r) => r.doc)
    },

    /**
     * The live products whose own sku or one of whose children's skus is among `skus`, locked until the
     * transaction ends, in id order: a write that patches one child's stock must not lose another's.
     */
    async lockLiveBySkus(storeCode: string, skus: readonly string[]): Promise<Record<string, unknown>[]> {
      if (skus.length === 0) return []
      const arr = sqlArray([...skus], 'text')
      const rows = await db.query<{ doc: Record<string, unknown> }>(sql`
        SELECT doc FROM products
        WHERE store_code = ${storeCode} AND deleted = false AND (sku = ANY(${arr}) OR child_skus && ${arr})
        ORDER BY id FOR UPDATE`)
      return rows.map((r) => r.doc)
    },

    /** Up to `limit` live products' ids of a store view, lowest first (the start-up warm-up reads them). */
    async firstLiveIds(storeCode: string, limit: number): Promise<number[]> {
      const rows = await db.query<{ id: number }>(sql`SELECT id FROM products WHERE store_code = ${storeCode} AND deleted = false ORDER BY id LIMIT ${limit}`)
      return rows.map((r) => Number(r.id))
    },

    /**
     * Whether any live product is stored: the first one found ends the look (never a count of every
     * row: at a big shop's size that takes seconds, and the first shoppers' requests wait behind it).
     */
    async hasLive(): Promise<boolean> {
      const rows = await db.query<{ found: boolean }>(sql`SELECT EXISTS (SELECT 1 FROM products WHERE deleted = false) AS found`)
      return rows[0]?.found === true
    },
  }
}
export type ProductRepository = ReturnType<typeof createProductRepository>
