/**
 * Platform price refresh of a product page (contract §4.5, spec §4 "Prices are marked current or not
 * current depending on whether a platform price refresh has happened"). When a product page is
 * viewed online, /api/product/render-list is asked for its sku and its children's; the answer
 * replaces the stored prices of the view and marks them current. Offline, or when the call fails,
 * the page shows the stored prices marked not current.
 *
 * Fresh prices are kept in memory for the worker's life (this session): they are the server's of
 * a moment ago, so a later offline view of the same product shows them (still marked not current,
 * with the time they were confirmed). One refresher per opened store view (workers/catalog/product-view).
 */
import type { RenderListItem } from '../../domain/api/catalog.schema'
import { round2 } from '../../domain/money'
import type { ConfigurableChild, Product } from '../../domain/product.schema'
import type { StoreView } from '../../domain/store-views'
import type { ApiClient } from '../../replication/api-client'
import type { ProductView } from '../contract/views'

export interface PriceRefreshDeps {
  api: Pick<ApiClient, 'renderList'>
  storeView: StoreView
  isOnline: () => boolean
  now: () => number
}

type PriceFieldsOf = Pick<
  Product,
  | 'price'
  | 'price_incl_tax'
  | 'price_tax'
  | 'original_price'
  | 'original_price_incl_tax'
  | 'special_price'
  | 'special_price_incl_tax'
  | 'final_price'
  | 'final_price_incl_tax'
  | 'regular_price'
>

interface FreshPrice {
  id: number
  fields: PriceFieldsOf
  refreshedAt: string
  /** the product document's updated_at the refresh was asked for */
  forUpdatedAt: string
}

/**
 * One render-list item as our price fields (contract §4.5): incl. tax from price_info, excl. tax
 * from tax_adjustments, the *_tax fields as differences; a special price is dropped when the final
 * price is not below the regular one.
 */
export function priceFieldsOf(item: RenderListItem): PriceFieldsOf {
  const incl = item.price_info
  const excl = item.price_info.extension_attributes.tax_adjustments
  const special = incl.special_price !== null && incl.final_price < incl.regular_price
  return {
    price: excl.regular_price,
    regular_price: excl.regular_price,
    original_price: excl.regular_price,
    price_incl_tax: incl.regular_price,
    original_price_incl_tax: incl.regular_price,
    price_tax: round2(incl.regular_price - excl.regular_price),
    final_price: excl.final_price,
    final_price_incl_tax: incl.final_price,
    special_price: special ? excl.special_price : null,
    special_price_incl_tax: special ? incl.special_price : null,
  }
}

export class PriceRefresher {
  private readonly fresh = new Map<string, FreshPrice>()

  constructor(private readonly deps: PriceRefreshDeps) {}

  /** The skus whose prices a page of `product` shows: its own and its children's. */
  static skusOf(product: Product): string[] {
    return [product.sku, ...(product.configurable_children ?? []).map((c) => c.sku)]
  }

  /**
   * Asks render-list for the product and its children; true when the server answered for the
   * product itself. Never throws: offline or failed is false.
   */
  async refresh(product: Product): Promise<boolean> {
    if (!this.deps.isOnline()) return false
    let items: RenderListItem[]
    try {
      ;({ items } = await this.deps.api.renderList(PriceRefresher.skusOf(product), this.deps.storeView.storeId, this.deps.storeView.i18n.currencyCode))
    } catch {
      return false
    }
    const refreshedAt = new Date(this.deps.now()).toISOString()
    const wanted = new Map<number, string>([[product.id, product.sku], ...(product.configurable_children ?? []).map((c) => [c.id, c.sku] as [number, string])])
    let own = false
    for (const item of items) {
      // matched by id, as the contract's client does
      const sku = wanted.get(item.id)
      if (!sku) continue
      this.fresh.set(sku, { id: item.id, fields: priceFieldsOf(item), refreshedAt, forUpdatedAt: product.updated_at })
      if (sku === product.sku) own = true
    }
    return own
  }

  /**
   * The product with the fresh prices known for it and its children (unchanged where none). Prices
   * refreshed for an older document are not laid over a newer one: the newer one came from the
   * server after them (a price changed there and the replication stream brought it), and its own
   * refresh is on its way.
   */
  apply(product: Product): Product {
    const withFresh = <T extends Product | ConfigurableChild>(p: T): T => {
      const fresh = this.fresh.get(p.sku)
      return fresh && fresh.id === p.id && fresh.forUpdatedAt >= product.updated_at ? { ...p, ...fresh.fields } : p
    }
    const children = product.configurable_children?.map(withFresh)
    return { ...withFresh(product), ...(children ? { configurable_children: children } : {}) }
  }

  /** Whether a refresh can be tried now (online). */
  canRefresh(): boolean {
    return this.deps.isOnline()
  }

  /** When the prices of this document of the product were last confirmed by the server in this session, or null. */
  refreshedAt(product: Pick<Product, 'sku' | 'updated_at'>): string | null {
    const fresh = this.fresh.get(product.sku)
    return fresh && fresh.forUpdatedAt >= product.updated_at ? fresh.refreshedAt : null
  }
}

/**
 * Wraps a product page's emitter: every ready view gets the fresh prices and the price-current
 * flags; the first ready view of a document (and of every newer one) triggers a refresh when
 * online, after which the view is emitted again, current. While that first refresh is on its way
 * the flag is left unset (unknown), so an online page does not flash a "not current" note; offline
 * it is false at once.
 */
export function withPriceRefresh(refresher: PriceRefresher, emit: (view: ProductView) => void): (view: ProductView) => void {
  let refreshedFor: string | null = null
  let current: boolean | undefined
  let latest: ProductView | null = null
  const decorate = (view: ProductView): ProductView => {
    if (view.state !== 'ready' || !view.product) return view
    const priceRefreshedAt = refresher.refreshedAt(view.product)
    return { ...view, product: refresher.apply(view.product), priceIsCurrent: current, priceRefreshedAt }
  }
  return (view) => {
    latest = view
    const product = view.state === 'ready' ? view.product : null
    const key = product ? `${product.sku}@${product.updated_at}` : null
    const refresh = product !== null && key !== refreshedFor
    const online = refresher.canRefresh()
    if (refresh) {
      refreshedFor = key
      if (!online) current = false
    }
    emit(decorate(view))
    if (!product || !refresh || !online) return
    void refresher.refresh(product).then((ok) => {
      const changed = ok || current !== ok
      current = ok
      // only the newest view is re-emitted (a newer document started its own refresh), and only
      // when the refresh changed something: offline or failed again leaves the page as it is
      if (changed && latest === view) emit(decorate(view))
    })
  }
}
