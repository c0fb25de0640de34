import { Link } from '@tanstack/react-router'
import { useI18nContext } from '../../locales/i18n-react'

export interface Crumb {
  label: string
  /** a category slug; the last crumb (the current page) has none */
  slug?: string
}

export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const { LL } = useI18nContext()
  return (
    <nav className="breadcrumbs" aria-label={LL.breadcrumbs.label()}>
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
            ) : (
              <span aria-current={i === crumbs.length - 1 ? 'page' : undefined}>{c.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
