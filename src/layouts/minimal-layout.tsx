import { Link, Outlet } from '@tanstack/react-router'
import { useI18nContext } from '../../locales/i18n-react'
import { Logo } from '../components/logo'
import { OfflineIndicator } from '../components/offline-indicator'

/** Checkout pages: only the logo (back to the shop) and the offline state, no distractions. */
export function MinimalLayout() {
  const { LL } = useI18nContext()
  return (
    <div className="layout layout--minimal">
      <header className="site-header site-header--minimal">
        <a href="#main" className="skip-link">
          {LL.skipToContent()}
        </a>
        <div className="site-header__bar container">
          <Link to="/" className="site-header__logo" aria-label={LL.header.home()}>
            <Logo />
          </Link>
          <OfflineIndicator />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="container main">
        <Outlet />
      </main>
      <footer className="site-footer site-footer--minimal">
        <div className="container">
          <p>{LL.footer.rights()}</p>
        </div>
      </footer>
    </div>
  )
}
