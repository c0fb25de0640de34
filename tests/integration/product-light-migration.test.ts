/**
 * Migration 22 of the server's storage: products stored before it get their light projection
 * (products.light, what a shopper-mode pull sends), the same an import writes, without their
 * timestamps or listings changing. On PGlite a database of its own; on PostgreSQL (DATABASE_URL)
 * the test server's, reset and migrated by it.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { LIGHT_PRODUCT_FIELDS, lightProjection } from '../../domain/api/replication.schema'
import { migrate } from '../../server/storage/migrations'
import { LIGHT_FIELDS_OF_22 } from '../../server/storage/migrations/catalogue-listing'
import { createProductRepository } from '../../server/storage/product-repository'
import { openMigrationDb, useTestServer } from './helpers'

// On PostgreSQL the test server resets the schema and runs every migration before the test.
useTestServer()

const T = '2026-01-01T00:00:00.000Z'

describe('migration 22: products stored before it get their light projection', () => {
  it('knew every light field but those no document stored before them holds (a new one that a stored document may hold needs a backfill)', () => {
    expect([...LIGHT_PRODUCT_FIELDS].sort()).toEqual([...LIGHT_FIELDS_OF_22, 'omnibus_price_incl_tax'].sort())
  })

  it('is what an import writes: every light field the document has, nulls kept, nothing else; timestamps and listings untouched', async () => {
    const { db, close } = await openMigrationDb()
    try {
      // every light field a product stored before it can have (one of them null), and heavy ones that must stay out
      const doc: Record<string, unknown> = Object.fromEntries(LIGHT_FIELDS_OF_22.map((field, i) => [field, `${field}-${i}`]))
      Object.assign(doc, {
        id: 9100,
        sku: 'LIGHT-1',
        category_ids: [20],
        category: [{ category_id: 20, name: 'Clothing', position: 1 }],
        special_price: null,
        description: '<p>long</p>',
        configurable_children: [{ sku: 'LIGHT-1-A' }],
      })
      const row = (id: number, d: Record<string, unknown>) => ({
        id,
        sku: String(d.sku),
        type_id: 'simple',
        status: 1,
        visibility: 4,
        category_ids: [20],
        child_skus: [],
        final_price_incl_tax: 10,
        is_in_stock: true,
        doc: d,
        updated_at: T,
      })
      const products = createProductRepository(db)
      await products.upsertMany('en', 'simple', [row(9100, doc), row(9101, { id: 9101, sku: 'LIGHT-2', name: 'Two' })])
      const written = await db.query<{ id: number; light: Record<string, unknown> }>(sql`SELECT id, light FROM products WHERE id IN (9100, 9101) ORDER BY id`)
      expect(written.map((r) => r.light)).toEqual([lightProjection(doc), { id: 9101, sku: 'LIGHT-2', name: 'Two' }])
      expect(Object.keys(written[0]!.light).sort()).toEqual([...LIGHT_FIELDS_OF_22].sort())
      expect(written[0]!.light.special_price).toBeNull()

      // the schema as version 21 left it
      await db.query(sql`ALTER TABLE products DROP COLUMN light`)
      await db.query(sql`DELETE FROM schema_migrations WHERE version = 22`)
      const listingsBefore = await db.query(sql`SELECT * FROM product_categories WHERE product_id IN (9100, 9101) ORDER BY product_id`)

      expect(await migrate(db)).toEqual([22])
      const migrated = await db.query<{ id: number; light: Record<string, unknown>; updated_at: string }>(
        sql`SELECT id, light, updated_at FROM products WHERE id IN (9100, 9101) ORDER BY id`,
      )
      // the same as the import wrote (a change of LIGHT_PRODUCT_FIELDS needs a migration of its own)
      expect(migrated.map((r) => r.light)).toEqual(written.map((r) => r.light))
      expect(migrated.map((r) => r.updated_at)).toEqual([T, T])
      expect(await db.query(sql`SELECT * FROM product_categories WHERE product_id IN (9100, 9101) ORDER BY product_id`)).toEqual(listingsBefore)
    } finally {
      await db.query(sql`DELETE FROM products WHERE id IN (9100, 9101)`)
      await close()
    }
  })
})
