/**
 * What the data worker answers the UI: plain, structured-clonable data (money in integer cents),
 * never RxDB documents. Subscriptions resolve to an `Unsubscribe`.
 */
import type { Attribute } from '../../domain/attribute.schema'
import type { CartItem, Totals } from '../../domain/cart.schema'
import type { CartNotice } from '../../domain/cart-notice'
import type { CategorySort } from '../../domain/listing'
import type { Cents } from '../../domain/money'
import type { Product } from '../../domain/product.schema'
import type { FailureReason } from '../../replication/api-errors'

export type { FailureReason } from '../../replication/api-errors'

export type Unsubscribe = () => Promise<void>

/** A product in a listing: the light projection, prices in cents incl. tax. */
export interface ProductListItem {
  id: number
  sku: string
  name: string
  type_id: Product['type_id']
  slug: string
  url_path: string
  image?: string
  /** what the shopper pays now, incl. tax (special price applied when inside its window) */
  final_price_incl_tax: Cents
  /** the regular price incl. tax; greater than final when a special price applies */
  original_price_incl_tax: Cents
  /**
   * during a reduction its price history backs (domain/omnibus): the lowest price of the 30 days
   * before it, incl. tax, the only price ever struck through; else null or absent
   */
  omnibus_price_incl_tax?: Cents | null
  is_in_stock: boolean
  color_options: number[]
  size_options: number[]
  sold_qty: number
}

export interface CategoryPageQuery {
  categoryId: number
  /** attribute_code → chosen option ids; price → ["0-50", "150-"] */
  filters: Record<string, string[]>
  sort: CategorySort
  /** how many products to show from the start (load-more grows it by the page size) */
  size: number
}

export interface FacetOption {
  id: string
  label: string
  count: number
  from?: number
  to?: number
}
export interface Facet {
  attribute_code: string
  label: string
  options: FacetOption[]
}

export interface CategoryPage {
  items: ProductListItem[]
  total: number
  facets: Facet[]
  /**
   * Spec §5 "Price range lookup": the lowest and highest current price incl. tax (whole euros, min
   * floored, max ceiled) of the listable products of the category before the shopper's filters;
   * null when it lists nothing.
   */
  priceRange?: { min: number; max: number } | null
}

export interface SearchOptions {
  /** how many items to return (default 50); `total` counts them all */
  size?: number
  /** how many to skip (negative → 0): "load more" asks for the next page */
  from?: number
  /** default: relevance */
  sort?: 'relevance' | Exclude<CategorySort, 'position'>
  /** the same shape as CategoryPageQuery.filters */
  filters?: Record<string, string[]>
  /** the results page: facets over the hits, and filters, sort and from applied to them */
  withFacets?: boolean
}

export interface SearchResult {
  items: ProductListItem[]
  total: number
  /** who answered: the server's catalogue search, or the catalogue saved on this device */
  source: 'server' | 'device'
  /** why the device answered (absent when the server did): no network, the server failed, or it was too slow */
  reason?: FailureReason
  /** facets over every hit (disjunctive counts, as on category pages); absent for the predictive panel */
  facets?: Facet[]
  /** the results page, online: how many products the server found when more than it lets us browse (spec §9: 500) */
  found?: number
  /** the results page found nothing: the query with its typos corrected to words of the catalogue ("did you mean") */
  suggestion?: string
  /** the results page found nothing: best sellers to offer instead */
  popular?: ProductListItem[]
}

/**
 * A product page's states (offline, server trouble and slow each have their own words):
 * - `loading`: nothing to show yet (the page says "Still loading…" when it lasts);
 * - `light`: the light document this device holds is shown while the full one is fetched
 *   (`fullDetails: 'loading'`) or cannot be had now (`'offline'`, `'server-trouble'`);
 * - `ready`: the full document; `missing`: the server does not have the sku;
 * - `offline-unavailable`: offline and nothing of the product on this device;
 * - `server-trouble`: online, the server failed, and nothing of the product on this device.
 */
export type ProductState = 'loading' | 'light' | 'ready' | 'missing' | 'offline-unavailable' | 'server-trouble'

/** A product as a listing knows it (the light document), enough to show and price a simple product. */
export interface LightProduct extends ProductListItem {
  category_ids: number[]
}

export interface ProductView {
  state: ProductState
  /** the full document (decimals, as on the wire) once available */
  product: Product | null
  /** state `light`: the listing's document, shown until the full one arrives */
  light?: LightProduct
  /** state `light`: why the full details are not shown yet */
  fullDetails?: 'loading' | 'offline' | 'server-trouble'
  /**
   * Spec §4 "Prices are marked current or not current depending on whether a platform price refresh
   * has happened": true once /api/product/render-list answered for this product in this session
   * (its prices, and its children's, are then the server's of now); false offline or before.
   */
  priceIsCurrent?: boolean
  /** when the shown prices were last confirmed by the server (ISO), null if never */
  priceRefreshedAt?: string | null
}

/** Up-sell and cross-sell blocks of a product page (spec §9: 4 on desktop, 3–4 on mobile). */
export interface RelatedProducts {
  upsell: ProductListItem[]
  crosssell: ProductListItem[]
}

/** A brand (spec §3 Brand: brand_id, url_key, label, img) with how many listable products it has. */
export interface Brand {
  brand_id: number
  url_key: string
  label: string
  img?: string
  productCount: number
}

export interface CartView {
  items: CartItem[]
  /** sum of quantities */
  itemsQty: number
  /** the number on the cart button: quantities or lines (domain/cart-config, spec §9) */
  count: number
  /** sum of qty × price incl. tax, computed locally (no shipping) */
  subtotalInclTax: Cents
  /** each line's total incl. tax, by line key (domain/row-total) */
  lineTotals: Record<string, Cents>
  /** the server's totals once synced, decimals */
  totals: Totals | null
  serverCartId: string | null
  /** items changed locally and not yet acknowledged by the server */
  pendingSync: boolean
  /** the applied coupon code, or null */
  coupon: string | null
  /** the applied gift cards in the order they pay, each with what it pays of the totals now (cents) */
  giftCards: { code: string; amount: Cents }[]
  /** refusals of the server the shopper has not been told yet (domain/cart-notice) */
  notices: CartNotice[]
}

export interface SyncStatus {
  online: boolean
  /** online, but the server's last answer was an error of its own (5xx): "the shop is not answering" */
  serverTrouble: boolean
  isLeader: boolean
  pendingTasks: number
  /** products in the local database for this store view */
  productCount: number
  replicating: boolean
  /** a replication in this device's mode caught up once (a kiosk: the full documents are all here) */
  catalogueComplete: boolean
  lastPulledAt: string | null
}

/** Lists in the order products were added; recently viewed newest first (at most 20). */
export interface ListsView {
  wishlist: ProductListItem[]
  compare: ProductListItem[]
  recentlyViewed: ProductListItem[]
}

/**
 * The compare page: one column per item (in the order added); `products` holds the full documents
 * found locally or fetched when online (matched to the columns by sku; a column without one shows
 * the light fields); `attributes` are the comparable ones (is_comparable), for the rows.
 */
export interface CompareView {
  items: ProductListItem[]
  products: Product[]
  attributes: Attribute[]
}

/**
 * What a shop path (unmatched by the app's routes) shows (spec §2 "Navigation behaviour"): `to` is
 * an app path under the store prefix (e.g. /p/PLD-00001/katoenen-polo-1 or /c/jackets-10);
 * `offline-unavailable` when the path is not in the local cache and the device is offline;
 * `server-trouble` when the server failed while online (the page offers a Retry).
 */
export type UrlResolution =
  | { kind: 'product' | 'category' | 'cms_page'; to: string; redirect: 301 | 302 | null }
  | { kind: 'none' }
  | { kind: 'offline-unavailable' }
  /** online, but the server failed to answer (5xx, a broken answer, too slow): not "not found", not offline */
  | { kind: 'server-trouble' }
