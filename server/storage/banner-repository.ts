/**
 * Banners and info banners per store view: JSON documents with tombstones (doc-table), and the
 * reads their answers need. Only live documents are read back; a banner only when active, an info
 * banner with its status flag (the check answers "false" for an inactive one).
 */
import { sql } from 'drizzle-orm'
import { INFO_BANNER_IDENTIFIER_PREFIX, type BannerDoc, type InfoBannerDoc } from '../../domain/banner.schema'
import type { Db } from './db'
import { createDocTableRepository } from './doc-table'
import { isInt32 } from './sql-helpers'

const ACTIVE = { name: 'active', value: sql`(e->'doc'->>'active')::boolean` }

export function createBannerRepository(db: Db) {
  return {
    ...createDocTableRepository(db, 'banners', [{ name: 'identifier', value: sql`e->'doc'->>'slot'` }, ACTIVE]),

    /** The store view's active banners, by slot, then sort order, then id. */
    async listActive(storeCode: string): Promise<BannerDoc[]> {
      const rows = await db.query<{ doc: BannerDoc }>(sql`
        SELECT doc FROM banners WHERE store_code = ${storeCode} AND deleted = false AND active
        ORDER BY identifier, (doc->>'sort_order')::int, id`)
      return rows.map((r) => r.doc)
    },
  }
}
export type BannerRepository = ReturnType<typeof createBannerRepository>

export function createInfoBannerRepository(db: Db) {
  return {
    ...createDocTableRepository(db, 'info_banners', [{ name: 'identifier', value: sql`${INFO_BANNER_IDENTIFIER_PREFIX}::text || (e->>'id')` }, ACTIVE]),

    /** A live (imported, not removed) info banner with its status flag; null when there is none. */
    async findLive(storeCode: string, id: number): Promise<{ doc: InfoBannerDoc; active: boolean } | null> {
      if (!isInt32(id)) return null
      const rows = await db.query<{ doc: InfoBannerDoc; active: boolean }>(sql`
        SELECT doc, active FROM info_banners WHERE store_code = ${storeCode} AND id = ${id} AND deleted = false`)
      return rows[0] ?? null
    },
  }
}
export type InfoBannerRepository = ReturnType<typeof createInfoBannerRepository>
