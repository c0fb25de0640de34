/**
 * What the server does before it opens (server/main.ts), on real storage: its look at the catalogue
 * (`products.hasLive`; the demo shop is seeded only into an empty one; it must stop at the first
 * live product, never count them all, as the first shoppers' requests wait behind it), and the
 * catalogue warm-up that takes the first, cold searches off the shoppers.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { STORE_CODES } from '../../domain/store-views'
import { importShop } from '../../server/services/catalog-import'
import { buildFixtureShop } from './fixtures'
import { warmUpCatalogue } from '../../server/warm-up'
import { startTestServer, useTestServer, type TestServer } from './helpers'

let server: TestServer | undefined
afterAll(async () => server?.close())

describe('products.hasLive', () => {
  it('is false for an empty catalogue, true once products are in, false again when every one is a tombstone', async () => {
    server = await startTestServer({ seed: false })
    expect(await server.storage.products.hasLive()).toBe(false)
    await importShop(server.storage, buildFixtureShop(), new Date('2026-06-15T12:00:00Z'))
    expect(await server.storage.products.hasLive()).toBe(true)
    for (const code of STORE_CODES) await server.storage.products.tombstoneAllExcept(code, [], '2026-06-16T12:00:00Z')
    expect(await server.storage.products.hasLive()).toBe(false)
  })
})

describe('warmUpCatalogue', () => {
  // the first three share a shop: a warm-up again finds the rows kept and counts them all the same
  const shop = useTestServer()

  it("answers every store view's whole-catalogue search, reads pages by id, keeps the categories' facet rows and asks a few listings, none failing", async () => {
    const warm = await warmUpCatalogue(shop.app, shop.storage)
    expect(warm.failed).toBe(0)
    expect(warm.pageReads).toBeGreaterThan(0)
    // every listed category of every store view is small enough to keep
    const listed = await Promise.all(STORE_CODES.map((code) => shop.storage.categories.listed(code, 100)))
    expect(warm.categoryRows).toBe(listed.flat().length)
    expect(warm.categoryRows).toBeGreaterThan(0)
    expect(warm.listings).toBeGreaterThan(0)
  })

  it('opens all the same when the storage fails under it: what was done, and the failure counted', async () => {
    const failing = { ...shop.storage, categories: { ...shop.storage.categories, listed: () => Promise.reject(new Error('the database went away')) } }
    const warm = await warmUpCatalogue(shop.app, failing)
    expect(warm.failed).toBe(1)
    expect(warm.pageReads).toBeGreaterThan(0)
    expect(warm.categoryRows).toBe(0)
    expect(warm.listings).toBe(0)
  })

  it('lists the categories below the root, the top level first, and the limit keeps the first ones', async () => {
    const listed = await shop.storage.categories.listed('en', 100)
    expect(listed.length).toBeGreaterThan(1)
    expect(listed.every((c) => c.level >= 2)).toBe(true)
    expect(listed.map((c) => c.level)).toEqual([...listed.map((c) => c.level)].sort((x, y) => x - y))
    expect(await shop.storage.categories.listed('en', 1)).toEqual(listed.slice(0, 1))
  })

  it("answers a warmed category's first filtered listing from its kept rows, where a cold server reads them first", async () => {
    const rowReads = async (warm: boolean): Promise<{ reads: number; total: number }> => {
      const shop = await startTestServer()
      try {
        if (warm) await warmUpCatalogue(shop.app, shop.storage)
        const [category] = await shop.storage.categories.listed('en', 1)
        const read = shop.storage.catalogSearch.categoryRows
        let reads = 0
        shop.storage.catalogSearch.categoryRows = (...args) => {
          reads++
          return read(...args)
        }
        const response = await shop.app.inject({
          method: 'POST',
          url: '/api/catalog/polder_en/product/_search?size=4',
          payload: {
            _appliedFilters: [
              { attribute: 'category_ids', value: { in: [category!.id] }, scope: 'default' },
              { attribute: 'visibility', value: { in: [2, 3, 4] }, scope: 'default' },
              { attribute: 'price', value: { gte: 0 }, scope: 'catalog' },
            ],
            _availableFilters: [{ field: 'price', scope: 'catalog' }],
            _appliedSort: [{ field: 'final_price', options: 'asc' }],
          },
        })
        expect(response.statusCode).toBe(200)
        // let a read begun beside the answer finish before the shop closes
        await new Promise((resolve) => setTimeout(resolve, 50))
        return { reads, total: (response.json() as { hits: { total: { value: number } } }).hits.total.value }
      } finally {
        await shop.close()
      }
    }
    const cold = await rowReads(false)
    const warm = await rowReads(true)
    expect(cold.reads).toBe(1)
    expect(warm.reads).toBe(0)
    expect(warm.total).toBe(cold.total)
    expect(warm.total).toBeGreaterThan(0)
  })
})
