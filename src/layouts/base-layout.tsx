import { Outlet } from '@tanstack/react-router'
import { Logo } from '../components/logo'

/** Only the brand around the page (maintenance). */
export function BaseLayout() {
  return (
    <div className="layout layout--base">
      <header className="site-header site-header--minimal">
        <div className="site-header__bar container">
          <Logo />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="container main">
        <Outlet />
      </main>
    </div>
  )
}
