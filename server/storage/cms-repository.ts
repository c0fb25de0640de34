/**
 * The shop's content per store view (CMS pages, blocks and hierarchy; blog categories and posts):
 * JSON documents with tombstones, and the lookups the CMS extension and the url map need. Only
 * live, active documents are ever read back: `active` is a page's or block's own flag, and a blog
 * record's status 1 (spec §9: published only when status equals 1).
 */
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from './db'
import { createDocTableRepository, type DocColumn, type DocTable } from './doc-table'
import { isInt32 } from './sql-helpers'

type Doc = Record<string, unknown>

/** A content table: its documents found by id or identifier, only while live and active; `D` is the document its import writes. */
export function createContentTable<D extends object = Doc>(db: Db, table: DocTable, columns: { identifier: SQL; active: SQL; more?: DocColumn[] }) {
  const t = sql.raw(table)
  return {
    ...createDocTableRepository(db, table, [
      { name: 'identifier', value: columns.identifier },
      { name: 'active', value: columns.active },
      ...(columns.more ?? []),
    ]),

    async findActiveById(storeCode: string, id: number): Promise<D | null> {
      if (!isInt32(id)) return null
      const rows = await db.query<{ doc: D }>(sql`
        SELECT doc FROM ${t} WHERE store_code = ${storeCode} AND id = ${id} AND deleted = false AND active`)
      return rows[0]?.doc ?? null
    },

    async findActiveByIdentifier(storeCode: string, identifier: string): Promise<D | null> {
      const rows = await db.query<{ doc: D }>(sql`
        SELECT doc FROM ${t} WHERE store_code = ${storeCode} AND identifier = ${identifier} AND deleted = false AND active
        ORDER BY id LIMIT 1`)
      return rows[0]?.doc ?? null
    },

    /** Every live, active document of the store view, by id; at most `limit` (a page head reads a small table whole: the hierarchy). */
    async listActive(storeCode: string, limit: number): Promise<D[]> {
      const rows = await db.query<{ doc: D }>(sql`
        SELECT doc FROM ${t} WHERE store_code = ${storeCode} AND deleted = false AND active
        ORDER BY id LIMIT ${limit}`)
      return rows.map((r) => r.doc)
    },
  }
}

/** a document with its own `identifier` and `active` fields */
export const OWN_IDENTIFIER = { identifier: sql`e->'doc'->>'identifier'`, active: sql`(e->'doc'->>'active')::boolean` }
/** a blog record: its url_key is the identifier, and it is answered only with status 1 */
const BLOG_IDENTIFIER = { identifier: sql`e->'doc'->>'url_key'`, active: sql`(e->'doc'->>'status') = '1'` }

export function createCmsRepository(db: Db) {
  return {
    pages: createContentTable(db, 'cms_pages', OWN_IDENTIFIER),
    blocks: createContentTable(db, 'cms_blocks', OWN_IDENTIFIER),
    // a node is shown while its page is (services/cms-import)
    hierarchy: createContentTable(db, 'cms_hierarchy', OWN_IDENTIFIER),
    blogCategories: createContentTable(db, 'blog_categories', BLOG_IDENTIFIER),
    blogPosts: createContentTable(db, 'blog_posts', { ...BLOG_IDENTIFIER, more: [{ name: 'publish_date', value: sql`e->'doc'->>'publish_date'` }] }),
  }
}
export type CmsRepository = ReturnType<typeof createCmsRepository>
