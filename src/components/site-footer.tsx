import { Link } from '@tanstack/react-router'
import { useI18nContext } from '../../locales/i18n-react'
import { withLaterWords } from '../dictionary'
import { useLaterModule } from '../ui/later-module'
import { StoreSwitcher } from './store-switcher'

/** the shop's own footer blocks and its info banner (CMS), a chunk fetched once the first load has ended */
export const loadFooterBlocks = () => withLaterWords(import('./footer-blocks'), ['status'])

/**
 * The footer: the shop's pages a shopper looks for at the bottom (account, lists, brands, returns),
 * the store views, and the shop's CMS blocks last, in a place of their own height reserved, so
 * their arrival after the first render moves nothing; then the info banner (fixed at the window's
 * bottom, outside the footer's landmark).
 */
export function SiteFooter() {
  const { LL } = useI18nContext()
  const blocks = useLaterModule(loadFooterBlocks)
  return (
    <>
      <footer className="site-footer">
        <div className="container site-footer__inner">
          <div>
            <p>{LL.footer.tagline()}</p>
            <p>{LL.footer.rights()}</p>
          </div>
          <nav className="site-footer__links" aria-label={LL.footer.links()}>
            <ul>
              <li>
                <Link to="/my-account">{LL.account.title()}</Link>
              </li>
              <li>
                <Link to="/my-account/recently-viewed">{LL.account.recentlyViewed()}</Link>
              </li>
              <li>
                <Link to="/wishlist">{LL.lists.wishlist()}</Link>
              </li>
              <li>
                <Link to="/compare">{LL.lists.compare()}</Link>
              </li>
              <li>
                <Link to="/brands">{LL.contentPages.brands()}</Link>
              </li>
              <li>
                <Link to="/blog">{LL.contentPages.blog()}</Link>
              </li>
              <li>
                <Link to="/submit-return">{LL.contentPages.submitReturn()}</Link>
              </li>
            </ul>
          </nav>
          <StoreSwitcher label={LL.footer.stores()} />
          <div className="site-footer__blocks" data-testid="footer-blocks">
            {blocks ? <blocks.FooterBlocks /> : null}
          </div>
        </div>
      </footer>
      {blocks ? <blocks.InfoBanner /> : null}
    </>
  )
}
