/**
 * Versioned schema migrations, the same statements for PGlite (PostgreSQL 18) and PostgreSQL 15:
 * only SQL both accept. A migration is never edited once released; add a new version instead.
 */
import { sql } from 'drizzle-orm'
import { cartLineKey } from '../../domain/cart-item'
import type { ProductOption } from '../../domain/cart.schema'
import type { Db } from './db'
import { sqlArray } from './sql-helpers'

/** A step of a migration: SQL, or a function for what SQL alone cannot do (run in the same transaction). */
type MigrationStep = string | ((tx: Db) => Promise<void>)

interface Migration {
  version: number
  name: string
  statements: MigrationStep[]
}

const KEY_BATCH = 1000

/**
 * Migration 6's data step: every stored cart line gets its line key (domain/cart-item
 * cartLineKey, the rules client and server match lines by), and lines of one cart with the same
 * key — the duplicates concurrent adds used to create, or gift cards whose jsonb options no longer
 * compared equal — become one line: the oldest keeps the summed qty, the others are deleted.
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

export const MIGRATIONS: Migration[] = [
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
  {
    version: 7,
    name: "coupons, and the cart's coupon, shipping country and shipping method",
    statements: [
      // code is stored upper-case (domain/coupon.schema normalizeCouponCode): lookups ignore case
      `CREATE TABLE coupons (
        code text PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('percent', 'fixed', 'free_shipping')),
        amount double precision NOT NULL CHECK (amount >= 0),
        from_date text,
        to_date text,
        is_active boolean NOT NULL DEFAULT true,
        updated_at text NOT NULL
      )`,
      // a coupon the shop deletes leaves the carts that held it without one
      `ALTER TABLE carts ADD COLUMN coupon_code text REFERENCES coupons (code) ON DELETE SET NULL`,
      // what checkout chose (shipping-information); NULL until then: the store view's country, store pickup
      `ALTER TABLE carts ADD COLUMN shipping_country text`,
      `ALTER TABLE carts ADD COLUMN shipping_carrier_code text`,
      `ALTER TABLE carts ADD COLUMN shipping_method_code text`,
    ],
  },
  {
    version: 8,
    name: 'orders, order lines and per store view order numbers',
    statements: [
      // client_order_id is the client's order_id (contract §2.3): the idempotency key, unique so a
      // retried order can never be stored twice; cart_id unique: a cart becomes one order
      `CREATE TABLE orders (
        id serial PRIMARY KEY,
        client_order_id text NOT NULL UNIQUE,
        request_hash text NOT NULL,
        increment_id text NOT NULL UNIQUE,
        store_code text NOT NULL,
        cart_id text NOT NULL UNIQUE,
        customer_id integer,
        status text NOT NULL,
        email text NOT NULL,
        country_id text NOT NULL,
        shipping_carrier_code text NOT NULL,
        shipping_method_code text NOT NULL,
        payment_method_code text NOT NULL,
        payment_method_additional jsonb,
        billing_address jsonb NOT NULL,
        shipping_address jsonb,
        totals jsonb NOT NULL,
        grand_total double precision NOT NULL,
        created_at text NOT NULL,
        updated_at text NOT NULL
      )`,
      `CREATE INDEX orders_customer_idx ON orders (customer_id, created_at) WHERE customer_id IS NOT NULL`,
      `CREATE TABLE order_lines (
        id serial PRIMARY KEY,
        order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        cart_item_id integer,
        sku text NOT NULL,
        parent_sku text,
        name text NOT NULL,
        product_type text NOT NULL,
        product_option jsonb,
        qty double precision NOT NULL,
        price double precision NOT NULL,
        price_incl_tax double precision NOT NULL,
        row_total double precision NOT NULL,
        row_total_incl_tax double precision NOT NULL,
        tax_amount double precision NOT NULL,
        tax_percent double precision NOT NULL
      )`,
      `CREATE INDEX order_lines_order_idx ON order_lines (order_id, id)`,
      // the last order number handed out per store view (its row lock serialises concurrent orders)
      `CREATE TABLE order_sequences (
        store_code text PRIMARY KEY,
        last_value integer NOT NULL
      )`,
    ],
  },
  {
    version: 9,
    name: 'payments, order comments, order mails and the sandbox payment provider',
    statements: [
      // the shop's record of a payment asked of the provider; provider_payment_id is the provider's
      // key (MultiSafepay: our order number; sandbox: its own id), which a notification names
      `CREATE TABLE payments (
        id serial PRIMARY KEY,
        order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        provider text NOT NULL,
        provider_payment_id text NOT NULL,
        method text NOT NULL,
        amount_cents integer NOT NULL,
        status text NOT NULL,
        redirect_url text NOT NULL,
        created_at text NOT NULL,
        updated_at text NOT NULL,
        UNIQUE (provider, provider_payment_id)
      )`,
      // one payment per order: a second post-payment answers the first one's page
      `CREATE UNIQUE INDEX payments_order_idx ON payments (order_id)`,
      // the order's history (spec §4 Payment: comments with status pending_payment / canceled)
      `CREATE TABLE order_comments (
        id serial PRIMARY KEY,
        order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        status text NOT NULL,
        comment text NOT NULL,
        created_at text NOT NULL
      )`,
      `CREATE INDEX order_comments_order_idx ON order_comments (order_id, id)`,
      // each mail of an order is sent once (unique kind per order); a failed one is retried later
      `CREATE TABLE order_mails (
        id serial PRIMARY KEY,
        order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        kind text NOT NULL,
        status text NOT NULL CHECK (status IN ('sending', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        message_id text,
        updated_at text NOT NULL,
        UNIQUE (order_id, kind)
      )`,
      // the local sandbox provider's own books, as an outside provider would keep them
      `CREATE TABLE sandbox_payments (
        id text PRIMARY KEY,
        order_number text NOT NULL,
        store_code text NOT NULL,
        method text NOT NULL,
        amount_cents integer NOT NULL,
        status text NOT NULL,
        return_url text NOT NULL,
        cancel_url text NOT NULL,
        notification_url text NOT NULL,
        created_at text NOT NULL,
        updated_at text NOT NULL
      )`,
    ],
  },
]

export class MigrationError extends Error {
  override name = 'MigrationError'
}

/** Applies the migrations not yet recorded, each in its own transaction. */
export async function migrate(db: Db): Promise<number[]> {
  await db.query(
    sql.raw(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY, name text NOT NULL, applied_at text NOT NULL)`),
  )
  const done = new Set((await db.query<{ version: number }>(sql`SELECT version FROM schema_migrations`)).map((r) => Number(r.version)))
  const applied: number[] = []
  for (const m of MIGRATIONS) {
    if (done.has(m.version)) continue
    try {
      await db.transaction(async (tx) => {
        // two servers starting on one PostgreSQL must not both migrate
        await tx.query(sql`SELECT pg_advisory_xact_lock(4242)`)
        const again = await tx.query(sql`SELECT 1 FROM schema_migrations WHERE version = ${m.version}`)
        if (again.length > 0) return
        for (const step of m.statements) {
          if (typeof step === 'string') await tx.query(sql.raw(step))
          else await step(tx)
        }
        await tx.query(sql`INSERT INTO schema_migrations (version, name, applied_at) VALUES (${m.version}, ${m.name}, ${new Date().toISOString()})`)
      })
    } catch (err) {
      throw new MigrationError(`Migration ${m.version} (${m.name}) failed: ${(err as Error).message}`)
    }
    applied.push(m.version)
  }
  return applied
}
