/**
 * Migration 6 of the server's storage: cart lines stored before it get their line key, and lines
 * that the key shows to be one are merged. On PGlite a database of its own; on PostgreSQL
 * (DATABASE_URL) the test server's, reset and migrated by it.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { cartLineKey } from '../../domain/cart-item'
import type { ServerCartItem } from '../../domain/cart.schema'
import { migrate } from '../../server/storage/migrations'
import { openMigrationDb, useTestServer } from './helpers'

const T = '2026-01-01T00:00:00.000Z'

// On PostgreSQL the test server resets the schema and runs every migration before the test.
useTestServer()

describe('migration 6: stored lines get their line key and duplicates become one line', () => {
  interface Row {
    item_id: number
    cart_id: string
    line_key: string
    sku: string
    qty: number
    product_type: string
    product_option: Record<string, unknown> | null
  }

  it('keys and merges the lines stored before it, then enforces one row per (cart, line key)', async () => {
    const { db, close } = await openMigrationDb()
    try {
      // the schema as version 5 left it
      await db.query(sql`DROP INDEX cart_items_line_key_idx`)
      await db.query(sql`ALTER TABLE cart_items DROP COLUMN line_key`)
      await db.query(sql`DELETE FROM schema_migrations WHERE version = 6`)
      await db.query(
        sql`INSERT INTO carts (id, store_code, created_at, updated_at) VALUES ('MIGRATION-A', 'en', ${T}, ${T}), ('MIGRATION-B', 'en', ${T}, ${T})`,
      )
      const card = (to: string) => JSON.stringify({ extension_attributes: { mageworx_giftcard_item_option: { card_amount: 50, mail_to: to } } })
      const tee = (a: string, b: string) =>
        JSON.stringify({
          extension_attributes: {
            configurable_item_options: [
              { option_id: a, option_value: '1' },
              { option_id: b, option_value: '2' },
            ],
          },
        })
      const add = (cart: string, sku: string, qty: number, type = 'simple', option: string | null = null) =>
        db.query(sql`INSERT INTO cart_items (cart_id, sku, parent_sku, qty, product_type, product_option, name, created_at)
          VALUES (${cart}, ${sku}, NULL, ${qty}, ${type}, ${option}::jsonb, ${sku}, ${T})`)
      await add('MIGRATION-A', 'WAFEL', 2)
      await add('MIGRATION-A', 'GIFT', 1, 'giftcard', card('Ann'))
      await add('MIGRATION-A', 'WAFEL', 3)
      await add('MIGRATION-A', 'GIFT', 1, 'giftcard', card('Ann'))
      await add('MIGRATION-A', 'GIFT', 1, 'giftcard', card('Bob'))
      await add('MIGRATION-A', 'TEE-RED-S', 1, 'configurable', tee('93', '142'))
      await add('MIGRATION-A', 'TEE-RED-S', 4, 'configurable', tee('142', '93'))
      await add('MIGRATION-B', 'WAFEL', 7)
      // more duplicates of one line than one batch of the data step holds
      await db.query(sql`INSERT INTO cart_items (cart_id, sku, parent_sku, qty, product_type, product_option, name, created_at)
        SELECT 'MIGRATION-B', 'SOCK-1', NULL, 1, 'simple', NULL, 'SOCK-1', ${T} FROM generate_series(1, 1500)`)

      expect(await migrate(db)).toEqual([6])

      const rows = (
        await db.query<Row>(sql`
        SELECT item_id, cart_id, line_key, sku, qty, product_type, product_option FROM cart_items
        WHERE cart_id IN ('MIGRATION-A', 'MIGRATION-B') ORDER BY cart_id, item_id`)
      ).map((r) => ({ ...r, qty: Number(r.qty) }))
      expect(rows.map((r) => [r.cart_id, r.sku, r.qty])).toEqual([
        ['MIGRATION-A', 'WAFEL', 5],
        ['MIGRATION-A', 'GIFT', 2],
        ['MIGRATION-A', 'GIFT', 1],
        ['MIGRATION-A', 'TEE-RED-S', 5],
        ['MIGRATION-B', 'WAFEL', 7],
        ['MIGRATION-B', 'SOCK-1', 1500],
      ])
      for (const r of rows) expect(r.line_key).toBe(cartLineKey(r.sku, r.product_type, r.product_option as ServerCartItem['product_option']))
      const [wafel] = rows
      await expect(add('MIGRATION-A', 'WAFEL', 1)).rejects.toThrow()
      await expect(
        db.query(sql`INSERT INTO cart_items (cart_id, line_key, sku, qty, product_type, name, created_at)
          VALUES ('MIGRATION-A', ${wafel!.line_key}, 'WAFEL', 1, 'simple', 'WAFEL', ${T})`),
      ).rejects.toThrow()
      // no stored line is left without a key
      const unkeyed = await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM cart_items WHERE line_key IS NULL`)
      expect(Number(unkeyed[0]!.n)).toBe(0)
    } finally {
      await close()
    }
  })
})
