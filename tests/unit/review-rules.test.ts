/** Review rules (average and count of approved reviews, one review per author and product, 1–5 stars) and the create body's parsing. */
import { describe, expect, it } from 'vitest'
import { ReviewCreateBodySchema, ReviewModerationSchema } from '../../domain/api/review.schema'
import { hasReviewed, isValidRating, ratingPercent, ratingSummary, statusCode } from '../../domain/review-rules'

describe('ratingSummary', () => {
  it('counts and averages approved reviews only', () => {
    const summary = ratingSummary([
      { status: 'approved', rating: 5 },
      { status: 'approved', rating: 4 },
      { status: 'pending', rating: 1 },
      { status: 'rejected', rating: 1 },
    ])
    expect(summary).toEqual({ count: 2, ratingCount: 2, average: 4.5 })
  })

  it('reads catalogue documents by their status code, and rounds to one decimal', () => {
    const summary = ratingSummary([
      { review_status: 1, rating: 5 },
      { review_status: 1, rating: 4 },
      { review_status: 1, rating: 4 },
      { review_status: 2, rating: 1 },
    ])
    expect(summary).toEqual({ count: 3, ratingCount: 3, average: 4.3 })
  })

  it('counts an approved review without stars but leaves it out of the average', () => {
    expect(
      ratingSummary([
        { status: 'approved', rating: null },
        { status: 'approved', rating: 3 },
      ]),
    ).toEqual({ count: 2, ratingCount: 1, average: 3 })
  })

  it('has no average without approved stars', () => {
    expect(ratingSummary([{ status: 'pending', rating: 5 }])).toEqual({ count: 0, ratingCount: 0, average: null })
    expect(ratingSummary([])).toEqual({ count: 0, ratingCount: 0, average: null })
  })
})

describe('hasReviewed', () => {
  const existing = [
    { product_id: 10, customer_id: 7, email_key: 'ann@example.com' },
    { product_id: 11, customer_id: null, email_key: 'guest@example.com' },
  ]

  it('finds a customer’s own review of the product', () => {
    expect(hasReviewed(existing, 10, { customerId: 7, emailKey: null })).toBe(true)
    expect(hasReviewed(existing, 11, { customerId: 7, emailKey: null })).toBe(false)
  })

  it('finds a guest’s review by address, also for the customer whose address it is', () => {
    expect(hasReviewed(existing, 11, { customerId: null, emailKey: 'guest@example.com' })).toBe(true)
    expect(hasReviewed(existing, 11, { customerId: 9, emailKey: 'guest@example.com' })).toBe(true)
    expect(hasReviewed(existing, 11, { customerId: null, emailKey: 'other@example.com' })).toBe(false)
  })
})

describe('ratings', () => {
  it('accepts whole stars from 1 to 5 only', () => {
    expect([1, 2, 3, 4, 5].every(isValidRating)).toBe(true)
    expect([0, 6, 2.5, '3', null, Number.NaN].some(isValidRating)).toBe(false)
  })

  it('gives Magento’s percent and status codes', () => {
    expect(ratingPercent(1)).toBe(20)
    expect(ratingPercent(5)).toBe(100)
    expect([statusCode('approved'), statusCode('pending'), statusCode('rejected')]).toEqual([1, 2, 3])
  })
})

describe('ReviewCreateBodySchema', () => {
  const body = (review: Record<string, unknown>) =>
    ReviewCreateBodySchema.safeParse({ review: { product_id: 12, title: 'Good', detail: 'Fits well', nickname: 'Ann', ...review } })

  it('parses a VSF1 body (no stars, no address; status and customer id are read and left)', () => {
    const parsed = body({ review_entity: 'product', review_status: 1, customer_id: 99 })
    expect(parsed.success).toBe(true)
    expect(parsed.data?.review).toMatchObject({ product_id: 12, review_entity: 'product' })
  })

  it('takes markup out of the words', () => {
    const parsed = body({ title: '<b>Great</b> <script>alert(1)</script>bike', detail: 'a < b', nickname: '<i>Bo</i>' })
    expect(parsed.data?.review).toMatchObject({ title: 'Great bike', detail: 'a b', nickname: 'Bo' })
  })

  it('refuses stars outside 1–5, empty words, an address that is not one', () => {
    expect(body({ rating: 0 }).success).toBe(false)
    expect(body({ rating: 6 }).success).toBe(false)
    expect(body({ rating: 4.5 }).success).toBe(false)
    expect(body({ rating: 5 }).success).toBe(true)
    expect(body({ title: '<b></b>' }).success).toBe(false)
    expect(body({ detail: '' }).success).toBe(false)
    expect(body({ email: 'not an address' }).success).toBe(false)
    expect(body({ email: 'guest@example.com' }).success).toBe(true)
  })

  it('moderation names a review and its new status only', () => {
    expect(ReviewModerationSchema.safeParse({ id: 3, status: 'approved' }).success).toBe(true)
    expect(ReviewModerationSchema.safeParse({ id: 3, status: 'deleted' }).success).toBe(false)
    expect(ReviewModerationSchema.safeParse({ id: 3, status: 'approved', title: 'x' }).success).toBe(false)
  })
})
