/** A product's reviews and the review a shopper writes, through the data worker's content module (workers/content/product-reviews). */
import { getDataClient, ready } from './data-client'
import { useSubscription } from './use-subscription'
import type { ProductReviewsView, ReviewDraft, ReviewWriteResult } from './worker-types'

/** The product's approved reviews, newest first; `attempt` asks again. Undefined until the first answer. */
export function useProductReviews(productId: number, attempt = 0): ProductReviewsView | undefined {
  return useSubscription<ProductReviewsView>(`product-reviews:${productId}#${attempt}`, (cb) => getDataClient().subscribeProductReviews(productId, cb)).value
}

/** Stores the review in the outbox (sent once, now or when back online). */
export async function writeReview(draft: ReviewDraft): Promise<ReviewWriteResult> {
  await ready
  return getDataClient().writeReview(draft)
}
