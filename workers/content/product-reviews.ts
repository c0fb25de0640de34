/**
 * A product's reviews on this device, and the reviews shoppers write (part of the content module,
 * which owns the `cms` collection they are kept in: the free RxDB build has no room for a collection
 * of their own).
 *
 * Reviews are not in the replication feed: a product page asks the server for the product's approved
 * reviews when it is shown online and keeps the answer as one `product_reviews` document per product,
 * so the reviews of a visited product read offline later. The newest REVIEWS_KEPT products' reviews
 * stay; older ones go.
 *
 * A review the shopper writes is a sync task (the outbox's task job): stored first, sent once, now
 * when online or when the device is back online. The server decides who wrote it from the token the
 * task carries, so a customer's task is sent with `{{token}}`, a guest's without.
 */
import type { RxCollection } from 'rxdb'
import { ReviewInputSchema, type ReviewInput } from '../../domain/api/review.schema'
import { type Review } from '../../domain/review.schema'
import { ratingSummary } from '../../domain/review-rules'
import { failureReason } from '../../replication/api-errors'
import type { ApiClient } from '../../replication/api-client'
import type { NewSyncTask } from '../../replication/sync-task'
import type { ProductReviewsState, ProductReviewsView, ReviewDraft, ReviewField, ReviewView, ReviewWriteResult } from '../contract/reviews'
import type { Unsubscribe } from '../contract/views'
import { distinct, safe } from '../worker-session'
import { CONTENT_KINDS, type ContentDoc } from './content-record'
import { storeFetched } from './content-store'

/** The newest approved reviews asked for per product (the page shows them a few at a time). */
export const REVIEWS_FETCHED = 50
/** The products whose reviews this device keeps, the most recently fetched. */
export const REVIEWS_KEPT = 100

const KIND = CONTENT_KINDS.productReviews

export const productReviewsId = (productId: number) => `${KIND}-${productId}`

/** The server's answer as the stored document, stamped with when it was fetched. */
export function toReviewsRecord(productId: number, answer: { total: number; reviews: Review[] }, at: string): ContentDoc {
  const reviews: ReviewView[] = answer.reviews.map(({ id, title, detail, nickname, rating, created_at }) => ({
    id,
    title,
    detail,
    nickname,
    rating,
    created_at,
  }))
  return {
    id: productReviewsId(productId),
    kind: KIND,
    entity_id: productId,
    identifier: '',
    title: '',
    updated_at: at,
    has_content: true,
    body: { total: answer.total, reviews },
  }
}

/** The stored document as the page shows it: newest first, the count the server said, the average of the stars kept. */
export function reviewsViewOf(doc: ContentDoc): ProductReviewsView {
  const reviews = (Array.isArray(doc.body.reviews) ? (doc.body.reviews as ReviewView[]) : []).toSorted(
    (a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id,
  )
  const summary = ratingSummary(reviews.map((r) => ({ status: 'approved' as const, rating: r.rating })))
  const total = typeof doc.body.total === 'number' ? doc.body.total : reviews.length
  return { state: 'ready', reviews, count: Math.max(total, reviews.length), average: summary.average }
}

const emptyView = (state: ProductReviewsState): ProductReviewsView => ({ state, reviews: [], count: 0, average: null })

/** The draft as the create call's review, or the fields the review's rules refuse. */
export function reviewInputOf(draft: ReviewDraft, asCustomer: boolean): { input: ReviewInput } | { fields: ReviewField[] } {
  const parsed = ReviewInputSchema.safeParse({
    product_id: draft.productId,
    title: draft.title,
    detail: draft.detail,
    nickname: draft.nickname,
    rating: draft.rating,
    // a customer's review is theirs by the token; an address would be a guest's
    ...(asCustomer ? {} : { email: draft.email ?? '' }),
  })
  if (parsed.success) return { input: parsed.data }
  const fields = new Set<ReviewField>()
  for (const issue of parsed.error.issues) {
    const field = issue.path[0]
    if (field === 'rating' || field === 'title' || field === 'detail' || field === 'nickname' || field === 'email') fields.add(field)
  }
  return { fields: fields.size > 0 ? [...fields] : ['rating'] }
}

export interface ProductReviewsDeps {
  collection: () => RxCollection<ContentDoc>
  api: () => ApiClient
  /** the store view's catalogue index */
  index: () => string
  isOnline: () => boolean
  /** a customer is logged in: the review is sent with their token */
  asCustomer: () => boolean
  enqueueTask: (task: NewSyncTask) => Promise<void>
  now: () => number
}

export class ProductReviews {
  constructor(private readonly deps: ProductReviewsDeps) {}

  /** The product's reviews: the stored ones at once, fetched again once per subscription when online. Never throws. */
  subscribe(productId: number, cb: (view: ProductReviewsView) => void): Unsubscribe {
    const emit = distinct(safe(cb))
    let closed = false
    let stored: ContentDoc | null = null
    let fetched = false
    const fetch = async () => {
      fetched = true
      if (!this.deps.isOnline()) {
        if (!stored) emit(emptyView('offline-unavailable'))
        return
      }
      if (!stored) emit(emptyView('loading'))
      try {
        const answer = await this.deps.api().productReviews(this.deps.index(), productId, REVIEWS_FETCHED)
        // the stored document re-emits through the query below
        await storeFetched(this.deps.collection(), { ...toReviewsRecord(productId, answer, new Date(this.deps.now()).toISOString()), _deleted: false })
        await this.evictOld()
      } catch (error) {
        if (closed) return
        if (!stored) emit(emptyView(failureReason(error, this.deps.isOnline()) === 'offline' ? 'offline-unavailable' : 'server-trouble'))
        else console.warn('[reviews] the reviews were not refreshed', error)
      }
    }
    const subscription = this.deps
      .collection()
      .findOne(productReviewsId(productId))
      .$.subscribe((found) => {
        if (closed) return
        stored = found ? (found.toJSON() as ContentDoc) : null
        if (stored) emit(reviewsViewOf(stored))
        if (!fetched) void fetch()
      })
    return async () => {
      closed = true
      subscription.unsubscribe()
    }
  }

  /** The review goes into the outbox; refused here when it would be refused by the server's rules. */
  async write(draft: ReviewDraft): Promise<ReviewWriteResult> {
    const asCustomer = this.deps.asCustomer()
    const checked = reviewInputOf(draft, asCustomer)
    if ('fields' in checked) return { ok: false, error: 'invalid', fields: checked.fields }
    try {
      await this.deps.enqueueTask({ ...this.deps.api().reviewTask(checked.input, asCustomer), silent: true })
    } catch (error) {
      console.warn('[reviews] the review was not stored', error)
      return { ok: false, error: 'failed' }
    }
    return { ok: true, author: asCustomer ? 'customer' : 'guest', queuedOffline: !this.deps.isOnline() }
  }

  /** Keeps the reviews of the REVIEWS_KEPT products fetched last. */
  private async evictOld(): Promise<void> {
    const docs = await this.deps
      .collection()
      .find({ selector: { kind: KIND } })
      .exec()
    if (docs.length <= REVIEWS_KEPT) return
    const oldest = docs.toSorted((a, b) => a.updated_at.localeCompare(b.updated_at)).slice(0, docs.length - REVIEWS_KEPT)
    await this.deps.collection().bulkRemove(oldest.map((d) => d.id))
  }
}
