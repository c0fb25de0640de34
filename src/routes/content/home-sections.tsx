/**
 * The home page's parts under its banners and products: the shop's home-page CMS blocks, read
 * from the local `cms` collection like the footer's (so they show offline once the content was
 * pulled), sanitised by cms-html, and the blog feed (spec §9: the 8 newest posts), with the
 * blog's later words. A chunk of its own, fetched once the first load has ended
 * (src/ui/later-module.ts): DOMPurify, the blocks and the feed cost the home page's first load
 * nothing. It comes last on the page, so its arrival moves nothing a shopper is looking at.
 */
import { Link } from '@tanstack/react-router'
import { useI18nContext } from '../../../locales/i18n-react'
import { HOME_BLOCKS } from '../../../domain/cms-identifiers'
import { useBlogFeed, useCmsBlocks } from '../../data/use-content'
import { loadCmsHtml } from '../../components/lazy-panels'
import { useLaterModule } from '../../ui/later-module'
import './home-sections.css'

export function HomeBlocks() {
  const blocks = useCmsBlocks(HOME_BLOCKS)
  // the sanitiser's chunk, the one the CMS pages and the footer use, not a copy in this chunk
  const html = useLaterModule(loadCmsHtml)
  if (!html || !blocks || blocks.length === 0) return null
  return (
    <div className="home-blocks" data-testid="home-blocks">
      {blocks.map((block) => (
        <html.CmsHtml key={block.identifier} html={block.content} className={`home-block home-block--${block.identifier}`} />
      ))}
    </div>
  )
}

/** The blog feed: the newest posts, each a link to it, and a link to the whole blog. Nothing while there are none. */
export function HomeBlogFeed() {
  const { LL } = useI18nContext()
  const posts = useBlogFeed()
  if (!posts || posts.length === 0) return null
  return (
    <section className="home-blog-feed" aria-labelledby="home-blog-feed" data-testid="home-blog-feed">
      <h2 id="home-blog-feed">{LL.blog.fromOurBlog()}</h2>
      <ul className="home-blog-feed__list">
        {posts.map((post) => (
          <li key={post.id}>
            <Link to="/blog/$slug" params={{ slug: post.url_key }}>
              {post.title}
            </Link>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/blog">{LL.blog.feedAll()}</Link>
      </p>
    </section>
  )
}
