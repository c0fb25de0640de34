/** The categories the menus show (the header's mega menu, the phone's sidebar). */
import { ROOT_CATEGORY_ID } from '../../domain/category-root'
import type { Category } from '../../domain/category.schema'

/** Menu children of a category: active, in the menu, by position. */
export function childCategories(categories: Category[] | undefined, parentId: number): Category[] {
  return (categories ?? [])
    .filter((c) => c.parent_id === parentId && c.is_active && c.include_in_menu)
    .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name))
}

/** Top categories: active, in the menu, directly under the shop's root category, by position. */
export function topCategories(categories: Category[] | undefined): Category[] {
  return childCategories(categories, ROOT_CATEGORY_ID)
}
