/**
 * /blog and /blog/category/{slug} (spec §2): a page of 10 published posts, all or one category's,
 * newest first unless the sort query parameter says otherwise, with its breadcrumbs (Home › Blog ›
 * the category), pages, the sort and the blog categories panel. Read from the device (the blog is
 * replicated with its excerpts), so it reads offline once the content was pulled; an unknown category is the not-found page.
 */
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router'
import { useI18nContext } from '../../../locales/i18n-react'
import { BLOG_SORTS, DEFAULT_BLOG_SORT, type BlogSort } from '../../../domain/blog-sorts'
import { Breadcrumbs, type Crumb } from '../../components/breadcrumbs'
import { OfflineUnavailable } from '../../components/offline-unavailable'
import { useBlogList } from '../../data/use-content'
import type { BlogListView } from '../../data/worker-types'
import { useDocumentTitle } from '../../ui/document-title'
import { NotFoundPage } from '../not-found-page'
import { BlogCategoriesPanel, PostSummaryItem } from './blog-parts'
import type { BlogSearch } from './blog-search'

export function BlogPage() {
  const search = useSearch({ from: '/default/blog' })
  return <BlogList search={search} />
}

export function BlogCategoryPage() {
  const { slug } = useParams({ from: '/default/blog/category/$slug' })
  const search = useSearch({ from: '/default/blog/category/$slug' })
  return <BlogList category={slug} search={search} />
}

function BlogList({ category, search }: { category?: string; search: BlogSearch }) {
  const { LL } = useI18nContext()
  const view = useBlogList({ ...(category === undefined ? {} : { category }), sort: search.sort ?? DEFAULT_BLOG_SORT, page: search.page ?? 1 })
  const title = view?.category?.title ?? (category === undefined ? LL.contentPages.blog() : '')
  useDocumentTitle(title || null)
  if (view?.state === 'missing') return <NotFoundPage />
  if (view?.state === 'offline-unavailable') return <OfflineUnavailable />
  const route = category === undefined ? 'blog' : 'blog-category'
  if (!view || view.state === 'loading') {
    return (
      <section className="blog-page" data-route={route} aria-busy="true">
        <p className="muted">{LL.blog.loading()}</p>
      </section>
    )
  }
  // Home › Blog, and › the category on a category's page
  const crumbs: Crumb[] = category === undefined ? [{ label: title }] : [{ label: LL.contentPages.blog(), to: '/blog' }, { label: title }]
  return (
    <section className="blog-page" data-route={route} aria-labelledby="blog-heading">
      <Breadcrumbs crumbs={crumbs} />
      <div className="blog-page__head">
        <h1 id="blog-heading">{title}</h1>
        <BlogCategoriesPanel current={category} />
        <BlogSortSelect value={view.sort} category={category} />
      </div>
      {view.posts.length === 0 ? (
        <p className="empty-state">{LL.blog.empty()}</p>
      ) : (
        <ul className="blog-list" data-testid="blog-list">
          {view.posts.map((post) => (
            <PostSummaryItem key={post.id} post={post} />
          ))}
        </ul>
      )}
      <BlogPagination view={view} category={category} />
    </section>
  )
}

function BlogSortSelect({ value, category }: { value: BlogSort; category?: string }) {
  const { LL } = useI18nContext()
  const navigate = useNavigate()
  const labels: Record<BlogSort, string> = {
    newest: LL.blog.sortNewest(),
    oldest: LL.blog.sortOldest(),
    title: LL.blog.sortTitle(),
  }
  // a new sort starts again at page 1; the default stays out of the URL
  const choose = (sort: BlogSort) => {
    const search = sort === DEFAULT_BLOG_SORT ? {} : { sort }
    if (category === undefined) void navigate({ to: '/blog', search })
    else void navigate({ to: '/blog/category/$slug', params: { slug: category }, search })
  }
  return (
    <label className="blog-sort">
      <span>{LL.blog.sort()}</span>
      <select value={value} data-testid="blog-sort" onChange={(e) => choose(e.target.value as BlogSort)}>
        {BLOG_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {labels[sort]}
          </option>
        ))}
      </select>
    </label>
  )
}

function BlogPagination({ view, category }: { view: BlogListView; category?: string }) {
  const { LL } = useI18nContext()
  if (view.pageCount <= 1) return null
  const sort = view.sort === DEFAULT_BLOG_SORT ? {} : { sort: view.sort }
  const searchOf = (page: number) => (page > 1 ? { ...sort, page } : sort)
  const link = (page: number, label: string, rel: 'prev' | 'next') =>
    category === undefined ? (
      <Link to="/blog" search={searchOf(page)} rel={rel}>
        {label}
      </Link>
    ) : (
      <Link to="/blog/category/$slug" params={{ slug: category }} search={searchOf(page)} rel={rel}>
        {label}
      </Link>
    )
  return (
    <nav className="blog-pagination" aria-label={LL.blog.pages()} data-testid="blog-pagination">
      {view.page > 1 ? link(view.page - 1, LL.blog.previousPage(), 'prev') : null}
      <span aria-current="page">{LL.blog.pageOf({ page: view.page, count: view.pageCount })}</span>
      {view.page < view.pageCount ? link(view.page + 1, LL.blog.nextPage(), 'next') : null}
    </nav>
  )
}
