/** Stock checks (contract §2.4) with our ok / volatile / out_of_stock status. */
import { LOW_STOCK_QTY, type StockItem } from '../../domain/api/stock.schema'
import type { Storage } from '../storage'
import type { StockRow } from '../storage/stock-repository'
import { StockItemNotFoundError } from './errors'

export function stockStatus(row: Pick<StockRow, 'qty' | 'is_in_stock' | 'manage_stock'>): StockItem['stock_status'] {
  if (!row.manage_stock) return row.is_in_stock ? 'ok' : 'out_of_stock'
  if (!row.is_in_stock || row.qty <= 0) return 'out_of_stock'
  return row.qty <= LOW_STOCK_QTY ? 'volatile' : 'ok'
}

export function toStockItem(row: StockRow): StockItem {
  return {
    item_id: row.product_id,
    product_id: row.product_id,
    stock_id: 1,
    product_sku: row.sku,
    qty: row.qty,
    is_in_stock: row.is_in_stock && (!row.manage_stock || row.qty > 0),
    manage_stock: row.manage_stock,
    min_sale_qty: 1,
    max_sale_qty: 10000,
    stock_status: stockStatus(row),
  }
}

export function createStockService(storage: Storage) {
  return {
    async check(sku: string): Promise<StockItem> {
      const [row] = await storage.stock.findBySkus([sku])
      if (!row) throw new StockItemNotFoundError(sku)
      return toStockItem(row)
    },
    /** In request order; unknown skus are left out. */
    async list(skus: string[]): Promise<StockItem[]> {
      const rows = await storage.stock.findBySkus(skus)
      const bySku = new Map(rows.map((r) => [r.sku, r]))
      return skus.flatMap((s) => {
        const row = bySku.get(s)
        return row ? [toStockItem(row)] : []
      })
    },
  }
}
export type StockService = ReturnType<typeof createStockService>
