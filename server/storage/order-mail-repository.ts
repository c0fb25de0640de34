/**
 * Which mails of an order went out (migration 9). A mail is claimed before it is sent (unique per
 * order and kind), so two processes or a duplicate webhook never send it twice; a failed one stays
 * recorded with its error and is claimed again by the retry.
 */
import { sql } from 'drizzle-orm'
import type { Db } from './db'

export interface OrderMailRow {
  id: number
  order_id: number
  kind: string
  status: 'sending' | 'sent' | 'failed'
  attempts: number
  last_error: string | null
  message_id: string | null
  updated_at: string
}

const COLUMNS = sql.raw('id, order_id, kind, status, attempts, last_error, message_id, updated_at')

const toRow = (r: OrderMailRow): OrderMailRow => ({ ...r, id: Number(r.id), order_id: Number(r.order_id), attempts: Number(r.attempts) })

export function createOrderMailRepository(db: Db) {
  return {
    /**
     * Claims the mail for sending: a new one, or a failed one under `maxAttempts`, or one stuck in
     * 'sending' since before `staleBefore` (its process died). Null when it is not to be sent now.
     */
    async claim(orderId: number, kind: string, now: string, maxAttempts: number, staleBefore: string): Promise<OrderMailRow | null> {
      const rows = await db.query<OrderMailRow>(sql`
        INSERT INTO order_mails (order_id, kind, status, attempts, updated_at)
        VALUES (${orderId}, ${kind}, 'sending', 1, ${now})
        ON CONFLICT (order_id, kind) DO UPDATE SET status = 'sending', attempts = order_mails.attempts + 1, updated_at = EXCLUDED.updated_at
        WHERE order_mails.attempts < ${maxAttempts}
          AND (order_mails.status = 'failed' OR (order_mails.status = 'sending' AND order_mails.updated_at < ${staleBefore}))
        RETURNING ${COLUMNS}`)
      return rows[0] ? toRow(rows[0]) : null
    },
    async markSent(id: number, messageId: string, now: string): Promise<void> {
      await db.query(sql`UPDATE order_mails SET status = 'sent', message_id = ${messageId}, last_error = NULL, updated_at = ${now} WHERE id = ${id}`)
    },
    async markFailed(id: number, error: string, now: string): Promise<void> {
      await db.query(sql`UPDATE order_mails SET status = 'failed', last_error = ${error.slice(0, 2000)}, updated_at = ${now} WHERE id = ${id}`)
    },
    /** Failed mails still worth another try, oldest first. */
    async listRetryable(maxAttempts: number, limit: number): Promise<OrderMailRow[]> {
      const rows = await db.query<OrderMailRow>(
        sql`SELECT ${COLUMNS} FROM order_mails WHERE status = 'failed' AND attempts < ${maxAttempts} ORDER BY updated_at LIMIT ${limit}`,
      )
      return rows.map(toRow)
    },
    async listForOrder(orderId: number): Promise<OrderMailRow[]> {
      const rows = await db.query<OrderMailRow>(sql`SELECT ${COLUMNS} FROM order_mails WHERE order_id = ${orderId} ORDER BY id`)
      return rows.map(toRow)
    },
  }
}
export type OrderMailRepository = ReturnType<typeof createOrderMailRepository>
