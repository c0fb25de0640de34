/**
 * The app, which src/main.tsx starts after the page's first paint. Start-up: find the store view from
 * host and path (unknown prefix → /en/), start the data worker for it, load its dictionary, then
 * create the router under the store's basepath and render (replacing the server's first paint).
 */
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import TypesafeI18n from '../locales/i18n-react'
import { FALLBACK_PATH, readConfig } from './config'
import { loadDictionary, loadLaterWords } from './dictionary'
import { LATER_MESSAGE_PARTS } from '../locales/sections'
import { startData } from './data/start-data'
import { warmUpAfterFirstPage } from './offline-warmup'
import { createAppRouter, shoppingRoutes } from './router'
import { panelChunks } from './components/lazy-panels'
import { PanelsProvider } from './ui/panels'
import { NotificationsProvider } from './ui/notifications'
import { StoreViewProvider } from './ui/store-view'
import { firstScreen } from './ui/first-screen'

async function start(): Promise<void> {
  const config = readConfig(window.location)
  if (!config) {
    window.location.replace(FALLBACK_PATH)
    return
  }
  const { storeView, basePath } = config
  document.documentElement.lang = storeView.htmlLang

  const dataStarted = startData({
    storeCode: storeView.storeCode,
    apiBaseUrl: config.apiBaseUrl,
    replicationMode: config.replicationMode,
    automaticOrderTransmission: config.automaticOrderTransmission,
    ...(config.kioskPass ? { kioskPass: config.kioskPass } : {}),
    ...firstCategory(),
  }).catch((error: unknown) => console.error('[data] worker init failed', error))

  const router = createAppRouter(basePath, { storeCode: storeView.storeCode })
  // the dictionary's first-load words and the opened page's chunk load side by side, not one after
  // the other; the router resolves the opened page before the first render, so that render is the
  // page itself
  await Promise.all([loadDictionary(storeView.dictionary), loadPageChunks(router).then(() => resolvePage(router))])

  const root = document.getElementById('root')
  if (!root) throw new Error('#root missing in index.html')
  const app = (
    <StrictMode>
      <StoreViewProvider storeView={storeView} basePath={basePath}>
        <TypesafeI18n locale={storeView.dictionary}>
          <NotificationsProvider>
            <PanelsProvider>
              <RouterProvider router={router} />
            </PanelsProvider>
          </NotificationsProvider>
        </TypesafeI18n>
      </StoreViewProvider>
    </StrictMode>
  )
  // the first render as a transition: React yields to the browser between pieces of work, so the
  // page's first render is several short tasks, not one long one that blocks input (Lighthouse TBT)
  startTransition(() => createRoot(root).render(app))
  // the service worker's registration first (src/later-start.ts, with a kiosk tablet's start; its own chunk: it waits for the end
  // of the first load anyway, whose scripts it would otherwise be among), then the other pages and panels
  const registerWorker = () => import('./later-start').then(({ startLater }) => startLater(router, config))
  // and the notifications' later words (src/ui/notifications.tsx), so that a first visit that goes offline still shows them
  const messageWords = () => loadLaterWords(LATER_MESSAGE_PARTS)
  warmUpAfterFirstPage([registerWorker, ...shoppingRoutes.map((route) => () => router.loadRouteChunk(route)), ...panelChunks, messageWords], dataStarted)
}

/**
 * The category this page load opens, as the server named it in the HTML (domain/first-screen): the
 * data worker asks for its first page at once on a first visit. Only for the plain address (no
 * sort, page or filter in the query, which the worker's first ask would not match).
 */
function firstCategory(): { firstCategoryId?: number } {
  const category = firstScreen().category
  return category && location.search === '' ? { firstCategoryId: category.id } : {}
}

/** The lazy chunks of the page the URL opens (src/router.tsx makes every page its own chunk). */
function loadPageChunks(router: ReturnType<typeof createAppRouter>): Promise<unknown> {
  const matches = router.matchRoutes(router.state.location)
  return Promise.all(matches.map((m) => router.loadRouteChunk(router.routesById[m.routeId as keyof typeof router.routesById]))).catch((error: unknown) => {
    // the router tries again when it renders the page; the shopper then sees its error, not a blank page
    console.warn('[app] page chunk not loaded in advance', error)
  })
}

/**
 * The router's first load, done before the first render. Left to the router's own mount effect, its
 * answer re-rendered the whole app synchronously (a store update), one long task on a phone
 * (Lighthouse TBT); done here, the first render is the page, in short pieces (a transition).
 */
function resolvePage(router: ReturnType<typeof createAppRouter>): Promise<unknown> {
  return router.load().catch((error: unknown) => {
    // the router loads again when it mounts; the shopper then sees its error, not a blank page
    console.warn('[app] page not resolved before the first render', error)
  })
}

void start()
