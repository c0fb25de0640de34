/**
 * A product page's reviews in its JSON-LD (schema.org Product `aggregateRating` and `review`), from
 * the reviews the catalogue shows (approved, and a guest's confirmed): what a crawler reads must be
 * what the page shows. No shown review, no rating: an empty AggregateRating is an error to crawlers.
 */
import type { Review } from '../../domain/review.schema'
import { ratingSummary } from '../../domain/review-rules'
import { REVIEW_RATING_MAX, REVIEW_RATING_MIN } from '../../domain/review-limits'

/** The newest reviews the head names (the page shows the rest). */
export const HEAD_REVIEWS = 5

const rating = (value: number) => ({ '@type': 'Rating', ratingValue: value, bestRating: REVIEW_RATING_MAX, worstRating: REVIEW_RATING_MIN })

/** `shown`: the product's shown reviews, newest first. The Product's fields for them, or none. */
export function reviewsJsonLd(shown: readonly Review[]): Record<string, unknown> {
  if (shown.length === 0) return {}
  const summary = ratingSummary(shown.map((r) => ({ status: 'approved' as const, rating: r.rating })))
  return {
    // the average is of the reviews with stars; without any, the reviews stand alone
    ...(summary.average !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: summary.average,
            reviewCount: summary.count,
            ratingCount: summary.ratingCount,
            bestRating: REVIEW_RATING_MAX,
            worstRating: REVIEW_RATING_MIN,
          },
        }
      : {}),
    review: shown.slice(0, HEAD_REVIEWS).map((r) => ({
      '@type': 'Review',
      name: r.title,
      reviewBody: r.detail,
      author: { '@type': 'Person', name: r.nickname },
      datePublished: r.created_at.slice(0, 10),
      ...(r.rating !== null ? { reviewRating: rating(r.rating) } : {}),
    })),
  }
}
