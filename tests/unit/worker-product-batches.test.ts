/**
 * The stored products as batches (workers/catalog/product-batches) and the mirror that reads them
 * (workers/catalog/product-mirror), on real RxDB databases in memory: the latest batch wins whatever
 * order batches arrive in, deletions stay deleted, two writers never take the same number, and
 * compaction keeps exactly the live products. Also: an earlier version's `products` collection is
 * removed when the database opens.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createRxDatabase } from 'rxdb'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { batchId, needsCompaction, ProductBatchWriter, toBatchEntries } from '../../workers/catalog/product-batches'
import { ProductMirror } from '../../workers/catalog/product-mirror'
import { productSchemaLiteral } from '../../workers/db/catalog-schemas'
import { openDatabase, PRODUCT_BATCH_EVENTS_KEPT, type PolderDatabase } from '../../workers/db/database'
import { withDevMode } from '../../workers/db/dev-storage'
import { product } from './listing-fixtures'

const named = (id: number, name: string) => ({ ...product(id), name, _deleted: false })
const gone = (id: number) => ({ ...product(id), _deleted: true })
const names = (mirror: ProductMirror) =>
  [...mirror.products.values()]
    .map((p) => `${p.doc.id}:${p.doc.name}`)
    .sort()
    .join(' ')

describe('product batches', () => {
  const opened: { db: PolderDatabase; mirrors: ProductMirror[] }[] = []
  afterEach(async () => {
    for (const { db, mirrors } of opened.splice(0)) {
      for (const mirror of mirrors) mirror.stop()
      await db.close()
    }
  })

  async function database(storage = getRxStorageMemory(), name = `polder-batches-${Date.now()}-${Math.random().toString(36).slice(2)}`) {
    const db = await openDatabase({ storeCode: 'en', storage, wrapStorage: withDevMode, name })
    const entry = { db, mirrors: [] as ProductMirror[] }
    opened.push(entry)
    const mirror = async () => {
      const m = new ProductMirror(db.productBatches, 0)
      entry.mirrors.push(m)
      await m.start()
      return m
    }
    return { db, mirror, writer: new ProductBatchWriter(db.productBatches) }
  }

  it('splits a pulled batch into products and deletions', () => {
    const { products, removed } = toBatchEntries([named(1, 'A'), gone(2), named(3, 'C')])
    expect(products.map((p) => p.id)).toEqual(['1', '3'])
    expect(products[0]).not.toHaveProperty('_deleted')
    expect(removed).toEqual(['2'])
  })

  it('compacts when superseded entries pass half the live products and the minimum', () => {
    expect(needsCompaction({ entries: 100_000, live: 100_000 })).toBe(false)
    expect(needsCompaction({ entries: 150_000, live: 100_000 })).toBe(false)
    expect(needsCompaction({ entries: 150_001, live: 100_000 })).toBe(true)
    // a small catalogue: not before the minimum
    expect(needsCompaction({ entries: 2_000, live: 10 })).toBe(false)
    expect(needsCompaction({ entries: 2_011, live: 10 })).toBe(true)
  })

  it('numbers batches in writing order, and the latest batch naming a product wins', async () => {
    const { db, mirror, writer } = await database()
    const m = await mirror()
    await writer.append([named(1, 'A1'), named(2, 'B1')])
    await writer.append([named(1, 'A2'), gone(2), named(3, 'C1')])
    await vi.waitFor(() => expect(names(m)).toBe('1:A2 3:C1'))
    expect((await db.productBatches.find().exec()).map((d) => [d.id, d.seq])).toEqual([
      [batchId(0), 0],
      [batchId(1), 1],
    ])
    // an empty pull writes nothing
    await writer.append([])
    expect(await db.productBatches.count().exec()).toBe(2)
    // another tab opening the same database reads the same state from the stored batches
    expect(names(await mirror())).toBe('1:A2 3:C1')
  })

  it('an earlier batch arriving after a later one changes nothing: not an old state, not a deleted product', async () => {
    const { db, mirror } = await database()
    const m = await mirror()
    const batch = (seq: number, products: ReturnType<typeof named>[], removed: string[] = []) =>
      db.productBatches.insert({ id: batchId(seq), seq, products: toBatchEntries(products).products, removed })
    await batch(10, [named(1, 'A new')], ['2'])
    await vi.waitFor(() => expect(names(m)).toBe('1:A new'))
    await batch(3, [named(1, 'A old'), named(2, 'B old')])
    await batch(11, [named(3, 'C')])
    await vi.waitFor(() => expect(names(m)).toBe('1:A new 3:C'))
    // primed documents never go over what a stored batch said, a deletion included
    expect(m.prime([product(2), product(4)])).toBe(1)
    expect(names(m)).toBe('1:A new 3:C 4:Product 4')
  })

  it('RxDB keeps one batch event for event-reduce, not its default 100 (each holds 500 products)', async () => {
    const { db, writer } = await database()
    for (let i = 0; i < 5; i++) await writer.append([named(i, `P${i}`)])
    const buffer = (db.productBatches as unknown as { _changeEventBuffer: { getBuffer(): unknown[]; getCounter(): number } })._changeEventBuffer
    expect(buffer.getCounter()).toBe(5)
    expect(buffer.getBuffer()).toHaveLength(PRODUCT_BATCH_EVENTS_KEPT)
    // queries still see every batch
    expect(await db.productBatches.count().exec()).toBe(5)
    expect((await db.productBatches.findOne({ selector: {}, sort: [{ id: 'desc' }] }).exec())?.seq).toBe(4)
  })

  it('two writers (a tab that led, then another) never take the same number', async () => {
    const { db, mirror } = await database()
    const m = await mirror()
    const first = new ProductBatchWriter(db.productBatches)
    const second = new ProductBatchWriter(db.productBatches)
    await first.append([named(1, 'A')])
    await second.append([named(2, 'B')])
    // the first one's next number is taken: it starts again after the last stored batch
    await first.append([named(3, 'C')])
    await second.append([named(4, 'D')])
    await vi.waitFor(() => expect(names(m)).toBe('1:A 2:B 3:C 4:D'))
    expect((await db.productBatches.find().exec()).map((d) => d.seq)).toEqual([0, 1, 2, 3])
  })

  it('compaction keeps exactly the live products, in fewer entries, for every tab', async () => {
    const { db, mirror, writer } = await database()
    const m = await mirror()
    await writer.append([named(1, 'A1'), named(2, 'B1'), named(3, 'C1')])
    await writer.append([named(1, 'A2'), gone(3)])
    await writer.append([named(1, 'A3'), named(4, 'D1')])
    await vi.waitFor(() => expect(m.storedCounts()).toEqual({ entries: 7, live: 3 }))
    const other = await mirror()
    // a compaction that does not cover the last batch written is left out
    expect(await writer.compact(() => ({ ...m.storedState(), lastSeq: 1 }))).toBe(false)
    expect(await db.productBatches.count().exec()).toBe(3)
    expect(await writer.compact(() => m.storedState())).toBe(true)
    await vi.waitFor(() => expect(m.storedCounts()).toEqual({ entries: 3, live: 3 }))
    expect(names(m)).toBe('1:A3 2:B1 4:D1')
    await vi.waitFor(() => expect(names(other)).toBe('1:A3 2:B1 4:D1'))
    expect((await db.productBatches.find().exec()).map((d) => d.seq)).toEqual([3])
    // a device opening the database afterwards reads the same
    expect(names(await mirror())).toBe('1:A3 2:B1 4:D1')
    // and writes go on after the compacted batch
    await writer.append([named(5, 'E')])
    expect((await db.productBatches.find().exec()).map((d) => d.seq)).toEqual([3, 4])
  })

  it('removes an earlier version’s products collection (one document per product) when the database opens', async () => {
    const storage = getRxStorageMemory()
    const name = `polder-legacy-${Date.now()}`
    const legacy = async () => {
      const db = await createRxDatabase({ name, storage: withDevMode(storage), multiInstance: false })
      const { products } = await db.addCollections({ products: { schema: productSchemaLiteral, migrationStrategies: { 1: (doc: unknown) => doc } } })
      return { db, products }
    }
    const old = await legacy()
    const { _deleted, ...doc } = named(1, 'A')
    await old.products.insert(doc)
    await old.db.close()

    const { db } = await database(storage, name)
    await db.close()
    opened.pop()
    const again = await legacy()
    try {
      expect(await again.products.count().exec()).toBe(0)
    } finally {
      await again.db.close()
    }
  })
})
