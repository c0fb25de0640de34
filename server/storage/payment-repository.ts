/**
 * Payments asked of the provider and the orders' comments (migration 9). One payment per order
 * (unique order_id): `insert` answers null when another request stored the order's payment first,
 * and that request's payment is then the answer.
 */
import { sql } from 'drizzle-orm'
import type { Db } from './db'

export interface PaymentRow {
  id: number
  order_id: number
  provider: string
  provider_payment_id: string
  method: string
  amount_cents: number
  status: string
  redirect_url: string
  created_at: string
  updated_at: string
}

export type NewPaymentRow = Omit<PaymentRow, 'id'>

export interface OrderCommentRow {
  id: number
  order_id: number
  status: string
  comment: string
  created_at: string
}

const PAYMENT_COLUMNS = sql.raw('id, order_id, provider, provider_payment_id, method, amount_cents, status, redirect_url, created_at, updated_at')

function toPayment(r: PaymentRow): PaymentRow {
  return { ...r, id: Number(r.id), order_id: Number(r.order_id), amount_cents: Number(r.amount_cents) }
}

export function createPaymentRepository(db: Db) {
  return {
    async findByOrderId(orderId: number): Promise<PaymentRow | null> {
      const rows = await db.query<PaymentRow>(sql`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE order_id = ${orderId}`)
      return rows[0] ? toPayment(rows[0]) : null
    },
    async findByProviderId(provider: string, providerPaymentId: string): Promise<PaymentRow | null> {
      const rows = await db.query<PaymentRow>(
        sql`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE provider = ${provider} AND provider_payment_id = ${providerPaymentId}`,
      )
      return rows[0] ? toPayment(rows[0]) : null
    },
    /** The stored payment, or null when the order has one already. */
    async insert(p: NewPaymentRow): Promise<PaymentRow | null> {
      const rows = await db.query<PaymentRow>(sql`
        INSERT INTO payments (order_id, provider, provider_payment_id, method, amount_cents, status, redirect_url, created_at, updated_at)
        VALUES (${p.order_id}, ${p.provider}, ${p.provider_payment_id}, ${p.method}, ${p.amount_cents}, ${p.status},
          ${p.redirect_url}, ${p.created_at}, ${p.updated_at})
        ON CONFLICT (order_id) DO NOTHING
        RETURNING ${PAYMENT_COLUMNS}`)
      return rows[0] ? toPayment(rows[0]) : null
    },
    async setStatus(id: number, status: string, now: string): Promise<void> {
      await db.query(sql`UPDATE payments SET status = ${status}, updated_at = ${now} WHERE id = ${id} AND status <> ${status}`)
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
