/**
 * Elasticsearch query DSL → SearchQuery: the body vue-storefront 1's default search adapter builds
 * (storefront-query-builder's buildQueryBodyFromSearchQuery over bodybuilder, plus `min_score` with a
 * search text and the customer group) becomes the SearchQuery it was built from, so it runs the same
 * search and gets the same answer as that SearchQuery would. Pure: no I/O.
 *
 * The parts: `query` (catalog-dsl-query.ts, the search text in catalog-dsl-text.ts), `aggs` /
 * `aggregations` and `sort` (catalog-dsl-aggs.ts), and here `size`, `from`, `_source` and
 * `min_score`. The customer group (`groupId`, `groupToken`) is accepted and, as with a SearchQuery,
 * changes nothing: the catalogue has no tier prices. Whatever the SearchQuery cannot say the way Elasticsearch would answer it
 * is refused with its path (DslNotSupportedError), never dropped.
 */
import type { DslBody, DslSource } from '../../domain/api/catalog-dsl.schema'
import { translateAggregations, translateSort } from './catalog-dsl-aggs'
import { type Json, refuse } from './catalog-dsl-nodes'
import { type DslFilter, translateQuery } from './catalog-dsl-query'

/** A SearchQuery as the translation writes it, before SearchQuerySchema checks it and its limits. */
export interface TranslatedSearchQuery {
  _searchText?: string
  _appliedFilters: Pick<DslFilter, 'attribute' | 'value' | 'scope'>[]
  _availableFilters: { field: string; scope: 'catalog'; options?: { size?: number; ranges?: { from?: number; to?: number }[] } }[]
  _appliedSort: { field: string; options: 'asc' | 'desc' }[]
}

export interface DslTranslation {
  query: TranslatedSearchQuery
  size?: number
  from?: number
  /** `_source` as the query string's comma lists */
  include?: string
  exclude?: string
  /** [answer name, counted name] of each aggregation asked; undefined when the body asks none */
  aggregations?: [string, string][]
  /** a SearchQuery part (`_appliedFilters.2`, `_searchText`) → the path in the body it was translated from */
  origins: [string, string][]
}

function fieldList(value: string | string[] | undefined, path: string): string | undefined {
  if (value === undefined) return undefined
  const fields = typeof value === 'string' ? [value] : value
  fields.forEach((field, i) => {
    if (field === '' || field.includes(',')) refuse(typeof value === 'string' ? path : `${path}.${i}`, 'must be a field name')
  })
  return fields.length > 0 ? fields.join(',') : undefined
}

/** `_source` → include / exclude lists; `true` is whole documents, `false` (no documents) is refused. */
function sourceLists(source: DslSource | undefined): { include?: string; exclude?: string } {
  if (source === undefined || source === true) return {}
  if (source === false) return refuse('request._source', 'false (hits without documents) is not supported')
  if (typeof source === 'string' || Array.isArray(source)) return { include: fieldList(source, 'request._source') }
  if (source.include !== undefined && source.includes !== undefined) refuse('request._source.include', 'include and includes both given')
  if (source.exclude !== undefined && source.excludes !== undefined) refuse('request._source.exclude', 'exclude and excludes both given')
  return {
    include: fieldList(source.includes ?? source.include, `request._source.${source.includes !== undefined ? 'includes' : 'include'}`),
    exclude: fieldList(source.excludes ?? source.exclude, `request._source.${source.excludes !== undefined ? 'excludes' : 'exclude'}`),
  }
}

/**
 * min_score drops hits scoring below it. With a search text the catalogue's text search applies its
 * own relevance threshold, as for a SearchQuery. Without one, Elasticsearch scores a match_all 1
 * and a filter 0: a min_score is answered on a match_all it keeps whole (VSF1 sends one with a
 * search text and no filters, which the builder makes an empty query), and refused elsewhere.
 */
function checkMinScore(body: DslBody, hasText: boolean): void {
  const minScore = body.min_score
  if (minScore === undefined || minScore === 0 || hasText) return
  const query = body.query
  const matchAll =
    query === undefined || JSON.stringify(query) === '{}' || JSON.stringify(query) === '{"match_all":{}}' || JSON.stringify(query) === '{"bool":{}}'
  if (!matchAll || minScore > 1)
    refuse('request.min_score', 'without a search text, Elasticsearch scores filters 0: only a min_score that keeps every hit is answered')
}

export function translateDsl(body: DslBody): DslTranslation {
  if (body.aggs !== undefined && body.aggregations !== undefined) refuse('request.aggregations', 'aggs and aggregations both given')
  const { filters, text } = translateQuery(body.query as Json | undefined, body.min_score)
  checkMinScore(body, text !== undefined)
  const aggsKey = body.aggs !== undefined ? 'aggs' : 'aggregations'
  const aggs = body.aggs ?? body.aggregations
  const facets = aggs === undefined ? undefined : translateAggregations(aggs as Json, `request.${aggsKey}`)
  const sort = body.sort === undefined ? [] : translateSort(body.sort as Json, 'request.sort')
  const origins: [string, string][] = [
    ['_appliedFilters', 'request.query'],
    ['_availableFilters', `request.${aggsKey}`],
    ['_appliedSort', 'request.sort'],
    ...filters.map((f, i): [string, string] => [`_appliedFilters.${i}`, f.path]),
    ...(facets?.facets ?? []).map((f, i): [string, string] => [`_availableFilters.${i}`, f.path]),
    ...sort.map((s, i): [string, string] => [`_appliedSort.${i}`, s.path]),
  ]
  if (text) origins.push(['_searchText', text.path])
  return {
    query: {
      ...(text ? { _searchText: text.query } : {}),
      _appliedFilters: filters.map(({ attribute, value, scope }) => ({ attribute, value, scope })),
      _availableFilters: (facets?.facets ?? []).map(({ field, scope, options }) => ({ field, scope, ...(options ? { options } : {}) })),
      _appliedSort: sort.map(({ field, options }) => ({ field, options })),
    },
    size: body.size,
    from: body.from,
    ...sourceLists(body._source),
    aggregations: facets?.names,
    origins,
  }
}
