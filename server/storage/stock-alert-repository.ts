/**
 * Back-in-stock subscriptions (migration 35). Active while notified_at is null; one active row per
 * mailbox and sku (a partial unique index), so a second request inserts nothing. The restock sweep
 * claims the rows whose stock row is in stock again by setting notified_at in one statement: two
 * processes sweeping at once never claim the same row.
 */
import { sql } from 'drizzle-orm'
import type { Db } from './db'

export interface StockSubscriptionRow {
  id: number
  store_code: string
  product_id: number
  product_sku: string
  sku: string
  email: string
  email_key: string
  customer_id: number | null
  created_at: string
  notified_at: string | null
}

export interface NewStockSubscription {
  storeCode: string
  productId: number
  productSku: string
  sku: string
  email: string
  emailKey: string
  customerId: number | null
}

const COLUMNS = sql.raw('id, store_code, product_id, product_sku, sku, email, email_key, customer_id, created_at, notified_at')
const toRow = (r: StockSubscriptionRow): StockSubscriptionRow => ({
  ...r,
  id: Number(r.id),
  product_id: Number(r.product_id),
  customer_id: r.customer_id === null ? null : Number(r.customer_id),
})

export function createStockAlertRepository(db: Db) {
  return {
    /**
     * Adds the mailbox's active subscription to `sku` unless it has one; a customer asking for an
     * address that waits as a guest's makes it theirs. True when a row was added.
     */
    async subscribe(p: NewStockSubscription, now: string): Promise<boolean> {
      const added = await db.query<{ id: number }>(sql`
        INSERT INTO stock_subscriptions (store_code, product_id, product_sku, sku, email, email_key, customer_id, created_at)
        VALUES (${p.storeCode}, ${p.productId}, ${p.productSku}, ${p.sku}, ${p.email}, ${p.emailKey}, ${p.customerId}, ${now})
        ON CONFLICT (email_key, sku) WHERE notified_at IS NULL DO NOTHING
        RETURNING id`)
      if (added.length > 0) return true
      if (p.customerId !== null) {
        await db.query(sql`
          UPDATE stock_subscriptions SET customer_id = ${p.customerId}
          WHERE email_key = ${p.emailKey} AND sku = ${p.sku} AND notified_at IS NULL AND customer_id IS NULL`)
      }
      return false
    },

    /**
     * Ends (notified_at = `now`) up to `limit` active subscriptions whose sku is in stock again, and
     * answers them: each is the caller's to mail. A managed sku is in stock with a quantity above 0.
     */
    async claimRestocked(now: string, limit: number): Promise<StockSubscriptionRow[]> {
      const rows = await db.query<StockSubscriptionRow>(sql`
        UPDATE stock_subscriptions SET notified_at = ${now}
        WHERE id IN (
          SELECT s.id FROM stock_subscriptions AS s JOIN stock AS st ON st.sku = s.sku
          WHERE s.notified_at IS NULL AND st.is_in_stock AND (NOT st.manage_stock OR st.qty > 0)
          ORDER BY s.id LIMIT ${limit}
          FOR UPDATE OF s SKIP LOCKED)
        AND notified_at IS NULL
        RETURNING ${COLUMNS}`)
      return rows.map(toRow)
    },

    /** Makes a claimed subscription active again (its mail was not handed over). */
    async release(id: number, claimedAt: string): Promise<void> {
      await db.query(sql`UPDATE stock_subscriptions SET notified_at = NULL WHERE id = ${id} AND notified_at = ${claimedAt}`)
    },

    /** The subscriptions of the customer and of their address, oldest first (their data export). */
    async listForCustomer(customerId: number, emailKey: string): Promise<StockSubscriptionRow[]> {
      const rows = await db.query<StockSubscriptionRow>(sql`
        SELECT ${COLUMNS} FROM stock_subscriptions WHERE customer_id = ${customerId} OR email_key = ${emailKey} ORDER BY id`)
      return rows.map(toRow)
    },

    async deleteForCustomer(customerId: number, emailKey: string): Promise<void> {
      await db.query(sql`DELETE FROM stock_subscriptions WHERE customer_id = ${customerId} OR email_key = ${emailKey}`)
    },
  }
}
export type StockAlertRepository = ReturnType<typeof createStockAlertRepository>
