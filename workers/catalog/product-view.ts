/**
 * What a product page shows beside the listings: the product itself (local first, fetched and kept
 * in shopper mode, prices refreshed online: workers/catalog/price-refresh), its linked products
 * (grouped, bundle) and its up-sell and cross-sell blocks. Owns the product store of the opened
 * store view (workers/catalog/product-store), which the cart and the lists read through.
 */
import { DEFAULT_PRODUCT_QUOTA_BYTES } from '../../replication/quota-eviction'
import type { ProductListItem, ProductView, RelatedProducts, Unsubscribe } from '../contract/views'
import type { DataApi } from '../data-api'
import { PerStore, safe, type OpenedStore, type WorkerModule, type WorkerSession } from '../worker-session'
import type { CatalogSnapshot } from './catalog-snapshot'
import { getLinkedProducts } from './linked-products'
import { PriceRefresher, withPriceRefresh } from './price-refresh'
import { ProductStore } from './product-store'
import { RecommendationVisitor } from './recommendation-visitor'
import { getRelatedProducts } from './related-products'

export interface ProductViewDeps {
  session: WorkerSession
  catalog: CatalogSnapshot
  isOnline: () => boolean
  productQuotaBytes?: number
}

interface Opened {
  store: ProductStore
  prices: PriceRefresher
  visitor: RecommendationVisitor
}

export class ProductViewModule implements WorkerModule {
  private readonly opened = new PerStore<Opened>()
  /** open product pages still without their full document: loaded again when the worker is back online */
  private readonly waitingForNetwork = new Set<() => Promise<void>>()

  constructor(private readonly deps: ProductViewDeps) {}

  /** The product store of the opened store view; throws before init. */
  get products(): ProductStore {
    return this.opened.get().store
  }

  open({ db, api, storeView }: OpenedStore): void {
    const { isOnline } = this.deps
    const now = this.deps.session.now
    this.opened.set({
      store: new ProductStore({
        db,
        mirror: this.deps.catalog.mirror,
        api,
        storeView,
        isOnline,
        now,
        quotaBytes: this.deps.productQuotaBytes ?? DEFAULT_PRODUCT_QUOTA_BYTES,
      }),
      // spec §4: prices marked current once the platform price refresh answered
      prices: new PriceRefresher({ api, storeView, isOnline, now }),
      visitor: new RecommendationVisitor({ db, api, isOnline }),
    })
  }

  /** spec §7 log/product: fire and forget, online only */
  logView(sku: string): void {
    const productId = this.opened.get().store.light(sku)?.product_id
    if (productId !== undefined) void this.opened.get().visitor.logView(productId)
  }

  readonly api = {
    subscribeProduct: async (parentSku: string, cb: (view: ProductView) => void): Promise<Unsubscribe> => {
      const { store, prices } = this.opened.get()
      const listener = safe(cb)
      let closed = false
      let seenUpdatedAt = store.light(parentSku)?.updated_at
      const load = (): Promise<void> => store.loadView(parentSku, emitPriced)
      const emitPriced = withPriceRefresh(prices, (view) => {
        if (closed) return
        if (view.state === 'ready' || view.state === 'missing') this.waitingForNetwork.delete(load)
        else if (view.state !== 'loading' && view.fullDetails !== 'loading') this.waitingForNetwork.add(load)
        listener(view)
      })
      await load()
      // the product changed on the server (a newer light document arrived): load it again
      const remove = this.deps.catalog.onChange(() => {
        const updatedAt = store.light(parentSku)?.updated_at
        if (updatedAt !== seenUpdatedAt) {
          seenUpdatedAt = updatedAt
          void load()
        }
      })
      return async () => {
        closed = true
        this.waitingForNetwork.delete(load)
        remove()
      }
    },
    getLinkedProducts: async (skus: string[]): Promise<ProductListItem[]> =>
      getLinkedProducts({ store: this.opened.get().store, now: this.deps.session.now }, skus),
    getRelatedProducts: async (sku: string, limit: number): Promise<RelatedProducts> => {
      const { store, visitor } = this.opened.get()
      const source = { sku, listed: store.listed(sku), full: await store.storedFull(sku) }
      const products = () => this.deps.catalog.mirror.products.values()
      return getRelatedProducts(source, { products, now: this.deps.session.now(), crossSellIds: (id, n) => visitor.crossSell(id, n) }, limit)
    },
  } satisfies Partial<DataApi>

  /** Back online: pages shown from the light document (or unavailable) fetch the full one now. */
  connectivity(online: boolean): void {
    if (!online) return
    const waiting = [...this.waitingForNetwork]
    this.waitingForNetwork.clear()
    for (const load of waiting) void load()
  }

  close(): void {
    this.waitingForNetwork.clear()
    this.opened.set(null)
  }
}
