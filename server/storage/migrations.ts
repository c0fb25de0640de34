/**
 * Versioned schema migrations, the same statements for PGlite (PostgreSQL 18) and PostgreSQL 15:
 * only SQL both accept. A migration is never edited once released; add a new version instead.
 */
import { sql } from 'drizzle-orm'
import type { Db } from './db'

interface Migration {
  version: number
  name: string
  statements: string[]
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
]

export class MigrationError extends Error {
  override name = 'MigrationError'
}

/** Applies the migrations not yet recorded, each in its own transaction. */
export async function migrate(db: Db): Promise<number[]> {
  await db.query(sql.raw(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY, name text NOT NULL, applied_at text NOT NULL)`))
  const done = new Set(
    (await db.query<{ version: number }>(sql`SELECT version FROM schema_migrations`)).map((r) => Number(r.version)),
  )
  const applied: number[] = []
  for (const m of MIGRATIONS) {
    if (done.has(m.version)) continue
    try {
      await db.transaction(async (tx) => {
        // two servers starting on one PostgreSQL must not both migrate
        await tx.query(sql`SELECT pg_advisory_xact_lock(4242)`)
        const again = await tx.query(sql`SELECT 1 FROM schema_migrations WHERE version = ${m.version}`)
        if (again.length > 0) return
        for (const s of m.statements) await tx.query(sql.raw(s))
        await tx.query(
          sql`INSERT INTO schema_migrations (version, name, applied_at) VALUES (${m.version}, ${m.name}, ${new Date().toISOString()})`,
        )
      })
    } catch (err) {
      throw new MigrationError(`Migration ${m.version} (${m.name}) failed: ${(err as Error).message}`)
    }
    applied.push(m.version)
  }
  return applied
}
