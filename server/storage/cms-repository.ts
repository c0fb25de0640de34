/**
 * CMS pages and blocks per store view: JSON documents with tombstones, and the lookups the CMS
 * extension and the url map need. Only live, active documents are ever read back.
 */
import { sql } from 'drizzle-orm'
import type { Db } from './db'
import { isInt32, sqlArray } from './sql-helpers'

export type CmsTable = 'cms_pages' | 'cms_blocks'

export interface CmsRow {
  id: number
  identifier: string
  active: boolean
  doc: Record<string, unknown>
  updated_at: string
}

type Doc = Record<string, unknown>

function createCmsTable(db: Db, table: CmsTable) {
  const t = sql.raw(table)
  return {
    /** Inserts or updates; an unchanged document keeps its row and timestamp. Returns the ids written. */
    async upsertMany(storeCode: string, rows: CmsRow[]): Promise<number[]> {
      if (rows.length === 0) return []
      const written = await db.query<{ id: number }>(sql`
        INSERT INTO ${t} (store_code, id, identifier, active, doc, updated_at, deleted)
        SELECT ${storeCode}, (e->>'id')::int, e->>'identifier', (e->>'active')::boolean, e->'doc', e->>'updated_at', false
        FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) AS e
        ON CONFLICT (store_code, id) DO UPDATE SET
          identifier = EXCLUDED.identifier, active = EXCLUDED.active, doc = EXCLUDED.doc, updated_at = EXCLUDED.updated_at, deleted = false
        WHERE ${t}.deleted OR (${t}.doc - 'updated_at') IS DISTINCT FROM (EXCLUDED.doc - 'updated_at')
        RETURNING id`)
      return written.map((r) => Number(r.id))
    },

    async tombstoneAllExcept(storeCode: string, keepIds: number[], now: string): Promise<number[]> {
      const rows = await db.query<{ id: number }>(sql`
        UPDATE ${t} SET deleted = true, updated_at = ${now}
        WHERE store_code = ${storeCode} AND deleted = false AND NOT (id = ANY(${sqlArray(keepIds, 'int')}))
        RETURNING id`)
      return rows.map((r) => Number(r.id))
    },

    async findActiveById(storeCode: string, id: number): Promise<Doc | null> {
      if (!isInt32(id)) return null
      const rows = await db.query<{ doc: Doc }>(sql`
        SELECT doc FROM ${t} WHERE store_code = ${storeCode} AND id = ${id} AND deleted = false AND active`)
      return rows[0]?.doc ?? null
    },

    async findActiveByIdentifier(storeCode: string, identifier: string): Promise<Doc | null> {
      const rows = await db.query<{ doc: Doc }>(sql`
        SELECT doc FROM ${t} WHERE store_code = ${storeCode} AND identifier = ${identifier} AND deleted = false AND active
        ORDER BY id LIMIT 1`)
      return rows[0]?.doc ?? null
    },
  }
}

export function createCmsRepository(db: Db) {
  return { pages: createCmsTable(db, 'cms_pages'), blocks: createCmsTable(db, 'cms_blocks') }
}
export type CmsRepository = ReturnType<typeof createCmsRepository>
