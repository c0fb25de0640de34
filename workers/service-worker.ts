/// <reference lib="webworker" />
/**
 * The service worker (Workbox): the app shell is precached so any visited page reloads offline;
 * product images and catalogue GETs get runtime caches. Cart and replication calls are never cached:
 * the data worker owns their state and must see real network failures to queue and retry. Nor are
 * payment pages and payment calls (network only); the provider's return addresses are loaded from
 * the server, and from the shell only when it cannot be reached.
 */
import { clientsClaim } from 'workbox-core'
import { addPlugins, cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies'
import type { WorkboxPlugin } from 'workbox-core/types'
import { CATALOG_CACHE, IMAGE_CACHE, PICTURE_MAX_AGE_S } from '../replication/cache-names'
import { ExpirationPlugin } from 'workbox-expiration'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> }

// A new version waits until the page asks it to take over (the page logs "update available"),
// so an open tab never runs against a half-replaced app shell.
// A page that opened while this worker was still activating can miss the claim of clientsClaim()
// (its document did not exist yet when the claim ran) and would stay uncontrolled, its lazy chunks
// and images bypassing the caches, until its next navigation: such a page asks for a claim ("CLAIM").
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data
  const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined
  if (type === 'SKIP_WAITING') void self.skipWaiting()
  if (type === 'CLAIM') event.waitUntil(self.clients.claim())
})
clientsClaim()

cleanupOutdatedCaches()
precacheAndRoute(self.__WB_MANIFEST)

/** Logs the spec's cache events: served from cache, cached for offline use, offline mode. */
function cacheLogger(label: string): WorkboxPlugin {
  return {
    cachedResponseWillBeUsed: async ({ request, cachedResponse }) => {
      if (cachedResponse) console.info(`[sw] ${label}: served from cache`, request.url)
      return cachedResponse
    },
    cacheDidUpdate: async ({ request }) => {
      console.info(`[sw] ${label}: cached for offline use`, request.url)
    },
    fetchDidFail: async ({ request }) => {
      console.info(`[sw] ${label}: offline mode, network request failed`, request.url)
    },
  }
}

// The app shell: only page loads (index.html, also behind every navigation) get a log line;
// every asset hit would drown the console.
addPlugins([
  {
    cachedResponseWillBeUsed: async ({ request, cachedResponse }) => {
      if (cachedResponse && new URL(request.url).pathname === '/index.html') {
        console.info(self.navigator.onLine ? '[sw] app shell: served from cache' : '[sw] offline mode: app shell served from cache', request.url)
      }
      return cachedResponse
    },
  },
])

const isApiOrImage = (pathname: string) => pathname.startsWith('/api/') || pathname.startsWith('/img/')

// Payment: the sandbox's hosted page (server-rendered, not the app), the payment provider service
// and the provider's return addresses (/{store}/success, /{store}/cancel, also without a prefix on
// the French host) are never cached and never answered from the shell: each must reach the server,
// which knows the payment's state. Registered before the navigation route, so it wins.
const RETURN_PAGE = /^(?:\/(?:en|nl|be|fr))?\/(?:success|cancel)\/?$/
// The thank-you and cancel pages are the app too: loaded from the server when it answers (the
// provider's return lands there), and from the precached shell when it does not, so a shopper who
// reloads the confirmation offline sees their order from the device, not the browser's error page.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.mode === 'navigate' && RETURN_PAGE.test(url.pathname),
  async ({ request }) => {
    try {
      return await fetch(request)
    } catch (error) {
      const shell = await matchPrecache('/index.html')
      if (!shell) throw error
      console.info('[sw] offline mode: the confirmation page served from the app shell', request.url)
      return shell
    }
  },
  'GET',
)

const isPaymentPath = (pathname: string) =>
  pathname.startsWith('/payment-sandbox/') || pathname.startsWith('/api/ext/payment/') || /^(?:\/(?:en|nl|be|fr))?\/(?:success|cancel)\/?$/.test(pathname)
registerRoute(({ url }) => url.origin === self.location.origin && isPaymentPath(url.pathname), new NetworkOnly(), 'GET')
registerRoute(({ url }) => url.origin === self.location.origin && isPaymentPath(url.pathname), new NetworkOnly(), 'POST')

// Social login: the local OpenID Connect stand-in's pages (/oidc/{provider}/authorize, server-rendered,
// not the app; server/social/oidc-standin) are reached in the pop-up after the server's redirect and
// must reach the server, never the shell. The callback pages (/{store}/auth/callback/...) are the app's.
const isSocialProviderPath = (pathname: string) => pathname.startsWith('/oidc/')
registerRoute(({ url }) => url.origin === self.location.origin && isSocialProviderPath(url.pathname), new NetworkOnly(), 'GET')

// Any app path (/en/c/..., /fr/p/..., / on the French host) gets the precached shell offline.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [
      /^\/api\//,
      /^\/img\//,
      /^\/payment-sandbox\//,
      /^\/oidc\//,
      /^(?:\/(?:en|nl|be|fr))?\/(?:success|cancel)\/?$/,
      /^\/service-worker\.js$/,
      /\.(?:js|css|png|svg|ico|txt|json|webmanifest|map)$/i,
    ],
  }),
)

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/img/'),
  new StaleWhileRevalidate({ cacheName: IMAGE_CACHE, plugins: [cacheLogger('image'), new ExpirationPlugin({ maxAgeSeconds: PICTURE_MAX_AGE_S })] }),
)

// The VSF1 banner files (/assets/banners/{store}_promoted_offers.json, _main-image.json) are written
// from the database and change with every import: never cached here, never precached as build files
// (the app reads the banners from its local database; tests/e2e/home-banners.spec.ts checks both).
registerRoute(({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/banners/'), new NetworkOnly(), 'GET')

// Cart and replication are never cached (explicit NetworkOnly so no other route can match them).
registerRoute(
  ({ url }) => url.origin === self.location.origin && (url.pathname.startsWith('/api/cart') || url.pathname.startsWith('/api/ext/replication')),
  new NetworkOnly(),
  'GET',
)

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/api/catalog'),
  new NetworkFirst({ cacheName: CATALOG_CACHE, networkTimeoutSeconds: 3, plugins: [cacheLogger('catalog')] }),
)

self.addEventListener('fetch', (event: FetchEvent) => {
  // Only a note for diagnostics: navigations while the browser reports offline.
  const url = new URL(event.request.url)
  if (event.request.mode === 'navigate' && !isApiOrImage(url.pathname) && !self.navigator.onLine) {
    console.info('[sw] offline mode: serving the app shell for', url.pathname)
  }
})
