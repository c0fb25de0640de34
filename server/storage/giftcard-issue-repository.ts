/**
 * Gift cards issued for paid orders (migration 23): one row per card, keyed by the order line and
 * the unit, so issuing an order twice (a second notification, two processes) makes nothing twice.
 * The recipient's mail is claimed before it is sent, like the order mails (order-mail-repository).
 */
import { sql } from 'drizzle-orm'
import type { Db } from './db'

export interface GiftCardIssueRow {
  order_id: number
  line_id: number
  seq: number
  code: string
  amount_cents: number
  store_code: string
  recipient_email: string
  recipient_name: string
  sender_name: string
  message: string
  send_on: string | null
  mail_status: 'waiting' | 'sending' | 'sent' | 'failed' | 'void'
  mail_attempts: number
  last_error: string | null
}

export type NewGiftCardIssue = Omit<GiftCardIssueRow, 'mail_status' | 'mail_attempts' | 'last_error'>

const COLUMNS = sql.raw(
  `order_id, line_id, seq, code, amount_cents, store_code, recipient_email, recipient_name, sender_name, message, send_on,
  mail_status, mail_attempts, last_error`,
)

const toRow = (r: GiftCardIssueRow): GiftCardIssueRow => ({
  ...r,
  order_id: Number(r.order_id),
  line_id: Number(r.line_id),
  seq: Number(r.seq),
  amount_cents: Number(r.amount_cents),
  mail_attempts: Number(r.mail_attempts),
})

export function createGiftCardIssueRepository(db: Db) {
  return {
    /** The (line, unit) pairs already issued for the order. */
    async listForOrder(orderId: number): Promise<GiftCardIssueRow[]> {
      const rows = await db.query<GiftCardIssueRow>(sql`SELECT ${COLUMNS} FROM giftcard_issues WHERE order_id = ${orderId} ORDER BY line_id, seq`)
      return rows.map(toRow)
    },
    /** Paid orders with a gift card line not issued yet (a process that died between the payment and the issue). */
    async listOrdersMissingCards(limit: number): Promise<number[]> {
      const rows = await db.query<{ id: number }>(sql`
        SELECT DISTINCT o.id FROM orders o JOIN order_lines l ON l.order_id = o.id
        WHERE o.status = 'processing' AND l.product_type = 'giftcard'
          AND NOT EXISTS (SELECT 1 FROM giftcard_issues i WHERE i.line_id = l.id)
        ORDER BY o.id LIMIT ${limit}`)
      return rows.map((r) => Number(r.id))
    },
    /** Records a card issued (its giftcards row exists already); false when that unit was issued before. */
    async insert(issue: NewGiftCardIssue, now: string): Promise<boolean> {
      const rows = await db.query<{ code: string }>(sql`
        INSERT INTO giftcard_issues (order_id, line_id, seq, code, amount_cents, store_code, recipient_email, recipient_name,
          sender_name, message, send_on, created_at, updated_at)
        VALUES (${issue.order_id}, ${issue.line_id}, ${issue.seq}, ${issue.code}, ${issue.amount_cents}, ${issue.store_code},
          ${issue.recipient_email}, ${issue.recipient_name}, ${issue.sender_name}, ${issue.message}, ${issue.send_on}, ${now}, ${now})
        ON CONFLICT (line_id, seq) DO NOTHING RETURNING code`)
      return rows.length > 0
    },
    /**
     * Claims up to `limit` mails due by `today` (YYYY-MM-DD): waiting ones, failed ones under
     * `maxAttempts`, and ones left 'sending' before `staleBefore` by a process that died.
     */
    async claimDue(today: string, now: string, staleBefore: string, maxAttempts: number, limit: number): Promise<GiftCardIssueRow[]> {
      const rows = await db.query<GiftCardIssueRow>(sql`
        UPDATE giftcard_issues SET mail_status = 'sending', mail_attempts = mail_attempts + 1, updated_at = ${now}
        WHERE (line_id, seq) IN (
          SELECT line_id, seq FROM giftcard_issues
          WHERE (send_on IS NULL OR send_on <= ${today}) AND mail_attempts < ${maxAttempts}
            AND (mail_status IN ('waiting', 'failed') OR (mail_status = 'sending' AND updated_at < ${staleBefore}))
          ORDER BY created_at LIMIT ${limit}
          FOR UPDATE SKIP LOCKED)
        RETURNING ${COLUMNS}`)
      return rows.map(toRow)
    },
    async markSent(lineId: number, seq: number, now: string): Promise<void> {
      await db.query(sql`UPDATE giftcard_issues SET mail_status = 'sent', last_error = NULL, updated_at = ${now} WHERE line_id = ${lineId} AND seq = ${seq}`)
    },
    async markFailed(lineId: number, seq: number, error: string, now: string): Promise<void> {
      await db.query(sql`
        UPDATE giftcard_issues SET mail_status = 'failed', last_error = ${error.slice(0, 2000)}, updated_at = ${now}
        WHERE line_id = ${lineId} AND seq = ${seq}`)
    },
    /**
     * A cancelled or refunded order's cards: those still whole are switched off and their mails not
     * sent; a card already spent in part stays (its holder paid with it). The codes switched off.
     */
    async voidUnusedForOrder(orderId: number, now: string): Promise<string[]> {
      const rows = await db.query<{ code: string }>(sql`
        UPDATE giftcards AS g SET status = 'disabled', updated_at = ${now}
        FROM giftcard_issues i
        WHERE i.order_id = ${orderId} AND g.code = i.code AND g.balance_cents = i.amount_cents AND g.status = 'active'
        RETURNING g.code`)
      const codes = rows.map((r) => r.code)
      if (codes.length > 0) {
        await db.query(sql`
          UPDATE giftcard_issues SET mail_status = 'void', updated_at = ${now}
          WHERE order_id = ${orderId} AND mail_status IN ('waiting', 'failed')
            AND code IN (SELECT jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb))`)
      }
      return codes
    },
  }
}
export type GiftCardIssueRepository = ReturnType<typeof createGiftCardIssueRepository>
