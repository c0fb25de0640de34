/**
 * CMS pages and blocks per store view: JSON documents with tombstones, and the lookups the CMS
 * extension and the url map need. Only live, active documents are ever read back.
 */
import { sql } from 'drizzle-orm'
import type { Db } from './db'
import { createDocTableRepository } from './doc-table'
import { isInt32 } from './sql-helpers'

export type CmsTable = 'cms_pages' | 'cms_blocks'

type Doc = Record<string, unknown>

function createCmsTable(db: Db, table: CmsTable) {
  const t = sql.raw(table)
  return {
    ...createDocTableRepository(db, table, [
      { name: 'identifier', value: sql`e->'doc'->>'identifier'` },
      { name: 'active', value: sql`(e->'doc'->>'active')::boolean` },
    ]),

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
