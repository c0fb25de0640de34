/**
 * The light product schema v0 → v1 (manufacturer, erin_recommends) on a real RxDB database: documents
 * stored by the previous version survive the upgrade (kiosk ones with their brand from `full`).
 */
import { describe, expect, it } from 'vitest'
import { createRxDatabase } from 'rxdb'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { openDatabase } from '../../workers/db/database'
import { productMigrationStrategies, productSchemaLiteral } from '../../workers/db/catalog-schemas'
import { withDevMode } from '../../workers/db/dev-storage'
import { toProductDoc } from '../../workers/db/catalog-docs'
import { product } from './listing-fixtures'

describe('light products v0 → v1', () => {
  it('keeps stored products and fills the new fields', async () => {
    const storage = getRxStorageMemory()
    const name = `polder-migration-${Date.now()}`
    const { manufacturer: _m, erin_recommends: _e, ...properties } = productSchemaLiteral.properties
    const v0 = { ...productSchemaLiteral, version: 0, properties }
    const old = await createRxDatabase({ name, storage: withDevMode(storage), multiInstance: false })
    const { products } = await old.addCollections({ products: { schema: v0 } })
    const strip = (doc: ReturnType<typeof toProductDoc>) => {
      const { manufacturer: _a, erin_recommends: _b, _deleted: _d, ...rest } = doc
      return rest
    }
    const base = { sku: 'A', name: 'A', status: 1, visibility: 4, price_incl_tax: 10, category_ids: [2], updated_at: '2026-01-01T00:00:00Z' }
    await products.bulkInsert([
      strip(toProductDoc({ ...base, id: 1 }, false)),
      { ...strip(toProductDoc({ ...base, id: 2, sku: 'B' }, false)), full: { id: 2, sku: 'B', manufacturer: 211, erin_recommends: 1 } },
    ])
    await old.close()

    const db = await openDatabase({ storeCode: 'en', name, storage, wrapStorage: withDevMode })
    try {
      const docs = (await db.products.find().exec()).map((d) => d.toJSON())
      expect(docs.map((d) => [d.sku, d.manufacturer, d.erin_recommends]).sort()).toEqual([
        ['A', null, null],
        ['B', 211, 1],
      ])
      expect(db.products.schema.version).toBe(1)
    } finally {
      await db.close()
    }
  })
})

describe('light product schema v1 migration', () => {
  it('takes brand and flag from a kiosk document and null otherwise', () => {
    const { manufacturer: _m, erin_recommends: _e, ...v0 } = product(1)
    expect(productMigrationStrategies[1]({ ...v0, full: { manufacturer: 211, erin_recommends: 1 } })).toMatchObject({
      manufacturer: 211,
      erin_recommends: 1,
      sku: 'SKU-1',
    })
    expect(productMigrationStrategies[1]({ ...v0 })).toMatchObject({ manufacturer: null, erin_recommends: null, sku: 'SKU-1' })
  })
})
