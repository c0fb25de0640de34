/**
 * Where a page sits in the category tree (spec §2 breadcrumbs): the trail of a category is its
 * ancestors from the path, root and store root left out (level ≥ 2), itself last; a product sits
 * in the deepest of its categories the tree knows, so a polo in "Men › Polos" shows both.
 */
import type { Category } from './category.schema'

/** The first level that has a page of its own: levels 0 and 1 are the tree root and the store's root. */
export const FIRST_SHOWN_LEVEL = 2

/** Ids from the tree root down to `category`, as its path names them. */
export function pathIds(path: string): number[] {
  return path
    .split('/')
    .map(Number)
    .filter((id) => Number.isInteger(id))
}

/** `category`'s ancestors and itself, top first, as far as `all` knows them. */
export function categoryTrail<C extends Pick<Category, 'id' | 'path' | 'level'>>(category: C, all: readonly C[]): C[] {
  const byId = new Map(all.map((c) => [c.id, c]))
  byId.set(category.id, category)
  return pathIds(category.path)
    .map((id) => byId.get(id))
    .filter((c): c is C => c !== undefined && c.level >= FIRST_SHOWN_LEVEL)
}

/** The deepest category of a product's `category` list that `all` knows (ties: the first listed). */
export function deepestCategory<C extends Pick<Category, 'id' | 'level'>>(refs: readonly { category_id: number }[], all: readonly C[]): C | undefined {
  const byId = new Map(all.map((c) => [c.id, c]))
  let deepest: C | undefined
  for (const ref of refs) {
    const c = byId.get(ref.category_id)
    if (c && c.level >= FIRST_SHOWN_LEVEL && (!deepest || c.level > deepest.level)) deepest = c
  }
  return deepest
}
