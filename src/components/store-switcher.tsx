import { useRouterState } from '@tanstack/react-router'
import type { MouseEvent } from 'react'
import { pathInOtherStoreView } from '../../domain/app-routes'
import { FRENCH_HOST_PREFIX, STORE_CODES, STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import { useI18nContext } from '../../locales/i18n-react'
import { handOffCart } from '../data/use-cart-commands'
import { useStoreView } from '../ui/store-view'

/**
 * The same page in another store view (`relative`: a store-relative path and query, '' for home).
 * On the French host every path is French, so the other store views are reached on the main host
 * (the same host without the "fr." prefix).
 */
function storeUrl(code: StoreCode, relative: string): string {
  const { protocol, host } = window.location
  const onFrenchHost = host.toLowerCase().startsWith(FRENCH_HOST_PREFIX)
  if (code === 'fr' && onFrenchHost) return `/${relative}`
  if (onFrenchHost) return `${protocol}//${host.slice(FRENCH_HOST_PREFIX.length)}${STORE_VIEWS[code].url}/${relative}`
  return `${STORE_VIEWS[code].url}/${relative}`
}

/** How long the switch waits for the cart to be handed over before it leaves anyway. */
const HANDOFF_WAIT_MS = 1000

/**
 * The cart follows the shopper: before leaving, the worker hands this store view's lines to the
 * next one (workers/cart/cart-handoff-module), bounded, then the page loads as the link says. A
 * click that opens another tab or window, and a link to another origin (the French host keeps its
 * own IndexedDB), leave the cart where it is.
 */
function switchWithCart(event: MouseEvent<HTMLAnchorElement>, code: StoreCode, current: StoreCode): void {
  if (code === current || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  const href = event.currentTarget.href
  if (new URL(href, window.location.href).origin !== window.location.origin) return
  event.preventDefault()
  const handOff = handOffCart(code).catch((error: unknown) => console.error('[cart] handing the cart over failed', error))
  const bound = new Promise<void>((resolve) => setTimeout(resolve, HANDOFF_WAIT_MS))
  void Promise.race([handOff, bound]).then(() => window.location.assign(href))
}

/** Store views are separate apps (own database, dictionary, prices): switching is a full page load that keeps the page. */
export function StoreSwitcher({ label }: { label?: string }) {
  const { LL } = useI18nContext()
  const { storeView, basePath } = useStoreView()
  // the page the shopper is on, kept in the other store view (re-rendered on every navigation)
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const searchStr = useRouterState({ select: (s) => s.location.searchStr })
  const within = pathname.startsWith(basePath) ? pathname.slice(basePath.length) : pathname
  const relative = pathInOtherStoreView(within.replace(/^\/+|\/+$/g, ''), searchStr)
  return (
    <nav className="store-switcher" aria-label={label ?? LL.header.storeSwitcher()}>
      <ul>
        {STORE_CODES.map((code) => {
          const view = STORE_VIEWS[code]
          const current = code === storeView.storeCode
          return (
            <li key={code}>
              <a
                href={storeUrl(code, relative)}
                hrefLang={view.htmlLang}
                lang={view.htmlLang}
                aria-current={current ? 'true' : undefined}
                title={view.name}
                onClick={(event) => switchWithCart(event, code, storeView.storeCode)}
              >
                {code.toUpperCase()}
                <span className="visually-hidden"> — {view.name}</span>
              </a>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
