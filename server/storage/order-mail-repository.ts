/**
 * Which mails of an order are due and which went out (migrations 9, 25). A mail is first recorded
 * 'due' in the transaction that stores the order or the payment change that calls for it, so a
 * process dying after the commit cannot lose it. It is claimed before it is sent (unique per order
 * and kind), so two processes or a duplicate webhook never send it twice; a failed one stays recorded
 * with its error, and one left 'sending' by a process that died is claimed again once stale.
 */
import { sql } from 'drizzle-orm'
import type { Db } from './db'

export interface OrderMailRow {
  id: number
  order_id: number
  kind: string
  status: 'due' | 'sending' | 'sent' | 'failed'
  attempts: number
  last_error: string | null
  message_id: string | null
  updated_at: string
}

const COLUMNS = sql.raw('id, order_id, kind, status, attempts, last_error, message_id, updated_at')

const toRow = (r: OrderMailRow): OrderMailRow => ({ ...r, id: Number(r.id), order_id: Number(r.order_id), attempts: Number(r.attempts) })

export function createOrderMailRepository(db: Db) {
  return {
    /** Records the mail as due (inside the order's or payment's transaction); nothing when it is recorded already. */
    async schedule(orderId: number, kind: string, now: string): Promise<void> {
      await db.query(sql`
        INSERT INTO order_mails (order_id, kind, status, attempts, updated_at) VALUES (${orderId}, ${kind}, 'due', 0, ${now})
        ON CONFLICT (order_id, kind) DO NOTHING`)
    },
    /**
     * Claims a recorded mail for sending: a due one, a failed one under `maxAttempts`, or one stuck in
     * 'sending' since before `staleBefore` (its process died). Null when it is not to be sent now.
     */
    async claim(orderId: number, kind: string, now: string, maxAttempts: number, staleBefore: string): Promise<OrderMailRow | null> {
      const rows = await db.query<OrderMailRow>(sql`
        UPDATE order_mails SET status = 'sending', attempts = attempts + 1, updated_at = ${now}
        WHERE order_id = ${orderId} AND kind = ${kind} AND attempts < ${maxAttempts}
          AND (status IN ('due', 'failed') OR (status = 'sending' AND updated_at < ${staleBefore}))
        RETURNING ${COLUMNS}`)
      return rows[0] ? toRow(rows[0]) : null
    },
    async markSent(id: number, messageId: string, now: string): Promise<void> {
      await db.query(sql`UPDATE order_mails SET status = 'sent', message_id = ${messageId}, last_error = NULL, updated_at = ${now} WHERE id = ${id}`)
    },
    async markFailed(id: number, error: string, now: string): Promise<void> {
      await db.query(sql`UPDATE order_mails SET status = 'failed', last_error = ${error.slice(0, 2000)}, updated_at = ${now} WHERE id = ${id}`)
    },
    /** Mails to send now, oldest first: due, failed under `maxAttempts`, or claimed by a process that died. */
    async listWaiting(maxAttempts: number, staleBefore: string, limit: number): Promise<OrderMailRow[]> {
      const rows = await db.query<OrderMailRow>(sql`
        SELECT ${COLUMNS} FROM order_mails
        WHERE status <> 'sent' AND attempts < ${maxAttempts}
          AND (status IN ('due', 'failed') OR updated_at < ${staleBefore})
        ORDER BY updated_at LIMIT ${limit}`)
      return rows.map(toRow)
    },
    async listForOrder(orderId: number): Promise<OrderMailRow[]> {
      const rows = await db.query<OrderMailRow>(sql`SELECT ${COLUMNS} FROM order_mails WHERE order_id = ${orderId} ORDER BY id`)
      return rows.map(toRow)
    },
  }
}
export type OrderMailRepository = ReturnType<typeof createOrderMailRepository>
