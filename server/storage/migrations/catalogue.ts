/**
 * Migrations 1–6: the catalogue, stock, search, url rewrites, recommendations and cart lines. Never
 * edited once released (server/storage/migrations.ts runs them).
 */
import { sql } from 'drizzle-orm'
import { cartLineKey } from '../../../domain/cart-item'
import type { ProductOption } from '../../../domain/cart.schema'
import type { Db } from '../db'
import { sqlArray } from '../sql-helpers'
import type { Migration } from './migration'

const KEY_BATCH = 1000

/**
 * Migration 6's data step: every stored cart line gets its line key (domain/cart-item cartLineKey,
 * the rules client and server match lines by), and lines of one cart with the same key — the
 * duplicates concurrent adds could create before line keys, or gift cards whose jsonb options no
 * longer compared equal — become one line: the oldest keeps the summed qty, the others are deleted.
 * Walks the lines cart by cart in batches, so memory holds one batch and one cart's keys.
 */
async function keyCartLines(tx: Db): Promise<void> {
  interface Line {
    item_id: number
    cart_id: string
    sku: string
    product_type: string
    product_option: ProductOption | null
    qty: number
  }
  let cursor: { cartId: string; itemId: number } | null = null
  let cartId: string | null = null
  let keepers = new Map<string, { item_id: number; qty: number }>()
  for (;;) {
    const rows: Line[] = await tx.query<Line>(sql`
      SELECT item_id, cart_id, sku, product_type, product_option, qty FROM cart_items
      ${cursor ? sql`WHERE (cart_id, item_id) > (${cursor.cartId}, ${cursor.itemId})` : sql``}
      ORDER BY cart_id, item_id LIMIT ${KEY_BATCH}`)
    if (rows.length === 0) return
    const updates = new Map<number, { item_id: number; line_key: string; qty: number }>()
    const deletes: number[] = []
    for (const row of rows) {
      if (row.cart_id !== cartId) {
        cartId = row.cart_id
        keepers = new Map()
      }
      const key = cartLineKey(row.sku, row.product_type, row.product_option)
      const keeper = keepers.get(key)
      if (keeper) {
        keeper.qty += Number(row.qty)
        updates.set(keeper.item_id, { item_id: keeper.item_id, line_key: key, qty: keeper.qty })
        deletes.push(Number(row.item_id))
      } else {
        const line = { item_id: Number(row.item_id), qty: Number(row.qty) }
        keepers.set(key, line)
        updates.set(line.item_id, { item_id: line.item_id, line_key: key, qty: line.qty })
      }
    }
    await tx.query(sql`
      UPDATE cart_items AS c SET line_key = v.line_key, qty = v.qty
      FROM jsonb_to_recordset(${JSON.stringify([...updates.values()])}::jsonb) AS v(item_id integer, line_key text, qty double precision)
      WHERE c.item_id = v.item_id`)
    if (deletes.length > 0) await tx.query(sql`DELETE FROM cart_items WHERE item_id = ANY(${sqlArray(deletes, 'int')})`)
    const last = rows[rows.length - 1]!
    cursor = { cartId: last.cart_id, itemId: Number(last.item_id) }
  }
}

export const CATALOGUE_MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'catalogue, stock and carts',
    statements: [
      `CREATE TABLE products (
        store_code text NOT NULL,
        id integer NOT NULL,
        sku text NOT NULL,
        type_id text NOT NULL,
        status integer NOT NULL,
        visibility integer NOT NULL,
        category_ids integer[] NOT NULL DEFAULT '{}',
        child_skus text[] NOT NULL DEFAULT '{}',
        final_price_incl_tax double precision,
        is_in_stock boolean NOT NULL DEFAULT true,
        search_vector tsvector,
        doc jsonb NOT NULL,
        updated_at text NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        PRIMARY KEY (store_code, id)
      )`,
      `CREATE INDEX products_sku_idx ON products (store_code, sku)`,
      `CREATE INDEX products_child_skus_idx ON products USING gin (child_skus)`,
      `CREATE INDEX products_category_ids_idx ON products USING gin (category_ids)`,
      `CREATE INDEX products_search_idx ON products USING gin (search_vector)`,
      `CREATE INDEX products_checkpoint_idx ON products (store_code, updated_at, id)`,
      `CREATE TABLE categories (
        store_code text NOT NULL,
        id integer NOT NULL,
        parent_id integer NOT NULL,
        doc jsonb NOT NULL,
        updated_at text NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        PRIMARY KEY (store_code, id)
      )`,
      `CREATE INDEX categories_checkpoint_idx ON categories (store_code, updated_at, id)`,
      `CREATE TABLE attributes (
        store_code text NOT NULL,
        id integer NOT NULL,
        attribute_code text NOT NULL,
        doc jsonb NOT NULL,
        updated_at text NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        PRIMARY KEY (store_code, id)
      )`,
      `CREATE INDEX attributes_checkpoint_idx ON attributes (store_code, updated_at, id)`,
      `CREATE TABLE tax_rules (
        id integer PRIMARY KEY,
        doc jsonb NOT NULL,
        updated_at text NOT NULL
      )`,
      `CREATE TABLE stock (
        sku text PRIMARY KEY,
        product_id integer NOT NULL,
        qty double precision NOT NULL,
        is_in_stock boolean NOT NULL,
        manage_stock boolean NOT NULL DEFAULT true,
        updated_at text NOT NULL
      )`,
      `CREATE TABLE carts (
        id text PRIMARY KEY,
        store_code text NOT NULL,
        customer_id integer,
        created_at text NOT NULL,
        updated_at text NOT NULL
      )`,
      `CREATE TABLE cart_items (
        item_id serial PRIMARY KEY,
        cart_id text NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
        sku text NOT NULL,
        parent_sku text,
        qty double precision NOT NULL,
        product_type text NOT NULL,
        product_option jsonb,
        name text NOT NULL,
        created_at text NOT NULL
      )`,
      `CREATE INDEX cart_items_cart_idx ON cart_items (cart_id, item_id)`,
    ],
  },
  {
    version: 2,
    name: 'products.attrs, facet_terms and category_positions, for fast filters, facets and sorts',
    statements: [
      `ALTER TABLE products ADD COLUMN attrs jsonb NOT NULL DEFAULT '{}'::jsonb`,
      `UPDATE products SET attrs = doc - ARRAY['configurable_children','configurable_options','media_gallery','description','short_description','product_links','bundle_options','custom_options']::text[]`,
      // NULL until the next import writes it (the import rewrites rows whose terms are missing)
      `ALTER TABLE products ADD COLUMN facet_terms text[]`,
      // position of the product in each of its categories, aligned with category_ids
      `ALTER TABLE products ADD COLUMN category_positions integer[] NOT NULL DEFAULT '{}'`,
      `CREATE INDEX products_facet_terms_idx ON products USING gin (facet_terms)`,
    ],
  },
  {
    version: 3,
    name: 'url_rewrites: request paths per store view (catalogue url_paths and legacy Magento paths)',
    statements: [
      // id is the request path (unique per store view); tombstones so a future urls replication carries deletions
      `CREATE TABLE url_rewrites (
        store_code text NOT NULL,
        id text NOT NULL,
        entity_type text NOT NULL,
        entity_id integer NOT NULL,
        redirect_type integer NOT NULL,
        target_path text NOT NULL,
        doc jsonb NOT NULL,
        updated_at text NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        PRIMARY KEY (store_code, id)
      )`,
      `CREATE INDEX url_rewrites_entity_idx ON url_rewrites (store_code, entity_type, entity_id)`,
      `CREATE INDEX url_rewrites_checkpoint_idx ON url_rewrites (store_code, updated_at, id)`,
    ],
  },
  {
    version: 4,
    name: 'catalogue search: weighted, accent-insensitive full text per language, trigram names for typos',
    statements: [
      // unaccent and pg_trgm are extensions: PGlite loads them when opened with them, PostgreSQL has
      // them in contrib. Without one, search still works (accents matter, no typo tolerance), so a
      // missing extension is a notice rather than a failed migration. The exception block is a
      // subtransaction: the failure does not abort the migration's transaction.
      `DO $$ BEGIN CREATE EXTENSION IF NOT EXISTS unaccent;
        EXCEPTION WHEN OTHERS THEN RAISE NOTICE 'unaccent unavailable (%): search is accent-sensitive', SQLERRM; END $$`,
      `DO $$ BEGIN CREATE EXTENSION IF NOT EXISTS pg_trgm;
        EXCEPTION WHEN OTHERS THEN RAISE NOTICE 'pg_trgm unavailable (%): search has no typo tolerance', SQLERRM; END $$`,
      // our own copies of the language configurations, so we may add unaccent before the stemmer
      // (`velo` finds `vélo`); the documents and the queries must use the same ones
      `CREATE TEXT SEARCH CONFIGURATION polder_english (COPY = english)`,
      `CREATE TEXT SEARCH CONFIGURATION polder_dutch (COPY = dutch)`,
      `CREATE TEXT SEARCH CONFIGURATION polder_french (COPY = french)`,
      // polder_fold: lower case without accents, for trigram names; IMMUTABLE so a stored column may use it
      // (unaccent() itself is only STABLE because its dictionary could change; ours does not)
      `DO $$
      DECLARE s text;
      BEGIN
        SELECT extnamespace::regnamespace::text INTO s FROM pg_extension WHERE extname = 'unaccent';
        IF s IS NOT NULL THEN
          ALTER TEXT SEARCH CONFIGURATION polder_english ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;
          ALTER TEXT SEARCH CONFIGURATION polder_dutch ALTER MAPPING FOR hword, hword_part, word WITH unaccent, dutch_stem;
          ALTER TEXT SEARCH CONFIGURATION polder_french ALTER MAPPING FOR hword, hword_part, word WITH unaccent, french_stem;
          EXECUTE format('CREATE FUNCTION polder_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
            AS %L', format('SELECT lower(%1$I.unaccent(%2$L::regdictionary, t))', s, s || '.unaccent'));
        ELSE
          CREATE FUNCTION polder_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS 'SELECT lower(t)';
        END IF;
      END $$`,
      // the folded name, stored: folding it per row at query time cost more than the search itself
      `ALTER TABLE products ADD COLUMN search_name text GENERATED ALWAYS AS (polder_fold(doc->>'name')) STORED`,
      `DO $$ BEGIN
        IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
          CREATE INDEX products_search_name_trgm_idx ON products USING gin (search_name gin_trgm_ops);
        END IF;
      END $$`,
      // the product's search vector from its document: name (A), own and child skus (B), category
      // names (C), descriptions without markup (D). The product repository writes it on import.
      `CREATE FUNCTION polder_product_search_vector(config regconfig, doc jsonb) RETURNS tsvector
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT setweight(to_tsvector(config, coalesce(doc->>'name', '')), 'A')
          || setweight(to_tsvector(config, concat_ws(' ', doc->>'sku',
               (SELECT string_agg(c->>'sku', ' ') FROM jsonb_array_elements(CASE jsonb_typeof(doc->'configurable_children')
                 WHEN 'array' THEN doc->'configurable_children' ELSE '[]'::jsonb END) AS c))), 'B')
          || setweight(to_tsvector(config, coalesce(
               (SELECT string_agg(c->>'name', ' ') FROM jsonb_array_elements(CASE jsonb_typeof(doc->'category')
                 WHEN 'array' THEN doc->'category' ELSE '[]'::jsonb END) AS c), '')), 'C')
          || setweight(to_tsvector(config, regexp_replace(concat_ws(' ', doc->>'short_description', doc->>'description'),
               '<[^>]*>', ' ', 'g')), 'D')
      $$`,
      // products already stored get the new vectors now (an import only rewrites changed documents);
      // the store views' languages as they are at this migration
      `UPDATE products SET search_vector = polder_product_search_vector((CASE store_code
        WHEN 'nl' THEN 'polder_dutch' WHEN 'be' THEN 'polder_dutch' WHEN 'fr' THEN 'polder_french'
        ELSE 'polder_english' END)::regconfig, doc)`,
    ],
  },
  {
    version: 5,
    name: 'recommendation_events: views, clicks and sales per store view and visitor, for search boosts and cross-sell',
    statements: [
      // one row per signal: append-only, counted at query time (a few thousand rows per product at
      // most in a shop this size, so no rolled-up counters to keep in step)
      `CREATE TABLE recommendation_events (
        id bigserial PRIMARY KEY,
        store_code text NOT NULL,
        visitor text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('view', 'click', 'sale')),
        product_id integer NOT NULL,
        sale_id text,
        created_at text NOT NULL,
        CHECK ((kind = 'sale') = (sale_id IS NOT NULL))
      )`,
      // popularity per product (search boost, bestsellers)
      `CREATE INDEX recommendation_events_product_idx ON recommendation_events (store_code, product_id, kind)`,
      // co-views: the other products of the visitors who viewed one
      `CREATE INDEX recommendation_events_visitor_idx ON recommendation_events (store_code, visitor, kind)`,
      // co-purchases, and a sale logged twice (a retried request) counts once
      `CREATE UNIQUE INDEX recommendation_events_sale_idx ON recommendation_events (store_code, sale_id, product_id) WHERE kind = 'sale'`,
    ],
  },
  {
    version: 6,
    name: 'cart_items.line_key: one row per cart and line (same product, same options), duplicates merged',
    statements: [
      `ALTER TABLE cart_items ADD COLUMN line_key text`,
      keyCartLines,
      `ALTER TABLE cart_items ALTER COLUMN line_key SET NOT NULL`,
      // an add is an upsert on this key: concurrent adds of one line can never make two rows
      `CREATE UNIQUE INDEX cart_items_line_key_idx ON cart_items (cart_id, line_key)`,
    ],
  },
]
