/**
 * The catalogue's documents say whether a sku can be ordered: the product page's stock line and its
 * back-in-stock form, the tiles, the in-stock filter, and the copy a device keeps for offline use all
 * read it. The stock table is the live count orders take from. When an order's take, or stock given
 * back (a cancelled order, a return), turns a sku's orderable state around, its documents in every
 * store view are written with the table's state inside the same transaction, and announced to the
 * replication stream once it has committed (`publish`): a rolled-back order announces nothing.
 *
 * Only turns are written. A take that leaves stock is not: the documents' qty stays the imported
 * count, and the live count is asked for (the stock check) when it matters.
 */
import { levelInStock } from '../../domain/order'
import type { Product } from '../../domain/product.schema'
import { STORE_CODES, type StoreCode } from '../../domain/store-views'
import type { Repositories, Storage } from '../storage'
import { StoreViewChanges, toProductRow } from './catalog-import'
import { textSearchConfig } from './text-search'

/** What stock turns wrote in one transaction, to announce after its commit. */
export class StockDocumentChanges {
  private readonly byStore = new Map<StoreCode, StoreViewChanges>()

  /**
   * Writes the documents of `skus` (whose orderable state just turned) with the stock table's state.
   * Inside the transaction that changed the stock, after the change and under its stock locks.
   */
  async follow(repos: Repositories, skus: readonly string[], nowIso: string): Promise<void> {
    if (skus.length === 0) return
    const levels = new Map((await repos.stock.findBySkus([...skus])).map((row) => [row.sku, row]))
    for (const storeCode of STORE_CODES) {
      const docs = (await repos.products.lockLiveBySkus(storeCode, skus)) as unknown as Product[]
      const changed: Product[] = []
      for (const doc of docs) {
        const copy = structuredClone(doc)
        let turned = false
        for (const target of [copy, ...(copy.configurable_children ?? [])]) {
          const level = levels.get(target.sku)
          if (!level) continue
          const inStock = levelInStock(level)
          if (target.stock.is_in_stock === inStock) continue
          target.stock = { ...target.stock, qty: level.qty, is_in_stock: inStock }
          turned = true
        }
        if (turned) changed.push(copy)
      }
      if (changed.length === 0) continue
      const written = await repos.products.upsertMany(
        storeCode,
        textSearchConfig(storeCode),
        changed.map((p) => toProductRow(p, nowIso)),
      )
      const changes = this.byStore.get(storeCode) ?? new StoreViewChanges()
      changes.add('products', written)
      this.byStore.set(storeCode, changes)
    }
  }

  /** Announces the written documents; only after the transaction that wrote them has committed. */
  publish(storage: Storage): void {
    for (const [storeCode, changes] of this.byStore) changes.publish(storage, storeCode)
    this.byStore.clear()
  }
}
