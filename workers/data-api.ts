/**
 * The contract between the UI (src/) and the data worker (workers/data.worker.ts), called through
 * Comlink. The UI imports only these types (through src/data/); it never touches RxDB or the
 * network. Views (workers/contract/views.ts) and commands (workers/contract/commands.ts) live apart
 * from this interface. Subscriptions take a Comlink-proxied callback and resolve to an unsubscribe
 * function.
 */
import type { KioskUnlockResult } from './contract/kiosk'
import type { EcommerceEvent } from '../domain/analytics'
import type { Attribute } from '../domain/attribute.schema'
import type { Category } from '../domain/category.schema'
import type { Notification } from '../domain/notifications'
import type { ShopDetailsAnswer } from '../domain/shop-details'
import type { StoreCode } from '../domain/store-views'
import type {
  CheckoutPatch,
  CheckoutView,
  OrderView,
  PaymentMethodView,
  PlaceOrderResult,
  ShippingMethodView,
  StartPaymentResult,
  PaymentStatusView,
  VatCheckView,
} from './contract/checkout'
import type { AccountCommand, AccountResult, AccountView } from './contract/account'
import type { AnalyticsRecord } from './contract/analytics'
import type { PrivacyCommand, PrivacyResult } from './contract/privacy'
import type { ReturnCommand, ReturnCommandResult } from './contract/returns'
import type { StockAlertResult } from './contract/stock-alert'
import type { CartCommand, ListCommand } from './contract/commands'
import type {
  BlogCategoryView,
  BlogListQuery,
  BlogListView,
  BlogPostSummary,
  BlogPostView,
  CmsBlockView,
  CmsPageView,
  HomeBannersView,
  InfoBannerView,
} from './contract/content'
import type { WorkerConfig } from './contract/config'
import type { ProductReviewsView, ReviewDraft, ReviewWriteResult } from './contract/reviews'
import type {
  Brand,
  CartView,
  CategoryPage,
  CategoryPageQuery,
  CompareView,
  ListsView,
  ProductListItem,
  ProductView,
  RelatedProducts,
  SearchOptions,
  SearchResult,
  SyncStatus,
  Unsubscribe,
  UrlResolution,
} from './contract/views'

/**
 * Each group is the slice of one worker module (its `api`, spread together in workers/data-service.ts
 * and checked against this interface): adding a call is a line here and its implementation in the
 * module; data.worker.ts and the client (src/data/data-client.ts) need no edit.
 */
export interface DataApi {
  // --- composition root (workers/data-service.ts) and network role (workers/network-role.ts)
  init(config: WorkerConfig): Promise<void>
  /** the page tells the worker when the browser goes on- or offline */
  setOnline(online: boolean): Promise<void>
  // --- sync status (workers/sync-status.ts)
  subscribeSyncStatus(cb: (status: SyncStatus) => void): Promise<Unsubscribe>

  // --- catalogue snapshot (workers/catalog/catalog-snapshot.ts)
  subscribeCategories(cb: (categories: Category[]) => void): Promise<Unsubscribe>
  getCategoryBySlug(slug: string): Promise<Category | null>
  listAttributes(codes: string[]): Promise<Attribute[]>
  subscribeCategoryPage(query: CategoryPageQuery, cb: (page: CategoryPage) => void): Promise<Unsubscribe>
  /** server search when online; local (Fuse over the light products) when offline or the server fails */
  searchProducts(query: string, options?: SearchOptions): Promise<SearchResult>
  /** searchProducts, then (when it found nothing) its best sellers and "did you mean" again as the catalogue fills */
  subscribeSearch(query: string, options: SearchOptions, cb: (result: SearchResult) => void): Promise<Unsubscribe>
  /** Every brand (the manufacturer attribute's options) with its product count, by label; again whenever the catalogue changes. */
  subscribeBrands(cb: (brands: Brand[]) => void): Promise<Unsubscribe>

  // --- product view (workers/catalog/product-view.ts)
  /** local first; in shopper mode a missing full document is fetched and kept (LRU-evicted) */
  subscribeProduct(parentSku: string, cb: (view: ProductView) => void): Promise<Unsubscribe>
  /**
   * The linked products of a grouped or bundle product, in the order asked (spec §5: only status 1;
   * in stock only when out-of-stock listing is off). Local first, then (online) the server; a sku
   * found nowhere is left out and "Product not found" is logged.
   */
  getLinkedProducts(skus: string[]): Promise<ProductListItem[]>
  /** Up-sell and cross-sell for a product page, each at most `limit` (local first; cross-sell from the recommendation service when online). */
  getRelatedProducts(sku: string, limit: number): Promise<RelatedProducts>
  /**
   * Asks for a mail when `sku` (a product's, or a configurable's variant's) is back in stock
   * (workers/catalog/stock-alert-module.ts): queued, sent once when online
   */
  askStockAlert(sku: string, email: string): Promise<StockAlertResult>

  // --- customer session (workers/account/account-module.ts)
  /** who is logged in (never the tokens); kept in the local database, so a reload stays logged in */
  subscribeAccount(cb: (account: AccountView) => void): Promise<Unsubscribe>
  /** login, register, logout, profile, password reset (spec §4 "Login", "Logout") */
  applyAccountCommand(command: AccountCommand): Promise<AccountResult>
  /** the customer's newsletter and data protection calls (workers/account/privacy-module.ts) */
  applyPrivacyCommand(command: PrivacyCommand): Promise<PrivacyResult>
  /** what of a delivered order may be returned, and a return sent (workers/orders/returns-module.ts) */
  applyReturnCommand(command: ReturnCommand): Promise<ReturnCommandResult>

  // --- cart (workers/cart/cart-module.ts)
  subscribeCart(cb: (cart: CartView) => void): Promise<Unsubscribe>
  applyCartCommand(command: CartCommand): Promise<Notification[]>
  /**
   * The store switcher leaves for `to`: this cart's lines wait for that store view, which adds them
   * when it opens (priced by its own documents), and this cart is emptied (workers/cart/cart-handoff-module)
   */
  handOffCart(to: StoreCode): Promise<void>

  // --- checkout and orders (workers/orders/orders-module.ts)
  /** the checkout details as saved on this device, and whether the shopper is in checkout (30 minutes) */
  subscribeCheckout(cb: (checkout: CheckoutView) => void): Promise<Unsubscribe>
  /** saves the change at once (a reload or an offline spell loses nothing) */
  updateCheckout(patch: CheckoutPatch): Promise<CheckoutView>
  /** the orders of this device, newest first: queued offline, sending, placed, refused */
  subscribeOrders(cb: (orders: OrderView[]) => void): Promise<Unsubscribe>
  /**
   * Stores the order from the cart and the checkout (before anything is sent) and sends it when
   * online, exactly once; while it waits, placing again answers the same order.
   */
  placeOrder(): Promise<PlaceOrderResult>
  /**
   * spec §4 "Coming back online" without automatic transmission: the orders placed offline that
   * wait for the shopper's confirmation (empty when none or when transmission is automatic)
   */
  subscribeHeldOrders(cb: (orders: OrderView[]) => void): Promise<Unsubscribe>
  /** the shopper confirmed: these held orders are sent */
  confirmHeldOrders(orderIds: string[]): Promise<void>
  /** the shopper cancelled: these held orders are dropped (their lines stay in the cart) */
  cancelHeldOrders(orderIds: string[]): Promise<void>
  /** a refused order's lines go back into the cart, besides what it holds now (the coupon too, into a cart without one) */
  restoreRefusedOrder(orderId: string): Promise<void>
  /** the server's methods for the cart when online, else the shop's own rules */
  shippingMethods(country: string): Promise<ShippingMethodView[]>
  /** for the checkout's country and shipping method; provider methods are not available yet */
  paymentMethods(): Promise<PaymentMethodView[]>
  /** a placed order paid through the provider: its payment page (the shopper is sent there) */
  startPayment(orderId: string): Promise<StartPaymentResult>
  /** a placed order's payment status (by its order number) as the provider says it now; offline: asked later */
  paymentStatus(orderNumber: string): Promise<PaymentStatusView>
  /** the VAT register's answer (format and checksum alone when offline) */
  checkVatNumber(countryCode: string, vatNumber: string): Promise<VatCheckView>
  /** the shop's bank account and pickup point, and its tag manager container, as the shop last said (kept for offline); null before it ever answered */
  shopDetails(): Promise<ShopDetailsAnswer | null>

  // --- lists (workers/lists/lists-module.ts)
  subscribeLists(cb: (lists: ListsView) => void): Promise<Unsubscribe>
  applyListCommand(command: ListCommand): Promise<Notification[]>
  subscribeCompare(cb: (view: CompareView) => void): Promise<Unsubscribe>
  /** the product page was shown: the sku moves to the front of the recently viewed list */
  recordProductView(sku: string): Promise<void>

  // --- urls (workers/urls/urls-module.ts)
  /** the URL dispatcher: the stored mapping, else (online) the server's, stored per the spec's rules */
  resolveUrl(path: string): Promise<UrlResolution>

  // --- content (workers/content/content-module.ts)
  /** a CMS page by identifier, its HTML fetched and kept when opened online (CmsPageView's states) */
  subscribeCmsPage(identifier: string, cb: (view: CmsPageView) => void): Promise<Unsubscribe>
  /** the CMS blocks of these identifiers this device holds, in that order */
  subscribeCmsBlocks(identifiers: string[], cb: (blocks: CmsBlockView[]) => void): Promise<Unsubscribe>
  /** a page of the published blog posts, all or one category's, in the asked order (BlogListView's states) */
  subscribeBlogList(query: BlogListQuery, cb: (view: BlogListView) => void): Promise<Unsubscribe>
  /** the published blog categories, in the shop's order */
  subscribeBlogCategories(cb: (categories: BlogCategoryView[]) => void): Promise<Unsubscribe>
  /** the newest published posts (spec §9: 5) */
  subscribeLatestBlogPosts(cb: (posts: BlogPostSummary[]) => void): Promise<Unsubscribe>
  /** the blog feed the home page shows: the newest published posts (spec §9: 8) */
  subscribeBlogFeed(cb: (posts: BlogPostSummary[]) => void): Promise<Unsubscribe>
  /** a published blog post by url_key, its HTML fetched and kept when opened online (a CMS page's states) */
  subscribeBlogPost(urlKey: string, cb: (view: BlogPostView) => void): Promise<Unsubscribe>
  /** the active banners per slot this device holds (main, small, product, the head image) */
  subscribeHomeBanners(cb: (view: HomeBannersView) => void): Promise<Unsubscribe>
  /** the active info banner this shopper has not dismissed (in its present version) on this device, or null */
  subscribeInfoBanner(cb: (banner: InfoBannerView | null) => void): Promise<Unsubscribe>
  /** the shopper closed the info banner as it read at `version`; it shows again when its content changes */
  dismissInfoBanner(id: number, version: string): Promise<void>
  /** a product's approved reviews, newest first: fetched when online and kept, so a visited product's read offline */
  subscribeProductReviews(productId: number, cb: (view: ProductReviewsView) => void): Promise<Unsubscribe>
  /** a review the shopper wrote: checked, stored in the outbox and sent once (now, or when back online) */
  writeReview(draft: ReviewDraft): Promise<ReviewWriteResult>

  // --- analytics (workers/analytics/analytics-module.ts)
  /** the shopper's answer on analytics (false when the shop has no tag manager): events are recorded only while true */
  setAnalyticsConsent(granted: boolean): Promise<void>
  /** a page showed a list, a product chosen from it, the cart or the checkout */
  recordAnalytics(record: AnalyticsRecord): Promise<void>
  /** how many recorded events wait for the tag manager, now and at each change */
  subscribeAnalyticsQueue(cb: (waiting: number) => void): Promise<Unsubscribe>
  /** the waiting events, oldest first, taken out of the queue (each is taken once) */
  takeAnalyticsEvents(): Promise<EcommerceEvent[]>

  // --- kiosk (workers/kiosk/kiosk-module.ts)
  /** the setup screen's PIN, checked by the server; with it, the store view's product count */
  unlockKiosk(pin: string): Promise<KioskUnlockResult>
  /** a shopper's turn at the tablet is over: logged out, cart, lists and checkout details cleared (queued orders stay) */
  endShopperSession(): Promise<void>
}
