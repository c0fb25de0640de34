/**
 * The shop's listing vocabulary, shared by the UI (sort and page-size controls, the search box),
 * the data worker (category pages, search) and the server (the pictures a category or search page
 * load preloads): sorts, page sizes, the search limits of the spec, and the catalogue queries of a
 * category page and a search.
 */
import type { SearchQuery } from './api/catalog.schema'

export const CATEGORY_SORTS = ['position', 'price_asc', 'price_desc', 'most_popular'] as const
export type CategorySort = (typeof CATEGORY_SORTS)[number]
/** A search results page's sorts (default relevance: the best matches first). */
export const SEARCH_SORTS = ['relevance', 'price_asc', 'price_desc', 'most_popular'] as const
export type SearchSort = (typeof SEARCH_SORTS)[number]
export const PAGE_SIZES = [18, 36, 72] as const
/** A category page's products before the shopper picks another page size (and what a first visit's page asks for). */
export const CATEGORY_PAGE_SIZE: (typeof PAGE_SIZES)[number] = 18

/** Spec §5: "Searched term should consist of at least 3 characters"; §9: default search size 50. */
export const SEARCH_MIN_LENGTH = 3
export const SEARCH_DEFAULT_SIZE = 50

/** Spec §5 "Listing only includes …": visible in the catalogue (2, 3, 4), enabled (0, 1), not end-of-life. */
export const LISTED_VISIBILITY: ReadonlySet<number> = new Set([2, 3, 4])
export const LISTED_STATUS: ReadonlySet<number> = new Set([0, 1])
/** Magento visibility: 3 = search only, 4 = catalogue and search (2 = catalogue only). */
export const SEARCH_VISIBILITY: ReadonlySet<number> = new Set([3, 4])

/** Whether a product is listed on category pages: one rule for the worker's listings and the server's category counts. */
export function isListable(product: { visibility: number; status: number; eol?: number | null }): boolean {
  return LISTED_VISIBILITY.has(product.visibility) && LISTED_STATUS.has(product.status) && (product.eol ?? 0) === 0
}

const SORT_ON_SERVER: Record<CategorySort, SearchQuery['_appliedSort']> = {
  position: [{ field: 'position', options: 'asc' }],
  price_asc: [{ field: 'final_price', options: 'asc' }],
  price_desc: [{ field: 'final_price', options: 'desc' }],
  most_popular: [{ field: 'sold_qty', options: 'desc' }],
}

/**
 * The catalogue query of a category page's first page, in the order the local listing shows it.
 * The position sort reads the product's position in the page's own category (the local listing's
 * rule), and the server takes it from the categories filtered on: so that page asks for the
 * category's own products (Magento assigns a product to the anchor category above its leaf; the
 * demo shop does), any other sort for the category and its descendants. Ties go by id on both sides.
 */
export function categoryPageQuery(query: { sort: CategorySort; categoryId: number }, categoryIds: readonly number[]): SearchQuery {
  const members = query.sort === 'position' ? [query.categoryId] : [...categoryIds]
  return {
    _appliedFilters: [
      { attribute: 'category_ids', value: { in: members }, scope: 'default' },
      { attribute: 'visibility', value: { in: [...LISTED_VISIBILITY] }, scope: 'default' },
      { attribute: 'status', value: { in: [...LISTED_STATUS] }, scope: 'default' },
    ],
    _availableFilters: [],
    _appliedSort: SORT_ON_SERVER[query.sort],
  }
}

/** The catalogue query of a product search for `term` (best matches first, as the server ranks them). */
export function productSearchQuery(term: string): SearchQuery {
  return {
    _searchText: term,
    _appliedFilters: [
      { attribute: 'visibility', value: { in: [...SEARCH_VISIBILITY] }, scope: 'default' },
      { attribute: 'status', value: { in: [...LISTED_STATUS] }, scope: 'default' },
    ],
    _availableFilters: [],
    _appliedSort: [],
  }
}
