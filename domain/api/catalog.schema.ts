/**
 * /api/catalog/{index}/{type}/_search: the search-query request format (storefront-query-builder
 * types) and the ES-shaped response (standard and compact). Contract §3.
 */
import { z } from 'zod'

export const ENTITY_TYPES = [
  'product',
  'category',
  'attribute',
  'taxrule',
  'cms_block',
  'cms_page',
  'cms_hierarchy',
  'cms_blog',
  'cms_blog_category',
  'url_rewrite',
  'review',
] as const
export type EntityType = (typeof ENTITY_TYPES)[number]

/**
 * What one catalogue query may ask for. Every filter, facet and sort field costs a walk over the
 * store view's rows, and on the embedded PGlite a query cannot be interrupted once it runs (it has
 * no statement time-out), so the size of a query is bounded up front: a request past a limit is a
 * 400 that names it. Storefronts ask for a small fraction of these.
 */
export const CATALOG_QUERY_LIMITS = {
  filters: 32,
  /** values of all filters together (`in` / `nin` lists, bare arrays, eq / neq) */
  filterValues: 1000,
  facets: 20,
  /** buckets per terms facet */
  facetSize: 500,
  /** buckets of the price facet when the query gives its own ranges */
  priceRanges: 20,
  sortFields: 5,
  fieldLength: 100,
  valueLength: 500,
  likeLength: 100,
} as const

const scalar = z.union([z.string().max(CATALOG_QUERY_LIMITS.valueLength), z.number(), z.boolean(), z.null()])
// no length limit here: a list past the limit would only fail the union as "Invalid input"; the
// query counts the values of all its filters together and names the limit
const scalarList = z.array(scalar)
/** a dotted field path: `color`, `category.category_id`, `configurable_children.sku` */
const fieldPath = z
  .string()
  .min(1)
  .max(CATALOG_QUERY_LIMITS.fieldLength)
  .regex(/^[a-z0-9_]+(\.[a-z0-9_]+)*$/i, 'attribute names are letters, digits and _, joined by .')

/** `{in:[..]}`, `{eq:x}`, `{gte, lte}` …; a bare value means `{in:[value]}`. */
export const FilterValueSchema = z.union([
  scalar,
  scalarList,
  z
    .object({
      eq: scalar.optional(),
      neq: scalar.optional(),
      in: scalarList.optional(),
      nin: scalarList.optional(),
      gt: z.number().optional(),
      gte: z.number().optional(),
      lt: z.number().optional(),
      lte: z.number().optional(),
      from: z.number().optional(),
      to: z.number().optional(),
      like: z.string().max(CATALOG_QUERY_LIMITS.likeLength).optional(),
    })
    .strict(),
])
export type FilterValue = z.infer<typeof FilterValueSchema>

export const AppliedFilterSchema = z.object({
  attribute: fieldPath,
  value: FilterValueSchema,
  scope: z.enum(['default', 'catalog']).default('default'),
  options: z.unknown().optional(),
})
export type AppliedFilter = z.infer<typeof AppliedFilterSchema>

/** One bucket of the price facet: from (inclusive) and to (exclusive), either may be open. */
export const PriceRangeSchema = z
  .object({ from: z.number().optional(), to: z.number().optional() })
  .strict()
  .refine((r) => r.from !== undefined || r.to !== undefined, 'a price range needs from or to')
export type PriceRange = z.infer<typeof PriceRangeSchema>

export const AvailableFilterSchema = z.object({
  field: fieldPath,
  scope: z.enum(['default', 'catalog']).default('catalog'),
  options: z
    .object({
      size: z.number().int().positive().max(CATALOG_QUERY_LIMITS.facetSize).optional(),
      /**
       * the price facet's own buckets instead of PRICE_RANGES (what an Elasticsearch range
       * aggregation asks, storefront-query-builder adding the chosen price range to the standard ones)
       */
      ranges: z.array(PriceRangeSchema).min(1).max(CATALOG_QUERY_LIMITS.priceRanges).optional(),
    })
    .partial()
    .optional(),
})

export const AppliedSortSchema = z.object({
  field: fieldPath,
  options: z.union([z.enum(['asc', 'desc']), z.object({ order: z.enum(['asc', 'desc']) }).passthrough()]).default('asc'),
})

/** How many values a filter holds (a bare value or eq/neq count one each). */
export function filterValueCount(value: FilterValue): number {
  if (Array.isArray(value)) return value.length
  if (value === null || typeof value !== 'object') return 1
  return (value.in?.length ?? 0) + (value.nin?.length ?? 0) + (value.eq !== undefined ? 1 : 0) + (value.neq !== undefined ? 1 : 0)
}

export const SearchQuerySchema = z
  .object({
    _searchText: z.string().max(200).optional(),
    _appliedFilters: z.array(AppliedFilterSchema).max(CATALOG_QUERY_LIMITS.filters).default([]),
    _availableFilters: z.array(AvailableFilterSchema).max(CATALOG_QUERY_LIMITS.facets).default([]),
    _appliedSort: z.array(AppliedSortSchema).max(CATALOG_QUERY_LIMITS.sortFields).default([]),
  })
  .superRefine((query, ctx) => {
    const values = query._appliedFilters.reduce((n, f) => n + filterValueCount(f.value), 0)
    if (values > CATALOG_QUERY_LIMITS.filterValues) {
      ctx.addIssue({
        code: 'custom',
        path: ['_appliedFilters'],
        message: `the filters hold ${values} values together; at most ${CATALOG_QUERY_LIMITS.filterValues}`,
      })
    }
  })
export type SearchQuery = z.infer<typeof SearchQuerySchema>

/** Query-string parameters of a catalog request. */
export const CatalogParamsSchema = z.object({
  size: z.coerce.number().int().optional(),
  from: z.coerce.number().int().optional(),
  /** "field:dir"; empty is no sort (VSF1's adapters send `sort=` when a search has none) */
  sort: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .max(CATALOG_QUERY_LIMITS.sortFields * (CATALOG_QUERY_LIMITS.fieldLength + 6))
      .regex(/^[a-z0-9_.]+(:(asc|desc))?(,[a-z0-9_.]+(:(asc|desc))?)*$/i)
      .refine((s) => s.split(',').length <= CATALOG_QUERY_LIMITS.sortFields, `at most ${CATALOG_QUERY_LIMITS.sortFields} sort fields`)
      .optional(),
  ),
  _source_include: z.string().max(4000).optional(),
  _source_exclude: z.string().max(4000).optional(),
  _source_includes: z.string().max(4000).optional(),
  _source_excludes: z.string().max(4000).optional(),
  request_format: z.enum(['search-query']).optional(),
  response_format: z.enum(['standard', 'compact']).optional(),
  /** GET variant: the SearchQuery as JSON */
  request: z
    .string()
    .max(64 * 1024)
    .optional(),
})

export interface TermsBucket {
  key: string | number
  doc_count: number
}
export interface RangeBucket {
  key: string
  from?: number
  to?: number
  doc_count: number
}
export type Aggregations = Record<string, { buckets: (TermsBucket | RangeBucket)[] }>

export interface SearchHit<T = Record<string, unknown>> {
  _index: string
  _type: EntityType
  _id: string
  _score: number
  _source: T
}

export interface SearchResponse<T = Record<string, unknown>> {
  took: number
  timed_out: boolean
  hits: { total: { value: number; relation: 'eq' }; max_score: number | null; hits: SearchHit<T>[] }
  aggregations?: Aggregations
}

export interface CompactSearchResponse<T = Record<string, unknown>> {
  total: number
  hits: (T & { _score: number })[]
  aggregations?: Aggregations
}

/** Fields whose facet is the price ranges below, counted on what the shopper pays. */
export const PRICE_FACET_FIELDS: ReadonlySet<string> = new Set(['price', 'final_price_incl_tax'])

/** Price buckets of the price facet (spec §9): 0-50, 50-100, 100-150, 150 and up. */
export { PRICE_RANGES } from '../price-ranges'

/** Spec §9 limits; `timeoutMs` is the spec's server search time-out. */
/**
 * `maxResultWindow`: from + size of a listing sorted by a field (Elasticsearch's
 * index.max_result_window): deeper pages are refused, as Elasticsearch refuses them.
 */
export const CATALOG_LIMITS = { defaultSize: 50, maxSize: 4000, minScore: 0.02, timeoutMs: 1000, maxResultWindow: 10_000 } as const

// --- /api/product/render-list (contract §2.6, §4.5; spec §7 "Price refresh") ---------------

/** skus (comma-joined, required), currencyCode, storeId, optional userGroupId and token (a storeCode is read as on every call: http/request-store-view). */
export const RenderListQuerySchema = z.object({
  skus: z
    .string({ error: 'skus parameter is required' })
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().max(64)).min(1, 'skus parameter is required').max(200)),
  currencyCode: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be a 3-letter currency code')
    .optional(),
  storeId: z.coerce.number().int().min(0).optional(),
  userGroupId: z.coerce.number().int().min(0).optional(),
  token: z.string().max(500).optional(),
})
export type RenderListQuery = z.infer<typeof RenderListQuerySchema>

/** Amounts of one price_info: incl. tax at the top level, excl. tax in tax_adjustments. */
const RenderPriceAmountsSchema = z.object({
  final_price: z.number(),
  regular_price: z.number(),
  /** only inside its date window (and below the regular price); else null */
  special_price: z.number().nullable(),
  minimal_price: z.number(),
  max_price: z.number(),
  minimal_regular_price: z.number(),
  max_regular_price: z.number(),
})

export const RenderPriceInfoSchema = RenderPriceAmountsSchema.extend({
  formatted_prices: z.record(z.string(), z.string().nullable()),
  extension_attributes: z.object({
    tax_adjustments: RenderPriceAmountsSchema,
    weee_attributes: z.array(z.unknown()),
    weee_adjustment: z.string(),
  }),
})
export type RenderPriceInfo = z.infer<typeof RenderPriceInfoSchema>

export const RenderListItemSchema = z.object({
  id: z.number().int(),
  /** ours: the contract matches by id; the sku saves the client a lookup */
  sku: z.string(),
  name: z.string(),
  type: z.string(),
  url: z.string(),
  store_id: z.number().int(),
  currency_code: z.string(),
  is_salable: z.boolean().optional(),
  price_info: RenderPriceInfoSchema,
  /** HMAC-SHA256 over the price and sku; only when the server has a signing secret */
  sgn: z.string().optional(),
})
export type RenderListItem = z.infer<typeof RenderListItemSchema>

export const RenderListResultSchema = z.object({ items: z.array(RenderListItemSchema) })
export type RenderListResult = z.infer<typeof RenderListResultSchema>
