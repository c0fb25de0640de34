/**
 * Carts (guest carts: masked ids; customer carts: numeric ids and customer_id) and their lines. Prices are not stored: totals price lines live.
 *
 * A line is one row per (cart, line key) — a unique index (migration 6) — and every write to a
 * cart's lines runs in a transaction that first locks the cart row (lockForUpdate), so concurrent
 * writes to one cart take turns on PostgreSQL and none is lost.
 */
import { sql } from 'drizzle-orm'
import type { Db } from './db'
import { isInt32 } from './sql-helpers'

export interface CartRow {
  id: string
  store_code: string
  customer_id: number | null
  created_at: string
  updated_at: string
  /** the applied coupon's code (migration 7), null without one */
  coupon_code: string | null
  /** what checkout chose (shipping-information); null until then */
  shipping_country: string | null
  shipping_carrier_code: string | null
  shipping_method_code: string | null
  /** the buyer's VAT number and its country as checkout sent them (migration 24), and the registry's word on it */
  billing_country: string | null
  billing_vat_id: string | null
  billing_vat_valid: boolean | null
}

/** The buyer's VAT number as checkout sends it (shipping-information's billing address), with the registry's word on it. */
export interface CartBuyerVat {
  country: string
  vatId: string
  valid: boolean | null
}

/** The cart's shipping choice as checkout sends it (shipping-information). */
export interface CartShippingChoice {
  country: string
  carrierCode: string | null
  methodCode: string | null
}

export interface CartItemRow {
  item_id: number
  cart_id: string
  /** the line's identity in its cart (domain/cart-item cartLineKey) */
  line_key: string
  sku: string
  parent_sku: string | null
  qty: number
  product_type: string
  product_option: Record<string, unknown> | null
  name: string
}

const CART_COLUMNS = sql.raw(
  'id, store_code, customer_id, created_at, updated_at, coupon_code, shipping_country, shipping_carrier_code, shipping_method_code, billing_country, billing_vat_id, billing_vat_valid',
)
const ITEM_COLUMNS = sql.raw('item_id, cart_id, line_key, sku, parent_sku, qty, product_type, product_option, name')

function toItem(r: CartItemRow): CartItemRow {
  return { ...r, item_id: Number(r.item_id), qty: Number(r.qty) }
}

export function createCartRepository(db: Db) {
  return {
    async create(id: string, storeCode: string, now: string): Promise<void> {
      await db.query(sql`INSERT INTO carts (id, store_code, customer_id, created_at, updated_at) VALUES (${id}, ${storeCode}, NULL, ${now}, ${now})`)
    },
    /** A customer's cart with the numeric id given; false when a cart has that id already. */
    async createForCustomer(id: string, storeCode: string, customerId: number, now: string): Promise<boolean> {
      const rows = await db.query<{ id: string }>(sql`
        INSERT INTO carts (id, store_code, customer_id, created_at, updated_at)
        VALUES (${id}, ${storeCode}, ${customerId}, ${now}, ${now}) ON CONFLICT (id) DO NOTHING RETURNING id`)
      return rows.length > 0
    },
    /** The customer's newest cart of the store view that has not become an order; null without one. */
    async findActiveForCustomer(customerId: number, storeCode: string): Promise<CartRow | null> {
      if (!isInt32(customerId)) return null
      const rows = await db.query<CartRow>(sql`
        SELECT ${CART_COLUMNS} FROM carts c
        WHERE c.customer_id = ${customerId} AND c.store_code = ${storeCode}
          AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.cart_id = c.id)
        ORDER BY c.created_at DESC, length(c.id) DESC, c.id DESC LIMIT 1`)
      return rows[0] ?? null
    },
    /**
     * Locks the customer's row until the transaction ends, so two logins at once make one active
     * cart; false when there is no such customer. Only meaningful inside storage.transaction().
     */
    async lockCustomer(customerId: number): Promise<boolean> {
      if (!isInt32(customerId)) return false
      const rows = await db.query(sql`SELECT id FROM customers WHERE id = ${customerId} FOR UPDATE`)
      return rows.length > 0
    },
    async find(id: string): Promise<CartRow | null> {
      const rows = await db.query<CartRow>(sql`SELECT ${CART_COLUMNS} FROM carts WHERE id = ${id}`)
      return rows[0] ?? null
    },
    /**
     * The cart, locked until the transaction ends: the other writers of this cart wait here. Only
     * meaningful inside storage.transaction().
     */
    async lockForUpdate(id: string): Promise<CartRow | null> {
      const rows = await db.query<CartRow>(sql`SELECT ${CART_COLUMNS} FROM carts WHERE id = ${id} FOR UPDATE`)
      return rows[0] ?? null
    },
    async touch(id: string, now: string): Promise<void> {
      await db.query(sql`UPDATE carts SET updated_at = ${now} WHERE id = ${id}`)
    },
    /** Sets (or with null removes) the cart's coupon; the code must be a stored coupon's. */
    async setCoupon(id: string, couponCode: string | null, now: string): Promise<void> {
      await db.query(sql`UPDATE carts SET coupon_code = ${couponCode}, updated_at = ${now} WHERE id = ${id}`)
    },
    async setShipping(id: string, choice: CartShippingChoice, now: string): Promise<void> {
      await db.query(sql`
        UPDATE carts SET shipping_country = ${choice.country}, shipping_carrier_code = ${choice.carrierCode},
          shipping_method_code = ${choice.methodCode}, updated_at = ${now}
        WHERE id = ${id}`)
    },
    /** The buyer's VAT number, or none (null): a consumer. */
    async setBuyerVat(id: string, vat: CartBuyerVat | null, now: string): Promise<void> {
      await db.query(sql`
        UPDATE carts SET billing_country = ${vat?.country ?? null}, billing_vat_id = ${vat?.vatId ?? null},
          billing_vat_valid = ${vat?.valid ?? null}, updated_at = ${now}
        WHERE id = ${id}`)
    },
    async listItems(cartId: string): Promise<CartItemRow[]> {
      const rows = await db.query<CartItemRow>(sql`SELECT ${ITEM_COLUMNS} FROM cart_items WHERE cart_id = ${cartId} ORDER BY item_id`)
      return rows.map(toItem)
    },
    async countItems(cartId: string): Promise<number> {
      const rows = await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM cart_items WHERE cart_id = ${cartId}`)
      return Number(rows[0]?.n ?? 0)
    },
    async findItem(cartId: string, itemId: number): Promise<CartItemRow | null> {
      if (!isInt32(itemId)) return null
      const rows = await db.query<CartItemRow>(sql`SELECT ${ITEM_COLUMNS} FROM cart_items WHERE cart_id = ${cartId} AND item_id = ${itemId}`)
      return rows[0] ? toItem(rows[0]) : null
    },
    async findLine(cartId: string, lineKey: string): Promise<CartItemRow | null> {
      const rows = await db.query<CartItemRow>(sql`SELECT ${ITEM_COLUMNS} FROM cart_items WHERE cart_id = ${cartId} AND line_key = ${lineKey}`)
      return rows[0] ? toItem(rows[0]) : null
    },
    /**
     * Adds `item.qty` to the cart's line with the same key, or creates the line: one statement, so
     * even two adds that race past the cart lock would both count. The sum keeps 4 decimals.
     * The first add's name and options stay on the line.
     */
    async addToLine(item: Omit<CartItemRow, 'item_id'>, now: string): Promise<CartItemRow> {
      const rows = await db.query<CartItemRow>(sql`
        INSERT INTO cart_items (cart_id, line_key, sku, parent_sku, qty, product_type, product_option, name, created_at)
        VALUES (${item.cart_id}, ${item.line_key}, ${item.sku}, ${item.parent_sku}, ${item.qty}, ${item.product_type},
          ${item.product_option === null ? null : JSON.stringify(item.product_option)}::jsonb, ${item.name}, ${now})
        ON CONFLICT (cart_id, line_key) DO UPDATE SET qty = round((cart_items.qty + EXCLUDED.qty)::numeric, 4)::double precision
        RETURNING ${ITEM_COLUMNS}`)
      return toItem(rows[0]!)
    },
    async setQty(cartId: string, itemId: number, qty: number): Promise<CartItemRow | null> {
      if (!isInt32(itemId)) return null
      const rows = await db.query<CartItemRow>(sql`
        UPDATE cart_items SET qty = ${qty} WHERE cart_id = ${cartId} AND item_id = ${itemId} RETURNING ${ITEM_COLUMNS}`)
      return rows[0] ? toItem(rows[0]) : null
    },
    async deleteItem(cartId: string, itemId: number): Promise<boolean> {
      if (!isInt32(itemId)) return false
      const rows = await db.query(sql`DELETE FROM cart_items WHERE cart_id = ${cartId} AND item_id = ${itemId} RETURNING item_id`)
      return rows.length > 0
    },
  }
}
export type CartRepository = ReturnType<typeof createCartRepository>
