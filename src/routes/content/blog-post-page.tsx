/**
 * /blog/{slug} (spec §2 blog post): a published post by url_key, from the data worker's content
 * module as a CMS page is read: stored on this device, or fetched whole and kept when opened
 * online, so a post read once reads offline. Its breadcrumbs (Home › Blog › its first category),
 * its HTML through cms-html's sanitiser, its categories linking to their pages, the latest posts
 * and the blog categories panel. An unknown post is the not-found page; offline, a post this
 * device never opened is the spec's offline notice.
 */
import { Link, useParams } from '@tanstack/react-router'
import { useState } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import { PRODUCT_MAIN_IMAGE } from '../../../domain/images'
import { Breadcrumbs, type Crumb } from '../../components/breadcrumbs'
import { loadCmsHtml } from '../../components/lazy-panels'
import { OfflineUnavailable } from '../../components/offline-unavailable'
import { ProductImage } from '../../components/product-image'
import { ServerTrouble } from '../../components/server-trouble'
import { useBlogPost } from '../../data/use-content'
import type { BlogPostView } from '../../data/worker-types'
import { useDocumentTitle } from '../../ui/document-title'
import { useMetaDescription } from '../../ui/meta-description'
import { useLaterModule } from '../../ui/later-module'
import { NotFoundPage } from '../not-found-page'
import { BlogCategoriesPanel, LatestPosts, PostDate } from './blog-parts'

export function BlogPostPage() {
  const { slug } = useParams({ from: '/default/blog/$slug' })
  const [attempt, setAttempt] = useState(0)
  const view = useBlogPost(slug, attempt)
  if (!view || view.state === 'loading') return <article className="blog-post" data-route="blog-post" aria-busy="true" />
  if (view.state === 'offline-unavailable') return <OfflineUnavailable />
  if (view.state === 'server-trouble') return <ServerTrouble onRetry={() => setAttempt((n) => n + 1)} />
  if (view.state === 'missing' || !view.post) return <NotFoundPage />
  return <BlogArticle post={view.post} categories={view.categories} />
}

function BlogArticle({ post, categories }: { post: NonNullable<BlogPostView['post']>; categories: BlogPostView['categories'] }) {
  const { LL } = useI18nContext()
  // a post's meta title is its own title, without the shop's name
  useDocumentTitle(post.meta_title ?? post.title)
  useMetaDescription(post.meta_description)
  const html = useLaterModule(loadCmsHtml)
  // Home › Blog › the post's first category › the post
  const category = categories[0]
  const crumbs: Crumb[] = [
    { label: LL.contentPages.blog(), to: '/blog' },
    ...(category ? [{ label: category.title, to: `/blog/category/${category.url_key}` }] : []),
    { label: post.title },
  ]
  return (
    <div className="blog-post-page">
      <article className="blog-post" data-route="blog-post" data-url-key={post.url_key}>
        <Breadcrumbs crumbs={crumbs} />
        <p>
          <Link to="/blog">{LL.blog.back()}</Link>
        </p>
        <h1>{post.title}</h1>
        <PostDate iso={post.publish_date} />
        {post.author ? <p className="blog-author">{LL.blog.author({ author: post.author })}</p> : null}
        {categories.length > 0 ? (
          <nav aria-label={LL.blog.postCategories()} data-testid="blog-post-categories">
            <ul className="blog-post__categories">
              {categories.map((category) => (
                <li key={category.id}>
                  <Link to="/blog/category/$slug" params={{ slug: category.url_key }}>
                    {category.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {post.image ? (
          <ProductImage path={post.image} width={PRODUCT_MAIN_IMAGE.width} height={PRODUCT_MAIN_IMAGE.height} alt="" className="blog-post__image" />
        ) : null}
        {html ? <html.CmsHtml html={post.content} className="blog-post__content" /> : <div className="blog-post__content" aria-busy="true" />}
      </article>
      <aside className="blog-post-page__aside">
        <BlogCategoriesPanel />
        <LatestPosts without={post.url_key} />
      </aside>
    </div>
  )
}
