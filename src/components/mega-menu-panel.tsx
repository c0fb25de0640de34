/**
 * The open mega menu of src/components/category-menu.tsx: a top category's link ("all in …") and its
 * subcategories in columns, each with its own children.
 */
import type { Category } from '../../domain/category.schema'
import { useI18nContext } from '../../locales/i18n-react'
import type { MegaMenuMachine } from '../ui/mega-menu-state'
import { childCategories } from './menu-categories'
import { CategoryLink } from './shop-links'

export function MegaMenuPanel({
  category,
  columns,
  categories,
  machine,
}: {
  category: Category
  columns: Category[]
  categories: Category[] | undefined
  machine: MegaMenuMachine
}) {
  const { LL } = useI18nContext()
  const close = () => machine.closeNow()
  return (
    <div
      id="mega-menu"
      className="mega-menu"
      data-testid="mega-menu"
      role="group"
      aria-label={LL.navigation.subcategoriesOf({ name: category.name })}
      onMouseEnter={() => machine.hoverPanel()}
    >
      <p className="mega-menu__all">
        <CategoryLink category={category} onClick={close}>
          {LL.navigation.allIn({ name: category.name })}
        </CategoryLink>
      </p>
      <ul className="mega-menu__columns">
        {columns.map((column) => (
          <li key={column.id} className="mega-menu__column">
            <CategoryLink category={column} className="mega-menu__heading" data-testid="mega-menu-link" onClick={close}>
              {column.name}
            </CategoryLink>
            <ul>
              {childCategories(categories, column.id).map((leaf) => (
                <li key={leaf.id}>
                  <CategoryLink category={leaf} data-testid="mega-menu-link" onClick={close}>
                    {leaf.name}
                  </CategoryLink>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  )
}
