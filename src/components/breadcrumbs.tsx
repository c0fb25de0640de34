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
  /** any other page's store-relative path (the blog's, a blog category's) */
  to?: string
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
        {crumbs.map((c, i) => (
          <li key={`${c.label}-${i}`}>
            {c.slug && i < crumbs.length - 1 ? (
              <Link to="/c/$slug" params={{ slug: c.slug }}>
                {c.label}
              </Link>
            ) : c.page && i < crumbs.length - 1 ? (
              <Link to="/i/$" params={{ _splat: c.page }}>
                {c.label}
              </Link>
            ) : c.to && i < crumbs.length - 1 ? (
              // exact: the blog's link is not the current page on its posts and categories (paths under it)
              <Link to={c.to as '/'} activeOptions={{ exact: true }}>
                {c.label}
              </Link>
            ) : (
              <span aria-current={i === crumbs.length - 1 ? 'page' : undefined}>{c.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
