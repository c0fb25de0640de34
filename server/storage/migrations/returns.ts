/**
 * Migration 36: returns (withdrawal / RMA). Never edited once released (server/storage/migrations.ts
 * runs them); a new version goes at the end.
 *
 * - returns: one row per return a shopper asked for, numbered per order (`return_number`, unique);
 *   its status goes from requested to received (its stock given back) or refused, once. Nothing
 *   personal is kept here: the shopper is the order's (its mail address, its customer), so the
 *   privacy tools that anonymise an order cover its returns too.
 * - return_lines: the skus and quantities sent back; a return's lines go with it.
 *
 * An order delivered has the status 'complete'; the shop records no separate delivery date, so the
 * withdrawal period runs from the moment it became complete (the order's updated_at: nothing changes
 * a complete order after that).
 */
import type { Migration } from './migration'

export const RETURN_MIGRATIONS: Migration[] = [
  {
    version: 36,
    name: 'returns: what shoppers send back of a delivered order, and its lines',
    statements: [
      `CREATE TABLE returns (
        id serial PRIMARY KEY,
        return_number text NOT NULL UNIQUE,
        order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        store_code text NOT NULL,
        reason text NOT NULL,
        status text NOT NULL,
        created_at text NOT NULL,
        updated_at text NOT NULL
      )`,
      `CREATE INDEX returns_order_idx ON returns (order_id)`,
      `CREATE TABLE return_lines (
        id serial PRIMARY KEY,
        return_id integer NOT NULL REFERENCES returns (id) ON DELETE CASCADE,
        sku text NOT NULL,
        qty double precision NOT NULL
      )`,
      `CREATE INDEX return_lines_return_idx ON return_lines (return_id)`,
    ],
  },
]
