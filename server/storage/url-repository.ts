/**
 * URL rewrites per store view, and the lookups /api/url/map needs: a request path to its rewrite,
 * and products/categories by id or url_path (the fallback when a database was imported before
 * url_rewrites existed, until its next import writes them).
 */
import { sql, type SQL } from 'drizzle-orm'
import type { UrlRewriteDoc } from '../../domain/url-rewrite.schema'
import type { Db } from './db'
import { isInt32, sqlArray } from './sql-helpers'

type Doc = Record<string, unknown>

export function createUrlRepository(db: Db) {
  /** The `doc` of the first row the query returns, or null. */
  async function firstDoc<T = Doc>(query: SQL): Promise<T | null> {
    const rows = await db.query<{ doc: T }>(query)
    return rows[0]?.doc ?? null
  }

  return {
    /** Inserts or updates; an unchanged rewrite keeps its row and timestamp. Returns how many were written. */
    async upsertMany(storeCode: string, docs: UrlRewriteDoc[]): Promise<number> {
      if (docs.length === 0) return 0
      const written = await db.query<{ id: string }>(sql`
        INSERT INTO url_rewrites (store_code, id, entity_type, entity_id, redirect_type, target_path, doc, updated_at, deleted)
        SELECT ${storeCode}, e->>'id', e->>'entity_type', (e->>'entity_id')::int, (e->>'redirect_type')::int,
          e->>'target_path', e, e->>'updated_at', false
        FROM jsonb_array_elements(${JSON.stringify(docs)}::jsonb) AS e
        ON CONFLICT (store_code, id) DO UPDATE SET
          entity_type = EXCLUDED.entity_type, entity_id = EXCLUDED.entity_id, redirect_type = EXCLUDED.redirect_type,
          target_path = EXCLUDED.target_path, doc = EXCLUDED.doc, updated_at = EXCLUDED.updated_at, deleted = false
        WHERE url_rewrites.deleted OR (url_rewrites.doc - 'updated_at') IS DISTINCT FROM (EXCLUDED.doc - 'updated_at')
        RETURNING id`)
      return written.length
    },

    /**
     * Rewrites of the store view whose request path is not in `keepPaths` become tombstones. The
     * paths go as one JSON value (a big catalogue has more of them than a statement may have
     * parameters), and NOT IN a subquery is a hashed anti-join: `<> ALL(array)` would compare every
     * row with every path, quadratic in the store view's rewrites.
     */
    async tombstoneAllExcept(storeCode: string, keepPaths: string[], now: string): Promise<number> {
      const rows = await db.query<{ id: string }>(sql`
        UPDATE url_rewrites SET deleted = true, updated_at = ${now}
        WHERE store_code = ${storeCode} AND deleted = false
          AND id NOT IN (SELECT jsonb_array_elements_text(${JSON.stringify(keepPaths)}::jsonb))
        RETURNING id`)
      return rows.length
    },

    /** Who holds each of these live request paths (an import batch never takes another entity's). */
    async ownersOf(storeCode: string, paths: readonly string[]): Promise<Map<string, { entity_type: string; entity_id: number }>> {
      if (paths.length === 0) return new Map()
      const rows = await db.query<{ id: string; entity_type: string; entity_id: number }>(sql`
        SELECT id, entity_type, entity_id FROM url_rewrites
        WHERE store_code = ${storeCode} AND deleted = false AND id IN (SELECT jsonb_array_elements_text(${JSON.stringify(paths)}::jsonb))`)
      return new Map(rows.map((r) => [r.id, { entity_type: r.entity_type, entity_id: Number(r.entity_id) }]))
    },

    /**
     * Each (entity, path) pair's path becomes a tombstone where that entity of `entityType` still
     * holds it. The pairs go as one JSON value, joined on the primary key. Answers how many.
     */
    async tombstoneEntityPaths(storeCode: string, entityType: string, pairs: readonly { entity_id: number; path: string }[], now: string): Promise<number> {
      if (pairs.length === 0) return 0
      const rows = await db.query<{ id: string }>(sql`
        UPDATE url_rewrites AS u SET deleted = true, updated_at = ${now}
        FROM (SELECT e->>'path' AS id, (e->>'entity_id')::int AS entity_id FROM jsonb_array_elements(${JSON.stringify(pairs)}::jsonb) AS e) AS p
        WHERE u.store_code = ${storeCode} AND u.id = p.id AND u.deleted = false AND u.entity_type = ${entityType} AND u.entity_id = p.entity_id
        RETURNING u.id`)
      return rows.length
    },

    /** Every live rewrite to these entities becomes a tombstone (the entities were deleted). */
    async tombstoneEntities(storeCode: string, entityType: string, entityIds: readonly number[], now: string): Promise<number> {
      if (entityIds.length === 0) return 0
      const rows = await db.query<{ id: string }>(sql`
        UPDATE url_rewrites SET deleted = true, updated_at = ${now}
        WHERE store_code = ${storeCode} AND deleted = false AND entity_type = ${entityType} AND entity_id = ANY(${sqlArray([...entityIds], 'int')})
        RETURNING id`)
      return rows.length
    },

    async findByRequestPath(storeCode: string, requestPath: string): Promise<UrlRewriteDoc | null> {
      return firstDoc<UrlRewriteDoc>(sql`
        SELECT doc FROM url_rewrites WHERE store_code = ${storeCode} AND id = ${requestPath} AND deleted = false`)
    },

    /** Whether the store view has any rewrite (none: imported before rewrites existed). */
    async hasAny(storeCode: string): Promise<boolean> {
      const rows = await db.query<{ one: number }>(sql`
        SELECT 1 AS one FROM url_rewrites WHERE store_code = ${storeCode} AND deleted = false LIMIT 1`)
      return rows.length > 0
    },

    async countLive(storeCode: string): Promise<number> {
      const rows = await db.query<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM url_rewrites WHERE store_code = ${storeCode} AND deleted = false`)
      return Number(rows[0]?.n ?? 0)
    },

    /** The live product with this id, or the configurable whose child has it (a child's legacy URL). */
    async findProductById(storeCode: string, id: number): Promise<Doc | null> {
      if (!isInt32(id)) return null
      const own = await firstDoc(sql`
        SELECT doc FROM products WHERE store_code = ${storeCode} AND id = ${id} AND deleted = false`)
      if (own) return own
      return firstDoc(sql`
        SELECT doc FROM products
        WHERE store_code = ${storeCode} AND deleted = false AND type_id = 'configurable'
          AND jsonb_path_exists(doc, '$.configurable_children[*] ? (@.id == $id)', ${JSON.stringify({ id })}::jsonb)
        ORDER BY id LIMIT 1`)
    },

    async findProductByUrlPath(storeCode: string, urlPath: string): Promise<Doc | null> {
      return firstDoc(sql`
        SELECT doc FROM products WHERE store_code = ${storeCode} AND deleted = false AND attrs->>'url_path' = ${urlPath}
        ORDER BY id LIMIT 1`)
    },

    async findCategoryById(storeCode: string, id: number): Promise<Doc | null> {
      if (!isInt32(id)) return null
      return firstDoc(sql`
        SELECT doc FROM categories WHERE store_code = ${storeCode} AND id = ${id} AND deleted = false`)
    },

    /** the app's /c/{slug} (a few hundred categories a store view: no index needed) */
    async findCategoryBySlug(storeCode: string, slug: string): Promise<Doc | null> {
      return firstDoc(sql`
        SELECT doc FROM categories WHERE store_code = ${storeCode} AND deleted = false AND doc->>'slug' = ${slug}
        ORDER BY id LIMIT 1`)
    },

    async findCategoryByUrlPath(storeCode: string, urlPath: string): Promise<Doc | null> {
      return firstDoc(sql`
        SELECT doc FROM categories WHERE store_code = ${storeCode} AND deleted = false AND doc->>'url_path' = ${urlPath}
        ORDER BY id LIMIT 1`)
    },
  }
}
export type UrlRepository = ReturnType<typeof createUrlRepository>
