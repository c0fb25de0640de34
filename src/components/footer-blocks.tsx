/**
 * The footer's CMS blocks (customer service, legal, about), from the local `cms` collection,
 * sanitised and with their links navigated by the router (src/routes/content/cms-html). A chunk
 * of its own, loaded once the first load has ended (src/components/site-footer.tsx): DOMPurify
 * and the blocks cost the first load nothing. The info banner, the shell's other CMS content, comes
 * in the same chunk (site-footer renders it), so it costs the first load nothing either.
 */
import { FOOTER_BLOCKS } from '../../domain/cms-identifiers'
import { useCmsBlocks } from '../data/use-content'
import { CmsHtml } from '../routes/content/cms-html'

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
