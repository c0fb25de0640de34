import { Outlet } from '@tanstack/react-router'
import { SiteFooter } from '../components/site-footer'
import { SiteHeader } from '../components/site-header'
import { OfflineOrders } from '../components/offline-orders'
import { SessionEnded } from '../components/session-ended'
import { useLaterModule } from '../ui/later-module'

/** the shop's info banner (CMS HTML, DOMPurify), a chunk fetched once the first load has ended */
const loadInfoBanner = () => import('../components/info-banner')

/** Header with menu, search, store switcher and microcart; the page; footer; the info banner. */
export function DefaultLayout() {
  const infoBanner = useLaterModule(loadInfoBanner)
  return (
    <div className="layout layout--default">
      <SiteHeader />
      <main id="main" tabIndex={-1} className="container main">
        <Outlet />
      </main>
      <SiteFooter />
      {infoBanner ? <infoBanner.InfoBanner /> : null}
      <OfflineOrders />
      <SessionEnded />
    </div>
  )
}
