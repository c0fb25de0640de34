import { Outlet } from '@tanstack/react-router'
import { SiteFooter } from '../components/site-footer'
import { SiteHeader } from '../components/site-header'
import { OfflineOrders } from '../components/offline-orders'
import { SessionEnded } from '../components/session-ended'

/** Header with menu, search, store switcher and microcart; the page; footer. */
export function DefaultLayout() {
  return (
    <div className="layout layout--default">
      <SiteHeader />
      <main id="main" tabIndex={-1} className="container main">
        <Outlet />
      </main>
      <SiteFooter />
      <OfflineOrders />
      <SessionEnded />
    </div>
  )
}
