import { z } from 'zod'
import { OPTION_FILTER_CODES } from '../../domain/filters'
import { CATEGORY_SORTS, PAGE_SIZES } from '../../domain/listing'

/** A list of option ids from one or repeated query keys; bad values are dropped, not fatal. */
const idList = z.preprocess((v) => (v === undefined ? undefined : (Array.isArray(v) ? v : [v]).map(String).filter(Boolean)), z.array(z.string()).optional())

/**
 * The category route's query: filters (repeated keys: color, size, manufacturer, erin_recommends,
 * price), the spec §2 optional params (filterAttribute: option labels; brand: a brand label;
 * manufacturer: a brand's option id; id: the category id), sort, page size and pages loaded.
 */
export const categorySearchSchema = z.object({
  color: idList.catch(undefined),
  size: idList.catch(undefined),
  manufacturer: idList.catch(undefined),
  erin_recommends: idList.catch(undefined),
  price: idList.catch(undefined),
  filterAttribute: z.string().min(1).max(500).optional().catch(undefined),
  brand: z.string().min(1).max(200).optional().catch(undefined),
  id: z.coerce.number().int().positive().optional().catch(undefined),
  sort: z.enum(CATEGORY_SORTS).optional().catch(undefined),
  /** products per page: 18 (default), 36 or 72 */
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .optional()
    .catch(undefined),
  /** pages loaded so far ("load more"); filter changes reset it */
  page: z.coerce.number().int().min(1).max(1000).optional().catch(undefined),
})
export type CategorySearch = z.infer<typeof categorySearchSchema>

/** The query keys that hold chosen filters: domain/filters' option filters and the price ranges. */
const FILTER_KEYS = [...OPTION_FILTER_CODES, 'price'] as const satisfies readonly (keyof CategorySearch)[]
type FilterKey = (typeof FILTER_KEYS)[number]

export const SEARCH_SORTS = ['relevance', 'price_asc', 'price_desc', 'most_popular'] as const
export type SearchSort = (typeof SEARCH_SORTS)[number]

/** The search results route's query: the same filters, a sort (default relevance) and pages loaded (50 each). */
export const searchResultsSearchSchema = categorySearchSchema
  .pick({ color: true, size: true, manufacturer: true, erin_recommends: true, price: true, page: true })
  .extend({
    sort: z.enum(SEARCH_SORTS).optional().catch(undefined),
  })
export type SearchResultsSearch = z.infer<typeof searchResultsSearchSchema>

/** The option-id filters a listing query string holds (empty lists left out). */
export function filtersOfSearch(search: Partial<Record<FilterKey, string[] | undefined>>): Record<string, string[]> {
  const chosen: Record<string, string[]> = {}
  for (const key of FILTER_KEYS) {
    const list = search[key]
    if (list && list.length) chosen[key] = list
  }
  return chosen
}

/** The query patch that sets every filter key to `filters` (keys absent there are cleared). */
export function searchOfFilters(filters: Record<string, string[]>): Record<FilterKey, string[] | undefined> {
  return Object.fromEntries(FILTER_KEYS.map((key) => [key, filters[key]])) as Record<FilterKey, string[] | undefined>
}
