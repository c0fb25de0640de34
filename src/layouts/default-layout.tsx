import { Outlet } from '@tanstack/react-router'
import { useI18nContext } from '../../locales/i18n-react'
import { SiteFooter } from '../components/site-footer'
import { SiteHeader } from '../components/site-header'

/** Header with menu, search, store switcher and microcart; the page; footer. */
export function DefaultLayout() {
  const { LL } = useI18nContext()
  return (
    <div className="layout layout--default">
      <a href="#main" className="skip-link">
        {LL.skipToContent()}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="container main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  )
}
