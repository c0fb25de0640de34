/**
 * Product reviews (spec §7 "POST /api/review/create"; contract §2.5): a review starts pending and
 * is shown (the catalogue's `review` entity) only once a moderator approved it (the import
 * endpoint's `reviews` kind). One review per author and product: a customer is known by the
 * request's token, a guest by the address they give, and a guest confirms their review from a
 * single-use link mailed to that address (through the mailer, so the local outbox in development)
 * before it can be shown. Words arrive as plain text (the request schema takes markup out).
 *
 * What may fail: an unknown product → NotFoundError; a guest without an address →
 * InvalidRequestError; a second review of the product → ConflictError; the confirmation mail not
 * handed over → AccountMailError (503; the review is not kept, so the guest may send it again); a
 * used, unknown or expired link → InvalidRequestError.
 */
import { REVIEW_MESSAGES, type ReviewCreateResult, type ReviewInput } from '../../domain/api/review.schema'
import { emailKey } from '../../domain/account-rules'
import { hasReviewed, ratingPercent, type ReviewAuthor } from '../../domain/review-rules'
import { STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import type { Mailer } from '../mail/mailer'
import { reviewConfirmMailContent, reviewConfirmUrl } from '../mail/review-mail'
import type { Storage } from '../storage'
import type { ReviewRow } from '../storage/review-repository'
import { hashToken, newOpaqueToken } from './auth-tokens'
import { ConflictError, InvalidRequestError, NotFoundError } from './errors'
import { AccountMailError, type UserMailDeps } from './user-service'

/** A guest's confirmation link works once, within this many days. */
export const REVIEW_CONFIRM_DAYS = 7

/** Who writes: the customer of the request's token (null: a guest), where, and the origin of a mailed link. */
export interface ReviewWriter {
  customerId: number | null
  store: StoreCode
  origin: string
}

/** PostgreSQL's unique_violation: two requests of one author raced past the check. */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null
  return e?.code === '23505' || e?.cause?.code === '23505'
}

function resultOf(row: ReviewRow, confirmation: ReviewCreateResult['confirmation']): ReviewCreateResult {
  const doc = row.doc
  return {
    id: row.id,
    product_id: row.product_id,
    entity_pk_value: row.product_id,
    review_entity: 'product',
    title: doc.title,
    detail: doc.detail,
    nickname: doc.nickname,
    review_status: 2,
    customer_id: row.customer_id,
    rating: doc.rating,
    store_id: doc.store_id,
    created_at: doc.created_at,
    confirmation,
  }
}

export function createReviewService(storage: Storage, mail: UserMailDeps & { mailer: Mailer }, clock: () => Date = () => new Date()) {
  const now = () => clock().toISOString()

  /** The author of a review: the token's customer (with their address, which counts as theirs), else a guest by address. */
  async function authorOf(input: ReviewInput, customerId: number | null): Promise<{ author: ReviewAuthor; email: string | null }> {
    if (customerId !== null) {
      const customer = await storage.customers.findById(customerId)
      return { author: { customerId, emailKey: customer?.email_key ?? null }, email: null }
    }
    if (input.email === undefined) throw new InvalidRequestError(REVIEW_MESSAGES.emailNeeded)
    return { author: { customerId: null, emailKey: emailKey(input.email) }, email: input.email }
  }

  return {
    /** Stores the review, pending; a guest's goes with a confirmation mail. */
    async create(input: ReviewInput, writer: ReviewWriter): Promise<ReviewCreateResult> {
      const [product] = await storage.products.liveByIds(writer.store, [input.product_id])
      if (!product) throw new NotFoundError(REVIEW_MESSAGES.productNotFound)
      const { author, email } = await authorOf(input, writer.customerId)
      if (hasReviewed(await storage.reviews.findOfAuthor(input.product_id, author), input.product_id, author)) {
        throw new ConflictError(REVIEW_MESSAGES.alreadyReviewed)
      }
      const at = now()
      const rating = input.rating ?? null
      const token = author.customerId === null ? newOpaqueToken() : null
      let row: ReviewRow
      try {
        row = await storage.reviews.insert({
          storeCode: writer.store,
          customerId: author.customerId,
          email,
          emailKey: author.emailKey,
          confirmation:
            token === null ? null : { tokenHash: hashToken(token), expiresAt: new Date(clock().getTime() + REVIEW_CONFIRM_DAYS * 86_400_000).toISOString() },
          doc: {
            product_id: input.product_id,
            sku: typeof product.doc.sku === 'string' ? product.doc.sku : '',
            review_entity: 'product',
            title: input.title,
            detail: input.detail,
            nickname: input.nickname,
            review_status: 2,
            rating,
            ratings: rating === null ? [] : [{ rating_name: 'Rating', value: rating, percent: ratingPercent(rating) }],
            store_id: STORE_VIEWS[writer.store].storeId,
            created_at: at,
            updated_at: at,
          },
        })
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError(REVIEW_MESSAGES.alreadyReviewed)
        throw err
      }
      if (token === null || email === null) return resultOf(row, 'not-needed')
      const content = reviewConfirmMailContent({
        store: writer.store,
        email,
        product: typeof product.doc.name === 'string' ? product.doc.name : row.sku,
        link: reviewConfirmUrl(writer.origin, writer.store, token),
        days: REVIEW_CONFIRM_DAYS,
      })
      try {
        await mail.mailer.send({ to: email, ...content, key: `review-confirm-${row.id}` })
      } catch (err) {
        await storage.reviews.remove(row.id)
        mail.log.error({ err }, `the confirmation mail of review ${row.id} was not sent`)
        throw new AccountMailError(REVIEW_MESSAGES.mailNotSent)
      }
      return resultOf(row, 'mail-sent')
    },

    /** What a still valid link's page shows (the review's title and product); null otherwise. */
    async pendingOf(token: string): Promise<{ title: string; product: string } | null> {
      const row = await storage.reviews.findByToken(hashToken(token), now())
      if (!row) return null
      const [product] = await storage.products.liveByIds(row.store_code, [row.product_id])
      return { title: row.doc.title, product: typeof product?.doc.name === 'string' ? product.doc.name : row.sku }
    },

    /** Uses a guest's link up: the review is confirmed, shown once approved (at once if it already was). */
    async confirm(token: string): Promise<{ id: number }> {
      const row = await storage.reviews.confirm(hashToken(token), now())
      if (!row) throw new InvalidRequestError(REVIEW_MESSAGES.linkInvalid)
      // approved before its guest confirmed it: the catalogue's answers of the store view change now
      if (row.active) storage.changes.publish({ storeCode: row.store_code, collection: 'cms', rows: [], resync: true })
      return { id: row.id }
    },
  }
}
export type ReviewService = ReturnType<typeof createReviewService>
