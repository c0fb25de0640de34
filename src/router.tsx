/**
 * The route table (spec §2) as code-based TanStack routes under the store view's basepath. Layout
 * routes (default, minimal) wrap the pages; anything unmatched is the page-not-found route.
 */
import { createRootRouteWithContext, createRoute, createRouter, Outlet } from '@tanstack/react-router'
import { DefaultLayout } from './layouts/default-layout'
import { MinimalLayout } from './layouts/minimal-layout'
import { CartPage } from './routes/cart-page'
import { CategoryRoutePage } from './routes/category-page'
import { categorySearchSchema } from './routes/category-search'
import { CheckoutPage } from './routes/checkout-page'
import { HomePage } from './routes/home-page'
import { NotFoundPage } from './routes/not-found-page'
import { UrlDispatcherPage } from './routes/url-dispatcher-page'
import { ProductRoutePage } from './routes/product-page'
import { SearchRoutePage } from './routes/search-page'
import { ComparePage } from './routes/compare-page'
import { RecentlyViewedPage, WishlistPage } from './routes/product-list-page'
import { parseSearch, stringifySearch } from './search-params'
import { NotificationRegion } from './ui/notifications'
import { RouteChangeEffects } from './ui/route-change'

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

export const searchRoute = createRoute({ getParentRoute: () => defaultLayoutRoute, path: '/search/$query', component: SearchRoutePage })

const notFoundRoute = createRoute({ getParentRoute: () => defaultLayoutRoute, path: '$', component: UrlDispatcherPage })

const checkoutRoute = createRoute({ getParentRoute: () => minimalLayoutRoute, path: '/checkout', component: CheckoutPage })
const cartRoute = createRoute({ getParentRoute: () => minimalLayoutRoute, path: '/checkout/cart', component: CartPage })

const routeTree = rootRoute.addChildren([
  defaultLayoutRoute.addChildren([homeRoute, categoryRoute, productRoute, productChildRoute, searchRoute, compareRoute, wishlistRoute, recentlyViewedRoute, notFoundRoute]),
  minimalLayoutRoute.addChildren([checkoutRoute, cartRoute]),
])

export function createAppRouter(basePath: string, context: RouterContext) {
  return createRouter({
    routeTree,
    basepath: basePath || '/',
    context,
    parseSearch,
    stringifySearch,
    defaultPreload: false,
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
