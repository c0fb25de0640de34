/** Categories and attributes per store view: small JSON documents with tombstones. */
import { sql } from 'drizzle-orm'
import type { Db } from './db'
import { createDocTableRepository } from './doc-table'

export function createCategoryRepository(db: Db) {
  return {
    ...createDocTableRepository(db, 'categories', [{ name: 'parent_id', value: sql`(e->'doc'->>'parent_id')::int` }]),
    /**
     * A store view's active categories below the root, as a shopper meets them: the top level of
     * the menu first, each level in the menu's order.
     */
    async listed(storeCode: string, limit: number): Promise<{ id: number; level: number }[]> {
      const rows = await db.query<{ id: number; level: number }>(sql`
        SELECT id, (doc->>'level')::int AS level FROM categories
        WHERE store_code = ${storeCode} AND deleted = false AND (doc->>'level')::int >= 2 AND (doc->>'is_active')::boolean IS NOT FALSE
        ORDER BY (doc->>'level')::int, (doc->>'position')::int NULLS LAST, id
        LIMIT ${limit}`)
      return rows.map((r) => ({ id: Number(r.id), level: Number(r.level) }))
    },
  }
}
export function createAttributeRepository(db: Db) {
  return {
    ...createDocTableRepository(db, 'attributes', [{ name: 'attribute_code', value: sql`e->'doc'->>'attribute_code'` }]),
    /** the attribute codes a store view's products may carry */
    async codes(storeCode: string): Promise<string[]> {
      const rows = await db.query<{ attribute_code: string }>(
        sql`SELECT attribute_code FROM attributes WHERE store_code = ${storeCode} AND deleted = false ORDER BY attribute_code`,
      )
      return rows.map((r) => r.attribute_code)
    },
  }
}
export type CategoryRepository = ReturnType<typeof createCategoryRepository>
export type AttributeRepository = ReturnType<typeof createAttributeRepository>
