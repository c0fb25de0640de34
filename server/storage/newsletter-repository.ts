/**
 * Newsletter subscriptions (migrations 13 and 17): one row per mailbox (email_key), pending until its
 * mailed link is confirmed. Only the SHA-256 of a confirmation token is stored; it is cleared once
 * used or when the mailbox unsubscribes, so a link works once. unsubscribe_mailed_at: when the
 * mailbox was last sent its unsubscribe link because someone asked to unsubscribe it without proof.
 */
import { sql } from 'drizzle-orm'
import type { Db } from './db'

export interface NewsletterRow {
  id: number
  email: string
  email_key: string
  status: 'pending' | 'subscribed' | 'unsubscribed'
  customer_id: number | null
  store_code: string
  source: string
  token_hash: string | null
  token_expires_at: string | null
  requested_at: string
  confirmed_at: string | null
  unsubscribed_at: string | null
  unsubscribe_mailed_at: string | null
  updated_at: string
}

const COLUMNS = sql.raw(
  'id, email, email_key, status, customer_id, store_code, source, token_hash, token_expires_at, requested_at, confirmed_at, unsubscribed_at, unsubscribe_mailed_at, updated_at',
)
const toRow = (r: NewsletterRow): NewsletterRow => ({ ...r, id: Number(r.id), customer_id: r.customer_id === null ? null : Number(r.customer_id) })

export function createNewsletterRepository(db: Db) {
  return {
    async findByEmailKey(emailKey: string): Promise<NewsletterRow | null> {
      const rows = await db.query<NewsletterRow>(sql`SELECT ${COLUMNS} FROM newsletter_subscriptions WHERE email_key = ${emailKey}`)
      return rows[0] ? toRow(rows[0]) : null
    },
    /** The customer's subscription: the one they made while logged in, else that of their address. */
    async findForCustomer(customerId: number, emailKey: string): Promise<NewsletterRow | null> {
      const rows = await db.query<NewsletterRow>(sql`
        SELECT ${COLUMNS} FROM newsletter_subscriptions WHERE customer_id = ${customerId} OR email_key = ${emailKey}
        ORDER BY (customer_id = ${customerId}) DESC NULLS LAST, id LIMIT 1`)
      return rows[0] ? toRow(rows[0]) : null
    },
    /** Makes the mailbox's subscription pending with a new link (a new row, or the old one reset). */
    async requestPending(
      p: { email: string; emailKey: string; customerId: number | null; storeCode: string; source: string; tokenHash: string; expiresAt: string },
      now: string,
    ): Promise<NewsletterRow> {
      const rows = await db.query<NewsletterRow>(sql`
        INSERT INTO newsletter_subscriptions (email, email_key, status, customer_id, store_code, source, token_hash, token_expires_at, requested_at, updated_at)
        VALUES (${p.email}, ${p.emailKey}, 'pending', ${p.customerId}, ${p.storeCode}, ${p.source}, ${p.tokenHash}, ${p.expiresAt}, ${now}, ${now})
        ON CONFLICT (email_key) DO UPDATE SET email = EXCLUDED.email, status = 'pending',
          customer_id = COALESCE(EXCLUDED.customer_id, newsletter_subscriptions.customer_id), store_code = EXCLUDED.store_code,
          source = EXCLUDED.source, token_hash = EXCLUDED.token_hash, token_expires_at = EXCLUDED.token_expires_at,
          requested_at = EXCLUDED.requested_at, confirmed_at = NULL, unsubscribed_at = NULL, updated_at = EXCLUDED.updated_at
        RETURNING ${COLUMNS}`)
      return toRow(rows[0]!)
    },
    /** Ties the mailbox's subscription to the customer (who asked while logged in). */
    async tieToCustomer(id: number, customerId: number, now: string): Promise<void> {
      await db.query(sql`UPDATE newsletter_subscriptions SET customer_id = ${customerId}, updated_at = ${now} WHERE id = ${id}`)
    },
    /** Confirms the pending subscription of a valid link (used up); null for an unknown, used or expired one. */
    async confirm(tokenHash: string, now: string): Promise<NewsletterRow | null> {
      const rows = await db.query<NewsletterRow>(sql`
        UPDATE newsletter_subscriptions SET status = 'subscribed', confirmed_at = ${now}, token_hash = NULL, token_expires_at = NULL, updated_at = ${now}
        WHERE token_hash = ${tokenHash} AND status = 'pending' AND token_expires_at > ${now}
        RETURNING ${COLUMNS}`)
      return rows[0] ? toRow(rows[0]) : null
    },
    /** The pending subscription a link belongs to (for the confirmation page), without using it. */
    async findByToken(tokenHash: string, now: string): Promise<NewsletterRow | null> {
      const rows = await db.query<NewsletterRow>(sql`
        SELECT ${COLUMNS} FROM newsletter_subscriptions WHERE token_hash = ${tokenHash} AND status = 'pending' AND token_expires_at > ${now}`)
      return rows[0] ? toRow(rows[0]) : null
    },
    async unsubscribe(emailKey: string, now: string): Promise<void> {
      await db.query(sql`
        UPDATE newsletter_subscriptions SET status = 'unsubscribed', unsubscribed_at = ${now}, token_hash = NULL, token_expires_at = NULL, updated_at = ${now}
        WHERE email_key = ${emailKey} AND status <> 'unsubscribed'`)
    },
    /**
     * Takes the mailbox's turn for an unsubscribe link mail: its subscription (pending or
     * subscribed) when no such mail went to it after `since`, marked sent at `now`; null otherwise.
     * One statement, so two processes asked at once never both mail.
     */
    async claimUnsubscribeMail(emailKey: string, now: string, since: string): Promise<NewsletterRow | null> {
      const rows = await db.query<NewsletterRow>(sql`
        UPDATE newsletter_subscriptions SET unsubscribe_mailed_at = ${now}
        WHERE email_key = ${emailKey} AND status <> 'unsubscribed' AND (unsubscribe_mailed_at IS NULL OR unsubscribe_mailed_at <= ${since})
        RETURNING ${COLUMNS}`)
      return rows[0] ? toRow(rows[0]) : null
    },
    /** Gives the turn back when its mail could not be sent (the next ask may mail at once). */
    async releaseUnsubscribeMail(id: number, claimedAt: string): Promise<void> {
      await db.query(sql`UPDATE newsletter_subscriptions SET unsubscribe_mailed_at = NULL WHERE id = ${id} AND unsubscribe_mailed_at = ${claimedAt}`)
    },
    /** Removes the customer's subscriptions (theirs by account or by address). */
    async deleteForCustomer(customerId: number, emailKey: string): Promise<void> {
      await db.query(sql`DELETE FROM newsletter_subscriptions WHERE customer_id = ${customerId} OR email_key = ${emailKey}`)
    },
  }
}
export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>
