/**
 * A product's reviews as the product page shows them (workers/content/product-reviews), and the
 * review a shopper writes there. Approved reviews only: the catalogue answers no other.
 */

/** One approved review; its words are plain text (the server takes markup out), shown as they are. */
export interface ReviewView {
  id: number
  title: string
  detail: string
  nickname: string
  /** 1–5, or null for a review written without stars */
  rating: number | null
  created_at: string
}

/**
 * - `loading`: nothing on this device yet, asked of the server;
 * - `ready`: the reviews as last fetched (this visit, or an earlier one when offline);
 * - `offline-unavailable`: offline, and this product's reviews were never fetched on this device;
 * - `server-trouble`: online, the server failed, and nothing is on this device.
 */
export type ProductReviewsState = 'loading' | 'ready' | 'offline-unavailable' | 'server-trouble'

export interface ProductReviewsView {
  state: ProductReviewsState
  /** newest first */
  reviews: ReviewView[]
  /** the approved reviews the shop has of the product (may be more than `reviews` holds) */
  count: number
  /** the mean of their stars to one decimal; null without any */
  average: number | null
}

/** A review as the shopper wrote it; `email` is a guest's (the customer's account speaks for them). */
export interface ReviewDraft {
  productId: number
  rating: number
  title: string
  detail: string
  nickname: string
  email?: string
}

export type ReviewField = 'rating' | 'title' | 'detail' | 'nickname' | 'email'

/**
 * Stored in the outbox and sent once (now when online, else when back online): `author` says who the
 * server will take as its writer (a guest confirms it by mail), `queuedOffline` that it waits for the network.
 * Refused: the fields that do not pass the review's rules, or `failed` (it could not be stored).
 */
export type ReviewWriteResult =
  { ok: true; author: 'customer' | 'guest'; queuedOffline: boolean } | { ok: false; error: 'invalid'; fields: ReviewField[] } | { ok: false; error: 'failed' }
