/**
 * Orders, their lines and the per store view order numbers (migration 8).
 *
 * Exactly once: `client_order_id` (the client's order_id) is unique, and `insert` is an INSERT …
 * ON CONFLICT DO NOTHING that answers null when another transaction already holds the key; on
 * PostgreSQL that statement waits for the other transaction and sees its commit. The order service
 * then rolls its own transaction back and answers with the order that won.
 */
import { sql } from 'drizzle-orm'
import type { Db } from './db'
import { sqlArray } from './sql-helpers'

export interface OrderRow {
  id: number
  client_order_id: string
  request_hash: string
  increment_id: string
  store_code: string
  cart_id: string
  customer_id: number | null
  /**
   * A guest order's key (null for a customer's order, and for guest orders stored before keys):
   * given to the client that placed it, and asked of whoever reaches the order by its number
   */
  order_token: string | null
  status: string
  email: string
  country_id: string
  shipping_carrier_code: string
  shipping_method_code: string
  payment_method_code: string
  payment_method_additional: Record<string, unknown> | null
  billing_address: Record<string, unknown>
  shipping_address: Record<string, unknown> | null
  totals: Record<string, unknown>
  grand_total: number
  created_at: string
  updated_at: string
}

export type NewOrderRow = Omit<OrderRow, 'id'>

export interface OrderLineRow {
  id: number
  order_id: number
  cart_item_id: number | null
  sku: string
  parent_sku: string | null
  name: string
  product_type: string
  product_option: Record<string, unknown> | null
  qty: number
  price: number
  price_incl_tax: number
  row_total: number
  row_total_incl_tax: number
  tax_amount: number
  tax_percent: number
}

export type NewOrderLineRow = Omit<OrderLineRow, 'id' | 'order_id'>

const ORDER_COLUMNS = sql.raw(
  `id, client_order_id, request_hash, increment_id, store_code, cart_id, customer_id, order_token, status, email, country_id,
  shipping_carrier_code, shipping_method_code, payment_method_code, payment_method_additional, billing_address,
  shipping_address, totals, grand_total, created_at, updated_at`,
)
const LINE_COLUMNS = sql.raw(
  `id, order_id, cart_item_id, sku, parent_sku, name, product_type, product_option, qty, price, price_incl_tax,
  row_total, row_total_incl_tax, tax_amount, tax_percent`,
)

function toOrder(r: OrderRow): OrderRow {
  return { ...r, id: Number(r.id), customer_id: r.customer_id === null ? null : Number(r.customer_id), grand_total: Number(r.grand_total) }
}

function toLine(r: OrderLineRow): OrderLineRow {
  return {
    ...r,
    id: Number(r.id),
    order_id: Number(r.order_id),
    cart_item_id: r.cart_item_id === null ? null : Number(r.cart_item_id),
    qty: Number(r.qty),
    price: Number(r.price),
    price_incl_tax: Number(r.price_incl_tax),
    row_total: Number(r.row_total),
    row_total_incl_tax: Number(r.row_total_incl_tax),
    tax_amount: Number(r.tax_amount),
    tax_percent: Number(r.tax_percent),
  }
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value))

export function createOrderRepository(db: Db) {
  return {
    async findByClientOrderId(clientOrderId: string): Promise<OrderRow | null> {
      const rows = await db.query<OrderRow>(sql`SELECT ${ORDER_COLUMNS} FROM orders WHERE client_order_id = ${clientOrderId}`)
      return rows[0] ? toOrder(rows[0]) : null
    },
    async findByCartId(cartId: string): Promise<OrderRow | null> {
      const rows = await db.query<OrderRow>(sql`SELECT ${ORDER_COLUMNS} FROM orders WHERE cart_id = ${cartId}`)
      return rows[0] ? toOrder(rows[0]) : null
    },
    async findById(id: number): Promise<OrderRow | null> {
      const rows = await db.query<OrderRow>(sql`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = ${id}`)
      return rows[0] ? toOrder(rows[0]) : null
    },
    async findByIncrementId(incrementId: string): Promise<OrderRow | null> {
      const rows = await db.query<OrderRow>(sql`SELECT ${ORDER_COLUMNS} FROM orders WHERE increment_id = ${incrementId}`)
      return rows[0] ? toOrder(rows[0]) : null
    },
    /**
     * Moves the order to `to` only from one of `from` (payment outcomes: pending_payment → processing
     * or canceled); the changed order, or null when it was not in one of them (a duplicate
     * notification, or a paid order a late "cancelled" must not undo).
     */
    async changeStatus(id: number, from: readonly string[], to: string, now: string): Promise<OrderRow | null> {
      const rows = await db.query<OrderRow>(sql`
        UPDATE orders SET status = ${to}, updated_at = ${now}
        WHERE id = ${id} AND status = ANY(${sqlArray(from, 'text')})
        RETURNING ${ORDER_COLUMNS}`)
      return rows[0] ? toOrder(rows[0]) : null
    },
    /**
     * Orders still waiting in `status` since before `before`, paid with one of `methods` (every
     * method when null), oldest first: the unpaid orders whose hold on their stock has ended.
     */
    async listWaitingSince(status: string, methods: readonly string[] | null, before: string, limit: number): Promise<OrderRow[]> {
      const rows = await db.query<OrderRow>(sql`
        SELECT ${ORDER_COLUMNS} FROM orders
        WHERE status = ${status} AND created_at < ${before}
          ${methods ? sql`AND payment_method_code = ANY(${sqlArray(methods, 'text')})` : sql``}
        ORDER BY created_at LIMIT ${limit}`)
      return rows.map(toOrder)
    },
    /** A page of the customer's orders, newest first, and how many they have in all. */
    async listForCustomer(customerId: number, limit: number, offset: number): Promise<{ orders: OrderRow[]; total: number }> {
      const rows = await db.query<OrderRow>(sql`
        SELECT ${ORDER_COLUMNS} FROM orders WHERE customer_id = ${customerId} ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`)
      const count = await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders WHERE customer_id = ${customerId}`)
      return { orders: rows.map(toOrder), total: Number(count[0]?.n ?? 0) }
    },
    /** The lines of several orders, by order id, each in its order. */
    async listLinesOf(orderIds: readonly number[]): Promise<OrderLineRow[]> {
      if (orderIds.length === 0) return []
      const rows = await db.query<OrderLineRow>(sql`
        SELECT ${LINE_COLUMNS} FROM order_lines WHERE order_id = ANY(${sqlArray(orderIds, 'int')}) ORDER BY order_id, id`)
      return rows.map(toLine)
    },
    async listLines(orderId: number): Promise<OrderLineRow[]> {
      const rows = await db.query<OrderLineRow>(sql`SELECT ${LINE_COLUMNS} FROM order_lines WHERE order_id = ${orderId} ORDER BY id`)
      return rows.map(toLine)
    },
    async count(): Promise<number> {
      const rows = await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders`)
      return Number(rows[0]?.n ?? 0)
    },
    /**
     * The store view's next order sequence number (1, 2, …). The row stays locked until the
     * transaction ends, so numbers are handed out in turn and a rolled-back order gives its number back.
     */
    async nextSequence(storeCode: string): Promise<number> {
      const rows = await db.query<{ last_value: number }>(sql`
        INSERT INTO order_sequences (store_code, last_value) VALUES (${storeCode}, 1)
        ON CONFLICT (store_code) DO UPDATE SET last_value = order_sequences.last_value + 1
        RETURNING last_value`)
      return Number(rows[0]!.last_value)
    },
    /** The stored order, or null when an order with this client_order_id exists already. */
    async insert(order: NewOrderRow): Promise<OrderRow | null> {
      const rows = await db.query<OrderRow>(sql`
        INSERT INTO orders (client_order_id, request_hash, increment_id, store_code, cart_id, customer_id, order_token, status, email,
          country_id, shipping_carrier_code, shipping_method_code, payment_method_code, payment_method_additional,
          billing_address, shipping_address, totals, grand_total, created_at, updated_at)
        VALUES (${order.client_order_id}, ${order.request_hash}, ${order.increment_id}, ${order.store_code}, ${order.cart_id},
          ${order.customer_id}, ${order.order_token}, ${order.status}, ${order.email}, ${order.country_id}, ${order.shipping_carrier_code},
          ${order.shipping_method_code}, ${order.payment_method_code}, ${json(order.payment_method_additional)}::jsonb,
          ${json(order.billing_address)}::jsonb, ${json(order.shipping_address)}::jsonb, ${json(order.totals)}::jsonb,
          ${order.grand_total}, ${order.created_at}, ${order.updated_at})
        ON CONFLICT (client_order_id) DO NOTHING
        RETURNING ${ORDER_COLUMNS}`)
      return rows[0] ? toOrder(rows[0]) : null
    },
    async insertLines(orderId: number, lines: readonly NewOrderLineRow[]): Promise<void> {
      if (lines.length === 0) return
      await db.query(sql`
        INSERT INTO order_lines (order_id, cart_item_id, sku, parent_sku, name, product_type, product_option, qty, price,
          price_incl_tax, row_total, row_total_incl_tax, tax_amount, tax_percent)
        SELECT ${orderId}, (e->>'cart_item_id')::int, e->>'sku', e->>'parent_sku', e->>'name', e->>'product_type',
          CASE WHEN jsonb_typeof(e->'product_option') = 'object' THEN e->'product_option' END,
          (e->>'qty')::double precision, (e->>'price')::double precision, (e->>'price_incl_tax')::double precision,
          (e->>'row_total')::double precision, (e->>'row_total_incl_tax')::double precision,
          (e->>'tax_amount')::double precision, (e->>'tax_percent')::double precision
        FROM jsonb_array_elements(${JSON.stringify(lines)}::jsonb) WITH ORDINALITY AS t(e, n)
        ORDER BY n`)
    },
  }
}
export type OrderRepository = ReturnType<typeof createOrderRepository>
