/**
 * Banners and info banners per store view: JSON documents with tombstones (doc-table), and the
 * reads their answers need. Only live, active documents are read back (an inactive info banner is
 * not found, and its check answers false).
 */
import { sql } from 'drizzle-orm'
import { INFO_BANNER_IDENTIFIER_PREFIX, type BannerDoc, type InfoBannerDoc } from '../../domain/banner.schema'
import type { Db } from './db'
import { createContentTable, OWN_IDENTIFIER } from './cms-repository'

export function createBannerRepository(db: Db) {
  return {
    ...createContentTable<BannerDoc>(db, 'banners', { identifier: sql`e->'doc'->>'slot'`, active: OWN_IDENTIFIER.active }),

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
  return createContentTable<InfoBannerDoc>(db, 'info_banners', {
    identifier: sql`${INFO_BANNER_IDENTIFIER_PREFIX}::text || (e->>'id')`,
    active: OWN_IDENTIFIER.active,
  })
}
export type InfoBannerRepository = ReturnType<typeof createInfoBannerRepository>
