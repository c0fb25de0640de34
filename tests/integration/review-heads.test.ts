/**
 * A product page's JSON-LD carries its shown reviews (server/services/review-heads): aggregateRating
 * over the approved ones and the newest five as Review items; pending and rejected reviews, and
 * another store view's, are not in it; a product without shown reviews has neither field.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Review } from '../../domain/review.schema'
import type { ReviewStatus } from '../../domain/review.schema'
import { nodeOf, startTestServer, useTestServer } from './helpers'

const dist = mkdtempSync(join(tmpdir(), 'polder-review-heads-'))
writeFileSync(join(dist, 'index.html'), readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8'))
mkdirSync(join(dist, '.vite'))
writeFileSync(
  join(dist, '.vite/manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-1.js', dynamicImports: ['src/app.tsx'] },
    'src/app.tsx': { file: 'assets/app-12.js' },
    'src/routes/product/product-page.tsx': { file: 'assets/product-page-6.js' },
    'locales/nl/first-load.ts': { file: 'assets/nl-7.js' },
    'locales/en/first-load.ts': { file: 'assets/en-8.js' },
    'locales/fr/first-load.ts': { file: 'assets/fr-11.js' },
  }),
)

/** the fixture shop's tee (tests/integration/fixtures.ts) */
const TEE = { id: 100, sku: 'TEE' }

const server = useTestServer(() => startTestServer({ distDir: dist }))

let customer = 0
/** A customer's review of the tee in `store`, given `status` by moderation. */
async function reviewed(store: string, status: ReviewStatus, rating: number | null, day: number): Promise<void> {
  const at = `2026-05-${String(day).padStart(2, '0')} 10:00:00`
  const doc: Omit<Review, 'id'> = {
    product_id: TEE.id,
    sku: TEE.sku,
    review_entity: 'product',
    title: `${status} review of day ${day}`,
    detail: `Words of day ${day}`,
    nickname: `Shopper ${day}`,
    review_status: 2,
    rating,
    ratings: [],
    store_id: 1,
    created_at: at,
    updated_at: at,
  }
  const row = await server.storage.reviews.insert({ storeCode: store, customerId: ++customer, email: null, emailKey: null, confirmation: null, doc })
  if (status !== 'pending') await server.storage.reviews.setStatuses(store, [{ id: row.id, status }], at)
}

const productNode = async (path: string) => {
  const res = await server.app.inject({ method: 'GET', url: path, headers: { host: 'localhost' } })
  expect(res.statusCode).toBe(200)
  return nodeOf(res.body, 'Product')!
}

describe('a product page’s reviews in its JSON-LD', () => {
  it('no shown review: neither aggregateRating nor review', async () => {
    await reviewed('en', 'pending', 5, 1)
    const product = await productNode('/en/p/TEE/tee-100')
    expect(product.sku).toBe('TEE')
    expect(product).not.toHaveProperty('aggregateRating')
    expect(product).not.toHaveProperty('review')
  })

  it('the approved ones: their average and count, the newest five; pending, rejected and another store view’s left out', async () => {
    const approved: [number | null, number][] = [
      [5, 2],
      [4, 3],
      [4, 4],
      [null, 5],
      [3, 6],
      [5, 7],
    ]
    for (const [rating, day] of approved) await reviewed('en', 'approved', rating, day)
    await reviewed('en', 'rejected', 1, 20)
    await reviewed('nl', 'approved', 1, 21)

    const product = await productNode('/en/p/TEE/tee-100')
    // (5 + 4 + 4 + 3 + 5) / 5 stars = 4.2, over 6 approved reviews (one without stars)
    expect(product.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.2,
      reviewCount: 6,
      ratingCount: 5,
      bestRating: 5,
      worstRating: 1,
    })
    const items = product.review as Record<string, unknown>[]
    expect(items.map((r) => r.name)).toEqual([7, 6, 5, 4, 3].map((day) => `approved review of day ${day}`))
    expect(items[0]).toEqual({
      '@type': 'Review',
      name: 'approved review of day 7',
      reviewBody: 'Words of day 7',
      author: { '@type': 'Person', name: 'Shopper 7' },
      datePublished: '2026-05-07',
      reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
    })
    // a review without stars rates nothing
    expect(items[2]).not.toHaveProperty('reviewRating')

    // the Dutch store view shows its own review only
    const dutch = await productNode('/nl/p/TEE/tee-100')
    expect(dutch.aggregateRating).toMatchObject({ ratingValue: 1, reviewCount: 1 })
    expect((dutch.review as unknown[]).length).toBe(1)
  })
})
