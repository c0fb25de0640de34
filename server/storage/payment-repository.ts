/**
 * Payments asked of the provider and the orders' comments (migrations 9, 26). An order's payments
 * are its attempts (unique order_id and attempt): an attempt's row is claimed ('creating') before
 * the provider is asked, so `claim` answers null when another request took that attempt first, and
 * that request's payment is then the answer. A create the provider refused or never answered ends
 * 'create_failed', and the order may try the next attempt.
 */
import { sql } from 'drizzle-orm'
import type { Db } from './db'

/** A payment's status: the provider's word (PaymentStatus, 'refunded'), or where its creation stands. */
export type PaymentRowStatus = 'creating' | 'create_failed' | 'pending' | 'paid' | 'cancelled' | 'failed' | 'expired' | 'refunded'

export interface PaymentRow {
  id: number
  order_id: number
  attempt: number
  provider: string
  provider_payment_id: string
  method: string
  amount_cents: number
  status: PaymentRowStatus
  redirect_url: string
  last_error: string | null
  created_at: string
  updated_at: string
  checked_at: string | null
}

export type NewPaymentRow = Pick<PaymentRow, 'order_id' | 'attempt' | 'provider' | 'provider_payment_id' | 'method' | 'amount_cents' | 'created_at'>

export interface OrderCommentRow {
  id: number
  order_id: number
  status: string
  comment: string
  created_at: string
}

const PAYMENT_COLUMNS = sql.raw(
  'id, order_id, attempt, provider, provider_payment_id, method, amount_cents, status, redirect_url, last_error, created_at, updated_at, checked_at',
)

function toPayment(r: PaymentRow): PaymentRow {
  return { ...r, id: Number(r.id), order_id: Number(r.order_id), attempt: Number(r.attempt), amount_cents: Number(r.amount_cents) }
}

export function createPaymentRepository(db: Db) {
  return {
    /** The order's last attempt, whatever became of it. */
    async findLatest(orderId: number): Promise<PaymentRow | null> {
      const rows = await db.query<PaymentRow>(sql`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE order_id = ${orderId} ORDER BY attempt DESC LIMIT 1`)
      return rows[0] ? toPayment(rows[0]) : null
    },
    /** The order's last payment the provider made (a page the shopper may be on, or its outcome). */
    async findCurrent(orderId: number): Promise<PaymentRow | null> {
      const rows = await db.query<PaymentRow>(
        sql`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE order_id = ${orderId} AND status NOT IN ('creating', 'create_failed') ORDER BY attempt DESC LIMIT 1`,
      )
      return rows[0] ? toPayment(rows[0]) : null
    },
    async findByProviderId(provider: string, providerPaymentId: string): Promise<PaymentRow | null> {
      const rows = await db.query<PaymentRow>(
        sql`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE provider = ${provider} AND provider_payment_id = ${providerPaymentId}`,
      )
      return rows[0] ? toPayment(rows[0]) : null
    },
    /** Takes the attempt ('creating'), or null when another request holds it already. */
    async claim(p: NewPaymentRow): Promise<PaymentRow | null> {
      const rows = await db.query<PaymentRow>(sql`
        INSERT INTO payments (order_id, attempt, provider, provider_payment_id, method, amount_cents, status, redirect_url, created_at, updated_at, checked_at)
        VALUES (${p.order_id}, ${p.attempt}, ${p.provider}, ${p.provider_payment_id}, ${p.method}, ${p.amount_cents}, 'creating', '',
          ${p.created_at}, ${p.created_at}, ${p.created_at})
        ON CONFLICT (order_id, attempt) DO NOTHING
        RETURNING ${PAYMENT_COLUMNS}`)
      return rows[0] ? toPayment(rows[0]) : null
    },
    /** The provider made the claimed attempt's payment: its id and page. */
    async created(id: number, providerPaymentId: string, redirectUrl: string, now: string): Promise<PaymentRow | null> {
      const rows = await db.query<PaymentRow>(sql`
        UPDATE payments SET status = 'pending', provider_payment_id = ${providerPaymentId}, redirect_url = ${redirectUrl}, updated_at = ${now}
        WHERE id = ${id} AND status = 'creating'
        RETURNING ${PAYMENT_COLUMNS}`)
      return rows[0] ? toPayment(rows[0]) : null
    },
    /** The claimed attempt got no payment (the provider refused, or did not answer): the next attempt may be tried. */
    async createFailed(id: number, error: string, now: string): Promise<void> {
      await db.query(
        sql`UPDATE payments SET status = 'create_failed', last_error = ${error.slice(0, 2000)}, updated_at = ${now} WHERE id = ${id} AND status = 'creating'`,
      )
    },
    /** Moves the payment to `status`; true when it was another status before (this call changed it). */
    async setStatus(id: number, status: PaymentRowStatus, now: string): Promise<boolean> {
      const rows = await db.query<{ id: number }>(
        sql`UPDATE payments SET status = ${status}, updated_at = ${now}, checked_at = ${now} WHERE id = ${id} AND status <> ${status} RETURNING id`,
      )
      return rows.length > 0
    },
    /** The provider was asked about the payment and had nothing new to say. */
    async checked(id: number, now: string): Promise<void> {
      await db.query(sql`UPDATE payments SET checked_at = ${now} WHERE id = ${id}`)
    },
    /** Whether the order has another attempt the shopper may still pay (being created, or open at the provider). */
    async hasOpenAttemptBesides(orderId: number, paymentId: number): Promise<boolean> {
      const rows = await db.query<{ id: number }>(
        sql`SELECT id FROM payments WHERE order_id = ${orderId} AND id <> ${paymentId} AND status IN ('creating', 'pending') LIMIT 1`,
      )
      return rows.length > 0
    },
    /** Payments open at the provider, created after `since`, not asked about since `askedBefore`: the longest unasked first. */
    async listOpen(since: string, askedBefore: string, limit: number): Promise<PaymentRow[]> {
      const rows = await db.query<PaymentRow>(sql`
        SELECT ${PAYMENT_COLUMNS} FROM payments
        WHERE status = 'pending' AND created_at > ${since} AND checked_at < ${askedBefore}
        ORDER BY checked_at LIMIT ${limit}`)
      return rows.map(toPayment)
    },
    async addComment(orderId: number, status: string, comment: string, now: string): Promise<void> {
      await db.query(sql`INSERT INTO order_comments (order_id, status, comment, created_at) VALUES (${orderId}, ${status}, ${comment}, ${now})`)
    },
    async listComments(orderId: number): Promise<OrderCommentRow[]> {
      const rows = await db.query<OrderCommentRow>(
        sql`SELECT id, order_id, status, comment, created_at FROM order_comments WHERE order_id = ${orderId} ORDER BY id`,
      )
      return rows.map((r) => ({ ...r, id: Number(r.id), order_id: Number(r.order_id) }))
    },
  }
}
export type PaymentRepository = ReturnType<typeof createPaymentRepository>
