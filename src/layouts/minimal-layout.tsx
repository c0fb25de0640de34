import { Outlet } from '@tanstack/react-router'
import { useI18nContext } from '../../locales/i18n-react'
import { HeaderBar } from '../components/header-bar'
import { OfflineIndicator } from '../components/offline-indicator'
import { OfflineOrders } from '../components/offline-orders'
import { SessionEnded } from '../components/session-ended'

/** Checkout pages: only the logo (back to the shop) and the offline state, no distractions. */
export function MinimalLayout() {
  const { LL } = useI18nContext()
  return (
    <div className="layout layout--minimal">
      <header className="site-header site-header--minimal">
        <HeaderBar>
          <OfflineIndicator />
        </HeaderBar>
      </header>
      <main id="main" tabIndex={-1} className="container main">
        <Outlet />
      </main>
      <footer className="site-footer site-footer--minimal">
        <div className="container">
          <p>{LL.footer.rights()}</p>
        </div>
      </footer>
      <OfflineOrders />
      <SessionEnded />
    </div>
  )
}
