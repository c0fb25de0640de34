/** Stock per sku (simple products and configurable children alike); shared by all store views. */
import { sql } from 'drizzle-orm'
import type { Db } from './db'
import { sqlArray } from './sql-helpers'

export interface StockRow {
  sku: string
  product_id: number
  qty: number
  is_in_stock: boolean
  manage_stock: boolean
  updated_at: string
}

export function createStockRepository(db: Db) {
  return {
    async upsertMany(rows: StockRow[]): Promise<void> {
      if (rows.length === 0) return
      await db.query(sql`
        INSERT INTO stock (sku, product_id, qty, is_in_stock, manage_stock, updated_at)
        SELECT e->>'sku', (e->>'product_id')::int, (e->>'qty')::double precision, (e->>'is_in_stock')::boolean,
          (e->>'manage_stock')::boolean, e->>'updated_at'
        FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) AS e
        ON CONFLICT (sku) DO UPDATE SET product_id = EXCLUDED.product_id, qty = EXCLUDED.qty,
          is_in_stock = EXCLUDED.is_in_stock, manage_stock = EXCLUDED.manage_stock, updated_at = EXCLUDED.updated_at
        WHERE (stock.qty, stock.is_in_stock, stock.manage_stock, stock.product_id)
          IS DISTINCT FROM (EXCLUDED.qty, EXCLUDED.is_in_stock, EXCLUDED.manage_stock, EXCLUDED.product_id)`)
    },
    async findBySkus(skus: string[]): Promise<StockRow[]> {
      if (skus.length === 0) return []
      const rows = await db.query<StockRow>(sql`
        SELECT sku, product_id, qty, is_in_stock, manage_stock, updated_at FROM stock WHERE sku = ANY(${sqlArray(skus, 'text')})`)
      return rows.map((r) => ({ ...r, qty: Number(r.qty), product_id: Number(r.product_id) }))
    },
    /**
     * The skus' stock rows, locked until the transaction ends (an order checks and takes stock under
     * this lock). Locked in sku order, so two orders sharing skus never wait on each other in a circle.
     */
    async lockForUpdate(skus: string[]): Promise<StockRow[]> {
      if (skus.length === 0) return []
      const rows = await db.query<StockRow>(sql`
        SELECT sku, product_id, qty, is_in_stock, manage_stock, updated_at FROM stock
        WHERE sku = ANY(${sqlArray(skus, 'text')}) ORDER BY sku FOR UPDATE`)
      return rows.map((r) => ({ ...r, qty: Number(r.qty), product_id: Number(r.product_id) }))
    },
    /**
     * Takes `qty` of each managed sku; a sku left at 0 or below is out of stock. Only under
     * lockForUpdate, after the order checked the quantities (the qty never goes below 0 here).
     */
    async take(needs: ReadonlyMap<string, number>, now: string): Promise<void> {
      if (needs.size === 0) return
      const rows = [...needs.entries()].map(([sku, qty]) => ({ sku, qty }))
      await db.query(sql`
        UPDATE stock AS s SET qty = round((s.qty - n.qty)::numeric, 4)::double precision,
          is_in_stock = s.is_in_stock AND round((s.qty - n.qty)::numeric, 4) > 0, updated_at = ${now}
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS n(sku text, qty double precision)
        WHERE s.sku = n.sku AND s.manage_stock AND s.qty >= n.qty`)
    },
    /**
     * Gives `qty` of each managed sku back (a cancelled order's lines). A sku that `take` left out
     * of stock at 0 is in stock again; one switched off by hand with stock left stays off. Only under
     * lockForUpdate, once per order: the caller guards that (the order's status change).
     */
    async giveBack(returns: ReadonlyMap<string, number>, now: string): Promise<void> {
      if (returns.size === 0) return
      const rows = [...returns.entries()].map(([sku, qty]) => ({ sku, qty }))
      await db.query(sql`
        UPDATE stock AS s SET qty = round((s.qty + n.qty)::numeric, 4)::double precision,
          is_in_stock = s.is_in_stock OR (s.qty <= 0 AND round((s.qty + n.qty)::numeric, 4) > 0), updated_at = ${now}
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS n(sku text, qty double precision)
        WHERE s.sku = n.sku AND s.manage_stock`)
    },
  }
}
export type StockRepository = ReturnType<typeof createStockRepository>
