/**
 * The products a grouped or bundle product links to (spec §5: only active products, status 1, are
 * fetched for grouped and bundle children; in stock only when out-of-stock listing is off). Local
 * first (the light mirror holds every product), then, online, the server for the rest. A linked
 * sku found nowhere is left out and "Product not found" is logged, as the spec's client does.
 */
import type { ProductListItem } from '../contract/views'
import { toProductListItem } from '../db/product-views'
import type { ProductDoc } from '../db/catalog-schemas'
import { LIST_OUT_OF_STOCK } from './category-query'
import type { ProductStore } from './product-store'

export interface LinkedProductsDeps {
  store: Pick<ProductStore, 'lightBySkus'>
  now: () => number
  listOutOfStock?: boolean
  log?: (message: string, sku: string) => void
}

function usable(doc: ProductDoc, listOutOfStock: boolean): boolean {
  return doc.status === 1 && (listOutOfStock || doc.is_in_stock !== false)
}

export async function getLinkedProducts(deps: LinkedProductsDeps, skus: string[]): Promise<ProductListItem[]> {
  const listOutOfStock = deps.listOutOfStock ?? LIST_OUT_OF_STOCK
  const log = deps.log ?? ((message, sku) => console.warn(`[catalog] ${message}: ${sku}`))
  const docs = await deps.store.lightBySkus(skus)
  const out: ProductListItem[] = []
  for (const sku of skus) {
    const doc = docs.get(sku)
    if (!doc) {
      log('Product not found', sku)
      continue
    }
    if (usable(doc, listOutOfStock)) out.push(toProductListItem(doc, deps.now()))
  }
  return out
}
