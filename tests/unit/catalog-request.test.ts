/**
 * Which format a catalogue search body is in (a SearchQuery, an Elasticsearch body, neither), the
 * bounds and limits a DSL body is held to, and where its size, from and _source go.
 */
import { describe, expect, it } from 'vitest'
import { SearchQuerySchema, type SearchQuery } from '../../domain/api/catalog.schema'
import { DSL_LIMITS } from '../../domain/api/catalog-dsl.schema'
import { readCatalogSearch, type CatalogQueryString, type CatalogSearch } from '../../server/services/catalog-request'

const parseSearchQuery = (input: unknown) => SearchQuerySchema.parse(input)

function read(body: unknown, queryString: CatalogQueryString = {}): CatalogSearch {
  return readCatalogSearch(body, queryString, parseSearchQuery)
}

const sq = (query: Record<string, unknown>): SearchQuery => SearchQuerySchema.parse(query)
const filter = (attribute: string, value: unknown) => ({ attribute, value, scope: 'default' })

function refusal(body: unknown, queryString: CatalogQueryString = {}): string {
  try {
    read(body, queryString)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('the body was not refused')
}

describe('a DSL body is held to bounds and the SearchQuery limits', () => {
  it('the SearchQuery limits still apply, named in the body', () => {
    const many = Array.from({ length: 33 }, (_, i) => ({ term: { [`a${i}`]: 1 } }))
    expect(refusal({ query: { bool: { filter: many } } })).toMatch(/^request\.query: must have at most 32 items$/)
    const values = Array.from({ length: 1001 }, (_, i) => i)
    expect(refusal({ query: { bool: { filter: { terms: { id: values } } } } })).toMatch(/^request\.query: the filters hold 1001 values together; at most 1000/)
    expect(refusal({ query: { bool: { filter: { terms: { 'a;drop': [1] } } } } })).toMatch(/^request\.query\.bool\.filter: attribute names are letters/)
    expect(refusal({ aggs: { agg_terms_color: { terms: { field: 'color', size: 501 } } } })).toMatch(/^request\.aggs\.agg_terms_color: must be at most 500$/)
  })

  it('bounds depth and size before walking', () => {
    let deep: unknown = { match_all: {} }
    for (let i = 0; i < DSL_LIMITS.depth; i++) deep = { bool: { filter: deep } }
    expect(refusal({ query: deep })).toMatch(/^request: an Elasticsearch body nested at most 32 levels deep is answered/)
    const wide = { query: { bool: { filter: Array.from({ length: DSL_LIMITS.values }, () => ({ match_all: {} })) } } }
    expect(refusal(wide)).toMatch(/^request: an Elasticsearch body of at most 5000 values is answered/)
  })
})

describe('the page and the fields', () => {
  it('size, from and _source in the body; the query string wins over them', () => {
    const body = { size: 5, from: 10, _source: { includes: ['sku', 'name'], excludes: 'description' } }
    expect(read(body).params).toMatchObject({ size: 5, from: 10, include: 'sku,name', exclude: 'description' })
    expect(read(body, { size: 2, _source_include: 'id' }).params).toMatchObject({ size: 2, from: 10, include: 'id', exclude: undefined })
    expect(read({ _source: ['sku'] }).params.include).toBe('sku')
    expect(read({ _source: true }).params.include).toBeUndefined()
  })
})

describe('telling the formats apart', () => {
  it('a SearchQuery body stays a SearchQuery, with or without request_format', () => {
    const body = { _searchText: 'tee', _appliedFilters: [filter('sku', { eq: 'TEE' })], groupId: 1 }
    expect(read(body).query).toEqual(sq(body))
    expect(read(body, { request_format: 'search-query' }).query).toEqual(sq(body))
    expect(read(body).params.aggregations).toBeUndefined()
  })

  it('request_format=search-query reads a SearchQuery whatever its keys (as before)', () => {
    expect(read({ query: { terms: { sku: ['TEE'] } }, foo: 1 }, { request_format: 'search-query' }).query).toEqual(sq({}))
  })

  it('an empty body, or none, asks for everything', () => {
    expect(read(undefined).query).toEqual(sq({}))
    expect(read(null).query).toEqual(sq({}))
    expect(read({ groupToken: 'x' }).query).toEqual(sq({}))
  })
})
