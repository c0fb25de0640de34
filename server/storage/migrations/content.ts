/**
 * Migration 29 on: the shop's own content (CMS pages and blocks). Never edited once released
 * (server/storage/migrations.ts runs them); a new version goes at the end.
 *
 * - cms_pages, cms_blocks: one document per store view and id, as imported (the HTML already
 *   sanitised); `active` in a column of its own, as every answer filters on it; tombstones, so a
 *   re-import that drops a page turns it into one (and a later replication can carry the deletion).
 * - blog_categories, blog_posts, cms_hierarchy (30): the same columns as cms_pages, so every
 *   content table can be read with one shape (identifier = a blog record's url_key, active = its
 *   status is 1); blog_posts adds publish_date (ISO, UTC), the order its listings are read in.
 * - banners, info_banners (31): the same columns again; `identifier` is a banner's slot and an info
 *   banner's `info-{id}`.
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
    version: 30,
    name: 'blog_categories, blog_posts and cms_hierarchy: the blog and the pages’ tree per store view',
    statements: [
      ...cmsTable('blog_categories'),
      ...cmsTable('blog_posts'),
      `ALTER TABLE blog_posts ADD COLUMN publish_date text NOT NULL`,
      `CREATE INDEX blog_posts_published_idx ON blog_posts (store_code, publish_date, id) WHERE active AND NOT deleted`,
      ...cmsTable('cms_hierarchy'),
    ],
  },
  {
    version: 31,
    name: 'banners and info_banners: home banners and the info banner per store view',
    statements: [...cmsTable('banners'), ...cmsTable('info_banners')],
  },
]
