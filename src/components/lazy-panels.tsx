/**
 * The parts of the shell that show only after a click, kept out of the first load: the search panel's results
 * (src/components/search-panel.tsx), the mega menu's columns (category-menu.tsx), a notification's message (src/ui/notifications.tsx), the offline-order confirmation (offline-orders.tsx) and a
 * product page's related products, light view and back-in-stock form, a CMS page's HTML with its sanitiser: each is its own chunk, loaded when first opened or, before that,
 * by the offline warm-up once the first page is idle (src/offline-warmup.ts).
 * A panel is a fixed layer over the page: it appears when its chunk is there and shifts nothing.
 */
import { lazy, Suspense, useState, type ReactNode, type RefObject } from 'react'
import { withLaterWords } from '../dictionary'
import { useLaterModule } from '../ui/later-module'
import { usePanel } from '../ui/panels'
import type { PanelName } from '../ui/panels-state'
import { loadOfflineOrdersDialog } from './offline-orders'
import { loadMegaMenuPanel } from './category-menu'
import { loadSearchResultsPanel } from './search-panel'
import { loadNotificationView } from '../ui/notifications'

// the microcart shows the cart's words, a later section of the dictionary (src/dictionary.ts)
const loadMicrocart = () => withLaterWords(import('./microcart'), ['cart'])
const Microcart = lazy(() => loadMicrocart().then((m) => ({ default: m.Microcart })))

const loadSidebarPanels = () => import('./sidebar-panels')
const SidebarPanels = lazy(() => loadSidebarPanels().then((m) => ({ default: m.SidebarPanels })))

/** a product page's related products, shown once the first load has ended (src/ui/later-module.ts) */
export const loadRelatedProducts = () => import('./related-products')
/** a product page from the device's light document (src/routes/product/product-light.tsx), which a first visit does not have */
export const loadProductLight = () => import('../routes/product/product-light')

/** an out-of-stock product's back-in-stock form with its words (src/routes/product/stock-alert-form.tsx), after the first load */
const loadStockAlertForm = () => withLaterWords(import('../routes/product/stock-alert-form'), ['stock'])

/** The back-in-stock form of `sku`, mounted only while it is out of stock: its chunk is fetched only then. */
export function LazyStockAlertForm(props: { sku: string }) {
  const chunk = useLaterModule(loadStockAlertForm)
  return chunk ? <chunk.StockAlertForm sku={props.sku} /> : null
}

/** a CMS page's HTML and its sanitiser (src/routes/content/cms-html.tsx), after the first load */
export const loadCmsHtml = () => import('../routes/content/cms-html')

export const panelChunks: readonly (() => Promise<unknown>)[] = [
  loadMicrocart,
  loadSidebarPanels,
  loadSearchResultsPanel,
  loadMegaMenuPanel,
  loadNotificationView,
  loadOfflineOrdersDialog,
  loadRelatedProducts,
  loadProductLight,
  loadCmsHtml,
]

/** Whether the panel has been opened at least once: from then on it stays mounted (it closes itself, giving focus back). */
function useOpenedOnce(panel: PanelName): boolean {
  const { isOpen } = usePanel(panel)
  const [opened, setOpened] = useState(false)
  if (isOpen && !opened) setOpened(true)
  return opened || isOpen
}

/** The microcart, mounted from its first opening on (it gives focus back and clears its message when it closes). */
export function LazyMicrocart(props: { returnFocusTo: RefObject<HTMLElement | null> }) {
  if (!useOpenedOnce('microcart')) return null
  return (
    <Suspense fallback={null}>
      <Microcart returnFocusTo={props.returnFocusTo} />
    </Suspense>
  )
}

/** Phones: the sidebar and the wishlist panel it opens, mounted from the sidebar's first opening on. */
export function LazySidebarPanels(props: { returnFocusTo: RefObject<HTMLElement | null>; children?: ReactNode }) {
  if (!useOpenedOnce('sidebar')) return null
  return (
    <Suspense fallback={null}>
      <SidebarPanels returnFocusTo={props.returnFocusTo}>{props.children}</SidebarPanels>
    </Suspense>
  )
}
