/** The demo shop's reviews (server/seed/reviews/demo-reviews): a share of the products, in each store view's language, mostly 4 and 5 stars, the same every run. */
import { describe, expect, it } from 'vitest'
import { ReviewFixtureSchema } from '../../domain/review.schema'
import { STORE_CODES } from '../../domain/store-views'
import { demoReviews, MAX_REVIEWS_PER_PRODUCT, reviewedProducts } from '../../server/seed/reviews/demo-reviews'
import { EN_REVIEW_WORDS } from '../../server/seed/reviews/review-words-en'
import { FR_REVIEW_WORDS } from '../../server/seed/reviews/review-words-fr'
import { NL_REVIEW_WORDS } from '../../server/seed/reviews/review-words-nl'

const products = Array.from({ length: 2000 }, (_, i) => ({ id: i + 1, sku: `PLD-${i + 1}` }))

describe('the demo shop’s reviews', () => {
  it('15–25 % of the products, 1 to 6 reviews each, the same products in every store view, the same every run', () => {
    const reviewed = reviewedProducts(products, 20260101)
    expect(reviewed.length / products.length).toBeGreaterThan(0.15)
    expect(reviewed.length / products.length).toBeLessThan(0.25)
    expect(reviewed.every((r) => r.count >= 1 && r.count <= MAX_REVIEWS_PER_PRODUCT)).toBe(true)
    expect(new Set(reviewed.map((r) => r.count)).size).toBe(MAX_REVIEWS_PER_PRODUCT)
    expect(reviewedProducts(products, 20260101)).toEqual(reviewed)
    expect(demoReviews(reviewed, 'fr', 20260101)).toEqual(demoReviews(reviewed, 'fr', 20260101))
    for (const code of STORE_CODES) {
      const reviews = demoReviews(reviewed, code, 20260101)
      expect(new Set(reviews.map((r) => r.product_id))).toEqual(new Set(reviewed.map((r) => r.product.id)))
      for (const review of reviews) expect(ReviewFixtureSchema.safeParse(review).success, JSON.stringify(review)).toBe(true)
    }
  })

  it('in the store view’s language, stars and words that agree, mostly 4 and 5 stars, no nickname twice on a product', () => {
    const reviewed = reviewedProducts(products, 7)
    const words = { en: EN_REVIEW_WORDS, nl: NL_REVIEW_WORDS, be: NL_REVIEW_WORDS, fr: FR_REVIEW_WORDS }
    for (const code of STORE_CODES) {
      const reviews = demoReviews(reviewed, code, 7)
      for (const r of reviews) {
        expect(words[code].titles[r.rating! - 1]).toContain(r.title)
        expect(words[code].texts[r.rating! - 1]).toContain(r.detail)
        expect(words[code].nicknames).toContain(r.nickname)
      }
      const high = reviews.filter((r) => r.rating! >= 4).length / reviews.length
      expect(high, code).toBeGreaterThan(0.7)
      expect(new Set(reviews.map((r) => r.rating)).size, code).toBe(5)
      const byProduct = new Map<number, string[]>()
      for (const r of reviews) byProduct.set(r.product_id, [...(byProduct.get(r.product_id) ?? []), r.nickname])
      for (const names of byProduct.values()) expect(new Set(names).size).toBe(names.length)
    }
  })
})
