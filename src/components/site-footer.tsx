import { withLaterWords } from '../dictionary'
import { useLaterModule } from '../ui/later-module'

/** the footer's content, the shop's own blocks and its info banner (CMS): a chunk fetched once the first load has ended */
export const loadFooterBlocks = () => withLaterWords(import('./footer-blocks'), ['status', 'consent'])

/**
 * The footer: the shop's pages a shopper looks for at the bottom (account, lists, brands, returns),
 * the store views, and the shop's CMS blocks last; then the info banner (fixed at the window's
 * bottom, outside the footer's landmark). Below every page's first screen, so all of it comes in
 * the chunk fetched once the first load has ended: it costs the first load nothing, and its arrival
 * moves nothing above it.
 */
export function SiteFooter() {
  const footer = useLaterModule(loadFooterBlocks)
  return (
    <>
      <footer className="site-footer">
        <div className="container site-footer__inner">{footer ? <footer.FooterContent /> : null}</div>
      </footer>
      {footer ? <footer.InfoBanner /> : null}
    </>
  )
}
