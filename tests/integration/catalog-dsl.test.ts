/**
 * VSF1's default search adapter against the real server: the queries a VSF1 1.12.3 storefront asks,
 * built into Elasticsearch bodies by storefront-query-builder itself (tests/fixtures/vsf1-search),
 * sent as POST bodies and as GET `?request=`, must get the hits (ids in order), totals and
 * aggregations the equivalent SearchQuery gets; what cannot be answered is a 400 naming its path.
 */
import { describe, expect, it } from 'vitest'
import type { Aggregations, CompactSearchResponse, RangeBucket, SearchResponse } from '../../domain/api/catalog.schema'
import type { Envelope } from '../../domain/api/envelope'
import { vsf1Body, type Vsf1SearchQuery } from '../fixtures/vsf1/search-body'
import { BLUE, CLOTHING, RED, SMALL } from './fixtures'
import { json, useTestServer } from './helpers'

const server = useTestServer()

type Entity = 'product' | 'category' | 'attribute' | 'taxrule'

const url = (type: Entity, qs: string) => `/api/catalog/polder_en/${type}/_search?${qs}`

async function post(type: Entity, body: unknown, qs = '') {
  return server.app.inject({ method: 'POST', url: url(type, qs), payload: body as object })
}

async function get(type: Entity, body: unknown, qs = '') {
  return server.app.inject({ method: 'GET', url: url(type, `${qs}${qs ? '&' : ''}request=${encodeURIComponent(JSON.stringify(body))}`) })
}

function answer(res: { statusCode: number; body: string }): SearchResponse {
  expect(res.statusCode, res.body).toBe(200)
  return json<SearchResponse>(res)
}

/** What an answer says: hit ids in order, the total, the aggregations. */
function said(r: SearchResponse): { ids: string[]; total: number; aggregations: Aggregations | undefined } {
  return { ids: r.hits.hits.map((h) => h._id), total: r.hits.total.value, aggregations: r.aggregations }
}

/**
 * The SearchQuery's answer (request_format=search-query, as VSF's api-search-query adapter asks it),
 * and the DSL body's, POSTed and as GET ?request=: the three must say the same.
 */
async function sameAnswers(type: Entity, query: Vsf1SearchQuery, qs: string, equivalent: unknown = query) {
  const dsl = await vsf1Body(query)
  const expected = said(answer(await post(type, equivalent, `request_format=search-query&${qs}`)))
  expect(said(answer(await post(type, dsl, qs)))).toEqual(expected)
  expect(said(answer(await get(type, dsl, qs)))).toEqual(expected)
  return { dsl, expected }
}

const VISIBLE = { attribute: 'visibility', value: { in: [2, 3, 4] }, scope: 'default' }
const ENABLED = { attribute: 'status', value: { in: [0, 1] }, scope: 'default' }
const FACETS = [
  { field: 'color', scope: 'catalog' },
  { field: 'size', scope: 'catalog' },
  { field: 'price', scope: 'catalog' },
]

describe('VSF1 queries as Elasticsearch bodies get the SearchQuery answers', () => {
  it('a category listing with facets and a chosen colour', async () => {
    const { expected } = await sameAnswers(
      'product',
      {
        _appliedFilters: [
          VISIBLE,
          ENABLED,
          { attribute: 'category_ids', value: { in: [CLOTHING] }, scope: 'default' },
          { attribute: 'color', value: { in: [RED] }, scope: 'catalog' },
        ],
        _availableFilters: FACETS,
        _appliedSort: [{ field: 'final_price', options: 'asc' }],
      },
      'size=50&from=0',
    )
    // the red tee (a configurable, through color_options) and the red scarf (48.40), cheapest first
    expect(expected.ids).toEqual(['100', '400'])
    expect(Object.keys(expected.aggregations ?? {}).sort()).toEqual([
      'agg_range_price',
      'agg_terms_color',
      'agg_terms_color_options',
      'agg_terms_size',
      'agg_terms_size_options',
    ])
  })

  it('a listing with a chosen price: the range the builder adds is counted too, in Elasticsearch order', async () => {
    const query = {
      _appliedFilters: [
        VISIBLE,
        ENABLED,
        { attribute: 'category_ids', value: { in: [CLOTHING] }, scope: 'default' },
        { attribute: 'price', value: { lte: 50 }, scope: 'catalog' },
      ],
      _availableFilters: FACETS,
    }
    const ranges = [{ from: 0, to: 50 }, { from: 50, to: 100 }, { from: 100, to: 150 }, { from: 150 }, { to: 50 }]
    const equivalent = { ...query, _availableFilters: FACETS.map((f) => (f.field === 'price' ? { ...f, options: { ranges } } : f)) }
    const { expected } = await sameAnswers('product', query, 'size=50', equivalent)
    const buckets = expected.aggregations?.agg_range_price?.buckets as RangeBucket[]
    expect(buckets.map((b) => b.key)).toEqual(['*-50.0', '0.0-50.0', '50.0-100.0', '100.0-150.0', '150.0-*'])
    expect(buckets[0]).toEqual({ key: '*-50.0', to: 50, doc_count: buckets[1]!.doc_count })
    expect(buckets[1]!.doc_count).toBeGreaterThan(0)
  })

  it('a product by sku answers that product only', async () => {
    const { dsl, expected } = await sameAnswers('product', { _appliedFilters: [{ attribute: 'sku', value: { eq: 'JACKET' }, scope: 'default' }] }, 'size=1')
    expect(expected).toMatchObject({ ids: ['300'], total: 1 })
    // without size the default page: still the one product
    expect(said(answer(await post('product', dsl)))).toMatchObject({ ids: ['300'], total: 1 })
  })

  it('related products: skus in, visible and enabled', async () => {
    const { expected } = await sameAnswers(
      'product',
      {
        _appliedFilters: [{ attribute: 'sku', value: { in: ['JACKET', 'SCARF', 'WAFEL'] }, scope: 'default' }, VISIBLE, ENABLED],
        _appliedSort: [{ field: 'id', options: 'asc' }],
      },
      'size=8',
    )
    expect(expected.ids).toEqual(['200', '300', '400'])
  })

  it('quick search: text with visibility and status, min_score added by the adapter', async () => {
    const query = { _searchText: 'tee', _appliedFilters: [{ attribute: 'visibility', value: { in: [3, 4] }, scope: 'default' }, ENABLED] }
    const { dsl, expected } = await sameAnswers('product', query, 'size=18&from=0')
    expect(dsl.min_score).toBe(0.02)
    expect(expected.ids[0]).toBe('100')
  })

  it('categories by parent_id, level and is_active, with products', async () => {
    const { expected } = await sameAnswers(
      'category',
      {
        _appliedFilters: [
          { attribute: 'parent_id', value: { eq: 2 }, scope: 'default' },
          { attribute: 'level', value: { eq: 2 }, scope: 'default' },
          { attribute: 'is_active', value: { eq: true }, scope: 'default' },
          { attribute: 'product_count', value: { gt: 0 }, scope: 'default' },
        ],
      },
      'size=4000&sort=position:asc',
    )
    expect(expected.ids).toEqual(['20', '21', '22'])
  })

  it('attributes by attribute_code in', async () => {
    const { expected } = await sameAnswers(
      'attribute',
      { _appliedFilters: [{ attribute: 'attribute_code', value: { in: ['color', 'size'] }, scope: 'default' }] },
      'size=2',
    )
    expect(expected.total).toBe(2)
  })

  it('tax rules: the empty query the builder makes of an empty SearchQuery', async () => {
    const { dsl, expected } = await sameAnswers('taxrule', {}, 'size=1000')
    expect(dsl).toEqual({})
    expect(expected.total).toBeGreaterThan(0)
  })
})

describe('DSL answers', () => {
  const bySku = (sku: string) => ({ query: { bool: { filter: { terms: { sku: [sku] } } } } })

  it('a sku filter answers exactly one hit (it was read as "everything" before)', async () => {
    const everything = answer(await post('product', {}))
    expect(everything.hits.total.value).toBeGreaterThan(5)
    const r = answer(await post('product', bySku('BOOTS')))
    expect(r.hits.total.value).toBe(1)
    expect(r.hits.hits.map((h) => h._source.sku)).toEqual(['BOOTS'])
  })

  it('the standard format unless response_format=compact is asked', async () => {
    const standard = answer(await post('product', bySku('TEE')))
    expect(standard.hits.hits[0]!._source.sku).toBe('TEE')
    const res = await post('product', bySku('TEE'), 'response_format=compact')
    expect(res.statusCode).toBe(200)
    const compact = json<CompactSearchResponse>(res)
    expect(compact.total).toBe(1)
    expect(compact.hits[0]!.sku).toBe('TEE')
  })

  it('size, from and _source from the body; the query string wins', async () => {
    const body = { query: { bool: { filter: { terms: { category_ids: [CLOTHING] } } } }, sort: ['id:asc'], size: 2, from: 1, _source: ['sku'] }
    const r = answer(await post('product', body))
    expect(r.hits.hits.map((h) => h._source)).toEqual([{ sku: 'JACKET' }, { sku: 'SCARF' }])
    const q = answer(await post('product', body, 'size=1&_source_include=id'))
    expect(q.hits.hits.map((h) => h._source)).toEqual([{ id: 300 }])
  })

  it('aggregations keep the names the body gave them, only those asked', async () => {
    const r = answer(
      await post('product', {
        query: { bool: { filter: { terms: { category_ids: [CLOTHING] } } } },
        aggs: {
          agg_terms_color: { terms: { field: 'color', size: 1 } },
          'agg_terms_size_options.keyword': { terms: { field: 'size_options.keyword', size: 1 } },
        },
      }),
    )
    expect(Object.keys(r.aggregations ?? {})).toEqual(['agg_terms_color', 'agg_terms_size_options.keyword'])
    expect(r.aggregations?.agg_terms_color?.buckets).toHaveLength(1)
    expect(r.aggregations?.agg_terms_color?.buckets[0]?.key).toBe(BLUE)
    expect(r.aggregations?.['agg_terms_size_options.keyword']?.buckets[0]).toEqual({ key: SMALL, doc_count: expect.any(Number) as number })
  })
})

describe('DSL refusals', () => {
  async function expect400(res: { statusCode: number; body: string }, message: RegExp) {
    expect(res.statusCode, res.body).toBe(400)
    expect(json<Envelope<string>>(res).result).toMatch(message)
  }

  const geo = {
    query: {
      bool: {
        filter: {
          bool: {
            must: [{ terms: { visibility: [4] } }, { terms: { status: [1] } }, { terms: { category_ids: [20] } }, { geo_distance: { distance: '1km' } }],
          },
        },
      },
    },
  }

  it('an unsupported clause, POST and GET, names its path', async () => {
    await expect400(await post('product', geo), /^request\.query\.bool\.filter\.bool\.must\.3: "geo_distance" is not supported$/)
    await expect400(await get('product', geo), /^request\.query\.bool\.filter\.bool\.must\.3: "geo_distance" is not supported$/)
  })

  it('a field the index has not is named where the body asked it', async () => {
    await expect400(
      await post('product', { query: { bool: { filter: [{ terms: { sku: ['TEE'] } }, { terms: { nope: [1] } }] } } }),
      /^request\.query\.bool\.filter\.1: the product index of store view "en" has no field "nope"/,
    )
    await expect400(await post('product', { sort: [{ nope: 'asc' }] }), /^request\.sort: the product index of store view "en" has no field "nope"/)
  })

  it('a body mixing both formats, or with keys of neither', async () => {
    await expect400(
      await post('product', { _appliedFilters: [], query: { match_all: {} } }),
      /^request\.query: an Elasticsearch body key beside SearchQuery keys/,
    )
    await expect400(await post('product', { highlight: { fields: {} } }), /^request\.highlight: "highlight" is not supported/)
  })

  it('aggregations on other entities than products', async () => {
    await expect400(
      await post('category', { aggs: { agg_terms_level: { terms: { field: 'level' } } } }),
      /^request\.aggs: aggregations are answered for products only/,
    )
  })
})
