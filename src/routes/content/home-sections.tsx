/**
 * The home page's parts under its banners and products: the shop's home-page CMS blocks, read
 * from the local `cms` collection like the footer's (so they show offline once the content was
 * pulled), sanitised by cms-html. A chunk of its own, fetched once the first load has ended
 * (src/ui/later-module.ts): DOMPurify and the blocks cost the home page's first load nothing. It
 * comes last on the page, so its arrival moves nothing a shopper is looking at.
 */
import { HOME_BLOCKS } from '../../../domain/cms-identifiers'
import { useCmsBlocks } from '../../data/use-content'
import { CmsHtml } from './cms-html'
import './home-sections.css'

export function HomeBlocks() {
  const blocks = useCmsBlocks(HOME_BLOCKS)
  if (!blocks || blocks.length === 0) return null
  return (
    <div className="home-blocks" data-testid="home-blocks">
      {blocks.map((block) => (
        <CmsHtml key={block.identifier} html={block.content} className={`home-block home-block--${block.identifier}`} />
      ))}
    </div>
  )
}
