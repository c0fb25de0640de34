/** The data worker's side of a product's reviews (workers/content/product-reviews): the stored view and the review a shopper writes. */
import { describe, expect, it } from 'vitest'
import type { ApiClient } from '../../replication/api-client'
import type { NewSyncTask } from '../../replication/sync-task'
import { ProductReviews, reviewInputOf, reviewsViewOf, toReviewsRecord } from '../../workers/content/product-reviews'
import type { Review } from '../../domain/review.schema'

const review = (id: number, rating: number | null, created_at: string): Review => ({
  id,
  product_id: 7,
  sku: 'PLD-7',
  review_entity: 'product',
  title: `Title ${id}`,
  detail: `Detail ${id}`,
  nickname: `Nick ${id}`,
  review_status: 1,
  rating,
  ratings: [],
  store_id: 1,
  created_at,
  updated_at: created_at,
})

const draft = { productId: 7, rating: 4, title: 'Good', detail: 'Fits well.', nickname: 'Ann' }

function writer(online: boolean, asCustomer: boolean) {
  const tasks: NewSyncTask[] = []
  const api = {
    reviewTask: (input: unknown, customer: boolean) => ({
      url: `/api/review/create?${customer ? 'token={{token}}&' : ''}storeCode=en`,
      payload: { method: 'POST', headers: {}, body: JSON.stringify({ review: input }) },
    }),
  } as unknown as ApiClient
  const reviews = new ProductReviews({
    collection: () => {
      throw new Error('not read when writing')
    },
    api: () => api,
    index: () => 'polder_en',
    isOnline: () => online,
    asCustomer: () => asCustomer,
    enqueueTask: async (task) => {
      tasks.push(task)
    },
    now: () => 0,
  })
  return { reviews, tasks }
}

describe('a product’s reviews on the device', () => {
  it('shows them newest first, with the count the server gave and the average of their stars', () => {
    const doc = toReviewsRecord(
      7,
      { total: 9, reviews: [review(1, 5, '2026-01-01 10:00:00'), review(2, 2, '2026-03-01 10:00:00'), review(3, null, '2026-02-01 10:00:00')] },
      '2026-12-01T00:00:00.000Z',
    )
    expect(doc.id).toBe('product_reviews-7')
    const view = reviewsViewOf(doc)
    expect(view.reviews.map((r) => r.id)).toEqual([2, 3, 1])
    expect(view.count).toBe(9)
    expect(view.average).toBe(3.5)
    // only what a page shows is kept: no author, no status
    expect(Object.keys(view.reviews[0]!).sort()).toEqual(['created_at', 'detail', 'id', 'nickname', 'rating', 'title'])
  })
})

describe('writing a review', () => {
  it('a guest’s goes into the outbox without a token and with the address', async () => {
    const { reviews, tasks } = writer(true, false)
    expect(await reviews.write({ ...draft, email: 'ann@example.com' })).toEqual({ ok: true, author: 'guest', queuedOffline: false })
    expect(tasks).toHaveLength(1)
    expect(tasks[0]!.url).not.toContain('{{token}}')
    expect(JSON.parse(tasks[0]!.payload.body!)).toMatchObject({ review: { product_id: 7, rating: 4, email: 'ann@example.com', nickname: 'Ann' } })
  })

  it('a customer’s is sent with their token and no address; offline it says it waits', async () => {
    const { reviews, tasks } = writer(false, true)
    expect(await reviews.write({ ...draft, email: 'someone@example.com' })).toEqual({ ok: true, author: 'customer', queuedOffline: true })
    expect(tasks[0]!.url).toContain('token={{token}}')
    expect(JSON.parse(tasks[0]!.payload.body!).review).not.toHaveProperty('email')
  })

  it('refuses what the server would refuse, naming the fields, and queues nothing', async () => {
    const { reviews, tasks } = writer(true, false)
    const result = await reviews.write({ ...draft, rating: 6, title: '  ', email: 'not-an-address' })
    expect(result).toEqual({ ok: false, error: 'invalid', fields: expect.arrayContaining(['rating', 'title', 'email']) })
    expect(tasks).toHaveLength(0)
    expect(reviewInputOf({ ...draft, detail: '<b></b>' }, true)).toEqual({ fields: ['detail'] })
  })
})
