/** What the stored lines of a cart sell: their products from the cart's store view's priced catalogue. */
import type { LineProduct } from '../../domain/cart-totals'
import type { Product } from '../../domain/product.schema'
import type { Repositories } from '../storage'
import type { CartItemRow, CartRow } from '../storage/cart-repository'

/** The product document's line for `sku`: the product itself, or the configurable child with that sku. */
export function resolveFromDoc(doc: Record<string, unknown>, sku: string): LineProduct {
  const product = doc as Product
  const child = product.sku === sku ? null : ((product.configurable_children ?? []).find((c) => c.sku === sku) ?? null)
  return { product, child }
}

/** The line product of every item's sku; a sku the catalogue no longer has is left out. */
export async function resolveLines(repos: Pick<Repositories, 'products'>, cart: CartRow, items: readonly CartItemRow[]): Promise<Map<string, LineProduct>> {
  const docs = await repos.products.findBySkus(cart.store_code, [...new Set(items.map((i) => i.sku))])
  const out = new Map<string, LineProduct>()
  for (const item of items) {
    const doc = docs.find((d) => d.sku === item.sku || ((d as Product).configurable_children ?? []).some((c) => c.sku === item.sku))
    if (doc) out.set(item.sku, resolveFromDoc(doc, item.sku))
  }
  return out
}
