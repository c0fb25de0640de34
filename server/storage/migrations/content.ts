/**
 * Migration 29 on: the shop's own content (CMS pages and blocks). Never edited once released
 * (server/storage/migrations.ts runs them); a new version goes at the end.
 *
 * - cms_pages, cms_blocks: one document per store view and id, as imported (the HTML already
 *   sanitised); `active` in a column of its own, as every answer filters on it; tombstones, so a
 *   re-import that drops a page turns it into one (and a later replication can carry the deletion).
 * - banners, info_banners (31): the same columns, so every content table can be replicated with one
 *   query over that shape; `identifier` is a banner's slot and an info banner's `info-{id}`.
 */
import type { Migration } from './migration'

function cmsTable(table: string): string[] {
  return [
    `CREATE TABLE ${table} (
      store_code text NOT NULL,
      id integer NOT NULL,
      identifier text NOT NULL,
      active boolean NOT NULL,
      doc jsonb NOT NULL,
      updated_at text NOT NULL,
      deleted boolean NOT NULL DEFAULT false,
      PRIMARY KEY (store_code, id)
    )`,
    `CREATE INDEX ${table}_identifier_idx ON ${table} (store_code, identifier)`,
    `CREATE INDEX ${table}_checkpoint_idx ON ${table} (store_code, updated_at, id)`,
  ]
}

export const CONTENT_MIGRATIONS: Migration[] = [
  {
    version: 29,
    name: 'cms_pages and cms_blocks: the shop’s own pages and blocks per store view',
    statements: [...cmsTable('cms_pages'), ...cmsTable('cms_blocks')],
  },
  {
    version: 31,
    name: 'banners and info_banners: home banners and the info banner per store view',
    statements: [...cmsTable('banners'), ...cmsTable('info_banners')],
  },
]
