/**
 * Measured numbers (printed, not pass/fail timings) for the category page through the whole worker
 * path: light products stored in RxDB (no dev-mode, as in production), the in-memory mirror loaded
 * at init, then subscribeCategoryPage. The pure query alone is measured in
 * worker-category-query.test.ts.
 *
 * Memory storage, not fake-indexeddb: fake-indexeddb cursors are quadratic (a full find of 5,000
 * documents took 10.8 s there), which says nothing about browsers. In headless Chromium with the
 * Dexie storage the same mirror load took 116 ms at 2k and 656 ms at 10k.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { openDatabase } from '../../workers/db/database'
import { toCategoryDoc } from '../../workers/db/catalog-docs'
import { DataService } from '../../workers/data-service'
import type { CategoryPage, CategoryPageQuery } from '../../workers/data-api'
import { generateLightProducts } from './worker-fixtures'

const services: DataService[] = []
afterEach(async () => {
  while (services.length) await services.pop()!.close()
})

describe('category page through the worker (measured)', () => {
  it.each([2000, 10000])('at %i light products', async (count) => {
    const storage = getRxStorageMemory()
    const name = `polder-bench-${count}-${Date.now()}`
    const seedDb = await openDatabase({ storeCode: 'en', storage, name })
    const insertStarted = performance.now()
    await seedDb.products.bulkInsert(generateLightProducts(count))
    const insertMs = performance.now() - insertStarted
    await seedDb.categories.bulkInsert(
      [
        { id: 2, path: '1/2' },
        { id: 10, path: '1/2/10' },
        { id: 11, path: '1/2/10/11' },
      ].map((c) => {
        const { _deleted: _d, ...doc } = toCategoryDoc({ ...c, parent_id: 1, name: `c${c.id}`, slug: `c${c.id}`, level: 2, position: 0, updated_at: 't' })
        return doc
      }),
    )
    await seedDb.close()

    const service = new DataService({ fetch: async () => new Response(null, { status: 503 }), storage, databaseName: name, replicate: false, initialOnline: false })
    services.push(service)
    const initStarted = performance.now()
    await service.init({ storeCode: 'en', apiBaseUrl: 'http://x', replicationMode: 'shopper' })
    const initMs = performance.now() - initStarted

    const timings: number[] = []
    const queries: CategoryPageQuery[] = [
      { categoryId: 2, filters: {}, sort: 'position' as const, size: 18 },
      { categoryId: 2, filters: { color: ['50', '51'], price: ['50-100'] }, sort: 'price_desc' as const, size: 36 },
      { categoryId: 10, filters: { size: ['167'] }, sort: 'most_popular' as const, size: 72 },
      { categoryId: 2, filters: { price: ['150-'] }, sort: 'price_asc' as const, size: 18 },
    ]
    for (const [index, query] of queries.entries()) {
      let page: CategoryPage | undefined
      const started = performance.now()
      const unsubscribe = await service.subscribeCategoryPage(query, (p) => {
        page = p
      })
      timings.push(performance.now() - started)
      expect(page?.total, `query ${index}`).toBeGreaterThan(0)
      await unsubscribe()
    }
    console.log(
      `${count} products: bulkInsert ${insertMs.toFixed(0)} ms; init incl. mirror load ${initMs.toFixed(0)} ms; ` +
        `subscribeCategoryPage first emission ${timings.map((t) => t.toFixed(1)).join(' / ')} ms`,
    )
  }, 120_000)
})
