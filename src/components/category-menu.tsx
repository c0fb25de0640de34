import { Link } from '@tanstack/react-router'
import { ROOT_CATEGORY_ID, type Category } from '../../domain/category.schema'
import { useI18nContext } from '../../locales/i18n-react'
import { useCategories } from '../data/hooks'

/** Top categories: active, in the menu, directly under the shop's root category, by position. */
export function topCategories(categories: Category[] | undefined): Category[] {
  return (categories ?? [])
    .filter((c) => c.parent_id === ROOT_CATEGORY_ID && c.is_active && c.include_in_menu)
    .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name))
}

export function CategoryMenu() {
  const { LL } = useI18nContext()
  const categories = topCategories(useCategories())
  return (
    <nav className="category-menu" aria-label={LL.header.mainMenu()}>
      <ul>
        {categories.map((c) => (
          <li key={c.id}>
            <Link
              to="/c/$slug"
              params={{ slug: c.slug }}
              data-testid="category-link"
              activeProps={{ 'aria-current': 'page', className: 'is-active' }}
            >
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
