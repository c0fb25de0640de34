/**
 * Elasticsearch query DSL → SearchQuery. The bodies are built by storefront-query-builder and
 * bodybuilder themselves, as VSF1's default search adapter builds them (tests/fixtures/vsf1-search),
 * and each must come back as the SearchQuery that runs the same search; anything the SearchQuery
 * cannot say the way Elasticsearch would answer is refused naming its path.
 */
import { describe, expect, it } from 'vitest'
import { SearchQuerySchema, type SearchQuery } from '../../domain/api/catalog.schema'
import { readCatalogSearch, type CatalogQueryString, type CatalogSearch } from '../../server/services/catalog-request'
import { vsf1Body, vsf1Config, type Vsf1SearchQuery } from '../fixtures/vsf1/search-body'

const parseSearchQuery = (input: unknown) => SearchQuerySchema.parse(input)

function read(body: unknown, queryString: CatalogQueryString = {}): CatalogSearch {
  return readCatalogSearch(body, queryString, parseSearchQuery)
}

/** The SearchQuery as the schema completes it (defaults filled in). */
const sq = (query: Record<string, unknown>): SearchQuery => SearchQuerySchema.parse(query)

function refusal(body: unknown, queryString: CatalogQueryString = {}): string {
  try {
    read(body, queryString)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('the body was not refused')
}

const filter = (attribute: string, value: unknown, scope: 'default' | 'catalog' = 'default') => ({ attribute, value, scope })
const VISIBLE = { attribute: 'visibility', value: { in: [2, 3, 4] }, scope: 'default' }
const ENABLED = { attribute: 'status', value: { in: [0, 1] }, scope: 'default' }

async function translated(query: Vsf1SearchQuery, config = vsf1Config()): Promise<CatalogSearch> {
  return read(await vsf1Body(query, config))
}

describe('bodies storefront-query-builder makes', () => {
  it('a product by sku (eq: one terms clause right under filter)', async () => {
    const search = await translated({ _appliedFilters: [{ attribute: 'sku', value: { eq: 'TEE' }, scope: 'default' }] })
    expect(search.query).toEqual(sq({ _appliedFilters: [filter('sku', { in: ['TEE'] })] }))
    expect(search.params.aggregations).toBeUndefined()
  })

  it('a category listing: base filters, a chosen colour and price, facets with sizes, a sort', async () => {
    const search = await translated({
      _appliedFilters: [
        VISIBLE,
        ENABLED,
        { attribute: 'category_ids', value: { in: [20, 21] }, scope: 'default' },
        { attribute: 'color', value: { in: [49, 50] }, scope: 'catalog' },
        { attribute: 'price', value: { gte: 50, lte: 100 }, scope: 'catalog' },
      ],
      _availableFilters: [
        { field: 'color', scope: 'catalog' },
        { field: 'size', scope: 'catalog', options: { size: 5 } },
        { field: 'price', scope: 'catalog' },
        { field: 'erin_recommends', scope: 'catalog' },
      ],
      _appliedSort: [{ field: 'updated_at', options: 'desc' }],
    })
    expect(search.query).toEqual(
      sq({
        _appliedFilters: [
          filter('visibility', { in: [2, 3, 4] }),
          filter('status', { in: [0, 1] }),
          filter('category_ids', { in: [20, 21] }),
          filter('color', { in: [49, 50] }, 'catalog'),
          filter('price', { gte: 50, lte: 100 }, 'catalog'),
        ],
        _availableFilters: [
          { field: 'color', scope: 'catalog', options: { size: 10 } },
          { field: 'size', scope: 'catalog', options: { size: 5 } },
          // the standard ranges and the chosen one, which the builder adds
          {
            field: 'price',
            scope: 'catalog',
            options: { ranges: [{ from: 0, to: 50 }, { from: 50, to: 100 }, { from: 100, to: 150 }, { from: 150 }, { from: 50, to: 100 }] },
          },
          { field: 'erin_recommends', scope: 'catalog', options: { size: 10 } },
        ],
        _appliedSort: [{ field: 'updated_at', options: 'desc' }],
      }),
    )
    expect(search.params.aggregations).toEqual([
      ['agg_terms_color', 'agg_terms_color'],
      ['agg_terms_color_options', 'agg_terms_color_options'],
      ['agg_terms_size', 'agg_terms_size'],
      ['agg_terms_size_options', 'agg_terms_size_options'],
      ['agg_range_price', 'agg_range_price'],
      ['agg_terms_erin_recommends', 'agg_terms_erin_recommends'],
      ['agg_terms_erin_recommends_options', 'agg_terms_erin_recommends_options'],
    ])
  })

  it('the price facet without a chosen price asks the standard ranges', async () => {
    const search = await translated({ _appliedFilters: [VISIBLE], _availableFilters: [{ field: 'price', scope: 'catalog' }] })
    expect(search.query._availableFilters).toEqual([{ field: 'price', scope: 'catalog' }])
    expect(search.params.aggregations).toEqual([['agg_range_price', 'agg_range_price']])
  })

  it('a lone catalog filter (its should-group right under filter), and one on a mapped field', async () => {
    expect((await translated({ _appliedFilters: [{ attribute: 'color', value: { eq: 49 }, scope: 'catalog' }] })).query).toEqual(
      sq({ _appliedFilters: [filter('color', { in: [49] }, 'catalog')] }),
    )
    const mapped = await translated({ _appliedFilters: [VISIBLE, { attribute: 'category.name', value: { in: ['Tops'] }, scope: 'catalog' }] })
    expect(mapped.query._appliedFilters[1]).toEqual(filter('category.name', { in: ['Tops'] }, 'catalog'))
  })

  it('neq / nin, and null values (the builder: in/eq null is "exists", nin/neq null "missing")', async () => {
    const search = await translated({
      _appliedFilters: [
        { attribute: 'sku', value: { nin: ['A', 'B'] }, scope: 'default' },
        { attribute: 'color', value: { neq: 49 }, scope: 'default' },
        { attribute: 'size', value: { in: null }, scope: 'default' },
        { attribute: 'material', value: { nin: null }, scope: 'default' },
        { attribute: 'category.name', value: { eq: 'Tops' }, scope: 'default' },
        { attribute: 'weight', value: 7, scope: 'default' },
        { attribute: 'url_key', value: { like: 'tee' }, scope: 'default' },
      ],
    })
    expect(search.query._appliedFilters).toEqual([
      filter('size', { neq: null }),
      filter('category.name', { in: ['Tops'] }),
      filter('weight', { in: [7] }),
      // sqb knows no like: an unknown operator is a terms filter on its value
      filter('url_key', { in: ['tee'] }),
      filter('sku', { nin: ['A', 'B'] }),
      filter('color', { nin: [49] }),
      filter('material', { eq: null }),
    ])
  })

  it('or / nor / orRange alone select (one should clause must match)', async () => {
    const one = async (value: unknown) => (await translated({ _appliedFilters: [{ attribute: 'color', value, scope: 'default' }] })).query._appliedFilters
    expect(await one({ or: [49, 50] })).toEqual([filter('color', { in: [49, 50] })])
    expect(await one({ nor: [49] })).toEqual([filter('color', { nin: [49] })])
    expect(await one({ or: null })).toEqual([filter('color', { eq: null })])
    expect(await one({ nor: null })).toEqual([filter('color', { neq: null })])
    expect(await one({ orGte: 1, orLt: 9 })).toEqual([filter('color', { gte: 1, lt: 9 })])
    const two = await translated({
      _appliedFilters: [
        { attribute: 'color', value: { or: [49] }, scope: 'default' },
        { attribute: 'color', value: { or: [50] }, scope: 'default' },
      ],
    })
    expect(two.query._appliedFilters).toEqual([filter('color', { in: [49, 50] })])
  })

  it('or beside other filters selects nothing, as in Elasticsearch 7 (should beside must only scores)', async () => {
    const search = await translated({ _appliedFilters: [VISIBLE, { attribute: 'color', value: { or: [49] }, scope: 'default' }] })
    expect(search.query._appliedFilters).toEqual([filter('visibility', { in: [2, 3, 4] })])
  })

  it('or over two fields cannot be said: refused', async () => {
    const body = await vsf1Body({
      _appliedFilters: [
        { attribute: 'color', value: { or: [49] }, scope: 'default' },
        { attribute: 'size', value: { or: [167] }, scope: 'default' },
      ],
    })
    expect(refusal(body)).toMatch(/^request\.query\.bool\.filter\.bool\.should: an either-or is answered over values of one field only/)
  })

  it('a range, and a catalog filter with a bare value (the builder makes it "configurables only")', async () => {
    const search = await translated({
      _appliedFilters: [
        { attribute: 'final_price', value: { gt: 10, lte: 99 }, scope: 'default' },
        { attribute: 'color', value: 49, scope: 'catalog' },
      ],
    })
    expect(search.query._appliedFilters).toEqual([filter('final_price', { gt: 10, lte: 99 }), filter('type_id', { in: ['configurable'] })])
  })

  it('a search text inside function_score (scoring attributes), with min_score', async () => {
    const body = await vsf1Body({ _searchText: 'blue jacket-x', _appliedFilters: [VISIBLE, ENABLED] })
    expect(body.min_score).toBe(0.02)
    expect(read(body).query).toEqual(
      sq({ _searchText: 'blue jacket-x', _appliedFilters: [filter('visibility', { in: [2, 3, 4] }), filter('status', { in: [0, 1] })] }),
    )
  })

  it('a search text without scoring attributes: should beside the filters, selecting through min_score', async () => {
    const config = vsf1Config({ searchScoring: { ...vsf1Config().elasticsearch.searchScoring, attributes: {} } })
    const body = await vsf1Body({ _searchText: 'tee', _appliedFilters: [VISIBLE] }, config)
    expect(read(body).query).toEqual(sq({ _searchText: 'tee', _appliedFilters: [filter('visibility', { in: [2, 3, 4] })] }))
    // without min_score Elasticsearch would answer every visible product, ranked: refused
    delete body.min_score
    expect(refusal(body)).toMatch(/^request\.query\.bool\.should: a search text beside filters, with neither minimum_should_match nor min_score/)
  })

  it('a search text without filters: the builder makes {}, so Elasticsearch answers everything', async () => {
    const search = await translated({ _searchText: 'tee' })
    expect(search.query).toEqual(sq({}))
  })

  it('sorts: a field, an object with order, several', async () => {
    const search = await translated({
      _appliedFilters: [VISIBLE],
      _appliedSort: [
        { field: 'final_price', options: { order: 'desc' } },
        { field: 'id', options: 'asc' },
      ],
    })
    expect(search.query._appliedSort).toEqual([
      { field: 'final_price', options: 'desc' },
      { field: 'id', options: 'asc' },
    ])
  })

  it('random sort (function_score with random_score) is refused', async () => {
    const body = await vsf1Body({ _appliedFilters: [VISIBLE], _appliedSort: [{ field: 'random', options: 'asc' }] })
    expect(refusal(body)).toBe('request.query.function_score.functions.0.random_score: "random_score" is not supported')
  })

  it('groupId and groupToken are accepted and change nothing', async () => {
    const body = { ...(await vsf1Body({ _appliedFilters: [VISIBLE] })), groupId: 1, groupToken: 'abc' }
    expect(read(body).query).toEqual(sq({ _appliedFilters: [filter('visibility', { in: [2, 3, 4] })] }))
  })
})

describe('hand-written bodies', () => {
  const bool = (parts: Record<string, unknown>) => ({ query: { bool: parts } })

  it('term (both forms), match on an exact-value field, exists, match_all', () => {
    const search = read(
      bool({
        filter: [
          { term: { sku: 'TEE' } },
          { term: { status: { value: 1 } } },
          { match: { type_id: 'simple' } },
          { match: { 'category.name.keyword': { query: 'Tops' } } },
          { exists: { field: 'color' } },
          { match_all: {} },
        ],
      }),
    )
    expect(search.query._appliedFilters).toEqual([
      filter('sku', { in: ['TEE'] }),
      filter('status', { in: [1] }),
      filter('type_id', { in: ['simple'] }),
      filter('category.name', { in: ['Tops'] }),
      filter('color', { neq: null }),
    ])
  })

  it('must_not: terms → nin, exists → missing, and the double negation of a nested must_not', () => {
    const search = read(bool({ must_not: [{ terms: { sku: ['A'] } }, { exists: { field: 'color' } }, { bool: { must_not: { term: { size: 167 } } } }] }))
    expect(search.query._appliedFilters).toEqual([filter('sku', { nin: ['A'] }), filter('color', { eq: null }), filter('size', { in: [167] })])
  })

  it('range with from / to (inclusive) and open sides', () => {
    const search = read(bool({ filter: { range: { product_count: { from: 1, to: null } } } }))
    expect(search.query._appliedFilters).toEqual([filter('product_count', { gte: 1 })])
  })

  it('should with minimum_should_match 1 beside a filter selects one of its values', () => {
    const search = read(bool({ filter: { terms: { visibility: [4] } }, should: [{ term: { color: 49 } }, { term: { color: 50 } }], minimum_should_match: 1 }))
    expect(search.query._appliedFilters).toEqual([filter('visibility', { in: [4] }), filter('color', { in: [49, 50] })])
  })

  it('a query that is a single clause, an empty query, no query', () => {
    expect(read({ query: { terms: { id: [1, 2] } } }).query._appliedFilters).toEqual([filter('id', { in: [1, 2] })])
    expect(read({ query: {} }).query).toEqual(sq({}))
    expect(read({ query: { match_all: {} }, size: 3 }).query).toEqual(sq({}))
    expect(read({}).query).toEqual(sq({}))
  })

  it('sort strings ("field", "field:dir", "_score"), objects, one sort not in a list', () => {
    expect(read({ sort: ['price:desc', 'name', '_score', { updated_at: 'DESC' }, { id: { order: 'asc' } }] }).query._appliedSort).toEqual([
      { field: 'price', options: 'desc' },
      { field: 'name', options: 'asc' },
      { field: '_score', options: 'desc' },
      { field: 'updated_at', options: 'desc' },
      { field: 'id', options: 'asc' },
    ])
    expect(read({ sort: { 'name.keyword': 'desc' } }).query._appliedSort).toEqual([{ field: 'name', options: 'desc' }])
  })

  it('aggregations: a mapped field, and a size given to both halves of a facet', () => {
    const search = read({
      aggs: {
        'agg_terms_category.name.keyword': { terms: { field: 'category.name.keyword', size: 3 } },
        agg_terms_color_options: { terms: { field: 'color_options', size: 7 } },
        agg_terms_color: { terms: { field: 'color', size: 7 } },
      },
    })
    expect(search.query._availableFilters).toEqual([
      { field: 'category.name', scope: 'catalog', options: { size: 3 } },
      { field: 'color', scope: 'catalog', options: { size: 7 } },
    ])
    expect(search.params.aggregations).toEqual([
      ['agg_terms_category.name.keyword', 'agg_terms_category.name'],
      ['agg_terms_color_options', 'agg_terms_color_options'],
      ['agg_terms_color', 'agg_terms_color'],
    ])
  })
})

describe('refusals name the part of the body', () => {
  const inFilter = (clause: unknown) => ({
    query: { bool: { filter: { bool: { must: [{ terms: { a: [1] } }, { terms: { b: [1] } }, { terms: { c: [1] } }, clause] } } } },
  })

  it.each([
    ['geo_distance', { geo_distance: { distance: '1km', location: [0, 0] } }],
    ['script', { script: { script: 'doc.x > 1' } }],
    ['nested', { nested: { path: 'category', query: { match_all: {} } } }],
    ['wildcard', { wildcard: { sku: 'TE*' } }],
    ['prefix', { prefix: { sku: 'TE' } }],
    ['query_string', { query_string: { query: 'a' } }],
  ])('%s', (name, clause) => {
    expect(refusal(inFilter(clause))).toBe(`request.query.bool.filter.bool.must.3: "${name}" is not supported`)
  })

  it.each([
    [{ highlight: { fields: { name: {} } } }, /^request\.highlight: "highlight" is not supported/],
    [{ query: { match_all: {} }, suggest: {} }, /^request\.suggest: "suggest" is not supported/],
    [{ _appliedFilters: [], query: { match_all: {} } }, /^request\.query: an Elasticsearch body key beside SearchQuery keys \(_appliedFilters\)/],
    [{ _appliedFilters: [], foo: 1 }, /^request\.foo: "foo" is not supported/],
    [JSON.parse('{"__proto__":{"x":1},"query":{}}'), /^request\.__proto__: "__proto__" is not supported/],
    [[{ query: {} }], /^request: must be a JSON object/],
    [{ query: { bool: { filter: { terms: { a: [1] } }, boost: 2 } } }, /^request\.query\.bool\.boost: "boost" is not supported/],
    [
      { query: { bool: { filter: [{ multi_match: { query: 'x', fields: ['name'] } }] } } },
      /^request\.query\.bool\.filter\.0: "multi_match" \(the search text\)/,
    ],
    [
      { query: { bool: { should: [{ terms: { a: [1] } }, { terms: { b: [2] } }], minimum_should_match: '75%' } } },
      /^request\.query\.bool\.minimum_should_match: must be a whole number/,
    ],
    [
      { query: { bool: { filter: { term: { a: 1 } }, should: [{ term: { b: 1 } }] } } },
      /^request\.query\.bool\.should: should beside must or filter only ranks/,
    ],
    [{ query: { bool: { must_not: { range: { price: { gt: 1 } } } } } }, /^request\.query\.bool\.must_not: a must_not range is not supported/],
    [
      { query: { bool: { filter: { range: { price: { gt: 1, boost: 2 } } } } } },
      /^request\.query\.bool\.filter\.range\.price\.boost: "boost" is not supported/,
    ],
    [
      { query: { bool: { filter: { range: { updated_at: { gte: '2026-01-01' } } } } } },
      /^request\.query\.bool\.filter\.range\.updated_at\.gte: must be a number/,
    ],
    [
      { query: { bool: { filter: { match: { name: 'blue tee' } } } } },
      /^request\.query\.bool\.filter\.match\.name: "match" on a text field is a full-text search/,
    ],
    [{ query: { terms: { a: [1] }, match_all: {} } }, /^request\.query: must hold exactly one query clause \(found terms, match_all\)/],
    [{ query: { multi_match: { query: 'x', fields: ['color'] } } }, /^request\.query\.multi_match\.fields\.0: the text search reads/],
    [{ query: { multi_match: { query: 'x', fields: ['name'], type: 'phrase' } } }, /^request\.query\.multi_match\.type: "type" is not supported/],
    [
      { query: { function_score: { functions: [{ script_score: { script: '1' } }], query: { multi_match: { query: 'x', fields: ['name'] } } } } },
      /^request\.query\.function_score\.functions\.0\.script_score: "script_score" is not supported/,
    ],
    [{ query: { terms: { a: [1] } }, min_score: 0.02 }, /^request\.min_score: without a search text/],
    [{ aggs: { colours: { terms: { field: 'color' } } } }, /^request\.aggs\.colours\.terms: a terms aggregation is answered as agg_terms_<its field>/],
    [{ aggs: { agg_terms_color: { terms: { field: 'color' }, aggs: { x: {} } } } }, /^request\.aggs\.agg_terms_color\.aggs: "aggs" is not supported/],
    [{ aggs: { agg_max_price: { max: { field: 'price' } } } }, /^request\.aggs\.agg_max_price\.max: "max" is not supported/],
    [{ aggs: { agg_terms_price: { terms: { field: 'price' } } } }, /^request\.aggs\.agg_terms_price: prices are counted in ranges/],
    [
      { aggs: { agg_terms_color: { terms: { field: 'color', size: 5 } }, agg_terms_color_options: { terms: { field: 'color_options', size: 6 } } } },
      /^request\.aggs\.agg_terms_color_options\.terms\.size: agg_terms_color and agg_terms_color_options are counted together/,
    ],
    [{ aggs: {}, aggregations: {} }, /^request\.aggregations: aggs and aggregations both given/],
    [{ sort: [{ _geo_distance: { location: [0, 0] } }] }, /^request\.sort\.0: sorting by "_geo_distance" is not supported/],
    [{ sort: [{ price: { order: 'desc', mode: 'min' } }] }, /^request\.sort\.0\.price\.mode: "mode" is not supported/],
    [{ _source: false }, /^request\._source: false/],
    [{ size: -1 }, /^request\.size: /],
  ])('%j', (body, message) => {
    expect(refusal(body)).toMatch(message)
  })
})
