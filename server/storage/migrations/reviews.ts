/**
 * Migration 34 on: product reviews. Never edited once released (server/storage/migrations.ts runs
 * them); a new version goes at the end.
 *
 * - reviews: one row per review, written by the shopper's create call and moderated through the
 *   import endpoint. `doc` is what the catalogue's `review` entity answers (nothing personal in it);
 *   the author (customer_id, or a guest's email and email_key), the status and a guest's
 *   confirmation (the SHA-256 of the mailed token, its expiry, when it was used) are columns.
 *   `active` is true exactly when the review may be shown: approved, and written by a customer or
 *   confirmed by its guest; the catalogue reads only active rows, as it does CMS content's.
 *   `deleted` marks a removed review (a moderator's deletion), so replication can carry it.
 * - One review per author and product: a unique index per customer and per guest address; a
 *   removed review no longer counts.
 */
import type { Migration } from './migration'

export const REVIEW_MIGRATIONS: Migration[] = [
  {
    version: 34,
    name: 'reviews: product reviews per store view, moderated, guests confirming by mail',
    statements: [
      `CREATE TABLE reviews (
        id serial PRIMARY KEY,
        store_code text NOT NULL,
        product_id integer NOT NULL,
        sku text NOT NULL,
        customer_id integer,
        email text,
        email_key text,
        nickname text NOT NULL,
        title text NOT NULL,
        detail text NOT NULL,
        rating smallint CHECK (rating BETWEEN 1 AND 5),
        status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
        token_hash text,
        token_expires_at text,
        confirmed_at text,
        created_at text NOT NULL,
        updated_at text NOT NULL,
        active boolean NOT NULL DEFAULT false,
        deleted boolean NOT NULL DEFAULT false,
        doc jsonb NOT NULL,
        CHECK (customer_id IS NOT NULL OR email_key IS NOT NULL)
      )`,
      `CREATE UNIQUE INDEX reviews_customer_product_idx ON reviews (product_id, customer_id) WHERE customer_id IS NOT NULL AND NOT deleted`,
      `CREATE UNIQUE INDEX reviews_guest_product_idx ON reviews (product_id, email_key) WHERE customer_id IS NULL AND NOT deleted`,
      `CREATE UNIQUE INDEX reviews_token_idx ON reviews (token_hash) WHERE token_hash IS NOT NULL`,
      `CREATE INDEX reviews_product_idx ON reviews (store_code, product_id) WHERE active AND NOT deleted`,
      `CREATE INDEX reviews_checkpoint_idx ON reviews (store_code, updated_at, id)`,
    ],
  },
]
