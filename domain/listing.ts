/**
 * The shop's listing vocabulary, shared by the UI (sort and page-size controls, the search box) and
 * the data worker (category pages, search): sorts, page sizes and the search limits of the spec.
 */

export const CATEGORY_SORTS = ['position', 'price_asc', 'price_desc', 'most_popular'] as const
export type CategorySort = (typeof CATEGORY_SORTS)[number]
export const PAGE_SIZES = [18, 36, 72] as const

/** Spec §5: "Searched term should consist of at least 3 characters"; §9: default search size 50. */
export const SEARCH_MIN_LENGTH = 3
export const SEARCH_DEFAULT_SIZE = 50

/** Spec §5 "Listing only includes …": visible in the catalogue (2, 3, 4), enabled (0, 1), not end-of-life. */
export const LISTED_VISIBILITY: ReadonlySet<number> = new Set([2, 3, 4])
export const LISTED_STATUS: ReadonlySet<number> = new Set([0, 1])

/** Whether a product is listed on category pages: one rule for the worker's listings and the server's category counts. */
export function isListable(product: { visibility: number; status: number; eol?: number | null }): boolean {
  return LISTED_VISIBILITY.has(product.visibility) && LISTED_STATUS.has(product.status) && (product.eol ?? 0) === 0
}
