/**
 * What a catalogue search request asks, in either body vue-storefront 1 sends (contract §3.1):
 * - a SearchQuery (`_searchText`, `_appliedFilters`, `_availableFilters`, `_appliedSort`): always
 *   with `request_format=search-query`, and by its keys without it (Polder's own client and older
 *   callers send it bare);
 * - an Elasticsearch query-DSL body (`query`, `aggs`, `sort`, `size`, ...), which the default
 *   adapter builds in the browser and sends without `request_format`: translated to the SearchQuery
 *   it stands for (catalog-dsl.ts).
 * An empty body asks for everything. A body whose keys are of neither format, or of both, is
 * refused naming the key: it would otherwise be read as "everything" with its filters lost.
 *
 * The query string's `size`, `from` and `_source_include` / `_source_exclude` win over the body's
 * `size`, `from` and `_source`, as Elasticsearch takes them; its `sort` replaces the body's sort,
 * as it does a SearchQuery's.
 */
import type { z } from 'zod'
import { SearchQuerySchema, type CatalogParamsSchema, type SearchQuery } from '../../domain/api/catalog.schema'
import { DSL_KEYS, DSL_LIMITS, DslBodySchema, GROUP_KEYS, SEARCH_QUERY_KEYS } from '../../domain/api/catalog-dsl.schema'
import type { CatalogAnswer, CatalogAnswers } from './catalog-answers'
import { translateDsl } from './catalog-dsl'
import type { CatalogParams } from './catalog-service'
import { formatIssues, InvalidRequestError } from './errors'

export type CatalogQueryString = z.infer<typeof CatalogParamsSchema>

export interface CatalogSearch {
  query: SearchQuery
  params: CatalogParams
  /** a DSL body's SearchQuery parts → its paths, so that a refusal names what the body asked */
  origins?: readonly [string, string][]
}

/** A key as a message shows it: a body's keys may be anything. */
function shown(key: string): string {
  return key.length > 60 ? `${key.slice(0, 60)}…` : key
}

function formatOf(body: Record<string, unknown>): 'search-query' | 'dsl' {
  const keys = Object.keys(body)
  const unknown = keys.find((k) => !SEARCH_QUERY_KEYS.has(k) && !DSL_KEYS.has(k) && !GROUP_KEYS.has(k))
  if (unknown !== undefined) {
    throw new InvalidRequestError(
      `request.${shown(unknown)}: "${shown(unknown)}" is not supported (a SearchQuery has ${[...SEARCH_QUERY_KEYS].join(', ')}; ` +
        `an Elasticsearch body ${[...DSL_KEYS].join(', ')}; either may carry ${[...GROUP_KEYS].join(', ')})`,
    )
  }
  const searchQueryKeys = keys.filter((k) => SEARCH_QUERY_KEYS.has(k))
  const dslKey = keys.find((k) => DSL_KEYS.has(k))
  if (dslKey === undefined) return 'search-query'
  if (searchQueryKeys.length > 0) {
    throw new InvalidRequestError(`request.${dslKey}: an Elasticsearch body key beside SearchQuery keys (${searchQueryKeys.join(', ')}); send one or the other`)
  }
  return 'dsl'
}

/** The body's nesting depth and number of values, bounded before anything walks it. */
function checkBounds(body: unknown): void {
  const stack: [unknown, number][] = [[body, 0]]
  let values = 0
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!
    if (++values > DSL_LIMITS.values) throw new InvalidRequestError(`request: an Elasticsearch body of at most ${DSL_LIMITS.values} values is answered`)
    if (depth > DSL_LIMITS.depth) throw new InvalidRequestError(`request: an Elasticsearch body nested at most ${DSL_LIMITS.depth} levels deep is answered`)
    if (typeof value === 'object' && value !== null) for (const child of Object.values(value)) stack.push([child, depth + 1])
  }
}

/** The body path a SearchQuery path was translated from (its longest known prefix). */
function originOf(path: readonly PropertyKey[], origins: readonly [string, string][]): string {
  for (let n = path.length; n > 0; n--) {
    const key = path.slice(0, n).map(String).join('.')
    const found = origins.find(([part]) => part === key)
    if (found) return found[1]
  }
  return 'request'
}

/** SearchQuery paths in a message (`request._appliedFilters.2.attribute`) → the body's paths. */
function renamedPaths(message: string, origins: readonly [string, string][]): string {
  return message.replace(/request\.(_appliedFilters|_availableFilters|_appliedSort|_searchText)(\.\d+)?(\.[A-Za-z_]+)*/g, (_m, part: string, index?: string) =>
    originOf([part, ...(index ? [index.slice(1)] : [])], origins),
  )
}

function dslSearch(body: Record<string, unknown>, params: CatalogParams): CatalogSearch {
  checkBounds(body)
  const parsed = DslBodySchema.safeParse(body)
  if (!parsed.success) throw new InvalidRequestError(formatIssues(parsed.error, 'request'))
  const translated = translateDsl(parsed.data)
  const query = SearchQuerySchema.safeParse(translated.query)
  if (!query.success) throw new InvalidRequestError(renamedPaths(formatIssues(query.error, 'request'), translated.origins))
  const sourceInQueryString = params.include !== undefined || params.exclude !== undefined
  return {
    query: query.data,
    params: {
      ...params,
      size: params.size ?? translated.size,
      from: params.from ?? translated.from,
      include: sourceInQueryString ? params.include : translated.include,
      exclude: sourceInQueryString ? params.exclude : translated.exclude,
      ...(translated.aggregations ? { aggregations: translated.aggregations } : {}),
    },
    origins: translated.origins,
  }
}

/**
 * The search a request asks. `parseSearchQuery` checks a SearchQuery body with the route's schema
 * parser, so a SearchQuery is refused in the words it always was.
 */
export function readCatalogSearch(body: unknown, queryString: CatalogQueryString, parseSearchQuery: (input: unknown) => SearchQuery): CatalogSearch {
  const params: CatalogParams = {
    size: queryString.size,
    from: queryString.from,
    sort: queryString.sort,
    include: queryString._source_include ?? queryString._source_includes,
    exclude: queryString._source_exclude ?? queryString._source_excludes,
    compact: queryString.response_format === 'compact',
  }
  if (queryString.request_format === 'search-query' || body === undefined || body === null) return { query: parseSearchQuery(body ?? {}), params }
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new InvalidRequestError('request: must be a JSON object: a SearchQuery or an Elasticsearch search body')
  }
  const object = body as Record<string, unknown>
  return formatOf(object) === 'dsl' ? dslSearch(object, params) : { query: parseSearchQuery(object), params }
}

/** The answer to a search; a DSL body's refusals name its own paths. */
export async function answerCatalogSearch(catalog: Pick<CatalogAnswers, 'answer'>, index: string, type: string, search: CatalogSearch): Promise<CatalogAnswer> {
  const { origins } = search
  if (!origins) return catalog.answer(index, type, search.query, search.params)
  if ((search.params.aggregations?.length ?? 0) > 0 && type !== 'product') {
    throw new InvalidRequestError(`${originOf(['_availableFilters'], origins)}: aggregations are answered for products only`)
  }
  try {
    return await catalog.answer(index, type, search.query, search.params)
  } catch (error) {
    if (error instanceof InvalidRequestError) throw new InvalidRequestError(renamedPaths(error.message, origins))
    throw error
  }
}
