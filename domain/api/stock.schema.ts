/** /api/stock/check and /api/stock/list (contract §2.4). */
import { z } from 'zod'

export const StockItemSchema = z.object({
  item_id: z.number().int(),
  product_id: z.number().int(),
  stock_id: z.number().int(),
  product_sku: z.string(),
  qty: z.number(),
  is_in_stock: z.boolean(),
  manage_stock: z.boolean(),
  min_sale_qty: z.number(),
  max_sale_qty: z.number(),
  /** our own: ok / volatile (low stock, the quantity may be stale) / out_of_stock */
  stock_status: z.enum(['ok', 'volatile', 'out_of_stock']),
})
export type StockItem = z.infer<typeof StockItemSchema>

export const StockCheckQuerySchema = z.object({ sku: z.string().min(1).max(64) })
export const StockListQuerySchema = z.object({
  skus: z
    .string()
    .min(1)
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(64)).min(1).max(100)),
})

/** At or below this quantity a stock level is "volatile" (spec: volatile warns of unsafe quantity). */
export const LOW_STOCK_QTY = 3
/** Stock is prefetched in batches of 15 skus (spec §9). */
export const STOCK_BATCH_SIZE = 15
