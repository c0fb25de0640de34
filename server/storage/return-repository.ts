/**
 * Returns and their lines (migration 36). A return's status leaves 'requested' once, by a
 * conditional update (`decide`), so stock is given back for a received return exactly once however
 * often the shop sends its decision.
 */
import { sql } from 'drizzle-orm'
import type { ReturnReason, ReturnStatus } from '../../domain/api/return.schema'
import type { Db } from './db'
import { sqlArray } from './sql-helpers'

export interface ReturnRow {
  id: number
  return_number: string
  order_id: number
  store_code: string
  reason: ReturnReason
  status: ReturnStatus
  created_at: string
  updated_at: string
}

export interface ReturnLineRow {
  sku: string
  qty: number
}

const COLUMNS = sql.raw(`id, return_number, order_id, store_code, reason, status, created_at, updated_at`)

const toReturn = (r: ReturnRow): ReturnRow => ({ ...r, id: Number(r.id), order_id: Number(r.order_id) })

export function createReturnRepository(db: Db) {
  return {
    /** Holds the order's row until the transaction ends: two returns of one order are checked one after the other. */
    async lockOrder(orderId: number): Promise<void> {
      await db.query(sql`SELECT id FROM orders WHERE id = ${orderId} FOR UPDATE`)
    },
    /** Per sku, what the order's returns hold that the shop did not refuse. */
    async returnedOf(orderId: number): Promise<Map<string, number>> {
      const rows = await db.query<{ sku: string; qty: number }>(sql`
        SELECT l.sku, sum(l.qty) AS qty FROM return_lines l JOIN returns r ON r.id = l.return_id
        WHERE r.order_id = ${orderId} AND r.status <> 'refused' GROUP BY l.sku`)
      return new Map(rows.map((r) => [r.sku, Number(r.qty)]))
    },
    async countForOrder(orderId: number): Promise<number> {
      const rows = await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM returns WHERE order_id = ${orderId}`)
      return Number(rows[0]?.n ?? 0)
    },
    async insert(
      r: { returnNumber: string; orderId: number; storeCode: string; reason: ReturnReason },
      lines: readonly ReturnLineRow[],
      now: string,
    ): Promise<ReturnRow> {
      const rows = await db.query<ReturnRow>(sql`
        INSERT INTO returns (return_number, order_id, store_code, reason, status, created_at, updated_at)
        VALUES (${r.returnNumber}, ${r.orderId}, ${r.storeCode}, ${r.reason}, 'requested', ${now}, ${now})
        RETURNING ${COLUMNS}`)
      const row = toReturn(rows[0]!)
      await db.query(sql`
        INSERT INTO return_lines (return_id, sku, qty)
        SELECT ${row.id}, e->>'sku', (e->>'qty')::double precision
        FROM jsonb_array_elements(${JSON.stringify(lines)}::jsonb) AS e`)
      return row
    },
    /** The store view's returns of these numbers. */
    async findByNumbers(storeCode: string, numbers: readonly string[]): Promise<ReturnRow[]> {
      if (numbers.length === 0) return []
      const rows = await db.query<ReturnRow>(sql`
        SELECT ${COLUMNS} FROM returns WHERE store_code = ${storeCode} AND return_number = ANY(${sqlArray(numbers, 'text')})`)
      return rows.map(toReturn)
    },
    async listForOrder(orderId: number): Promise<ReturnRow[]> {
      const rows = await db.query<ReturnRow>(sql`SELECT ${COLUMNS} FROM returns WHERE order_id = ${orderId} ORDER BY id`)
      return rows.map(toReturn)
    },
    async listLines(returnId: number): Promise<ReturnLineRow[]> {
      const rows = await db.query<ReturnLineRow>(sql`SELECT sku, qty FROM return_lines WHERE return_id = ${returnId} ORDER BY id`)
      return rows.map((r) => ({ sku: r.sku, qty: Number(r.qty) }))
    },
    /** Moves a requested return to `to`; the changed return, or null when it was decided already. */
    async decide(id: number, to: 'received' | 'refused', now: string): Promise<ReturnRow | null> {
      const rows = await db.query<ReturnRow>(sql`
        UPDATE returns SET status = ${to}, updated_at = ${now} WHERE id = ${id} AND status = 'requested'
        RETURNING ${COLUMNS}`)
      return rows[0] ? toReturn(rows[0]) : null
    },
  }
}
export type ReturnRepository = ReturnType<typeof createReturnRepository>
