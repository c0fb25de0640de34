/**
 * What the data protection calls write (migration 13's privacy_requests; the orders' personal
 * fields; the customer row). The service decides the placeholders; here only SQL.
 */
import { sql } from 'drizzle-orm'
import type { Db } from './db'
import { sqlArray } from './sql-helpers'

export interface PrivacyRequestRow {
  action: string
  outcome: string
  created_at: string
}

export function createPrivacyRepository(db: Db) {
  return {
    async logRequest(customerId: number, action: 'download' | 'anonymise' | 'delete', outcome: 'done' | 'refused', now: string): Promise<void> {
      await db.query(sql`INSERT INTO privacy_requests (customer_id, action, outcome, created_at) VALUES (${customerId}, ${action}, ${outcome}, ${now})`)
    },
    async listRequests(customerId: number): Promise<PrivacyRequestRow[]> {
      return db.query<PrivacyRequestRow>(sql`SELECT action, outcome, created_at FROM privacy_requests WHERE customer_id = ${customerId} ORDER BY id`)
    },
    /** The customer's server carts (open or ordered) with their lines, oldest first. */
    async cartsOf(customerId: number): Promise<{ id: string; store_code: string; created_at: string; updated_at: string; items: Record<string, unknown>[] }[]> {
      const carts = await db.query<{ id: string; store_code: string; created_at: string; updated_at: string }>(sql`
        SELECT id, store_code, created_at, updated_at FROM carts WHERE customer_id = ${customerId} ORDER BY created_at, id`)
      const out = []
      for (const cart of carts) {
        const items = await db.query<Record<string, unknown>>(sql`
          SELECT sku, parent_sku, name, qty, product_type, product_option, created_at FROM cart_items WHERE cart_id = ${cart.id} ORDER BY item_id`)
        out.push({ ...cart, items })
      }
      return out
    },
    /** Replaces an order's personal fields and detaches it from its customer (amounts, VAT and dates stay). */
    async anonymiseOrder(
      orderId: number,
      p: { email: string; billing: Record<string, unknown>; shipping: Record<string, unknown> | null; additional: Record<string, unknown> | null },
      now: string,
    ): Promise<void> {
      await db.query(sql`
        UPDATE orders SET email = ${p.email}, billing_address = ${JSON.stringify(p.billing)}::jsonb,
          shipping_address = ${p.shipping === null ? null : JSON.stringify(p.shipping)}::jsonb,
          payment_method_additional = ${p.additional === null ? null : JSON.stringify(p.additional)}::jsonb,
          customer_id = NULL, updated_at = ${now}
        WHERE id = ${orderId}`)
    },
    async setOrderLineOption(lineId: number, option: Record<string, unknown> | null): Promise<void> {
      await db.query(sql`UPDATE order_lines SET product_option = ${option === null ? null : JSON.stringify(option)}::jsonb WHERE id = ${lineId}`)
    },
    /**
     * Removes the customer's carts and those `cartIds` name (their orders' carts, guest carts once),
     * with their lines and applied gift cards (ON DELETE CASCADE). Deleted rather than detached: a
     * cart without a customer is a guest cart, open to whoever holds its id, and a customer's cart id
     * is a number from a sequence; its lines and VAT number are the customer's too.
     */
    async deleteCarts(customerId: number, cartIds: readonly string[]): Promise<void> {
      await db.query(sql`DELETE FROM carts WHERE customer_id = ${customerId} OR id = ANY(${sqlArray(cartIds, 'text')})`)
    },
    async deleteAddresses(customerId: number): Promise<void> {
      await db.query(sql`DELETE FROM customer_addresses WHERE customer_id = ${customerId}`)
    },
    /** The account keeps its row with placeholders, and can no longer sign in (the hash matches no password). */
    async anonymiseCustomer(
      customerId: number,
      p: { email: string; emailKey: string; firstname: string; lastname: string; passwordHash: string },
      now: string,
    ) {
      await db.query(sql`
        UPDATE customers SET email = ${p.email}, email_key = ${p.emailKey}, firstname = ${p.firstname}, lastname = ${p.lastname},
          password_hash = ${p.passwordHash}, updated_at = ${now}
        WHERE id = ${customerId}`)
    },
    /**
     * The tables with a row whose text holds one of `words` (case-insensitive), and the word: the
     * check that an erasure left nothing behind. A full scan of every table: for operators and
     * tests, never on a shopper's request.
     */
    async tablesMentioning(words: readonly string[]): Promise<{ table: string; word: string }[]> {
      const tables = await db.query<{ table_name: string }>(
        sql`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
      )
      const found: { table: string; word: string }[] = []
      for (const { table_name } of tables) {
        for (const word of words) {
          const rows = await db.query(sql`
            SELECT 1 FROM ${sql.identifier(table_name)} AS x WHERE strpos(lower(x::text), ${word.toLowerCase()}) > 0 LIMIT 1`)
          if (rows.length > 0) found.push({ table: table_name, word })
        }
      }
      return found
    },
    /** Removes the account (its logins, reset links and addresses go with it: ON DELETE CASCADE). */
    async deleteCustomer(customerId: number): Promise<void> {
      await db.query(sql`DELETE FROM customers WHERE id = ${customerId}`)
    },
  }
}
export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>
