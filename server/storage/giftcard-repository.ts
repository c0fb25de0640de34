/**
 * Gift cards (migration 10): the cards, the cards applied to each cart, and what each order took
 * off them. Balances change only in `redeem`, inside the order's transaction and under the card
 * rows' lock (`lockForCart`), so two orders paying with one card take turns and never overdraw it.
 */
import { sql } from 'drizzle-orm'
import { normalizeGiftCardCode, type GiftCard } from '../../domain/giftcard.schema'
import type { Db } from './db'

export interface GiftCardRow {
  code: string
  balance_cents: number
  currency: string
  expires_at: string | null
  status: GiftCard['status']
}

const COLUMNS = sql.raw('g.code, g.balance_cents, g.currency, g.expires_at, g.status')

function toGiftCard(r: GiftCardRow): GiftCard {
  return { code: r.code, balance_cents: Number(r.balance_cents), currency: 'EUR', expires_at: r.expires_at, status: r.status }
}

export function createGiftCardRepository(db: Db) {
  return {
    /** Upserts `cards` (balances included: a seed puts the demo cards back as they were). */
    async upsert(cards: readonly GiftCard[], now: string): Promise<void> {
      if (cards.length === 0) return
      const rows = cards.map((c) => ({ ...c, code: normalizeGiftCardCode(c.code) }))
      await db.query(sql`
        INSERT INTO giftcards (code, balance_cents, currency, expires_at, status, updated_at)
        SELECT e->>'code', (e->>'balance_cents')::integer, e->>'currency', e->>'expires_at', e->>'status', ${now}
        FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) AS e
        ON CONFLICT (code) DO UPDATE SET balance_cents = EXCLUDED.balance_cents, currency = EXCLUDED.currency,
          expires_at = EXCLUDED.expires_at, status = EXCLUDED.status, updated_at = EXCLUDED.updated_at`)
    },
    /** Adds a new card; false when its code is taken (the caller draws another). */
    async insertNew(card: GiftCard, now: string): Promise<boolean> {
      const rows = await db.query<{ code: string }>(sql`
        INSERT INTO giftcards (code, balance_cents, currency, expires_at, status, updated_at)
        VALUES (${normalizeGiftCardCode(card.code)}, ${card.balance_cents}, ${card.currency}, ${card.expires_at}, ${card.status}, ${now})
        ON CONFLICT (code) DO NOTHING RETURNING code`)
      return rows.length > 0
    },
    async remove(code: string): Promise<void> {
      await db.query(sql`DELETE FROM giftcards WHERE code = ${normalizeGiftCardCode(code)}`)
    },
    async find(code: string): Promise<GiftCard | null> {
      const rows = await db.query<GiftCardRow>(sql`SELECT ${COLUMNS} FROM giftcards g WHERE g.code = ${normalizeGiftCardCode(code)}`)
      return rows[0] ? toGiftCard(rows[0]) : null
    },
    /** The cards applied to the cart, in the order they were applied. */
    async listForCart(cartId: string): Promise<GiftCard[]> {
      const rows = await db.query<GiftCardRow>(sql`
        SELECT ${COLUMNS} FROM cart_giftcards c JOIN giftcards g ON g.code = c.code
        WHERE c.cart_id = ${cartId} ORDER BY c.applied_seq`)
      return rows.map(toGiftCard)
    },
    /** The same, with the card rows locked until the transaction ends (orders only). */
    async lockForCart(cartId: string): Promise<GiftCard[]> {
      const rows = await db.query<GiftCardRow & { applied_seq: number }>(sql`
        SELECT ${COLUMNS}, c.applied_seq FROM cart_giftcards c JOIN giftcards g ON g.code = c.code
        WHERE c.cart_id = ${cartId} ORDER BY g.code FOR UPDATE OF g`)
      return rows.sort((a, b) => Number(a.applied_seq) - Number(b.applied_seq)).map(toGiftCard)
    },
    /**
     * Locks the cards an order touches (those it paid with, those it bought), in code order: a
     * cancellation takes them before the stock, as an order placement does (lockForCart, then
     * stock), so the two never wait for each other in opposite order.
     */
    async lockForOrder(orderId: number): Promise<void> {
      await db.query(sql`
        SELECT g.code FROM giftcards g
        WHERE g.code IN (SELECT code FROM giftcard_redemptions WHERE order_id = ${orderId}
                         UNION SELECT code FROM giftcard_issues WHERE order_id = ${orderId} AND code IS NOT NULL)
        ORDER BY g.code FOR UPDATE`)
    },
    /** Applies the card to the cart (again: keeps its place). */
    async addToCart(cartId: string, code: string, now: string): Promise<void> {
      await db.query(sql`
        INSERT INTO cart_giftcards (cart_id, code, applied_at) VALUES (${cartId}, ${normalizeGiftCardCode(code)}, ${now})
        ON CONFLICT (cart_id, code) DO NOTHING`)
    },
    async removeFromCart(cartId: string, code: string): Promise<void> {
      await db.query(sql`DELETE FROM cart_giftcards WHERE cart_id = ${cartId} AND code = ${normalizeGiftCardCode(code)}`)
    },
    /**
     * Takes what the order paid with each card off its balance and records it (once per order and
     * card). Only under lockForCart, after the totals were computed from the locked balances.
     */
    async redeem(orderId: number, shares: readonly { code: string; cents: number }[], now: string): Promise<void> {
      const paid = shares.filter((s) => s.cents > 0)
      if (paid.length === 0) return
      await db.query(sql`
        INSERT INTO giftcard_redemptions (order_id, code, amount_cents, created_at)
        SELECT ${orderId}, r.code, r.cents, ${now} FROM jsonb_to_recordset(${JSON.stringify(paid)}::jsonb) AS r(code text, cents integer)`)
      await db.query(sql`
        UPDATE giftcards AS g SET balance_cents = g.balance_cents - r.cents, updated_at = ${now}
        FROM jsonb_to_recordset(${JSON.stringify(paid)}::jsonb) AS r(code text, cents integer)
        WHERE g.code = r.code`)
    },
    /**
     * Gives an order's card payments back to the cards (a cancelled order) and forgets
     * them, so it can happen once. Only inside the cancelling transaction; the cents given back.
     */
    async refundOrder(orderId: number, now: string): Promise<number> {
      const refunded = await db.query<{ code: string; amount_cents: number }>(sql`
        DELETE FROM giftcard_redemptions WHERE order_id = ${orderId} RETURNING code, amount_cents`)
      if (refunded.length === 0) return 0
      await db.query(sql`
        UPDATE giftcards AS g SET balance_cents = g.balance_cents + r.cents, updated_at = ${now}
        FROM (SELECT code, SUM(amount_cents)::integer AS cents FROM jsonb_to_recordset(${JSON.stringify(refunded)}::jsonb)
              AS x(code text, amount_cents integer) GROUP BY code) AS r
        WHERE g.code = r.code`)
      return refunded.reduce((sum, r) => sum + Number(r.amount_cents), 0)
    },
  }
}
export type GiftCardRepository = ReturnType<typeof createGiftCardRepository>
