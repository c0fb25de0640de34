/**
 * The pieces the blog's pages share: a post's date in the store view's language, a post in a list
 * (title, date, excerpt, featured picture), the latest-posts block, and the blog categories panel
 * (spec §2 "Panels": blog categories, an open/closed side panel over the overlay). The shop's HTML
 * (excerpts) goes through cms-html's sanitiser, which comes after the first load.
 */
import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import { IMAGE_SIZES } from '../../../domain/images'
import { SHOP_TIME_ZONE } from '../../../domain/store-views'
import { loadCmsHtml } from '../../components/lazy-panels'
import { usePanelButton } from '../../components/panel-button'
import { ProductImage } from '../../components/product-image'
import { SidePanel } from '../../components/side-panel'
import { useBlogCategories, useLatestBlogPosts } from '../../data/use-content'
import type { BlogPostSummary } from '../../data/worker-types'
import { useLaterModule } from '../../ui/later-module'
import { useStoreView } from '../../ui/store-view'

/** A list's featured picture: the smallest size the resizer serves (decorative: the title says what the post is). */
const BLOG_THUMBNAIL = IMAGE_SIZES[0]

/** A publish date as the store view's language writes a date, on the shop's calendar. */
export function PostDate({ iso }: { iso: string }) {
  const { LL } = useI18nContext()
  const { storeView } = useStoreView()
  const format = useMemo(() => new Intl.DateTimeFormat(storeView.i18n.defaultLocale, { dateStyle: 'long', timeZone: SHOP_TIME_ZONE }), [storeView])
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return null
  return (
    <p className="blog-date">
      <time dateTime={iso}>{LL.blog.published({ date: format.format(date) })}</time>
    </p>
  )
}

/** A post in a list: its title links to it; the excerpt is the shop's HTML, sanitised. */
export function PostSummaryItem({ post }: { post: BlogPostSummary }) {
  const html = useLaterModule(loadCmsHtml)
  return (
    <li>
      <article className="blog-summary" data-testid="blog-summary" data-url-key={post.url_key}>
        {post.image ? (
          <ProductImage path={post.image} width={BLOG_THUMBNAIL.width} height={BLOG_THUMBNAIL.height} alt="" className="blog-summary__image" />
        ) : null}
        <div className="blog-summary__text">
          <h2 className="blog-summary__title">
            <Link to="/blog/$slug" params={{ slug: post.url_key }}>
              {post.title}
            </Link>
          </h2>
          <PostDate iso={post.publish_date} />
          {html ? <html.CmsHtml html={post.excerpt} className="blog-summary__excerpt" /> : <div className="blog-summary__excerpt" aria-busy="true" />}
        </div>
      </article>
    </li>
  )
}

/** The newest posts (spec §9: 5), as links; the post being read is left out. */
export function LatestPosts({ without }: { without?: string }) {
  const { LL } = useI18nContext()
  const posts = useLatestBlogPosts()
  const shown = (posts ?? []).filter((p) => p.url_key !== without)
  if (shown.length === 0) return null
  return (
    <section className="blog-latest" aria-labelledby="blog-latest-heading" data-testid="blog-latest">
      <h2 id="blog-latest-heading">{LL.blog.latestPosts()}</h2>
      <ul>
        {shown.map((post) => (
          <li key={post.id}>
            <Link to="/blog/$slug" params={{ slug: post.url_key }}>
              {post.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

/**
 * The blog categories panel: a button that opens it (its state is the app's panel state, so the
 * overlay follows it, Escape and the overlay close it, and it closes on a move to another page),
 * and the list of the published categories, the current one marked.
 */
export function BlogCategoriesPanel({ current }: { current?: string }) {
  const { LL } = useI18nContext()
  const { panel, ref, buttonProps } = usePanelButton('blogCategories')
  const categories = useBlogCategories()
  return (
    <>
      <button {...buttonProps} className="button blog-categories-button" data-testid="blog-categories-button">
        {LL.blog.categories()}
      </button>
      <SidePanel
        panel="blogCategories"
        title={LL.blog.categories()}
        closeLabel={LL.blog.closeCategories()}
        side="left"
        returnFocusTo={ref}
        testId="blog-categories-panel"
      >
        <nav aria-label={LL.blog.categories()}>
          <ul className="blog-categories">
            <li>
              <Link to="/blog" aria-current={current === undefined ? 'page' : undefined} onClick={panel.close}>
                {LL.blog.allPosts()}
              </Link>
            </li>
            {(categories ?? []).map((category) => (
              <li key={category.id}>
                <Link
                  to="/blog/category/$slug"
                  params={{ slug: category.url_key }}
                  aria-current={current === category.url_key ? 'page' : undefined}
                  onClick={panel.close}
                >
                  {category.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </SidePanel>
    </>
  )
}
