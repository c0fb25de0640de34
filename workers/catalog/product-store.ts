/**
 * The one place the worker reads a product by sku, light or full.
 *
 * - Light: from the in-memory mirror's sku index (workers/catalog/product-mirror), never a scan;
 *   for skus this device does not hold, online, from the server's catalogue.
 * - Full: kiosk mode keeps it inside the stored light document (`full`, read from its batch);
 *   shopper mode fetches it from /api/catalog when a product page is opened and keeps it in
 *   `productDetails` under a byte quota, least-recently-viewed evicted first (replication/quota-eviction).
 * - For the cart: the narrow `CartProduct`, from the full document when stored, else the light one.
 */
import { ProductSchema } from '../../domain/product.schema'
import type { Product } from '../../domain/product.schema'
import type { StoreView } from '../../domain/store-views'
import type { ApiClient } from '../../replication/api-client'
import { failureReason } from '../../replication/api-errors'
import { chooseEvictions } from '../../replication/quota-eviction'
import type { CartProduct } from '../cart/cart-product'
import type { LightProduct, ProductListItem, ProductView } from '../contract/views'
import { toProductDoc } from '../db/catalog-docs'
import { toProductListItem } from '../db/product-views'
import type { ProductDetailDoc, ProductDoc } from '../db/catalog-schemas'
import type { PolderDatabase } from '../db/database'
import type { ListedProduct } from './category-query'

export interface ProductStoreDeps {
  db: Pick<PolderDatabase, 'productDetails'>
  /** the light products by sku, and a stored one's full document in kiosk mode (ProductMirror) */
  mirror: { bySku(sku: string): ListedProduct | undefined; storedFull(sku: string): Promise<ProductDoc | undefined> }
  api: Pick<ApiClient, 'productsBySku'>
  storeView: Pick<StoreView, 'index'>
  isOnline: () => boolean
  now: () => number
  /** bytes of full documents kept in productDetails */
  quotaBytes: number
}

function parseProduct(full: unknown): Product | null {
  const parsed = ProductSchema.safeParse(full)
  return parsed.success ? parsed.data : null
}

export class ProductStore {
  constructor(private readonly deps: ProductStoreDeps) {}

  /** The light product of `sku` this device holds, prepared for listings. */
  listed(sku: string): ListedProduct | undefined {
    return this.deps.mirror.bySku(sku)
  }

  light(sku: string): ProductDoc | undefined {
    return this.deps.mirror.bySku(sku)?.doc
  }

  /** Listing items of the skus this device holds (absent ones left out). */
  lightItems(skus: readonly string[]): Map<string, ProductListItem> {
    const found = new Map<string, ProductListItem>()
    const now = this.deps.now()
    for (const sku of skus) {
      const doc = this.light(sku)
      if (doc) found.set(sku, toProductListItem(doc, now))
    }
    return found
  }

  /** Light documents of `skus`: local first, then (online) the server for the rest; a failed fetch leaves those out. */
  async lightBySkus(skus: readonly string[]): Promise<Map<string, ProductDoc>> {
    const docs = new Map<string, ProductDoc>()
    for (const sku of skus) {
      const doc = this.light(sku)
      if (doc) docs.set(sku, doc)
    }
    const missing = skus.filter((sku) => !docs.has(sku))
    if (missing.length === 0 || !this.deps.isOnline()) return docs
    try {
      for (const wire of await this.deps.api.productsBySku(this.deps.storeView.index, missing)) {
        const doc = toProductDoc(wire, false)
        if (missing.includes(doc.sku)) docs.set(doc.sku, doc)
      }
    } catch (error) {
      console.warn('[catalog] products could not be fetched', error)
    }
    return docs
  }

  /** The full document this device holds, no network; reading it does not count as a view. */
  async storedFull(sku: string): Promise<Product | null> {
    return (await this.localFull(sku, false))?.product ?? null
  }

  /** The light document of `sku` as a product page shows it before (or instead of) the full one. */
  lightView(sku: string): LightProduct | undefined {
    const doc = this.light(sku)
    return doc ? { ...toProductListItem(doc, this.deps.now()), category_ids: doc.category_ids } : undefined
  }

  /**
   * A product page: emits loading, then ready / missing / light / offline-unavailable /
   * server-trouble (ProductView). A stored page older than the light document (the product changed
   * on the server) is shown at once and refreshed when online. Without a stored page, the light
   * document this device holds is shown at once (`light`, full details `loading`) while the full one
   * is fetched, and stays when it cannot be had (`offline`, `server-trouble`). Never throws.
   */
  async loadView(sku: string, emit: (view: ProductView) => void, isOnline: () => boolean = this.deps.isOnline): Promise<void> {
    emit({ state: 'loading', product: null })
    const local = await this.localFull(sku, true)
    if (local) {
      emit({ state: 'ready', product: local.product })
      const light = this.deps.mirror.bySku(sku)
      if (isOnline() && light && light.doc.updated_at > local.updatedAt && !light.hasFull) {
        const fresh = await this.fetchAndStore(sku).catch(() => null)
        if (fresh) emit({ state: 'ready', product: fresh })
      }
      return
    }
    const light = this.lightView(sku)
    if (!isOnline()) {
      emit(light ? { state: 'light', product: null, light, fullDetails: 'offline' } : { state: 'offline-unavailable', product: null })
      return
    }
    if (light) emit({ state: 'light', product: null, light, fullDetails: 'loading' })
    try {
      const product = await this.fetchAndStore(sku)
      emit(product ? { state: 'ready', product } : { state: 'missing', product: null })
    } catch (error) {
      // a network failure has marked the server unreachable by now: offline; anything else is the server's
      const offline = failureReason(error, isOnline()) === 'offline'
      if (light) emit({ state: 'light', product: null, light, fullDetails: offline ? 'offline' : 'server-trouble' })
      else emit({ state: offline ? 'offline-unavailable' : 'server-trouble', product: null })
    }
  }

  /** The full document as a product page would get it (local first; fetched and kept when `mayFetch` and online). */
  async full(sku: string, mayFetch: boolean): Promise<Product | null> {
    let product: Product | null = null
    await this.loadView(
      sku,
      (view) => {
        product = view.product ?? product
      },
      () => mayFetch && this.deps.isOnline(),
    )
    return product
  }

  /** What the cart needs of a product it was not handed by a page (a grouped product's link). */
  async cartProduct(sku: string): Promise<CartProduct | null> {
    const light = (await this.lightBySkus([sku])).get(sku)
    if (!light) return null
    const full = await this.storedFull(sku)
    if (full) {
      const price = full.final_price_incl_tax ?? full.price_incl_tax
      return { sku: full.sku, name: full.name, type_id: full.type_id, status: full.status, price_incl_tax: price, ...(full.image ? { image: full.image } : {}) }
    }
    return {
      sku: light.sku,
      name: light.name,
      type_id: light.type_id as Product['type_id'],
      status: light.status,
      price_incl_tax: light.final_price_incl_tax / 100,
      ...(light.image ? { image: light.image } : {}),
    }
  }

  /** The full document from local storage, or null; `touch` marks a kept page as just viewed. */
  private async localFull(sku: string, touch: boolean): Promise<{ product: Product; updatedAt: string } | null> {
    const stored = await this.deps.mirror.storedFull(sku)
    if (stored?.full) {
      const product = parseProduct(stored.full)
      if (product) return { product, updatedAt: stored.updated_at }
    }
    const detail = await this.deps.db.productDetails.findOne(sku).exec()
    if (!detail) return null
    const product = parseProduct(detail.toJSON().full)
    if (!product) return null
    if (touch) await detail.incrementalPatch({ lastViewedAt: this.deps.now() })
    return { product, updatedAt: detail.updated_at }
  }

  private async fetchAndStore(sku: string): Promise<Product | null> {
    const documents = await this.deps.api.productsBySku(this.deps.storeView.index, [sku])
    const product = documents.map(parseProduct).find((p): p is Product => p !== null && p.sku === sku) ?? null
    if (!product) return null
    const json = JSON.stringify(product)
    const doc: ProductDetailDoc = {
      sku,
      id: String(product.id),
      updated_at: product.updated_at,
      full: JSON.parse(json) as ProductDetailDoc['full'],
      bytes: json.length,
      lastViewedAt: this.deps.now(),
    }
    await this.deps.db.productDetails.upsert(doc)
    await this.evict(sku)
    return product
  }

  /** Keeps productDetails under the quota, least recently viewed first, never the page just opened. */
  private async evict(keep: string): Promise<void> {
    const docs = await this.deps.db.productDetails.find().exec()
    const victims = chooseEvictions(
      docs.map((d) => ({ key: d.sku, bytes: d.bytes, lastViewedAt: d.lastViewedAt })),
      this.deps.quotaBytes,
      keep,
    )
    if (victims.length > 0) await this.deps.db.productDetails.bulkRemove(victims)
  }
}
