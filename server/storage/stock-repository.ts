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
  }
}
export type StockRepository = ReturnType<typeof createStockRepository>
