import { FRENCH_HOST_PREFIX, STORE_CODES, STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import { useI18nContext } from '../../locales/i18n-react'
import { useStoreView } from '../ui/store-view'

/**
 * The home of a store view. On the French host every path is French, so the other store views are
 * reached on the main host (the same host without the "fr." prefix).
 */
function storeHomeUrl(code: StoreCode): string {
  const { protocol, host } = window.location
  const onFrenchHost = host.toLowerCase().startsWith(FRENCH_HOST_PREFIX)
  if (code === 'fr' && onFrenchHost) return '/'
  if (onFrenchHost) return `${protocol}//${host.slice(FRENCH_HOST_PREFIX.length)}${STORE_VIEWS[code].url}/`
  return `${STORE_VIEWS[code].url}/`
}

/** Store views are separate apps (own database, dictionary, prices): switching is a full page load. */
export function StoreSwitcher({ label }: { label?: string }) {
  const { LL } = useI18nContext()
  const { storeView } = useStoreView()
  return (
    <nav className="store-switcher" aria-label={label ?? LL.header.storeSwitcher()}>
      <ul>
        {STORE_CODES.map((code) => {
          const view = STORE_VIEWS[code]
          const current = code === storeView.storeCode
          return (
            <li key={code}>
              <a href={storeHomeUrl(code)} hrefLang={view.htmlLang} lang={view.htmlLang} aria-current={current ? 'true' : undefined} title={view.name}>
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
