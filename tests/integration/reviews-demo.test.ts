/**
 * The demo shop's reviews as imported (server/seed/reviews, the importer's `reviews` list): shown at
 * once through the catalogue's review entity in the store view's language, and an import run twice
 * adds none twice.
 */
import { describe, expect, it } from 'vitest'
import type { SearchResponse } from '../../domain/api/catalog.schema'
import type { Review } from '../../domain/review.schema'
import { STORE_CODES, STORE_VIEWS } from '../../domain/store-views'
import { demoReviews } from '../../server/seed/reviews/demo-reviews'
import { FR_REVIEW_WORDS } from '../../server/seed/reviews/review-words-fr'
import { importShop } from '../../server/services/catalog-import'
import { buildFixtureShop } from './fixtures'
import { json, startTestServer, useTestServer } from './helpers'

/** the fixture shop's tee (tests/integration/fixtures.ts), with 4 reviews in every store view */
const TEE = { id: 100, sku: 'TEE' }
const REVIEWED = [{ product: TEE, count: 4 }]

function withReviews() {
  const shop = buildFixtureShop()
  for (const code of STORE_CODES) shop.catalog[code].reviews = demoReviews(REVIEWED, code, 11)
  return shop
}

const server = useTestServer(async () => {
  const s = await startTestServer({ seed: false })
  await importShop(s.storage, withReviews(), new Date('2026-06-15T12:00:00Z'))
  return s
})

async function shown(index: string): Promise<Review[]> {
  const payload = { _appliedFilters: [{ attribute: 'product_id', value: { eq: TEE.id }, scope: 'default' }] }
  const res = await server.app.inject({ method: 'POST', url: `/api/catalog/${index}/review/_search?size=50`, payload })
  expect(res.statusCode, res.body).toBe(200)
  return json<SearchResponse>(res).hits.hits.map((h) => h._source as unknown as Review)
}

describe('the demo shop’s reviews', () => {
  it('are shown at once in each store view, in its language, newest first, and not twice after a second import', async () => {
    for (const code of STORE_CODES) {
      const reviews = await shown(STORE_VIEWS[code].index)
      const expected = demoReviews(REVIEWED, code, 11).toSorted((a, b) => b.created_at.localeCompare(a.created_at))
      expect(
        reviews.map((r) => [r.title, r.nickname, r.rating, r.review_status, r.store_id]),
        code,
      ).toEqual(expected.map((r) => [r.title, r.nickname, r.rating, 1, STORE_VIEWS[code].storeId]))
    }
    expect(FR_REVIEW_WORDS.nicknames).toContain((await shown(STORE_VIEWS.fr.index))[0]!.nickname)

    await importShop(server.storage, withReviews(), new Date('2026-06-16T12:00:00Z'))
    expect(await shown(STORE_VIEWS.en.index)).toHaveLength(4)
  })
})
