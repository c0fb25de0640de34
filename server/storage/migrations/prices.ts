/**
 * Migration 32: price_history, the regular price of each sku per store view with the moment it took
 * effect, kept for the Omnibus rule (domain/omnibus: a reduction's reference price is the lowest of
 * the 30 days before it). Never edited once released (server/storage/migrations.ts runs them); a new
 * version goes at the end.
 *
 * A row is written only when a sku's regular price differs from the one in effect, so the table grows
 * with price changes, not with imports. Timestamps are ISO text like every other timestamp here: they
 * sort as they compare.
 *
 * Migration 33: the special price beside the regular one (null: none), so a sale without a
 * from-date starts when its special price was first recorded, the same moment at every later write.
 * A row is then written when either price differs from the pair in effect. Rows of 32 read as
 * "no special price"; the next write of a product on sale records its pair.
 */
import type { Migration } from './migration'

export const PRICE_MIGRATIONS: Migration[] = [
  {
    version: 32,
    name: 'price_history: regular prices per store view and sku with the moment each took effect (Omnibus reference prices)',
    statements: [
      `CREATE TABLE price_history (
        store_code text NOT NULL,
        sku text NOT NULL,
        price double precision NOT NULL,
        valid_from text NOT NULL,
        PRIMARY KEY (store_code, sku, valid_from)
      )`,
    ],
  },
  {
    version: 33,
    name: 'price_history.special_price: the special price beside the regular one, so a sale without a from-date has a stable start',
    statements: [`ALTER TABLE price_history ADD COLUMN special_price double precision`],
  },
]
