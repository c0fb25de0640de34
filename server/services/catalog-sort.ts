/**
 * A catalogue search's order: the query string's `sort` (`field:dir,...`) or the SearchQuery's
 * `_appliedSort`, price sorts read as what the shopper pays; and the order of an entity whose
 * listings have one of their own when none is asked.
 */
import type { SearchQuery } from '../../domain/api/catalog.schema'
import type { CatalogEntity, CatalogSort } from '../storage/catalog-query'

/**
 * The order of a listing that asks none, where the entity has one of its own (else the id's): the
 * blog's newest posts first (spec §9 feed and latest posts), categories and the CMS hierarchy in
 * the shop's own order.
 */
export const DEFAULT_SORT: Partial<Record<CatalogEntity, CatalogSort[]>> = {
  cms_blog: [{ field: 'publish_date', dir: 'desc' }],
  cms_blog_category: [{ field: 'sort_order', dir: 'asc' }],
  // newest first, as a product page lists them
  review: [{ field: 'created_at', dir: 'desc' }],
  cms_hierarchy: [
    { field: 'level', dir: 'asc' },
    { field: 'sort_order', dir: 'asc' },
  ],
}

export function parseSort(sort: string | undefined, applied: SearchQuery['_appliedSort']): CatalogSort[] {
  const list: CatalogSort[] = sort
    ? sort.split(',').map((s) => {
        const [field = '', dir] = s.split(':')
        return { field, dir: dir?.toLowerCase() === 'desc' ? 'desc' : 'asc' }
      })
    : applied.map((s) => ({
        field: s.field,
        dir: (typeof s.options === 'string' ? s.options : s.options.order) === 'desc' ? 'desc' : 'asc',
      }))
  // what the shopper sees and pays decides price order
  return list.map((s) => (s.field === 'price' || s.field === 'final_price' ? { ...s, field: 'final_price_incl_tax' } : s))
}
