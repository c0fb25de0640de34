/**
 * What the server does before it opens (server/main.ts), on real storage: its look at the catalogue
 * (`products.hasLive`; the demo shop is seeded only into an empty one), which replaced a count of
 * every product that took seconds at 100,000 products while the first shoppers' requests waited
 * behind it, and the catalogue warm-up that takes the first, cold searches off the shoppers
 * (issue 12).
 */
import { afterAll, describe, expect, it } from 'vitest'
import { STORE_CODES } from '../../domain/store-views'
import { importShop } from '../../server/services/catalog-import'
import { buildFixtureShop } from './fixtures'
import { warmUpCatalogue } from '../../server/warm-up'
import { startTestServer, type TestServer } from './helpers'

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
  it("makes every store view's whole-catalogue search through the app, each answered", async () => {
    const shop = await startTestServer()
    try {
      expect((await warmUpCatalogue(shop.app)).failed).toBe(0)
    } finally {
      await shop.close()
    }
  })
})
