/**
 * The full-text part of a query-DSL body, as storefront-query-builder builds it from a search text:
 * `multi_match` over the searchable attributes and a should-group on skus
 * (`terms configurable_children.sku`, `match_phrase sku`, `match_phrase configurable_children.sku`),
 * wrapped in `function_score` when scoring attributes are configured. It becomes the SearchQuery's
 * `_searchText`: which products match and how they rank is the catalogue's own text search (its
 * language's stemming, typo tolerance and relevance threshold), as for a SearchQuery. So the
 * relevance settings of Elasticsearch's scoring (boosts, fuzziness, scoring functions and their
 * weights) are checked for shape and answered by that search; what would change which fields are
 * searched, or run code, is refused.
 */
import { type Json, type JsonObject, isObject, numberAt, objectAt, onlyKeys, own, refuse, scalarAt, single } from './catalog-dsl-nodes'

/** Fields the catalogue's text search reads (storage: polder_product_search_vector). */
const SEARCHED_FIELDS: ReadonlySet<string> = new Set(['name', 'sku', 'configurable_children.sku', 'category.name', 'short_description', 'description'])
const SKU_FIELDS: ReadonlySet<string> = new Set(['sku', 'configurable_children.sku'])

const MULTI_MATCH_KEYS = [
  'query',
  'fields',
  'operator',
  'fuzziness',
  'cutoff_frequency',
  'max_expansions',
  'prefix_length',
  'minimum_should_match',
  'tie_breaker',
  'analyzer',
  'boost',
] as const
const FUNCTION_SCORE_KEYS = ['query', 'functions', 'score_mode', 'boost_mode', 'max_boost', 'min_score', 'boost'] as const
const SCORE_MODES = ['multiply', 'sum', 'avg', 'first', 'max', 'min']
const BOOST_MODES = ['multiply', 'replace', 'sum', 'avg', 'max', 'min']

function clauseName(node: Json): string | undefined {
  if (!isObject(node)) return undefined
  const keys = Object.keys(node)
  return keys.length === 1 ? keys[0] : undefined
}

/** One clause of the sku should-group. */
function isSkuClause(node: Json): boolean {
  const name = clauseName(node)
  if (!isObject(node) || (name !== 'match_phrase' && name !== 'terms')) return false
  const body = node[name]!
  if (!isObject(body)) return false
  const fields = Object.keys(body)
  if (fields.length !== 1) return false
  return name === 'terms' ? fields[0] === 'configurable_children.sku' : SKU_FIELDS.has(fields[0]!)
}

function boolShould(node: Json): Json[] | undefined {
  if (clauseName(node) !== 'bool' || !isObject(node)) return undefined
  const bool = node.bool
  if (!isObject(bool) || !Object.keys(bool).every((k) => k === 'should' || k === 'minimum_should_match')) return undefined
  const should = own(bool, 'should')
  return Array.isArray(should) && should.length > 0 ? should : undefined
}

function isSkuGroup(node: Json): boolean {
  return boolShould(node)?.every(isSkuClause) ?? false
}

/** A clause that is the search text or a part of it: it goes to `_searchText`, never to the filters. */
export function isTextClause(node: Json): boolean {
  const name = clauseName(node)
  if (name === 'multi_match' || name === 'function_score') return true
  return isSkuGroup(node) || (boolShould(node)?.every((c) => clauseName(c) === 'multi_match' || isSkuGroup(c)) ?? false)
}

/** The texts of a clause list, which must all be the same one. */
function sameText(texts: string[], path: string): string {
  const [first, ...rest] = texts
  if (first === undefined) return refuse(path, 'holds no search text')
  if (rest.some((t) => t !== first)) refuse(path, `holds two different search texts ("${first}", "${rest.find((t) => t !== first)}")`)
  return first
}

function multiMatchText(body: Json | undefined, path: string): string {
  const match = objectAt(body, path)
  onlyKeys(match, MULTI_MATCH_KEYS, path)
  const query = own(match, 'query')
  if (typeof query !== 'string') return refuse(`${path}.query`, 'must be the search text')
  const fields = own(match, 'fields')
  if (!Array.isArray(fields) || fields.length === 0) refuse(`${path}.fields`, 'must list the fields searched')
  fields.forEach((field, i) => {
    const name = typeof field === 'string' ? /^([a-z0-9_.]+)(\^\d+(\.\d+)?)?$/i.exec(field)?.[1] : undefined
    if (name === undefined || !SEARCHED_FIELDS.has(name)) {
      refuse(`${path}.fields.${i}`, `the text search reads ${[...SEARCHED_FIELDS].join(', ')} (each may carry a ^boost)`)
    }
  })
  for (const key of ['cutoff_frequency', 'max_expansions', 'prefix_length', 'tie_breaker', 'boost'] as const) {
    const value = own(match, key)
    if (value !== undefined && (typeof value === 'number' ? !Number.isFinite(value) : typeof value !== 'string')) refuse(`${path}.${key}`, 'must be a number')
  }
  for (const key of ['operator', 'fuzziness', 'minimum_should_match', 'analyzer'] as const) {
    const value = own(match, key)
    if (value !== undefined && typeof value !== 'string' && typeof value !== 'number') refuse(`${path}.${key}`, 'must be a string')
  }
  return query
}

function skuClauseText(node: Json, path: string): string | undefined {
  const [name, body] = single(node, path, 'query clause')
  const [field, value] = single(body, `${path}.${name}`, 'field')
  if (name === 'terms') {
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) refuse(`${path}.terms.${field}`, 'must list the search text split at "-"')
    return undefined
  }
  if (typeof value === 'string') return value
  const phrase = objectAt(value, `${path}.match_phrase.${field}`)
  onlyKeys(phrase, ['query', 'boost'], `${path}.match_phrase.${field}`)
  const boost = own(phrase, 'boost')
  if (boost !== undefined) numberAt(boost, `${path}.match_phrase.${field}.boost`)
  const query = own(phrase, 'query')
  return typeof query === 'string' ? query : refuse(`${path}.match_phrase.${field}.query`, 'must be the search text')
}

function shouldText(node: Json, path: string): string {
  const bool = objectAt(objectAt(node, path).bool, `${path}.bool`)
  const msm = own(bool, 'minimum_should_match')
  if (msm !== undefined && msm !== 1 && msm !== '1') refuse(`${path}.bool.minimum_should_match`, 'a search text matches through any of its parts (1)')
  const should = boolShould(node) ?? []
  const texts = should.flatMap((clause, i) => {
    const at = `${path}.bool.should.${i}`
    if (clauseName(clause) === 'multi_match') return [multiMatchText(own(objectAt(clause, at), 'multi_match'), `${at}.multi_match`)]
    if (isSkuClause(clause)) return [skuClauseText(clause, at)].filter((t): t is string => t !== undefined)
    if (!isTextClause(clause)) return refuse(at, 'is not a part of the search text (multi_match, the sku should-group)')
    return [shouldText(clause, at)]
  })
  return sameText(texts, `${path}.bool.should`)
}

/** A scoring function: a weight, given to the documents a match / term / terms filter selects. */
function checkScoringFunction(fn: Json, path: string): void {
  const object = objectAt(fn, path)
  onlyKeys(object, ['filter', 'weight'], path)
  numberAt(own(object, 'weight'), `${path}.weight`)
  const filter = own(object, 'filter')
  if (filter === undefined) return
  const [name, body] = single(filter, `${path}.filter`, 'query clause')
  if (name !== 'match' && name !== 'term' && name !== 'terms') refuse(`${path}.filter.${name}`, `"${name}" is not supported in a scoring function`)
  const [field, value] = single(body, `${path}.filter.${name}`, 'field')
  for (const v of Array.isArray(value) ? value : [value]) scalarAt(v, `${path}.filter.${name}.${field}`)
}

function checkFunctionScore(score: JsonObject, path: string): void {
  onlyKeys(score, FUNCTION_SCORE_KEYS, path)
  const functions = own(score, 'functions')
  if (functions !== undefined) {
    if (!Array.isArray(functions)) refuse(`${path}.functions`, 'must be a list of scoring functions')
    functions.forEach((fn, i) => checkScoringFunction(fn, `${path}.functions.${i}`))
  }
  for (const [key, modes] of [
    ['score_mode', SCORE_MODES],
    ['boost_mode', BOOST_MODES],
  ] as const) {
    const mode = own(score, key)
    if (mode !== undefined && (typeof mode !== 'string' || !modes.includes(mode))) refuse(`${path}.${key}`, `must be one of ${modes.join(', ')}`)
  }
  for (const key of ['max_boost', 'min_score', 'boost'] as const) {
    const value = own(score, key)
    if (value !== undefined) numberAt(value, `${path}.${key}`)
  }
}

/** The search text of a text clause (isTextClause); anything else in it is refused by its path. */
export function textOf(node: Json, path: string): string {
  const [name, body] = single(node, path, 'query clause')
  if (name === 'multi_match') return multiMatchText(body, `${path}.multi_match`)
  if (name === 'function_score') {
    const score = objectAt(body, `${path}.function_score`)
    checkFunctionScore(score, `${path}.function_score`)
    const query = own(score, 'query')
    if (query === undefined || !isTextClause(query)) {
      return refuse(`${path}.function_score`, 'is answered around a full-text query only (multi_match and the sku should-group)')
    }
    return textOf(query, `${path}.function_score.query`)
  }
  return shouldText(node, path)
}

/** The search text of a should list made only of text parts (the top-level bool without scoring attributes). */
export function textOfShould(should: [Json, string][]): string {
  return sameText(
    should.map(([clause, at]) => (isSkuClause(clause) ? skuClauseText(clause, at) : textOf(clause, at))).filter((t): t is string => t !== undefined),
    should[0]?.[1] ?? 'request.query',
  )
}
