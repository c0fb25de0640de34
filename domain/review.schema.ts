/**
 * A product review (spec §3 "Review: a review object"; contract §3.6: `id, product_id, title,
 * detail, nickname, review_status, ratings…`), as the catalogue's `review` entity answers it.
 *
 * A review is written by a shopper (POST /api/review/create) and starts pending; a moderator
 * approves or rejects it (the import endpoint's `reviews` kind). The stored document holds only
 * what anyone may read: never the author's customer id or e-mail address, which live in columns of
 * their own. Its words are plain text (markup is taken out when the request is parsed), so a page
 * may print them as they are.
 *
 * review_status keeps Magento's codes, as VSF1 clients filter on them (`review_status eq 1`).
 */
import { z } from 'zod'
import { plainTextSchema } from './plain-text'
import { REVIEW_LIMITS, REVIEW_RATING_MAX, REVIEW_RATING_MIN } from './review-limits'

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const
export type ReviewStatus = (typeof REVIEW_STATUSES)[number]

/** Magento's review status codes: 1 approved, 2 pending, 3 not approved. */
export const REVIEW_STATUS_CODES = { approved: 1, pending: 2, rejected: 3 } as const satisfies Record<ReviewStatus, number>

export { REVIEW_LIMITS, REVIEW_RATING_MAX, REVIEW_RATING_MIN } from './review-limits'

export const ReviewRatingSchema = z.number().int().min(REVIEW_RATING_MIN).max(REVIEW_RATING_MAX)

/** The words a shopper writes: plain text after markup is taken out, never empty. */
export const reviewWords = {
  title: plainTextSchema(1, REVIEW_LIMITS.title),
  detail: plainTextSchema(1, REVIEW_LIMITS.detail),
  nickname: plainTextSchema(1, REVIEW_LIMITS.nickname),
}

/** One rating of a review as Magento's review API lists them (one "Rating" here, 1–5 stars). */
export const ReviewRatingVoteSchema = z.object({
  rating_name: z.string(),
  value: ReviewRatingSchema,
  /** the value as a share of the top rating: 1 star = 20 */
  percent: z.number().int().min(0).max(100),
})

export const ReviewSchema = z.object({
  id: z.number().int().positive(),
  product_id: z.number().int().positive(),
  sku: z.string(),
  review_entity: z.literal('product'),
  title: z.string(),
  detail: z.string(),
  nickname: z.string(),
  review_status: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  /** 1–5, or null for a review written without stars (a VSF1 client sends none) */
  rating: ReviewRatingSchema.nullable(),
  ratings: z.array(ReviewRatingVoteSchema),
  store_id: z.number().int().nonnegative(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type Review = z.infer<typeof ReviewSchema>

/**
 * An approved review in a shop's fixture file (the demo shop's, a developer's own): imported as shown
 * at once, written by no account (no customer, no address: a seeded shopper).
 */
export const ReviewFixtureSchema = z
  .object({
    product_id: z.number().int().positive(),
    sku: z.string().min(1),
    title: reviewWords.title,
    detail: reviewWords.detail,
    nickname: reviewWords.nickname,
    rating: ReviewRatingSchema.nullable(),
    created_at: z.iso.datetime(),
  })
  .strict()
export type ReviewFixture = z.infer<typeof ReviewFixtureSchema>
