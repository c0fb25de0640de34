/**
 * Migrations 20 and 21: category listings at a big shop's size. Never edited once released
 * (server/storage/migrations.ts runs them); a new version goes at the end.
 *
 * - product_categories: one row per live product and category it is in, with the price the shopper
 *   pays, indexed in price order (both directions), so a category page sorted by price walks the
 *   index from its first hit and stops after the page, instead of reading and sorting every
 *   product of the category. Statement
 *   triggers keep it in step with every write to products (import upserts, tombstones), whatever
 *   statement makes it.
 * - products.doc_text: the document's JSON as answers show it (compact, keys in jsonb's order),
 *   written at import, so a page of documents is copied into the answer as text instead of being
 *   printed by PostgreSQL, parsed by the driver and printed again. NULL on rows written before this
 *   migration: those are read from `doc` until the next import rewrites them.
 *
 * Migration 22: products.light, the document's light projection (domain/api/replication.schema
 * LIGHT_PRODUCT_FIELDS), written at import, so a shopper-mode pull reads the stored projection
 * instead of picking those fields out of each full document, per row and per pull.
 */
import type { Migration } from './migration'

/**
 * LIGHT_PRODUCT_FIELDS as migration 22 backfilled them; a later change of that list needs a migration
 * of its own, unless no stored document can hold the new field (omnibus_price_incl_tax: written only
 * by the pricing that came with the price history, so rows stored before it have none to copy).
 */
export const LIGHT_FIELDS_OF_22 = [
  'id',
  'sku',
  'name',
  'type_id',
  'status',
  'visibility',
  'url_key',
  'url_path',
  'slug',
  'image',
  'price',
  'final_price',
  'special_price',
  'special_from_date',
  'special_to_date',
  'tax_class_id',
  'price_incl_tax',
  'final_price_incl_tax',
  'original_price_incl_tax',
  'special_price_incl_tax',
  'category_ids',
  'category',
  'stock',
  'color',
  'size',
  'color_options',
  'size_options',
  'manufacturer',
  'erin_recommends',
  'sold_qty',
  'eol',
  'created_at',
  'updated_at',
]

export const CATALOGUE_LISTING_MIGRATIONS: Migration[] = [
  {
    version: 20,
    name: 'product_categories in price order, products.doc_text',
    statements: [
      `CREATE TABLE product_categories (
        store_code text NOT NULL,
        category_id integer NOT NULL,
        product_id integer NOT NULL,
        final_price_incl_tax double precision,
        PRIMARY KEY (store_code, product_id, category_id)
      )`,
      `CREATE INDEX product_categories_price_idx ON product_categories (store_code, category_id, final_price_incl_tax, product_id)`,
      `CREATE INDEX product_categories_price_desc_idx ON product_categories (store_code, category_id, final_price_incl_tax DESC NULLS LAST, product_id)`,
      `CREATE FUNCTION polder_product_categories_written() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM product_categories AS pc USING new_rows AS n WHERE pc.store_code = n.store_code AND pc.product_id = n.id;
        INSERT INTO product_categories (store_code, category_id, product_id, final_price_incl_tax)
          SELECT DISTINCT n.store_code, c.id, n.id, n.final_price_incl_tax FROM new_rows AS n, unnest(n.category_ids) AS c(id)
          WHERE NOT n.deleted;
        RETURN NULL;
      END $$`,
      `CREATE FUNCTION polder_product_categories_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM product_categories AS pc USING old_rows AS o WHERE pc.store_code = o.store_code AND pc.product_id = o.id;
        RETURN NULL;
      END $$`,
      // a statement trigger sees all the statement's rows at once (one event per trigger)
      `CREATE TRIGGER products_categories_inserted AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION polder_product_categories_written()`,
      `CREATE TRIGGER products_categories_updated AFTER UPDATE ON products REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION polder_product_categories_written()`,
      `CREATE TRIGGER products_categories_deleted AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION polder_product_categories_deleted()`,
      `INSERT INTO product_categories (store_code, category_id, product_id, final_price_incl_tax)
        SELECT DISTINCT p.store_code, c.id, p.id, p.final_price_incl_tax FROM products AS p, unnest(p.category_ids) AS c(id) WHERE NOT p.deleted`,
      `ALTER TABLE products ADD COLUMN doc_text text`,
    ],
  },
  {
    version: 21,
    name: 'product_categories carry visibility and status: a listing filtered on them walks the index alone',
    statements: [
      // a category page filters on visibility and status: with them in the index, the walk to the
      // page reads no product row (each one read on the way is costly on PGlite)
      `ALTER TABLE product_categories ADD COLUMN visibility integer, ADD COLUMN status integer`,
      `UPDATE product_categories AS pc SET visibility = p.visibility, status = p.status
        FROM products AS p WHERE p.store_code = pc.store_code AND p.id = pc.product_id`,
      `DROP INDEX product_categories_price_idx`,
      `DROP INDEX product_categories_price_desc_idx`,
      `CREATE INDEX product_categories_listing_idx ON product_categories (store_code, category_id, final_price_incl_tax, product_id)
        INCLUDE (visibility, status)`,
      `CREATE INDEX product_categories_listing_desc_idx ON product_categories (store_code, category_id, final_price_incl_tax DESC NULLS LAST, product_id)
        INCLUDE (visibility, status)`,
      `CREATE OR REPLACE FUNCTION polder_product_categories_written() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM product_categories AS pc USING new_rows AS n WHERE pc.store_code = n.store_code AND pc.product_id = n.id;
        INSERT INTO product_categories (store_code, category_id, product_id, final_price_incl_tax, visibility, status)
          SELECT DISTINCT n.store_code, c.id, n.id, n.final_price_incl_tax, n.visibility, n.status FROM new_rows AS n, unnest(n.category_ids) AS c(id)
          WHERE NOT n.deleted;
        RETURN NULL;
      END $$`,
    ],
  },
  {
    version: 22,
    name: 'products.light: the light projection, written at import (shopper-mode pulls read it as it is)',
    statements: [
      `ALTER TABLE products ADD COLUMN light jsonb NOT NULL DEFAULT '{}'::jsonb`,
      // the backfill changes no listing: product_categories' update trigger is left out of it
      `ALTER TABLE products DISABLE TRIGGER products_categories_updated`,
      `UPDATE products SET light = COALESCE((SELECT jsonb_object_agg(e.key, e.value) FROM jsonb_each(doc) AS e
        WHERE e.key IN (${LIGHT_FIELDS_OF_22.map((f) => `'${f}'`).join(', ')})), '{}'::jsonb)`,
      `ALTER TABLE products ENABLE TRIGGER products_categories_updated`,
    ],
    // the backfill left a dead copy of every product row: until this runs, scans read twice the
    // pages, and PGlite has no autovacuum
    after: ['VACUUM ANALYZE products'],
  },
]
