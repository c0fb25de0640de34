import { Link } from '@tanstack/react-router'
import { useEffect, useSyncExternalStore } from 'react'
import { useI18nContext } from '../../locales/i18n-react'
import { dispatchBreadcrumbs, getBreadcrumbs, subscribeBreadcrumbs, type BreadcrumbsState } from '../ui/breadcrumbs-state'

export interface Crumb {
  label: string
  /** a category slug; the last crumb (the current page) has none */
  slug?: string
  /** a CMS page's identifier (its place in the content hierarchy) */
  page?: string
  /** the blog: '' for its list, a blog category's url_key for that category */
  blog?: string
}

/** The route and slug a crumb links to; none for one that names no page. */
function linkOf(c: Crumb): [to: '/c/$slug' | '/i/$slug' | '/blog/category/$slug' | '/blog', slug: string] | null {
  if (c.slug) return ['/c/$slug', c.slug]
  if (c.page) return ['/i/$slug', c.page]
  return c.blog === undefined ? null : [c.blog ? '/blog/category/$slug' : '/blog', c.blog]
}

/** The breadcrumbs state (routes, current, is-changing) for anything that needs the trail. */
export function useBreadcrumbsState(): BreadcrumbsState {
  return useSyncExternalStore(subscribeBreadcrumbs, getBreadcrumbs)
}

export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const { LL } = useI18nContext()
  // the page's trail becomes the breadcrumbs state (a navigation turned is-changing on)
  const trail = JSON.stringify(crumbs)
  useEffect(() => dispatchBreadcrumbs({ type: 'set', crumbs: JSON.parse(trail) as Crumb[] }), [trail])
  return (
    <nav className="breadcrumbs" aria-label={LL.breadcrumbs.label()} data-testid="breadcrumbs">
      <ol>
        <li>
          <Link to="/">{LL.breadcrumbs.home()}</Link>
        </li>
        {crumbs.map((c, i) => {
          const link = i < crumbs.length - 1 ? linkOf(c) : null
          return (
            <li key={`${c.label}-${i}`}>
              {link ? (
                <Link to={link[0]} params={{ slug: link[1] }}>
                  {c.label}
                </Link>
              ) : (
                <span aria-current={i === crumbs.length - 1 ? 'page' : undefined}>{c.label}</span>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
