/**
 * The my-account pages (spec §2: my-account, my-shipping-details, my-newsletter,
 * privacy-settings, my-social-profiles) as shells (my-orders and my-order list this device's
 * orders: routes/orders-pages): signing in comes with a later issue,
 * so each page says so in the shopper's language and shows no data at all, not even made-up data.
 */
import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { useI18nContext } from '../../locales/i18n-react'
import { useDocumentTitle } from '../ui/document-title'
import './account-pages.css'

/** The account section's own navigation, shared by every account page (routes/orders-pages too). */
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

/** An account page: its title, the account navigation and its content (routes/orders-pages too). */
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

function AccountShell({ title, route }: { title: string; route: string }) {
  const { LL } = useI18nContext()
  return (
    <AccountFrame title={title} route={route}>
      <p role="status">{LL.account.signInLater()}</p>
    </AccountFrame>
  )
}

export function MyAccountPage() {
  const { LL } = useI18nContext()
  return <AccountShell title={LL.account.title()} route="my-account" />
}

export function ShippingDetailsPage() {
  const { LL } = useI18nContext()
  return <AccountShell title={LL.account.shippingDetails()} route="my-shipping-details" />
}

export function NewsletterPage() {
  const { LL } = useI18nContext()
  return <AccountShell title={LL.account.newsletter()} route="my-newsletter" />
}

export function PrivacySettingsPage() {
  const { LL } = useI18nContext()
  return <AccountShell title={LL.account.privacy()} route="privacy-settings" />
}

export function SocialProfilesPage() {
  const { LL } = useI18nContext()
  return <AccountShell title={LL.account.social()} route="my-social-profiles" />
}
