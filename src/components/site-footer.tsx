import { useI18nContext } from '../../locales/i18n-react'
import { StoreSwitcher } from './store-switcher'

export function SiteFooter() {
  const { LL } = useI18nContext()
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <p>{LL.footer.tagline()}</p>
        <p>{LL.footer.rights()}</p>
        <StoreSwitcher label={LL.footer.stores()} />
      </div>
    </footer>
  )
}
