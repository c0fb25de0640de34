/**
 * The products a grouped or bundle product links to (spec §5: only active products, status 1, are
 * fetched for grouped and bundle children; in stock only when out-of-stock listing is off). Local
 * first (the light mirror holds every product), then, online, the server for the rest. A linked
 * sku found nowhere is left out and "Product not found" is logged, as the spec's client does.
 */
import type { Product } from '../../domain/product.schema'
import type { StoreView } from '../../domain/store-views'
import type { ApiClient } from '../../replication/api-client'
import type { ProductListItem } from '../contract/views'
import { toProductDoc, toProductListItem } from '../db/catalog-docs'
import type { ProductDoc } from '../db/catalog-schemas'
import type { PolderDatabase } from '../db/database'
import { LIST_OUT_OF_STOCK } from './category-query'
import type { ProductMirror } from './product-mirror'
import { fullProductOf } from './related-products'

export interface LinkedProductsDeps {
  mirror: ProductMirror
  api: ApiClient
  storeView: StoreView
  isOnline: () => boolean
  now: () => number
  listOutOfStock?: boolean
  log?: (message: string, sku: string) => void
}

function usable(doc: ProductDoc, listOutOfStock: boolean): boolean {
  return doc.status === 1 && (listOutOfStock || doc.is_in_stock !== false)
}

/** The light documents of `skus` the server knows, for the ones not stored locally. */
async function fetchLight(deps: LinkedProductsDeps, skus: string[]): Promise<ProductDoc[]> {
  const page = await deps.api.search(
    deps.storeView.index,
    'product',
    { _appliedFilters: [{ attribute: 'sku', value: { in: skus }, scope: 'default' }], _availableFilters: [], _appliedSort: [] },
    { size: skus.length },
  )
  return page.documents.map((wire) => toProductDoc(wire, false))
}

export async function getLinkedProducts(deps: LinkedProductsDeps, skus: string[]): Promise<ProductListItem[]> {
  const listOutOfStock = deps.listOutOfStock ?? LIST_OUT_OF_STOCK
  const log = deps.log ?? ((message, sku) => console.warn(`[catalog] ${message}: ${sku}`))
  const docs = new Map<string, ProductDoc>()
  for (const sku of skus) {
    const doc = deps.mirror.bySku(sku)?.doc
    if (doc) docs.set(sku, doc)
  }
  const missing = skus.filter((sku) => !docs.has(sku))
  if (missing.length > 0 && deps.isOnline()) {
    try {
      for (const doc of await fetchLight(deps, missing)) if (missing.includes(doc.sku)) docs.set(doc.sku, doc)
    } catch (error) {
      console.warn('[catalog] linked products could not be fetched', error)
    }
  }
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

/**
 * A linked product as the cart needs it (sku, name, image, type, price incl. tax, stock): its
 * full document when this device has one, else one made from its light document (prices there
 * are cents incl. tax; the cart only reads the incl.-tax price).
 */
export async function linkedProductForCart(deps: LinkedProductsDeps & { db: PolderDatabase }, sku: string): Promise<Product | null> {
  const light = deps.mirror.bySku(sku)?.doc ?? (deps.isOnline() ? (await fetchLight(deps, [sku]).catch(() => [])).find((d) => d.sku === sku) : undefined)
  if (!light) return null
  const full = await fullProductOf(deps.db, light, sku)
  if (full) return full
  const incl = light.final_price_incl_tax / 100
  return {
    id: light.product_id,
    sku: light.sku,
    name: light.name,
    type_id: light.type_id as Product['type_id'],
    status: light.status,
    visibility: light.visibility,
    url_key: light.url_key ?? light.sku,
    url_path: light.url_path ?? light.sku,
    slug: light.slug ?? light.sku,
    ...(light.image ? { image: light.image } : {}),
    // the light document has no price excluding tax; the cart never reads it
    price: incl,
    price_incl_tax: light.price_incl_tax / 100,
    final_price_incl_tax: incl,
    tax_class_id: 0,
    category_ids: light.category_ids,
    category: [],
    stock: { qty: 0, is_in_stock: light.is_in_stock ?? true, manage_stock: false },
    sold_qty: light.sold_qty ?? 0,
    eol: light.eol ?? 0,
    created_at: light.created_at ?? '',
    updated_at: light.updated_at,
  }
}
