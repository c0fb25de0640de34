/**
 * The route table (spec §2) as code-based TanStack routes under the store view's basepath. Layout
 * routes (default, minimal, base, empty) wrap the pages; anything unmatched is the page-not-found route.
 */
import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, Outlet } from '@tanstack/react-router'
import { withLaterWords } from './dictionary'
import { BaseLayout } from './layouts/base-layout'
import { DefaultLayout } from './layouts/default-layout'
import { EmptyLayout } from './layouts/empty-layout'
import { MinimalLayout } from './layouts/minimal-layout'
import { blogSearchSchema } from './routes/content/blog-search'
import { categorySearchSchema, searchResultsSearchSchema } from './routes/catalog/category-search'
import { NotFoundPage } from './routes/not-found-page'
import { PageError } from './routes/page-error'
import { paymentReturnSearchSchema } from './routes/checkout/return-search'
import { parseSearch, stringifySearch } from './search-params'
import { NotificationRegion } from './ui/notifications'
import { RouteChangeEffects } from './ui/route-change'
import { productSearch } from './ui/product-search-params'

// Every page is its own chunk (a first visit runs only the framework, the shell and the
// opened page): app.tsx loads the opened page's chunk beside the dictionary before the first render,
// and once the page is on screen and the browser is idle it warms the other shopping pages' chunks
// (src/offline-warmup.ts), so they open offline before the service worker has stored anything.
// The pages that show the words of the dictionary's later sections (the cart, the checkout, the
// account, the status pages: locales/sections.ts) load them with their chunk.
const HomePage = lazyRouteComponent(() => import('./routes/content/home-page'), 'HomePage')
const CategoryRoutePage = lazyRouteComponent(() => import('./routes/catalog/category-page'), 'CategoryRoutePage')
const ProductRoutePage = lazyRouteComponent(() => import('./routes/product/product-page'), 'ProductRoutePage')
const SearchRoutePage = lazyRouteComponent(() => import('./routes/search/search-page'), 'SearchRoutePage')
const CartPage = lazyRouteComponent(() => withLaterWords(import('./routes/cart/cart-page'), ['cart', 'totals']), 'CartPage')
const UrlDispatcherPage = lazyRouteComponent(() => import('./routes/url-dispatcher-page'), 'UrlDispatcherPage')
const MyAccountPage = lazyRouteComponent(() => withLaterWords(import('./routes/account/account-pages'), ['account']), 'MyAccountPage')
const NewsletterPage = lazyRouteComponent(() => withLaterWords(import('./routes/account/privacy-pages'), ['account', 'privacy']), 'NewsletterPage')
const OrderPage = lazyRouteComponent(() => withLaterWords(import('./routes/orders/orders-pages'), ['account', 'orders', 'totals', 'returns']), 'OrderPage')
const OrdersPage = lazyRouteComponent(() => withLaterWords(import('./routes/orders/orders-pages'), ['account', 'orders', 'totals', 'returns']), 'OrdersPage')
const PrivacySettingsPage = lazyRouteComponent(() => withLaterWords(import('./routes/account/privacy-pages'), ['account', 'privacy']), 'PrivacySettingsPage')
const ShippingDetailsPage = lazyRouteComponent(() => withLaterWords(import('./routes/account/address-book-page'), ['account']), 'ShippingDetailsPage')
const SocialProfilesPage = lazyRouteComponent(() => withLaterWords(import('./routes/account/social-profiles-page'), ['account']), 'SocialProfilesPage')
const CreatePasswordPage = lazyRouteComponent(() => withLaterWords(import('./routes/account/auth-pages'), ['account']), 'CreatePasswordPage')
const SocialLoginCallbackPage = lazyRouteComponent(() => withLaterWords(import('./routes/account/auth-pages'), ['account']), 'SocialLoginCallbackPage')
const CheckoutPage = lazyRouteComponent(() => withLaterWords(import('./routes/checkout/checkout-page'), ['account', 'totals', 'checkout']), 'CheckoutPage')
const BlogCategoryPage = lazyRouteComponent(() => withLaterWords(import('./routes/content/blog-list-page'), ['blog']), 'BlogCategoryPage')
const BlogPage = lazyRouteComponent(() => withLaterWords(import('./routes/content/blog-list-page'), ['blog']), 'BlogPage')
const BlogPostPage = lazyRouteComponent(() => withLaterWords(import('./routes/content/blog-post-page'), ['blog']), 'BlogPostPage')
const CmsRoutePage = lazyRouteComponent(() => import('./routes/content/cms-page'), 'CmsRoutePage')
const SubmitReturnPage = lazyRouteComponent(() => withLaterWords(import('./routes/orders/submit-return-page'), ['returns']), 'SubmitReturnPage')
const BrandsRoutePage = lazyRouteComponent(() => import('./routes/catalog/brands-page'), 'BrandsRoutePage')
const CancelPage = lazyRouteComponent(() => withLaterWords(import('./routes/checkout/cancel-page'), ['status', 'orders', 'totals']), 'CancelPage')
const ErrorPage = lazyRouteComponent(() => withLaterWords(import('./routes/content/status-pages'), ['status']), 'ErrorPage')
const MaintenancePage = lazyRouteComponent(() => withLaterWords(import('./routes/content/status-pages'), ['status']), 'MaintenancePage')
const SuccessPage = lazyRouteComponent(
  () => withLaterWords(import('./routes/checkout/success-page'), ['status', 'orders', 'totals', 'checkout']),
  'SuccessPage',
)
const ComparePage = lazyRouteComponent(() => import('./routes/lists/compare-page'), 'ComparePage')
const RecentlyViewedPage = lazyRouteComponent(() => import('./routes/catalog/product-list-page'), 'RecentlyViewedPage')
const WishlistPage = lazyRouteComponent(() => import('./routes/catalog/product-list-page'), 'WishlistPage')

export interface RouterContext {
  storeCode: string
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <NotificationRegion />
      <RouteChangeEffects />
      <Outlet />
    </>
  ),
  notFoundComponent: NotFoundPage,
})

const defaultLayoutRoute = createRoute({ getParentRoute: () => rootRoute, id: 'default', component: DefaultLayout })
const minimalLayoutRoute = createRoute({ getParentRoute: () => rootRoute, id: 'minimal', component: MinimalLayout })
const baseLayoutRoute = createRoute({ getParentRoute: () => rootRoute, id: 'base', component: BaseLayout })
const emptyLayoutRoute = createRoute({ getParentRoute: () => rootRoute, id: 'empty', component: EmptyLayout })

const homeRoute = createRoute({ getParentRoute: () => defaultLayoutRoute, path: '/', component: HomePage })

export const categoryRoute = createRoute({
  getParentRoute: () => defaultLayoutRoute,
  path: '/c/$slug',
  validateSearch: categorySearchSchema,
  component: CategoryRoutePage,
})

export const productRoute = createRoute({
  getParentRoute: () => defaultLayoutRoute,
  path: '/p/$parentSku/$slug',
  validateSearch: productSearch,
  component: ProductRoutePage,
})

export const productChildRoute = createRoute({
  getParentRoute: () => defaultLayoutRoute,
  path: '/p/$parentSku/$slug/$childSku',
  component: ProductRoutePage,
})

// the shopper's lists (spec §2: compare "Compare Products", my-recently-viewed); all local
const compareRoute = createRoute({ getParentRoute: () => defaultLayoutRoute, path: '/compare', component: ComparePage })
const wishlistRoute = createRoute({ getParentRoute: () => defaultLayoutRoute, path: '/wishlist', component: WishlistPage })
const recentlyViewedRoute = createRoute({ getParentRoute: () => defaultLayoutRoute, path: '/my-account/recently-viewed', component: RecentlyViewedPage })

export const searchRoute = createRoute({
  getParentRoute: () => defaultLayoutRoute,
  path: '/search/$query',
  validateSearch: searchResultsSearchSchema,
  component: SearchRoutePage,
})

const notFoundRoute = createRoute({ getParentRoute: () => defaultLayoutRoute, path: '$', component: UrlDispatcherPage })

const checkoutRoute = createRoute({ getParentRoute: () => minimalLayoutRoute, path: '/checkout', component: CheckoutPage })
const cartRoute = createRoute({ getParentRoute: () => minimalLayoutRoute, path: '/checkout/cart', component: CartPage })

// the account pages (spec §2), each its own chunk
const myAccountRoute = createRoute({ getParentRoute: () => defaultLayoutRoute, path: '/my-account', component: MyAccountPage })
const myShippingDetailsRoute = createRoute({ getParentRoute: () => defaultLayoutRoute, path: '/my-account/shipping-details', component: ShippingDetailsPage })
const myNewsletterRoute = createRoute({ getParentRoute: () => defaultLayoutRoute, path: '/my-account/newsletter', component: NewsletterPage })
const myOrdersRoute = createRoute({ getParentRoute: () => defaultLayoutRoute, path: '/my-account/orders', component: OrdersPage })
const myOrderRoute = createRoute({ getParentRoute: () => defaultLayoutRoute, path: '/my-account/orders/$orderId', component: OrderPage })
const privacySettingsRoute = createRoute({ getParentRoute: () => defaultLayoutRoute, path: '/my-account/privacy', component: PrivacySettingsPage })
const mySocialProfilesRoute = createRoute({ getParentRoute: () => defaultLayoutRoute, path: '/my-account/social', component: SocialProfilesPage })
// the splat: a CMS page's identifier may hold slashes (a child page under its parent)
const cmsPageRoute = createRoute({ getParentRoute: () => defaultLayoutRoute, path: '/i/$', component: CmsRoutePage })
const createPasswordRoute = createRoute({
  getParentRoute: () => defaultLayoutRoute,
  path: '/create-password/token/$token/email/$email',
  component: CreatePasswordPage,
})
const blogRoute = createRoute({ getParentRoute: () => defaultLayoutRoute, path: '/blog', validateSearch: blogSearchSchema, component: BlogPage })
const blogCategoryRoute = createRoute({
  getParentRoute: () => defaultLayoutRoute,
  path: '/blog/category/$slug',
  validateSearch: blogSearchSchema,
  component: BlogCategoryPage,
})
const blogPostRoute = createRoute({ getParentRoute: () => defaultLayoutRoute, path: '/blog/$slug', validateSearch: blogSearchSchema, component: BlogPostPage })
const brandsRoute = createRoute({ getParentRoute: () => defaultLayoutRoute, path: '/brands', component: BrandsRoutePage })
const submitReturnRoute = createRoute({ getParentRoute: () => defaultLayoutRoute, path: '/submit-return', component: SubmitReturnPage })
const successRoute = createRoute({
  getParentRoute: () => minimalLayoutRoute,
  path: '/success',
  validateSearch: paymentReturnSearchSchema,
  component: SuccessPage,
})
const cancelRoute = createRoute({ getParentRoute: () => minimalLayoutRoute, path: '/cancel', validateSearch: paymentReturnSearchSchema, component: CancelPage })
const errorRoute = createRoute({ getParentRoute: () => minimalLayoutRoute, path: '/error', component: ErrorPage })
const maintenanceRoute = createRoute({ getParentRoute: () => baseLayoutRoute, path: '/maintenance', component: MaintenancePage })
const socialLoginCallbackRoute = createRoute({ getParentRoute: () => emptyLayoutRoute, path: '/auth/callback/$provider', component: SocialLoginCallbackPage })
const shellRoutes = [
  myAccountRoute,
  myShippingDetailsRoute,
  myNewsletterRoute,
  myOrdersRoute,
  myOrderRoute,
  privacySettingsRoute,
  mySocialProfilesRoute,
  cmsPageRoute,
  createPasswordRoute,
  blogRoute,
  blogCategoryRoute,
  blogPostRoute,
  brandsRoute,
  submitReturnRoute,
] as const

const routeTree = rootRoute.addChildren([
  defaultLayoutRoute.addChildren([
    homeRoute,
    categoryRoute,
    productRoute,
    productChildRoute,
    searchRoute,
    compareRoute,
    wishlistRoute,
    recentlyViewedRoute,
    ...shellRoutes,
    notFoundRoute,
  ]),
  minimalLayoutRoute.addChildren([checkoutRoute, cartRoute, successRoute, cancelRoute, errorRoute]),
  baseLayoutRoute.addChildren([maintenanceRoute]),
  emptyLayoutRoute.addChildren([socialLoginCallbackRoute]),
])

/** The shopping pages: their chunks are warmed after the first page (offline before the service worker). */
export const shoppingRoutes = [homeRoute, categoryRoute, productRoute, searchRoute, cartRoute, notFoundRoute] as const

export function createAppRouter(basePath: string, context: RouterContext) {
  return createRouter({
    routeTree,
    basepath: basePath || '/',
    context,
    parseSearch,
    stringifySearch,
    defaultPreload: false,
    defaultErrorComponent: PageError,
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
