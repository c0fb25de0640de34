/**
 * A table of small JSON documents per store view with tombstones (categories, attributes, CMS pages,
 * blocks and hierarchy, blog categories and posts, banners): written by the shop import, a row kept
 * with its timestamp when its document did not change, and the rows an import leaves out marked
 * deleted. Columns beside the document are read from it on write, for the lookups that index them.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from './db'
import type { StoredDocRow } from './product-repository'
import { sqlArray } from './sql-helpers'

export interface DocRow {
  id: number
  doc: Record<string, unknown>
  updated_at: string
}

export type DocTable =
  'categories' | 'attributes' | 'cms_pages' | 'cms_blocks' | 'blog_categories' | 'blog_posts' | 'cms_hierarchy' | 'banners' | 'info_banners'

/** A column kept beside the document: its name, and its value as SQL over the written element `e`. */
export interface DocColumn {
  name: string
  value: SQL
}

export function createDocTableRepository(db: Db, table: DocTable, columns: readonly DocColumn[]) {
  const t = sql.raw(table)
  const names = sql.join(
    columns.map((c) => sql.raw(c.name)),
    sql`, `,
  )
  const values = sql.join(
    columns.map((c) => c.value),
    sql`, `,
  )
  const updates = sql.join(
    columns.map((c) => sql.raw(`${c.name} = EXCLUDED.${c.name}`)),
    sql`, `,
  )
  // A row of a table with an `active` column that is not active comes back as deleted: what reads
  // the written rows (the change feed, so the replication stream) must see it gone, as a pull does.
  const returned = columns.some((c) => c.name === 'active') ? sql`id, doc, updated_at, (deleted OR NOT active) AS deleted` : sql`id, doc, updated_at, deleted`
  return {
    async upsertMany(storeCode: string, rows: DocRow[]): Promise<StoredDocRow[]> {
      if (rows.length === 0) return []
      return db.query<StoredDocRow>(sql`
        INSERT INTO ${t} (store_code, id, ${names}, doc, updated_at, deleted)
        SELECT ${storeCode}, (e->>'id')::int, ${values}, e->'doc', e->>'updated_at', false
        FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) AS e
        ON CONFLICT (store_code, id) DO UPDATE SET
          ${updates}, doc = EXCLUDED.doc, updated_at = EXCLUDED.updated_at, deleted = false
        WHERE ${t}.deleted OR (${t}.doc - 'updated_at') IS DISTINCT FROM (EXCLUDED.doc - 'updated_at')
        RETURNING ${returned}`)
    },
    /** The live documents of these ids (an import batch reads what it is about to change). */
    async liveByIds(storeCode: string, ids: readonly number[]): Promise<{ id: number; doc: Record<string, unknown> }[]> {
      if (ids.length === 0) return []
      const rows = await db.query<{ id: number; doc: Record<string, unknown> }>(sql`
        SELECT id, doc FROM ${t} WHERE store_code = ${storeCode} AND deleted = false AND id = ANY(${sqlArray([...ids], 'int')})`)
      return rows.map((r) => ({ id: Number(r.id), doc: r.doc }))
    },
    /**
     * Every live document of the store view, by id (a category tree; the content an import batch
     * checks); with `fields`, only those top-level fields of each (a check reads a post's url key,
     * not its text).
     */
    async all(storeCode: string, fields?: readonly string[]): Promise<{ id: number; doc: Record<string, unknown> }[]> {
      const doc = fields
        ? sql`COALESCE((SELECT jsonb_object_agg(f.key, f.value) FROM jsonb_each(doc) AS f WHERE f.key = ANY(${sqlArray([...fields], 'text')})), '{}'::jsonb)`
        : sql`doc`
      const rows = await db.query<{ id: number; doc: Record<string, unknown> }>(sql`
        SELECT id, ${doc} AS doc FROM ${t} WHERE store_code = ${storeCode} AND deleted = false ORDER BY id`)
      return rows.map((r) => ({ id: Number(r.id), doc: r.doc }))
    },
    /** These ids become tombstones (replication carries them); ids already deleted or unknown are left alone. */
    async tombstoneIds(storeCode: string, ids: readonly number[], now: string): Promise<StoredDocRow[]> {
      if (ids.length === 0) return []
      return db.query<StoredDocRow>(sql`
        UPDATE ${t} SET deleted = true, updated_at = ${now}
        WHERE store_code = ${storeCode} AND deleted = false AND id = ANY(${sqlArray([...ids], 'int')})
        RETURNING id, doc, updated_at, deleted`)
    },
    async tombstoneAllExcept(storeCode: string, keepIds: number[], now: string): Promise<StoredDocRow[]> {
      return db.query<StoredDocRow>(sql`
        UPDATE ${t} SET deleted = true, updated_at = ${now}
        WHERE store_code = ${storeCode} AND deleted = false AND NOT (id = ANY(${sqlArray(keepIds, 'int')}))
        RETURNING id, doc, updated_at, deleted`)
    },
  }
}

export type DocTableRepository = ReturnType<typeof createDocTableRepository>
