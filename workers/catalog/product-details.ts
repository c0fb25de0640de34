/**
 * Product pages: the full document, local first. Kiosk mode has it in `products.full`; shopper
 * mode fetches it from /api/catalog when a page is opened and keeps it in `productDetails` under a
 * byte quota, least-recently-viewed evicted first (replication/quota-eviction).
 */
import { ProductSchema } from '../../domain/product.schema'
import type { Product } from '../../domain/product.schema'
import type { StoreView } from '../../domain/store-views'
import type { ApiClient } from '../../replication/api-client'
import { chooseEvictions } from '../../replication/quota-eviction'
import type { ProductView } from '../contract/views'
import type { ProductDetailDoc, ProductDoc } from '../db/catalog-schemas'
import type { PolderDatabase } from '../db/database'

export interface ProductDetailsDeps {
  db: PolderDatabase
  api: ApiClient
  storeView: StoreView
  isOnline: () => boolean
  now: () => number
  quotaBytes: number
}

function parseProduct(full: unknown): Product | null {
  const parsed = ProductSchema.safeParse(full)
  return parsed.success ? parsed.data : null
}

/** The full document from local storage, or null. Touches lastViewedAt. */
async function localFull(deps: ProductDetailsDeps, sku: string): Promise<{ product: Product; updatedAt: string } | null> {
  const light = await deps.db.products.findOne({ selector: { sku } }).exec()
  const lightDoc = light?.toJSON() as ProductDoc | undefined
  if (lightDoc?.full) {
    const product = parseProduct(lightDoc.full)
    if (product) return { product, updatedAt: lightDoc.updated_at }
  }
  const detail = await deps.db.productDetails.findOne(sku).exec()
  if (!detail) return null
  const product = parseProduct(detail.toJSON().full)
  if (!product) return null
  await detail.incrementalPatch({ lastViewedAt: deps.now() })
  return { product, updatedAt: detail.updated_at }
}

async function fetchAndStore(deps: ProductDetailsDeps, sku: string): Promise<Product | null> {
  const page = await deps.api.search(
    deps.storeView.index,
    'product',
    { _appliedFilters: [{ attribute: 'sku', value: { eq: sku }, scope: 'default' }], _availableFilters: [], _appliedSort: [] },
    { size: 1 },
  )
  const product = page.documents.map(parseProduct).find((p): p is Product => p !== null && p.sku === sku) ?? null
  if (!product) return null
  const json = JSON.stringify(product)
  const doc: ProductDetailDoc = {
    sku,
    id: String(product.id),
    updated_at: product.updated_at,
    full: JSON.parse(json) as ProductDetailDoc['full'],
    bytes: json.length,
    lastViewedAt: deps.now(),
  }
  await deps.db.productDetails.upsert(doc)
  await evict(deps, sku)
  return product
}

async function evict(deps: ProductDetailsDeps, keep: string): Promise<void> {
  const docs = await deps.db.productDetails.find().exec()
  const victims = chooseEvictions(
    docs.map((d) => ({ key: d.sku, bytes: d.bytes, lastViewedAt: d.lastViewedAt })),
    deps.quotaBytes,
    keep,
  )
  if (victims.length > 0) await deps.db.productDetails.bulkRemove(victims)
}

/**
 * Emits loading, then ready / missing / offline-unavailable. A stored page older than the light
 * document (the product changed on the server) is shown at once and refreshed when online.
 */
export async function loadProductView(deps: ProductDetailsDeps, sku: string, emit: (view: ProductView) => void): Promise<void> {
  emit({ state: 'loading', product: null })
  const local = await localFull(deps, sku)
  if (local) {
    emit({ state: 'ready', product: local.product })
    const light = (await deps.db.products.findOne({ selector: { sku } }).exec())?.toJSON() as ProductDoc | undefined
    if (deps.isOnline() && light && light.updated_at > local.updatedAt && !light.full) {
      const fresh = await fetchAndStore(deps, sku).catch(() => null)
      if (fresh) emit({ state: 'ready', product: fresh })
    }
    return
  }
  if (!deps.isOnline()) {
    emit({ state: 'offline-unavailable', product: null })
    return
  }
  try {
    const product = await fetchAndStore(deps, sku)
    emit(product ? { state: 'ready', product } : { state: 'missing', product: null })
  } catch {
    emit({ state: 'offline-unavailable', product: null })
  }
}
