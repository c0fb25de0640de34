/**
 * The frame of every account page: its title, the account section's navigation and its content.
 * Its own module so the account pages load the frame alone, not /my-account's way in (its forms and
 * the social-login buttons).
 */
import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { useI18nContext } from '../../../locales/i18n-react'
import { useDocumentTitle } from '../../ui/document-title'
import './account-pages.css'

/** The account section's own navigation, shared by every account page (routes/orders/orders-pages too). */
export function AccountNav() {
  const { LL } = useI18nContext()
  const active = { 'aria-current': 'page', className: 'is-active' } as const
  return (
    <nav className="account-nav" aria-label={LL.account.nav()} data-testid="account-nav">
      <ul>
        <li>
          <Link to="/my-account" activeOptions={{ exact: true }} activeProps={active}>
            {LL.account.title()}
          </Link>
        </li>
        <li>
          <Link to="/my-account/shipping-details" activeProps={active}>
            {LL.account.shippingDetails()}
          </Link>
        </li>
        <li>
          <Link to="/my-account/newsletter" activeProps={active}>
            {LL.account.newsletter()}
          </Link>
        </li>
        <li>
          <Link to="/my-account/orders" activeProps={active}>
            {LL.account.orders()}
          </Link>
        </li>
        <li>
          <Link to="/my-account/recently-viewed" activeProps={active}>
            {LL.account.recentlyViewed()}
          </Link>
        </li>
        <li>
          <Link to="/my-account/privacy" activeProps={active}>
            {LL.account.privacy()}
          </Link>
        </li>
        <li>
          <Link to="/my-account/social" activeProps={active}>
            {LL.account.social()}
          </Link>
        </li>
      </ul>
    </nav>
  )
}

/** An account page: its title, the account navigation and its content (routes/orders/orders-pages too). */
export function AccountFrame({ title, route, children }: { title: string; route: string; children: ReactNode }) {
  useDocumentTitle(title)
  return (
    <div className="account-page" data-route={route}>
      <h1>{title}</h1>
      <div className="account-page__layout">
        <AccountNav />
        <section className="account-page__content" aria-label={title}>
          {children}
        </section>
      </div>
    </div>
  )
}
