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
