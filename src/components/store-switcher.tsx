import { STORE_CODES, STORE_VIEWS } from '../../domain/store-views'
import { useI18nContext } from '../../locales/i18n-react'
import { useStoreView } from '../ui/store-view'

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
              <a href={`${view.url}/`} hrefLang={view.htmlLang} lang={view.htmlLang} aria-current={current ? 'true' : undefined} title={view.name}>
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
