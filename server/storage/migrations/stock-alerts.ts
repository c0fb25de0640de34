/**
 * Migration 35: stock_subscriptions, a shopper's request to be mailed once when a product (or a
 * configurable's variant) is back in stock. Never edited once released (server/storage/migrations.ts
 * runs them); a new version goes at the end.
 *
 * `sku` is the stock row watched (the variant's for a configurable), `product_sku` the product the
 * mail links to. A subscription is active while `notified_at` is null; the partial unique index makes
 * a second request of the same mailbox (`email_key`, domain/account-rules emailKey) for the same sku
 * the same row, and leaves the ended ones as history until the customer's data goes. A customer's own
 * subscriptions go with the account (ON DELETE CASCADE); a guest's carry no customer.
 */
import type { Migration } from './migration'

export const STOCK_ALERT_MIGRATIONS: Migration[] = [
  {
    version: 35,
    name: 'back-in-stock subscriptions',
    statements: [
      `CREATE TABLE stock_subscriptions (
        id serial PRIMARY KEY,
        store_code text NOT NULL,
        product_id integer NOT NULL,
        product_sku text NOT NULL,
        sku text NOT NULL,
        email text NOT NULL,
        email_key text NOT NULL,
        customer_id integer REFERENCES customers (id) ON DELETE CASCADE,
        created_at text NOT NULL,
        notified_at text
      )`,
      `CREATE UNIQUE INDEX stock_subscriptions_active_idx ON stock_subscriptions (email_key, sku) WHERE notified_at IS NULL`,
      // the restock sweep reads the active ones by the stock row they watch
      `CREATE INDEX stock_subscriptions_waiting_idx ON stock_subscriptions (sku) WHERE notified_at IS NULL`,
      `CREATE INDEX stock_subscriptions_customer_idx ON stock_subscriptions (customer_id) WHERE customer_id IS NOT NULL`,
    ],
  },
]
