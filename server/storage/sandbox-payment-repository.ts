/**
 * The local sandbox payment provider's own books (migration 9), kept apart from the shop's
 * `payments` as an outside provider keeps its own: the shop only learns a status by asking.
 */
import { sql } from 'drizzle-orm'
import type { Db } from './db'

export interface SandboxPaymentRow {
  id: string
  order_number: string
  store_code: string
  method: string
  amount_cents: number
  status: string
  return_url: string
  cancel_url: string
  notification_url: string
  created_at: string
  updated_at: string
}

const COLUMNS = sql.raw('id, order_number, store_code, method, amount_cents, status, return_url, cancel_url, notification_url, created_at, updated_at')

export function createSandboxPaymentRepository(db: Db) {
  return {
    async insert(p: SandboxPaymentRow): Promise<void> {
      await db.query(sql`
        INSERT INTO sandbox_payments (id, order_number, store_code, method, amount_cents, status, return_url, cancel_url,
          notification_url, created_at, updated_at)
        VALUES (${p.id}, ${p.order_number}, ${p.store_code}, ${p.method}, ${p.amount_cents}, ${p.status}, ${p.return_url},
          ${p.cancel_url}, ${p.notification_url}, ${p.created_at}, ${p.updated_at})`)
    },
    async find(id: string): Promise<SandboxPaymentRow | null> {
      const rows = await db.query<SandboxPaymentRow>(sql`SELECT ${COLUMNS} FROM sandbox_payments WHERE id = ${id}`)
      return rows[0] ? { ...rows[0], amount_cents: Number(rows[0].amount_cents) } : null
    },
    /** A paid payment given back (the provider's dashboard refund); false when it was not paid. */
    async refund(id: string, now: string): Promise<boolean> {
      const rows = await db.query<{ id: string }>(sql`
        UPDATE sandbox_payments SET status = 'refunded', updated_at = ${now} WHERE id = ${id} AND status = 'paid' RETURNING id`)
      return rows.length > 0
    },
    /** Records the shopper's choice; only a payment still open can change (a paid one stays paid). True when this call changed it. */
    async settle(id: string, method: string, status: string, now: string): Promise<boolean> {
      const rows = await db.query<{ id: string }>(sql`
        UPDATE sandbox_payments SET method = ${method}, status = ${status}, updated_at = ${now}
        WHERE id = ${id} AND status IN ('initialized', 'pending')
        RETURNING id`)
      return rows.length > 0
    },
  }
}
export type SandboxPaymentRepository = ReturnType<typeof createSandboxPaymentRepository>
