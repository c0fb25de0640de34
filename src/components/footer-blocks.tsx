/**
 * The footer's content: the shop's links, the newsletter form, the store views and its CMS blocks (customer service,
 * legal, about), these from the local `cms` collection, sanitised and with their links navigated by
 * the router (src/routes/content/cms-html). A chunk of its own, loaded once the first load has ended
 * (src/components/site-footer.tsx): the footer, DOMPurify and the blocks cost the first load
 * nothing. The info banner, the shell's other CMS content, comes in the same chunk (site-footer
 * renders it), so it costs the first load nothing either; so do the newsletter popup's host, which
 * fetches the popup itself only when it opens (newsletter-popup.tsx; the footer's markup holds it, drawn
 * fixed over the window), and the cookie consent banner and the tag manager (src/consent/consent-root.tsx),
 * with the Cookie settings button that reopens the banner.
 */
import { Link } from '@tanstack/react-router'
import { FOOTER_BLOCKS } from '../../domain/cms-identifiers'
import { useI18nContext } from '../../locales/i18n-react'
import { useCmsBlocks } from '../data/use-content'
import { ConsentRoot } from '../consent/consent-root'
import { openConsentSettings } from '../consent/consent-store'
import { CmsHtml } from '../routes/content/cms-html'
import { FooterNewsletter } from './footer-newsletter'
import { NewsletterPopup } from './newsletter-popup'
import { StoreSwitcher } from './store-switcher'

export { InfoBanner } from './info-banner'

export function FooterBlocks() {
  const blocks = useCmsBlocks(FOOTER_BLOCKS)
  return (
    <>
      {(blocks ?? []).map((block) => (
        <CmsHtml key={block.identifier} html={block.content} className={`footer-block footer-block--${block.identifier}`} />
      ))}
    </>
  )
}

/** The shop's links, the newsletter form, the store views, then its blocks, in a place of their own height reserved; and the newsletter popup's host. */
export function FooterContent() {
  const { LL } = useI18nContext()
  return (
    <>
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
          <li>
            <button type="button" onClick={(event) => openConsentSettings(event.currentTarget)}>
              {LL.consent.settings()}
            </button>
          </li>
        </ul>
      </nav>
      <FooterNewsletter />
      <StoreSwitcher label={LL.footer.stores()} />
      <div className="site-footer__blocks" data-testid="footer-blocks">
        <FooterBlocks />
      </div>
      <NewsletterPopup />
      <ConsentRoot />
    </>
  )
}
