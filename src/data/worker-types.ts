/**
 * The data worker's types as the UI sees them (DESIGN.md: the UI reaches the worker only through
 * src/data/, and src/data/ takes only types from workers/). Listing constants are the shop's own
 * vocabulary and come from domain/listing.
 */
export type { ReplicationMode, WorkerConfig } from '../../workers/contract/config'
export type { CartCommand, ListCommand, ListName } from '../../workers/contract/commands'
export type {
  BlogCategoryView,
  BlogListQuery,
  BlogListView,
  BlogPostContent,
  BlogPostSummary,
  BlogPostView,
  BannerView,
  CmsBlockView,
  CmsBreadcrumb,
  CmsPageContent,
  CmsPageState,
  CmsPageView,
  HomeBannersView,
  InfoBannerView,
} from '../../workers/contract/content'
export type { AccountCommand, AccountError, AccountField, AccountResult, AccountView, AddressBookEntry, AddressForm, SocialLinkEntry } from '../../workers/contract/account'
export type { NewsletterState, PrivacyCommand, PrivacyError, PrivacyResult } from '../../workers/contract/privacy'
export type { KioskUnlockError, KioskUnlockResult } from '../../workers/contract/kiosk'
export type { ReturnableLine, ReturnableResult, ReturnCommand, ReturnCommandResult, ReturnError, ReturnReason } from '../../workers/contract/returns'
export type { StockAlertError, StockAlertResult } from '../../workers/contract/stock-alert'
export type { ProductReviewsState, ProductReviewsView, ReviewDraft, ReviewField, ReviewView, ReviewWriteResult } from '../../workers/contract/reviews'
export type {
  Brand,
  CartView,
  CategoryPage,
  CategoryPageQuery,
  CompareView,
  Facet,
  FacetOption,
  FailureReason,
  LightProduct,
  ListsView,
  ProductListItem,
  ProductState,
  ProductView,
  RelatedProducts,
  SearchOptions,
  SearchResult,
  SyncStatus,
  Unsubscribe,
  UrlResolution,
} from '../../workers/contract/views'
export type {
  AddressDetails,
  CheckoutDetails,
  CheckoutPatch,
  CheckoutView,
  MethodAvailability,
  OrderStatus,
  OrderView,
  PaymentDetails,
  PaymentStatusView,
  PersonalDetails,
  ShippingDetails,
  PaymentMethodView,
  PlaceOrderResult,
  ShippingMethodView,
  VatCheckView,
} from '../../workers/contract/checkout'
