/**
 * The rules of product reviews, shared by the server and the product page: what counts towards a
 * product's average and count, who may write another review of a product, and the stars a rating
 * may have. Pure: no I/O.
 */
import { REVIEW_RATING_MAX, REVIEW_RATING_MIN, REVIEW_STATUS_CODES, type ReviewStatus } from './review.schema'

export function isValidRating(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= REVIEW_RATING_MIN && value <= REVIEW_RATING_MAX
}

/** A rating as a share of the top one (Magento's `percent`): 1 star of 5 is 20. */
export function ratingPercent(rating: number): number {
  return Math.round((rating / REVIEW_RATING_MAX) * 100)
}

export function statusCode(status: ReviewStatus): 1 | 2 | 3 {
  return REVIEW_STATUS_CODES[status]
}

/** A review as the summary needs it: the status as a word (stored rows) or Magento's code (catalogue documents). */
export interface RatedReview {
  status?: ReviewStatus
  review_status?: number
  rating: number | null
}

function isApproved(review: RatedReview): boolean {
  return review.status !== undefined ? review.status === 'approved' : review.review_status === REVIEW_STATUS_CODES.approved
}

export interface RatingSummary {
  /** approved reviews, with or without stars */
  count: number
  /** approved reviews with stars: what the average is of (schema.org ratingCount) */
  ratingCount: number
  /** the mean of those stars to one decimal; null when none has stars */
  average: number | null
}

/**
 * The product's average and count over its approved reviews only: pending and rejected ones are
 * not shown, so they must not move the figures shoppers see next to the shown ones.
 */
export function ratingSummary(reviews: readonly RatedReview[]): RatingSummary {
  const approved = reviews.filter(isApproved)
  const stars = approved.map((r) => r.rating).filter(isValidRating)
  const average = stars.length === 0 ? null : Math.round((stars.reduce((a, b) => a + b, 0) / stars.length) * 10) / 10
  return { count: approved.length, ratingCount: stars.length, average }
}

/** Who writes a review: a signed-in customer, or a guest known by their address's key (account-rules emailKey). */
export type ReviewAuthor = { customerId: number; emailKey: string | null } | { customerId: null; emailKey: string }

/** A stored review as the one-per-author rule reads it (a removed one no longer counts). */
export interface AuthoredReview {
  product_id: number
  customer_id: number | null
  email_key: string | null
}

/**
 * Whether the author already has a review of the product (pending, approved or rejected alike: a
 * rejected review is not rewritten by writing another). A customer's own address counts as theirs,
 * so a review written as a guest with it is theirs too.
 */
export function hasReviewed(existing: readonly AuthoredReview[], productId: number, author: ReviewAuthor): boolean {
  return existing.some(
    (r) =>
      r.product_id === productId &&
      ((author.customerId !== null && r.customer_id === author.customerId) || (author.emailKey !== null && r.email_key === author.emailKey)),
  )
}
