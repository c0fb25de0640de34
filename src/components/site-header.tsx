/**
 * The shop's sticky header. Phones (under 768 px): one bar of at most 64 px, the logo and icon buttons
 * (search, wishlist, cart with its count, menu); search expands over the bar from its icon, the menu is
 * a drawer with the category tree, the compare list and the store switcher. Wider screens: the search
 * box, the store switcher, wishlist, compare and cart in the bar, and the category strip with its mega
 * menu under it. The offline pill never changes the bar's size (src/styles/header.css).
 */
import { Link } from '@tanstack/react-router'
import { useI18nContext } from '../../locales/i18n-react'
import { useCart } from '../data/hooks'
import { useLists } from '../data/use-lists'
import { useCartNotices } from '../ui/cart-notices'
import { Overlay } from '../ui/panels'
import { AccountLink } from './account-link'
import { CategoryMenu } from './category-menu'
import { CategorySidebar } from './category-sidebar'
import { HeaderBar } from './header-bar'
import { HeaderListLinks } from './header-list-links'
import { LazyMicrocart } from './lazy-panels'
import { OfflineIndicator } from './offline-indicator'
import { usePanelButton } from './panel-button'
import { SiteSearch } from './search-panel'
import { StoreSwitcher } from './store-switcher'

export function SiteHeader() {
  const { LL } = useI18nContext()
  const cart = useCart()
  const microcart = usePanelButton('microcart')
  const count = cart?.count ?? 0
  useCartNotices(cart)
  return (
    <header className="site-header">
      <HeaderBar>
        <SiteSearch />
        <OfflineIndicator />
        <StoreSwitcher />
        <HeaderListLinks />
        <AccountLink />
        <button {...microcart.buttonProps} className="microcart-button" data-testid="microcart-button" aria-label={LL.header.cartWithCount({ count })}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" focusable="false">
            <path
              d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 1.9-1.5L21 8H6.2"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
            <circle cx="10" cy="20" r="1.5" fill="currentColor" />
            <circle cx="17" cy="20" r="1.5" fill="currentColor" />
          </svg>
          <span className="microcart-button__count" data-testid="microcart-count" aria-hidden="true">
            {count}
          </span>
        </button>
        <CategorySidebar>
          <DrawerExtras />
        </CategorySidebar>
      </HeaderBar>
      <div className="site-header__menu container">
        <CategoryMenu />
      </div>
      <Overlay />
      <LazyMicrocart returnFocusTo={microcart.ref} />
    </header>
  )
}

/** Phones: what the bar has no room for sits in the menu drawer, under the category tree. */
function DrawerExtras() {
  const { LL } = useI18nContext()
  const lists = useLists()
  return (
    <>
      <Link to="/my-account" className="button button--secondary button--block" data-testid="drawer-account">
        {LL.account.title()}
      </Link>
      <Link to="/compare" className="button button--secondary button--block" data-testid="drawer-compare">
        {LL.lists.compareWithCount({ count: lists?.compare.length ?? 0 })}
      </Link>
      {/* the switcher's own label names it for screen readers; this is the same words on screen */}
      <p className="side-panel__label muted small" aria-hidden="true">
        {LL.header.storeSwitcher()}
      </p>
      <StoreSwitcher />
    </>
  )
}
