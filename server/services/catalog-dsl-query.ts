/**
 * The `query` of a query-DSL body → the SearchQuery's filters and search text.
 *
 * Each clause becomes filters that select what Elasticsearch's clause selects, in the SearchQuery's
 * own terms: `terms`/`term`/`match` on an exact value → `in`, `exists` → `neq: null` (present),
 * `must_not` → the negated filter (`nin`, `eq: null`), `range` → its bounds. Where the two differ
 * the translation follows Elasticsearch 7 (whose answer format the catalogue speaks):
 * - `should` beside `must` or `filter`, without `minimum_should_match`, only scores; in a filter
 *   nothing is scored, so it selects nothing and adds no filter (storefront-query-builder's `or`
 *   and `nor` beside other filters). Alone in its bool, one of its clauses must match: the
 *   SearchQuery can say that when the clauses are values of one field (or there is one clause).
 * - storefront-query-builder's facet filter
 *   `bool.should [ <attr> filter, bool.must [ <attr>_options filter, match type_id configurable ] ]`
 *   is the catalog-scope filter it was built from (the price range on `final_price`, the builder's
 *   priceFilterKey, is the `price` filter).
 * Anything else is refused with its path: never dropped, never half answered.
 */
import { isTextClause, textOf, textOfShould } from './catalog-dsl-text'
import {
  type Json,
  type JsonObject,
  type Scalar,
  clauses,
  fieldName,
  isObject,
  objectAt,
  onlyKeys,
  OPTIONS_SUFFIX,
  own,
  refuse,
  scalarAt,
  single,
} from './catalog-dsl-nodes'

export type DslFilterValue =
  | { in: Scalar[] }
  | { nin: Scalar[] }
  /** missing or null */
  | { eq: null }
  /** present and not null */
  | { neq: null }
  | { gt?: number; gte?: number; lt?: number; lte?: number }

export interface DslFilter {
  attribute: string
  value: DslFilterValue
  scope: 'default' | 'catalog'
  /** where in the body it was asked */
  path: string
}

export interface DslQuery {
  filters: DslFilter[]
  text?: { query: string; path: string }
}

const BOOL_KEYS = ['filter', 'must', 'should', 'must_not', 'minimum_should_match'] as const
/** storefront-query-builder's products.priceFilterKey (VSF1's default config): a price facet filter's field */
const PRICE_FILTER_KEY = 'final_price'
/** Fields whose values Elasticsearch's VSF mapping keeps whole (keyword): `match` on them is an exact match. */
const EXACT_FIELDS: ReadonlySet<string> = new Set([
  'type_id',
  'sku',
  'configurable_children.sku',
  'url_key',
  'url_path',
  'slug',
  'attribute_code',
  'identifier',
  'code',
])
const RANGE_KEYS = ['gt', 'gte', 'lt', 'lte', 'from', 'to'] as const

function fieldOf(body: Json, path: string): [string, Json, string] {
  const [field, value] = single(body, path, 'field')
  return [fieldName(field), value, `${path}.${field}`]
}

function termsFilter(body: Json, path: string, at: string): DslFilter {
  const [attribute, values, valuesAt] = fieldOf(body, at)
  if (!Array.isArray(values)) return refuse(valuesAt, 'must be a list of values')
  return { attribute, value: { in: values.map((v, i) => scalarAt(v, `${valuesAt}.${i}`)) }, scope: 'default', path }
}

/** `term`: `{field: value}` or `{field: {value}}`; `match` (exact-value fields only): `{field: value}` or `{field: {query}}`. */
function valueFilter(name: 'term' | 'match', body: Json, path: string, at: string): DslFilter {
  const [attribute, raw, valueAt] = fieldOf(body, at)
  const key = name === 'term' ? 'value' : 'query'
  let value: Scalar
  if (isObject(raw)) {
    onlyKeys(raw, [key], valueAt)
    value = scalarAt(own(raw, key), `${valueAt}.${key}`)
  } else value = scalarAt(raw, valueAt)
  if (name === 'match' && typeof value === 'string' && !EXACT_FIELDS.has(attribute) && !valueAt.endsWith('.keyword')) {
    refuse(valueAt, `"match" on a text field is a full-text search; it is answered on exact-value fields only (${[...EXACT_FIELDS].join(', ')}, x.keyword)`)
  }
  return { attribute, value: { in: [value] }, scope: 'default', path }
}

function rangeFilter(body: Json, path: string, at: string): DslFilter {
  const [attribute, raw, boundsAt] = fieldOf(body, at)
  const bounds = objectAt(raw, boundsAt)
  onlyKeys(bounds, RANGE_KEYS, boundsAt)
  const read = (key: (typeof RANGE_KEYS)[number]): number | undefined => {
    const v = own(bounds, key)
    // from / to null: open on that side
    if (v === undefined || (v === null && (key === 'from' || key === 'to'))) return undefined
    return typeof v === 'number' && Number.isFinite(v) ? v : refuse(`${boundsAt}.${key}`, 'must be a number')
  }
  // Elasticsearch's from / to are inclusive (include_lower / include_upper default to true)
  const [gt, gte, lt, lte, from, to] = RANGE_KEYS.map(read)
  if (gte !== undefined && from !== undefined) refuse(`${boundsAt}.from`, 'gte and from both give the lower bound')
  if (lte !== undefined && to !== undefined) refuse(`${boundsAt}.to`, 'lte and to both give the upper bound')
  const value = { gt, gte: gte ?? from, lt, lte: lte ?? to }
  const given = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined))
  if (Object.keys(given).length === 0) refuse(boundsAt, 'needs a bound (gt, gte, lt, lte, from or to)')
  return { attribute, value: given, scope: 'default', path }
}

function existsFilter(body: Json, path: string, at: string): DslFilter {
  const exists = objectAt(body, at)
  onlyKeys(exists, ['field'], at)
  const field = own(exists, 'field')
  if (typeof field !== 'string') return refuse(`${at}.field`, 'must be a field name')
  return { attribute: fieldName(field), value: { neq: null }, scope: 'default', path }
}

/** One clause in a filter (not scored): the filters that select what it selects; [] selects everything. */
function filtersOf(node: Json, path: string): DslFilter[] {
  const [name, body] = single(node, path, 'query clause')
  const at = `${path}.${name}`
  switch (name) {
    case 'terms':
      return [termsFilter(body, path, at)]
    case 'term':
    case 'match':
      return [valueFilter(name, body, path, at)]
    case 'range':
      return [rangeFilter(body, path, at)]
    case 'exists':
      return [existsFilter(body, path, at)]
    case 'match_all':
      onlyKeys(objectAt(body, at), [], at)
      return []
    case 'bool':
      return boolFilters(objectAt(body, at), at)
    default:
      if (isTextClause(node)) return refuse(path, `"${name}" (the search text) is answered in query.bool.must or query.bool.should only, not as a filter`)
      return refuse(path, `"${name}" is not supported`)
  }
}

/** must_not: the one filter of a clause, turned round. */
function negated(filters: DslFilter[], path: string): DslFilter {
  if (filters.length !== 1) refuse(path, filters.length === 0 ? 'would exclude every document' : 'a must_not of several conditions together is not supported')
  const filter = filters[0]!
  const { value } = filter
  if (filter.scope === 'catalog') refuse(path, 'a facet filter (with its _options and type_id) cannot be negated')
  if ('in' in value) return { ...filter, value: { nin: value.in }, path }
  if ('nin' in value) return { ...filter, value: { in: value.nin }, path }
  if ('eq' in value) return { ...filter, value: { neq: null }, path }
  if ('neq' in value) return { ...filter, value: { eq: null }, path }
  return refuse(path, 'a must_not range is not supported')
}

function sameValues(a: DslFilterValue, b: DslFilterValue): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

const TYPE_CONFIGURABLE = JSON.stringify({ match: { type_id: 'configurable' } })

/** The two clauses of a facet filter's shape: the attribute's, and the `_options` one beside `match type_id configurable`. */
function facetParts(bool: JsonObject): [Json, Json] | undefined {
  const should = own(bool, 'should')
  const msm = own(bool, 'minimum_should_match')
  if (Object.keys(bool).some((k) => k !== 'should' && k !== 'minimum_should_match') || (msm !== undefined && msm !== 1 && msm !== '1')) return undefined
  if (!Array.isArray(should) || should.length !== 2) return undefined
  const inner = should[1]
  const innerBool = isObject(inner) && Object.keys(inner).length === 1 ? own(inner, 'bool') : undefined
  const must = isObject(innerBool) && Object.keys(innerBool).length === 1 ? own(innerBool, 'must') : undefined
  if (!Array.isArray(must) || must.length !== 2 || JSON.stringify(must[1]) !== TYPE_CONFIGURABLE) return undefined
  return [should[0]!, must[0]!]
}

function isRange(value: DslFilterValue): boolean {
  return !('in' in value) && !('nin' in value) && !('eq' in value) && !('neq' in value)
}

/** storefront-query-builder's facet filter (see the top of this file), or undefined when the bool is something else. */
function facetFilter(bool: JsonObject, path: string): DslFilter | undefined {
  const parts = facetParts(bool)
  if (!parts) return undefined
  const [direct] = filtersOf(parts[0], `${path}.should.0`)
  const [options] = filtersOf(parts[1], `${path}.should.1.bool.must.0`)
  if (!direct || !options || !sameValues(direct.value, options.value)) return undefined
  if ('in' in direct.value && options.attribute === `${direct.attribute}${OPTIONS_SUFFIX}`) return { ...direct, scope: 'catalog', path }
  if (isRange(direct.value) && options.attribute === direct.attribute) {
    return { ...direct, attribute: direct.attribute === PRICE_FILTER_KEY ? 'price' : direct.attribute, scope: 'catalog', path }
  }
  return undefined
}

/** Elasticsearch 7's minimum_should_match: given, else 1 when the bool has no must or filter, else 0. */
function minimumShouldMatch(bool: JsonObject, path: string): number {
  const msm = own(bool, 'minimum_should_match')
  if (msm === undefined) return own(bool, 'must') !== undefined || own(bool, 'filter') !== undefined ? 0 : 1
  if (typeof msm === 'number' && Number.isInteger(msm) && msm >= 0) return msm
  if (typeof msm === 'string' && /^\d+$/.test(msm)) return Number(msm)
  return refuse(`${path}.minimum_should_match`, 'must be a whole number of clauses')
}

/** One of several filters: values of one field (and scope) together, or the one filter there is. */
function anyOf(options: DslFilter[][], path: string): DslFilter[] {
  if (options.some((o) => o.length === 0)) return [] // one clause selects everything
  const flat = options.map((o, i) => (o.length === 1 ? o[0]! : refuse(`${path}.${i}`, 'an either-or of several conditions together is not supported')))
  const [first, ...rest] = flat
  if (!first || rest.length === 0) return first ? [first] : []
  const values: Scalar[] = []
  for (const f of flat) {
    if (!('in' in f.value) || f.attribute !== first.attribute || f.scope !== first.scope) {
      refuse(path, 'an either-or is answered over values of one field only (storefront-query-builder: or on one attribute)')
    }
    for (const v of f.value.in) if (!values.includes(v)) values.push(v)
  }
  return [{ ...first, value: { in: values }, path }]
}

/** The should list of a bool. `scored`: the top-level query, where should only ranking is refused. */
function shouldFilters(bool: JsonObject, path: string, scored: boolean): DslFilter[] {
  const list = clauses(own(bool, 'should')!, `${path}.should`)
  const options = list.map(([clause, at]) => filtersOf(clause, at))
  const msm = minimumShouldMatch(bool, path)
  if (list.length === 0) return []
  if (msm === 0) {
    if (scored) refuse(`${path}.should`, 'should beside must or filter only ranks documents; give minimum_should_match to make it select')
    // Elasticsearch 7: a should beside must / filter selects nothing, and a filter is not scored
    return []
  }
  if (list.length === 1 || msm === list.length) return options.flat()
  if (msm > list.length) return refuse(`${path}.minimum_should_match`, `asks ${msm} of ${list.length} should clauses: nothing would match`)
  if (msm !== 1) return refuse(`${path}.minimum_should_match`, `${msm} of ${list.length} should clauses is not supported`)
  return anyOf(options, `${path}.should`)
}

function boolFilters(bool: JsonObject, path: string): DslFilter[] {
  onlyKeys(bool, BOOL_KEYS, path)
  const facet = facetFilter(bool, path)
  if (facet) return [facet]
  const filters: DslFilter[] = []
  for (const key of ['filter', 'must'] as const) {
    const list = own(bool, key)
    if (list !== undefined) for (const [clause, at] of clauses(list, `${path}.${key}`)) filters.push(...filtersOf(clause, at))
  }
  const mustNot = own(bool, 'must_not')
  if (mustNot !== undefined) for (const [clause, at] of clauses(mustNot, `${path}.must_not`)) filters.push(negated(filtersOf(clause, at), at))
  if (own(bool, 'should') !== undefined) filters.push(...shouldFilters(bool, path, false))
  return filters
}

/**
 * The top-level bool: its filter and must_not as in a filter; its must may hold the search text;
 * its should is the search text (storefront-query-builder without scoring attributes), which
 * selects only with minimum_should_match or a min_score above 0 (a document matching none of it
 * scores 0), or filters as in a filter when minimum_should_match says they select.
 */
function topBool(bool: JsonObject, path: string, minScore: number | undefined): DslQuery {
  onlyKeys(bool, BOOL_KEYS, path)
  const facet = facetFilter(bool, path)
  if (facet) return { filters: [facet] }
  const texts: { query: string; path: string }[] = []
  const filters: DslFilter[] = []
  const filter = own(bool, 'filter')
  if (filter !== undefined) for (const [clause, at] of clauses(filter, `${path}.filter`)) filters.push(...filtersOf(clause, at))
  const must = own(bool, 'must')
  for (const [clause, at] of must === undefined ? [] : clauses(must, `${path}.must`)) {
    if (isTextClause(clause)) texts.push({ query: textOf(clause, at), path: at })
    else filters.push(...filtersOf(clause, at))
  }
  const mustNot = own(bool, 'must_not')
  if (mustNot !== undefined) for (const [clause, at] of clauses(mustNot, `${path}.must_not`)) filters.push(negated(filtersOf(clause, at), at))
  const should = own(bool, 'should')
  const shouldList = should === undefined ? [] : clauses(should, `${path}.should`)
  if (shouldList.length > 0 && shouldList.every(([clause]) => isTextClause(clause))) {
    const msm = minimumShouldMatch(bool, path)
    if (msm === 0 && !(minScore !== undefined && minScore > 0)) {
      refuse(`${path}.should`, 'a search text beside filters, with neither minimum_should_match nor min_score, only ranks the filtered documents')
    }
    if (msm > 1) refuse(`${path}.minimum_should_match`, 'a search text matches through any of its parts (1)')
    texts.push({ query: textOfShould(shouldList), path: `${path}.should` })
  } else if (shouldList.some(([clause]) => isTextClause(clause))) {
    refuse(`${path}.should`, 'mixes the search text with other clauses')
  } else if (should !== undefined) filters.push(...shouldFilters(bool, path, true))
  if (texts.length > 1) refuse(texts[1]!.path, 'a second search text is not supported')
  return { filters, text: texts[0] }
}

/** The body's `query` → filters and search text. */
export function translateQuery(query: Json | undefined, minScore: number | undefined, path = 'request.query'): DslQuery {
  if (query === undefined || (isObject(query) && Object.keys(query).length === 0)) return { filters: [] }
  const [name, body] = single(query, path, 'query clause')
  if (name === 'bool') return topBool(objectAt(body, `${path}.bool`), `${path}.bool`, minScore)
  if (isTextClause(query)) return { filters: [], text: { query: textOf(query, path), path } }
  return { filters: filtersOf(query, path) }
}
