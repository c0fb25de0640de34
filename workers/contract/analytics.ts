/**
 * What a page tells the data worker it showed, for the GA4 e-commerce events (workers/analytics).
 * A listing sends its products as it shows them (a fresh device's catalogue may not hold them yet);
 * for the cart and the checkout the worker reads the cart's lines itself.
 */
/** A product as a listing shows it: its sku, name and price now (incl. tax, cents). */
export interface ListedForAnalytics {
  sku: string
  name: string
  priceCents: number
}

export type AnalyticsRecord =
  /** a listing (a category, search results) showed these products, in this order, from place `first` (0 first; more after "load more") */
  | { type: 'view_item_list'; listName: string; items: ListedForAnalytics[]; first: number }
  /** the shopper opened this product from a listing, at this place in it (0 first) */
  | { type: 'select_item'; listName: string; item: ListedForAnalytics; index: number }
  | { type: 'view_cart' }
  | { type: 'begin_checkout' }
