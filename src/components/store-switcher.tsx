import { useRouterState } from '@tanstack/react-router'
import { pathInOtherStoreView } from '../../domain/app-routes'
import { FRENCH_HOST_PREFIX, STORE_CODES, STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import { useI18nContext } from '../../locales/i18n-react'
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
              <a href={storeUrl(code, relative)} hrefLang={view.htmlLang} lang={view.htmlLang} aria-current={current ? 'true' : undefined} title={view.name}>
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
