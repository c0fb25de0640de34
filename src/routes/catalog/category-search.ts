import { OPTION_FILTER_CODES } from '../../../domain/filters'
import { CATEGORY_SORTS, PAGE_SIZES, SEARCH_SORTS, type CategorySort, type SearchSort } from '../../../domain/listing'

// Plain checks, not zod: these run on the main thread at every navigation, and the main thread
// ships without zod (no schemas on the main thread unless a route needs them). A bad
// value is dropped, never fatal: a shared link with a stale filter still opens the page.

/** A list of option ids from one or repeated query keys; empty values are dropped. */
function idList(v: unknown): string[] | undefined {
  return v === undefined ? undefined : (Array.isArray(v) ? v : [v]).map(String).filter(Boolean)
}

function text(v: unknown, max: number): string | undefined {
  return typeof v === 'string' && v.length >= 1 && v.length <= max ? v : undefined
}

/** A whole number (as the query string or the JSON codec gives it) for which `ok` holds. */
export function wholeNumber(v: unknown, ok: (n: number) => boolean): number | undefined {
  if (v === undefined || v === null || typeof v === 'object') return undefined
  const n = Number(v)
  return Number.isInteger(n) && ok(n) ? n : undefined
}

export function oneOf<T extends string>(v: unknown, values: readonly T[]): T | undefined {
  return (values as readonly unknown[]).includes(v) ? (v as T) : undefined
}

/** The object without its undefined values (the router drops them from the URL anyway). */
export function defined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T
}

/**
 * The category route's query: filters (repeated keys: color, size, manufacturer, erin_recommends,
 * price), the spec §2 optional params (filterAttribute: option labels; brand: a brand label;
 * manufacturer: a brand's option id; id: the category id), sort, page size and pages loaded.
 */
export interface CategorySearch {
  color?: string[]
  size?: string[]
  manufacturer?: string[]
  erin_recommends?: string[]
  price?: string[]
  filterAttribute?: string
  brand?: string
  /** the category id */
  id?: number
  sort?: CategorySort
  /** products per page: 18 (default), 36 or 72 */
  pageSize?: number
  /** pages loaded so far ("load more"); filter changes reset it */
  page?: number
}

type Query = Record<string, unknown>
export const asQuery = (input: unknown): Query => (input && typeof input === 'object' ? (input as Query) : {})

function filterValues(q: Query) {
  return {
    color: idList(q.color),
    size: idList(q.size),
    manufacturer: idList(q.manufacturer),
    erin_recommends: idList(q.erin_recommends),
    price: idList(q.price),
  }
}

const page = (v: unknown) => wholeNumber(v, (n) => n >= 1 && n <= 1000)

export const categorySearchSchema = {
  parse(input: unknown): CategorySearch {
    const q = asQuery(input)
    return defined({
      ...filterValues(q),
      filterAttribute: text(q.filterAttribute, 500),
      brand: text(q.brand, 200),
      id: wholeNumber(q.id, (n) => n > 0),
      sort: oneOf(q.sort, CATEGORY_SORTS),
      pageSize: wholeNumber(q.pageSize, (n) => (PAGE_SIZES as readonly number[]).includes(n)),
      page: page(q.page),
    })
  },
}

/** The query keys that hold chosen filters: domain/filters' option filters and the price ranges. */
const FILTER_KEYS = [...OPTION_FILTER_CODES, 'price'] as const satisfies readonly (keyof CategorySearch)[]
type FilterKey = (typeof FILTER_KEYS)[number]

/** The search results route's query: the same filters, a sort (default relevance) and pages loaded (50 each). */
export interface SearchResultsSearch extends Pick<CategorySearch, 'color' | 'size' | 'manufacturer' | 'erin_recommends' | 'price' | 'page'> {
  sort?: SearchSort
}

export const searchResultsSearchSchema = {
  parse(input: unknown): SearchResultsSearch {
    const q = asQuery(input)
    return defined({ ...filterValues(q), page: page(q.page), sort: oneOf(q.sort, SEARCH_SORTS) })
  },
}

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
