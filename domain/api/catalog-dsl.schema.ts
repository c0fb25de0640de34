/**
 * /api/catalog/{index}/{type}/_search in Elasticsearch's query DSL: the body vue-storefront 1's
 * default search adapter builds in the browser (storefront-query-builder over bodybuilder) and
 * sends without `request_format`. Contract §3.1, §3.3. The server answers the subset that builder
 * makes by translating it to a SearchQuery (server/services/catalog-dsl.ts); this is its envelope.
 */
import { z } from 'zod'

/** Keys of a SearchQuery body (storefront-query-builder's SearchQuery, contract §3.2). */
export const SEARCH_QUERY_KEYS: ReadonlySet<string> = new Set(['_searchText', '_appliedFilters', '_availableFilters', '_appliedSort'])

/** Keys of an Elasticsearch search body that the server answers. */
export const DSL_KEYS: ReadonlySet<string> = new Set(['query', 'aggs', 'aggregations', 'sort', 'size', 'from', 'min_score', '_source'])

/** The customer group both adapters add to either body; the search does not depend on it (no tier prices). */
export const GROUP_KEYS: ReadonlySet<string> = new Set(['groupId', 'groupToken'])

/**
 * The size of a DSL body, checked before it is walked: well above the deepest body
 * storefront-query-builder makes (a facet filter's values) and above a listing at the filter-value
 * limit, so only a body no storefront sends is refused by it.
 */
export const DSL_LIMITS = { depth: 32, values: 5000 } as const

const fieldList = z.union([z.string().max(4000), z.array(z.string().max(200)).max(200)])

/** `_source`: true (whole documents), one field, a list of fields, or includes / excludes. */
export const DslSourceSchema = z.union([
  z.boolean(),
  fieldList,
  z.object({ includes: fieldList.optional(), excludes: fieldList.optional(), include: fieldList.optional(), exclude: fieldList.optional() }).strict(),
])
export type DslSource = z.infer<typeof DslSourceSchema>

/**
 * The top level of a DSL body. The query, aggregations and sort are checked clause by clause by
 * the translation, which names the path of anything it cannot answer.
 */
export const DslBodySchema = z
  .object({
    query: z.unknown().optional(),
    aggs: z.unknown().optional(),
    aggregations: z.unknown().optional(),
    sort: z.unknown().optional(),
    size: z.number().int().min(0).optional(),
    from: z.number().int().min(0).optional(),
    min_score: z.number().min(0).optional(),
    _source: DslSourceSchema.optional(),
    groupId: z.union([z.number(), z.string().max(100), z.null()]).optional(),
    groupToken: z.union([z.string().max(4000), z.null()]).optional(),
  })
  .strict()
export type DslBody = z.infer<typeof DslBodySchema>
