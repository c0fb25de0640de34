/** Back-in-stock requests (workers/catalog/stock-alert-module): queued by the worker, sent once. */
import { getDataClient, ready } from './data-client'
import type { StockAlertResult } from './worker-types'

export async function askStockAlert(sku: string, email: string): Promise<StockAlertResult> {
  await ready
  return getDataClient().askStockAlert(sku, email)
}
