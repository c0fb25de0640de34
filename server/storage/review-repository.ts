/**
 * Product reviews (migration 34): one row per review, its public document in `doc` (what the
 * catalogue's `review` entity answers) and the author, status and a guest's confirmation in
 * columns. Only the SHA-256 of a guest's confirmation token is stored; it is cleared once used, so a
 * link works once.
 *
 * What must stay true: `active` is true exactly when the review is approved and its author is a
 * customer or a guest who confirmed it, and `doc.review_status` follows `status`: every statement
 * that changes one of them sets the others in the same statement.
 */
import { sql } from 'drizzle-orm'
import { REVIEW_STATUS_CODES, type Review, type ReviewFixture, type ReviewStatus } from '../../domain/review.schema'
import { ratingPercent } from '../../domain/review-rules'
import type { Db } from './db'
import { sqlArray } from './sql-helpers'

export interface ReviewRow {
  id: number
  store_code: string
  product_id: number
  sku: string
  customer_id: number | null
  email: string | null
  email_key: string | null
  status: ReviewStatus
  confirmed_at: string | null
  created_at: string
  active: boolean
  doc: Review
}

export interface NewReview {
  storeCode: string
  customerId: number | null
  email: string | null
  emailKey: string | null
  /** a guest's confirmation: the token's hash and when it expires; null for a customer */
  confirmation: { tokenHash: string; expiresAt: string } | null
  /** the public document, without its id (the row's) */
  doc: Omit<Review, 'id'>
}

const COLUMNS = sql.raw('id, store_code, product_id, sku, customer_id, email, email_key, status, confirmed_at, created_at, active, doc')

const toRow = (r: ReviewRow): ReviewRow => ({
  ...r,
  id: Number(r.id),
  product_id: Number(r.product_id),
  customer_id: r.customer_id === null ? null : Number(r.customer_id),
})

export function createReviewRepository(db: Db) {
  return {
    /** Stores a new review (pending). The unique indexes refuse a second one of the same author and product. */
    async insert(review: NewReview): Promise<ReviewRow> {
      const [next] = await db.query<{ id: number }>(sql`SELECT nextval(pg_get_serial_sequence('reviews', 'id')) AS id`)
      const id = Number(next!.id)
      const doc: Review = { id, ...review.doc }
      const rows = await db.query<ReviewRow>(sql`
        INSERT INTO reviews (id, store_code, product_id, sku, customer_id, email, email_key, nickname, title, detail, rating, status,
          token_hash, token_expires_at, created_at, updated_at, active, doc)
        VALUES (${id}, ${review.storeCode}, ${doc.product_id}, ${doc.sku}, ${review.customerId}, ${review.email}, ${review.emailKey},
          ${doc.nickname}, ${doc.title}, ${doc.detail}, ${doc.rating}, 'pending', ${review.confirmation?.tokenHash ?? null},
          ${review.confirmation?.expiresAt ?? null}, ${doc.created_at}, ${doc.updated_at}, false, ${JSON.stringify(doc)}::jsonb)
        RETURNING ${COLUMNS}`)
      return toRow(rows[0]!)
    },

    /** The author's live reviews of the product: by their customer id, or by their address's key. */
    async findOfAuthor(productId: number, author: { customerId: number | null; emailKey: string | null }): Promise<ReviewRow[]> {
      const rows = await db.query<ReviewRow>(sql`
        SELECT ${COLUMNS} FROM reviews
        WHERE product_id = ${productId} AND NOT deleted
          AND ((${author.customerId}::int IS NOT NULL AND customer_id = ${author.customerId}::int)
            OR (${author.emailKey}::text IS NOT NULL AND email_key = ${author.emailKey}::text))`)
      return rows.map(toRow)
    },

    /** Removes a review outright (a guest's whose confirmation mail could not be sent: they may write it again). */
    async remove(id: number): Promise<void> {
      await db.query(sql`DELETE FROM reviews WHERE id = ${id}`)
    },

    /** The review a still valid confirmation link belongs to, without using the link; null otherwise. */
    async findByToken(tokenHash: string, now: string): Promise<ReviewRow | null> {
      const rows = await db.query<ReviewRow>(sql`
        SELECT ${COLUMNS} FROM reviews WHERE token_hash = ${tokenHash} AND token_expires_at > ${now} AND NOT deleted`)
      return rows[0] ? toRow(rows[0]) : null
    },

    /** Uses a guest's link up: the review is confirmed (shown once approved); null for an unknown, used or expired link. */
    async confirm(tokenHash: string, now: string): Promise<ReviewRow | null> {
      const rows = await db.query<ReviewRow>(sql`
        UPDATE reviews SET confirmed_at = ${now}, token_hash = NULL, token_expires_at = NULL, active = (status = 'approved'),
          updated_at = ${now}, doc = doc || jsonb_build_object('updated_at', ${now}::text)
        WHERE token_hash = ${tokenHash} AND token_expires_at > ${now} AND NOT deleted
        RETURNING ${COLUMNS}`)
      return rows[0] ? toRow(rows[0]) : null
    },

    /**
     * Sets the status of the store view's live reviews named; a review that already has its status
     * is left as it is. Answers the ids changed.
     */
    async setStatuses(storeCode: string, changes: readonly { id: number; status: ReviewStatus }[], now: string): Promise<number[]> {
      if (changes.length === 0) return []
      const ids = sqlArray(
        changes.map((c) => c.id),
        'int',
      )
      const statuses = sqlArray(
        changes.map((c) => c.status),
        'text',
      )
      const codes = sqlArray(
        changes.map((c) => REVIEW_STATUS_CODES[c.status]),
        'int',
      )
      const rows = await db.query<{ id: number }>(sql`
        WITH asked AS (SELECT unnest(${ids}) AS id, unnest(${statuses}) AS status, unnest(${codes}) AS code),
        chosen AS (
          SELECT r.id, asked.status, asked.code FROM reviews r JOIN asked ON asked.id = r.id
          WHERE r.store_code = ${storeCode} AND NOT r.deleted AND r.status <> asked.status
        )
        UPDATE reviews SET status = chosen.status,
          active = (chosen.status = 'approved' AND (reviews.customer_id IS NOT NULL OR reviews.confirmed_at IS NOT NULL)),
          updated_at = ${now},
          doc = reviews.doc || jsonb_build_object('review_status', chosen.code, 'updated_at', ${now}::text)
        FROM chosen WHERE reviews.id = chosen.id
        RETURNING reviews.id`)
      return rows.map((r) => Number(r.id))
    },

    /** The store view's live reviews among `ids` (a moderation naming another store view's review, or none, is refused). */
    async liveIds(storeCode: string, ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set()
      const rows = await db.query<{ id: number }>(sql`
        SELECT id FROM reviews WHERE store_code = ${storeCode} AND NOT deleted AND id = ANY(${sqlArray([...ids], 'int')})`)
      return new Set(rows.map((r) => Number(r.id)))
    },

    /** The store view's live reviews named become removed (never shown; the author may write another). Answers the ids removed. */
    async tombstoneIds(storeCode: string, ids: readonly number[], now: string): Promise<number[]> {
      if (ids.length === 0) return []
      const rows = await db.query<{ id: number }>(sql`
        UPDATE reviews SET deleted = true, active = false, token_hash = NULL, token_expires_at = NULL, updated_at = ${now}
        WHERE store_code = ${storeCode} AND NOT deleted AND id = ANY(${sqlArray([...ids], 'int')})
        RETURNING id`)
      return rows.map((r) => Number(r.id))
    },

    /** The customer's live reviews (by account, or written as a guest with their address), oldest first. */
    async listOfCustomer(customerId: number, emailKey: string): Promise<ReviewRow[]> {
      const rows = await db.query<ReviewRow>(sql`
        SELECT ${COLUMNS} FROM reviews WHERE (customer_id = ${customerId} OR email_key = ${emailKey}) AND NOT deleted ORDER BY created_at, id`)
      return rows.map(toRow)
    },

    /**
     * Removes every review of the customer (by account, or written as a guest with their address),
     * removed ones too: an erased customer's words and address leave the shop. Answers the store
     * views whose shown reviews changed.
     */
    async deleteOfCustomer(customerId: number, emailKey: string): Promise<string[]> {
      const rows = await db.query<{ store_code: string; active: boolean }>(sql`
        DELETE FROM reviews WHERE customer_id = ${customerId} OR email_key = ${emailKey} RETURNING store_code, active`)
      return [...new Set(rows.filter((r) => r.active).map((r) => r.store_code))]
    },

    /**
     * A fixture's approved reviews, shown at once. A seeded shopper has no account and no address:
     * each review's author key is `fixture:<store view>:<n>` of the product (the unique index of a
     * guest's reviews keeps an import run twice from adding them twice). Answers how many were added.
     */
    async addFixtureReviews(storeCode: string, storeId: number, reviews: readonly ReviewFixture[]): Promise<number> {
      if (reviews.length === 0) return 0
      const seen = new Map<number, number>()
      const records = reviews.map((r) => {
        const n = (seen.get(r.product_id) ?? 0) + 1
        seen.set(r.product_id, n)
        const doc: Omit<Review, 'id'> = {
          product_id: r.product_id,
          sku: r.sku,
          review_entity: 'product',
          title: r.title,
          detail: r.detail,
          nickname: r.nickname,
          review_status: REVIEW_STATUS_CODES.approved,
          rating: r.rating,
          ratings: r.rating === null ? [] : [{ rating_name: 'Rating', value: r.rating, percent: ratingPercent(r.rating) }],
          store_id: storeId,
          created_at: r.created_at,
          updated_at: r.created_at,
        }
        return { ...doc, email_key: `fixture:${storeCode}:${n}`, doc }
      })
      const rows = await db.query<{ id: number }>(sql`
        WITH given AS (
          SELECT nextval(pg_get_serial_sequence('reviews', 'id')) AS id, x.*
          FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
            AS x(product_id integer, sku text, email_key text, nickname text, title text, detail text, rating smallint, created_at text, doc jsonb)
        )
        INSERT INTO reviews (id, store_code, product_id, sku, email_key, nickname, title, detail, rating, status,
          confirmed_at, created_at, updated_at, active, doc)
        SELECT id, ${storeCode}, product_id, sku, email_key, nickname, title, detail, rating, 'approved',
          created_at, created_at, created_at, true, doc || jsonb_build_object('id', id)
        FROM given
        ON CONFLICT (product_id, email_key) WHERE customer_id IS NULL AND NOT deleted DO NOTHING
        RETURNING id`)
      return rows.length
    },

    /** The product's shown reviews in the store view, newest first. */
    async listShown(storeCode: string, productId: number): Promise<Review[]> {
      const rows = await db.query<{ doc: Review }>(sql`
        SELECT doc FROM reviews WHERE store_code = ${storeCode} AND product_id = ${productId} AND active AND NOT deleted
        ORDER BY created_at DESC, id DESC`)
      return rows.map((r) => r.doc)
    },
  }
}
export type ReviewRepository = ReturnType<typeof createReviewRepository>
