import { describe, expect, it } from 'vitest'
import type { SearchQuery, SearchResponse, CompactSearchResponse, RangeBucket, TermsBucket } from '../../domain/api/catalog.schema'
import { BLUE, CLOTHING, FOOD, RED, SOCK_COUNT, SOCKS } from './fixtures'
import { json, useTestServer } from './helpers'

const server = useTestServer()

type Query = Partial<SearchQuery>

async function search(query: Query, qs = '', index = 'polder_en', type = 'product') {
  const res = await server.app.inject({ method: 'POST', url: `/api/catalog/${index}/${type}/_search?${qs}`, payload: query })
  return res
}

async function hits(query: Query, qs = '', index = 'polder_en') {
  const res = await search(query, qs, index)
  expect(res.statusCode).toBe(200)
  return json<SearchResponse>(res)
}

const skus = (r: SearchResponse) => r.hits.hits.map((h) => h._source.sku)
const inCategory = (id: number) => ({ attribute: 'category_ids', value: { in: [id] }, scope: 'default' as const })

describe('catalog filters', () => {
  it('filters by category with a bare value and with in', async () => {
    const a = await hits({ _appliedFilters: [{ attribute: 'category_ids', value: FOOD, scope: 'default' }] })
    expect(skus(a)).toEqual(['WAFEL'])
    const b = await hits({ _appliedFilters: [inCategory(CLOTHING)] }, 'sort=id:asc')
    expect(skus(b)).toEqual(['TEE', 'JACKET', 'SCARF', 'BOOTS'])
    expect(b.hits.total.value).toBe(4)
  })

  it('filters with eq on sku and on a nested child sku', async () => {
    expect(skus(await hits({ _appliedFilters: [{ attribute: 'sku', value: { eq: 'JACKET' }, scope: 'default' }] }))).toEqual(['JACKET'])
    const child = await hits({ _appliedFilters: [{ attribute: 'configurable_children.sku', value: { eq: 'TEE-BLUE-M' }, scope: 'default' }] })
    expect(skus(child)).toEqual(['TEE'])
  })

  it('filters on nested stock.is_in_stock and category.category_id', async () => {
    const inStock = await hits({ _appliedFilters: [inCategory(CLOTHING), { attribute: 'stock.is_in_stock', value: { eq: true }, scope: 'default' }] })
    expect(skus(inStock).sort()).toEqual(['JACKET', 'SCARF', 'TEE'])
    const nested = await hits({ _appliedFilters: [{ attribute: 'category.category_id', value: { in: [FOOD] }, scope: 'default' }] })
    expect(skus(nested)).toEqual(['WAFEL'])
  })

  it('neq and nin exclude', async () => {
    const r = await hits({ _appliedFilters: [inCategory(CLOTHING), { attribute: 'sku', value: { nin: ['TEE', 'BOOTS'] }, scope: 'default' }] })
    expect(skus(r).sort()).toEqual(['JACKET', 'SCARF'])
    const n = await hits({ _appliedFilters: [inCategory(CLOTHING), { attribute: 'sku', value: { neq: 'TEE' }, scope: 'default' }] })
    expect(skus(n)).not.toContain('TEE')
    expect(n.hits.total.value).toBe(3)
  })

  it('catalog-scope colour also matches configurable parents through color_options', async () => {
    const r = await hits({ _appliedFilters: [inCategory(CLOTHING), { attribute: 'color', value: { in: [RED] }, scope: 'catalog' }] })
    expect(skus(r).sort()).toEqual(['SCARF', 'TEE'])
    // default scope does not look at the _options
    const d = await hits({ _appliedFilters: [inCategory(CLOTHING), { attribute: 'color', value: { in: [RED] }, scope: 'default' }] })
    expect(skus(d)).toEqual(['SCARF'])
    // a value from a query string arrives as text
    const s = await hits({ _appliedFilters: [inCategory(CLOTHING), { attribute: 'color', value: String(BLUE), scope: 'catalog' }] })
    expect(skus(s).sort()).toEqual(['BOOTS', 'JACKET', 'TEE'])
  })

  it('price ranges use what the shopper pays (final_price_incl_tax)', async () => {
    // JACKET: 100 excl, special 80 → 96.80 incl.; SCARF special expired → 48.40
    const r = await hits({ _appliedFilters: [inCategory(CLOTHING), { attribute: 'price', value: { gte: 50, lte: 100 }, scope: 'catalog' }] })
    expect(skus(r)).toEqual(['JACKET'])
    const low = await hits({ _appliedFilters: [inCategory(CLOTHING), { attribute: 'price', value: { from: 0, to: 50 }, scope: 'catalog' }] }, 'sort=id:asc')
    expect(skus(low)).toEqual(['TEE', 'SCARF'])
    const gt = await hits({ _appliedFilters: [{ attribute: 'price', value: { gt: 150 }, scope: 'default' }] })
    expect(skus(gt)).toEqual(['BOOTS'])
  })

  it('range on a document field (categories with products)', async () => {
    const res = await search({ _appliedFilters: [{ attribute: 'product_count', value: { gt: 0 }, scope: 'default' }] }, 'sort=id:asc', 'polder_en', 'category')
    const body = json<SearchResponse>(res)
    expect(body.hits.hits.map((h) => h._source.id)).toEqual([CLOTHING, FOOD, SOCKS])
    expect(body.hits.hits.map((h) => h._source.product_count)).toEqual([4, 1, SOCK_COUNT])
  })
})

describe('catalog prices per store view', () => {
  it('adds NL VAT in en/nl and BE VAT in be/fr, reduced rate for food', async () => {
    const wafel = async (index: string) =>
      (await hits({ _appliedFilters: [{ attribute: 'sku', value: 'WAFEL', scope: 'default' }] }, '', index)).hits.hits[0]!._source
    expect((await wafel('polder_en')).final_price_incl_tax).toBe(5.45)
    expect((await wafel('polder_nl')).final_price_incl_tax).toBe(5.45)
    expect((await wafel('polder_be')).final_price_incl_tax).toBe(5.3)
    expect((await wafel('polder_fr')).final_price_incl_tax).toBe(5.3)
  })

  it('applies a special price inside its window and ignores an expired one', async () => {
    const r = await hits({ _appliedFilters: [{ attribute: 'sku', value: { in: ['JACKET', 'SCARF'] }, scope: 'default' }] }, 'sort=id:asc')
    const [jacket, scarf] = r.hits.hits.map((h) => h._source)
    expect(jacket).toMatchObject({ final_price_incl_tax: 96.8, special_price_incl_tax: 96.8, original_price_incl_tax: 121 })
    expect(scarf).toMatchObject({ final_price_incl_tax: 48.4, special_price: null })
  })

  it('shows the cheapest child on a configurable parent', async () => {
    const r = await hits({ _appliedFilters: [{ attribute: 'sku', value: 'TEE', scope: 'default' }] })
    expect(r.hits.hits[0]!._source.final_price_incl_tax).toBe(20.57)
  })
})

describe('catalog sort and paging', () => {
  it('sorts by price both ways, via ?sort and _appliedSort', async () => {
    const asc = await hits({ _appliedFilters: [inCategory(CLOTHING)] }, 'sort=final_price:asc')
    expect(skus(asc)).toEqual(['TEE', 'SCARF', 'JACKET', 'BOOTS'])
    const desc = await hits({ _appliedFilters: [inCategory(CLOTHING)], _appliedSort: [{ field: 'price', options: 'desc' }] })
    expect(skus(desc)).toEqual(['BOOTS', 'JACKET', 'SCARF', 'TEE'])
  })

  it('sorts by position inside the filtered category', async () => {
    const r = await hits({ _appliedFilters: [inCategory(CLOTHING)] }, 'sort=category.position:asc')
    expect(skus(r)).toEqual(['JACKET', 'TEE', 'SCARF', 'BOOTS'])
    const d = await hits({ _appliedFilters: [inCategory(SOCKS)] }, 'sort=position:desc')
    expect(skus(d)[0]).toBe(`SOCK-${SOCK_COUNT - 1}`)
  })

  it('pages with size and from, nothing repeated', async () => {
    const p1 = await hits({ _appliedFilters: [inCategory(SOCKS)] }, 'sort=id:asc&size=3&from=0')
    const p2 = await hits({ _appliedFilters: [inCategory(SOCKS)] }, 'sort=id:asc&size=3&from=3')
    const p3 = await hits({ _appliedFilters: [inCategory(SOCKS)] }, 'sort=id:asc&size=3&from=6')
    expect(p1.hits.total.value).toBe(SOCK_COUNT)
    const all = [...skus(p1), ...skus(p2), ...skus(p3)]
    expect(all).toEqual(Array.from({ length: SOCK_COUNT }, (_, i) => `SOCK-${i}`))
  })

  it('takes an empty sort as none, as VSF1 sends it for searches without one', async () => {
    const unsorted = await hits({ _appliedFilters: [inCategory(CLOTHING)] })
    const empty = await hits({ _appliedFilters: [inCategory(CLOTHING)] }, 'sort=&size=10')
    expect(skus(empty)).toEqual(skus(unsorted))
    expect((await search({}, 'sort=:desc')).statusCode).toBe(400)
  })

  it('treats size ≤ 0 as 50 and a negative from as 0', async () => {
    const zero = await hits({}, 'size=0')
    expect(zero.hits.hits.length).toBe(zero.hits.total.value)
    expect(zero.hits.total.value).toBe(5 + SOCK_COUNT)
    const neg = await hits({ _appliedFilters: [inCategory(SOCKS)] }, 'size=-5&from=-10&sort=id:asc')
    expect(skus(neg)[0]).toBe('SOCK-0')
    expect(neg.hits.hits.length).toBe(SOCK_COUNT)
  })
})

describe('catalog aggregations', () => {
  it('counts colour terms (with _options) and price buckets over the filtered set', async () => {
    const r = await hits(
      {
        _appliedFilters: [inCategory(CLOTHING)],
        _availableFilters: [
          { field: 'color', scope: 'catalog' },
          { field: 'price', scope: 'catalog' },
        ],
      },
      'size=1',
    )
    const aggs = r.aggregations!
    const color = aggs.agg_terms_color!.buckets as TermsBucket[]
    expect(color).toEqual(
      expect.arrayContaining([
        { key: BLUE, doc_count: 2 },
        { key: RED, doc_count: 1 },
      ]),
    )
    expect(aggs.agg_terms_color_options!.buckets).toEqual(
      expect.arrayContaining([
        { key: RED, doc_count: 1 },
        { key: BLUE, doc_count: 1 },
      ]),
    )
    const price = aggs.agg_range_price!.buckets as RangeBucket[]
    expect(price).toEqual([
      { key: '0.0-50.0', from: 0, to: 50, doc_count: 2 },
      { key: '50.0-100.0', from: 50, to: 100, doc_count: 1 },
      { key: '100.0-150.0', from: 100, to: 150, doc_count: 0 },
      { key: '150.0-*', from: 150, doc_count: 1 },
    ])
    expect(r.hits.hits.length).toBe(1)
  })

  it('recounts facets after a colour filter', async () => {
    const r = await hits({
      _appliedFilters: [inCategory(CLOTHING), { attribute: 'color', value: { in: [RED] }, scope: 'catalog' }],
      _availableFilters: [{ field: 'price', scope: 'catalog' }],
    })
    const total = (r.aggregations!.agg_range_price!.buckets as RangeBucket[]).reduce((n, b) => n + b.doc_count, 0)
    expect(total).toBe(2)
  })
})

describe('catalog source fields, formats and errors', () => {
  it('top-level field lists are picked in the database: each source is the whole document cut to those fields', async () => {
    const pick = (source: Record<string, unknown>, fields: string[]) => Object.fromEntries(fields.filter((f) => f in source).map((f) => [f, source[f]]))
    const listing = { _appliedFilters: [inCategory(CLOTHING)] }
    const whole = await hits(listing, 'sort=id:asc')
    expect(whole.hits.hits.length).toBe(4)
    // light fields only (read from the light copy), light and heavy (read from the document), and a field no product has
    for (const fields of [
      ['sku', 'name', 'price', 'category'],
      ['sku', 'media_gallery', 'configurable_children'],
      ['name', 'no_such_field'],
    ]) {
      const picked = await hits(listing, `sort=id:asc&_source_include=${fields.join(',')}`)
      expect(picked.hits.hits.map((h) => h._id)).toEqual(whole.hits.hits.map((h) => h._id))
      expect(picked.hits.hits.map((h) => h._source)).toEqual(whole.hits.hits.map((h) => pick(h._source, fields)))
    }
    // the text search's pages (relevance order, and an asked-for order) pick too
    for (const qs of ['', 'sort=id:asc&']) {
      const text = { _searchText: 'jacket' }
      const full = await hits(text, qs)
      const picked = await hits(text, `${qs}_source_include=sku,name`)
      expect(full.hits.hits.length).toBeGreaterThan(0)
      expect(picked.hits.hits.map((h) => [h._id, h._score, h._source])).toEqual(full.hits.hits.map((h) => [h._id, h._score, pick(h._source, ['sku', 'name'])]))
    }
  })

  it('includes and excludes fields, dotted paths too', async () => {
    const inc = await hits({ _appliedFilters: [{ attribute: 'sku', value: 'TEE', scope: 'default' }] }, '_source_include=sku,name,configurable_children.sku')
    const src = inc.hits.hits[0]!._source
    expect(Object.keys(src).sort()).toEqual(['configurable_children', 'name', 'sku'])
    expect(src.configurable_children).toEqual([{ sku: 'TEE-RED-S' }, { sku: 'TEE-RED-M' }, { sku: 'TEE-BLUE-S' }, { sku: 'TEE-BLUE-M' }])
    expect(inc.hits.hits[0]!._id).toBe('100')
    const exc = await hits(
      { _appliedFilters: [{ attribute: 'sku', value: 'TEE', scope: 'default' }] },
      '_source_exclude=description,configurable_children.stock',
    )
    const e = exc.hits.hits[0]!._source as { description?: string; configurable_children: Record<string, unknown>[] }
    expect(e.description).toBeUndefined()
    expect(e.configurable_children[0]!.stock).toBeUndefined()
    expect(e.configurable_children[0]!.sku).toBe('TEE-RED-S')
  })

  it('answers the compact format', async () => {
    const res = await search({ _appliedFilters: [inCategory(FOOD)] }, 'response_format=compact&request_format=search-query')
    const body = json<CompactSearchResponse>(res)
    expect(body.total).toBe(1)
    expect(body.hits[0]).toMatchObject({ sku: 'WAFEL' })
    expect(typeof body.hits[0]!._score).toBe('number')
  })

  it('accepts GET with ?request=', async () => {
    const request = encodeURIComponent(JSON.stringify({ _appliedFilters: [inCategory(FOOD)] }))
    const res = await server.app.inject({ method: 'GET', url: `/api/catalog/polder_nl/product/_search?request=${request}` })
    expect(res.statusCode).toBe(200)
    expect(skus(json<SearchResponse>(res))).toEqual(['WAFEL'])
  })

  it('finds products by full text in the store view language', async () => {
    const nl = await hits({ _searchText: 'fiets' }, '', 'polder_nl')
    expect(skus(nl)).toContain('TEE')
    const fr = await hits({ _searchText: 'vélos' }, '', 'polder_fr')
    expect(skus(fr)).toContain('TEE')
    const en = await hits({ _searchText: 'jackets' })
    expect(skus(en)).toEqual(['JACKET'])
  })

  // url_rewrite answers real rows now: tests/integration/url-map.test.ts
  it('answers taxrule, attribute, category and the cms types (active pages and blocks only)', async () => {
    const tax = json<SearchResponse>(await search({}, '', 'polder_en', 'taxrule'))
    expect(tax.hits.total.value).toBe(2)
    const attr = json<SearchResponse>(
      await search({ _appliedFilters: [{ attribute: 'attribute_code', value: { in: ['color'] }, scope: 'default' }] }, '', 'polder_en', 'attribute'),
    )
    expect(attr.hits.hits.map((h) => h._source.attribute_code)).toEqual(['color'])
    for (const [type, active] of [
      ['cms_block', 1],
      ['cms_page', 3],
    ] as const) {
      const res = await search({}, '', 'polder_en', type)
      expect(res.statusCode).toBe(200)
      const found = json<SearchResponse>(res).hits
      expect(found.total.value).toBe(active)
      expect(found.hits.every((h) => h._source.active === true)).toBe(true)
    }
  })

  it('rejects an unknown index with 400 in the envelope', async () => {
    const res = await search({}, '', 'vue_storefront_catalog', 'product')
    expect(res.statusCode).toBe(400)
    const body = json<{ code: number; result: string }>(res)
    expect(body.code).toBe(400)
    expect(body.result).toContain('Invalid / inaccessible index name')
  })

  it('never answers 500 for bad input', async () => {
    const bad = [
      { method: 'POST' as const, url: '/api/catalog/polder_en/product/_search', payload: { _appliedFilters: [{ attribute: 'a;drop table', value: 1 }] } },
      { method: 'POST' as const, url: '/api/catalog/polder_en/product/_search', payload: { _appliedFilters: 'nope' } },
      { method: 'POST' as const, url: '/api/catalog/polder_en/product/_search?size=abc', payload: {} },
      { method: 'POST' as const, url: '/api/catalog/polder_en/nope/_search', payload: {} },
      { method: 'GET' as const, url: '/api/catalog/polder_en/product/_search?request=%7Bnot-json' },
      { method: 'POST' as const, url: '/api/catalog/polder_en/product/_search', payload: '{broken', headers: { 'content-type': 'application/json' } },
      { method: 'POST' as const, url: '/api/catalog/polder_en/product/_search?sort=name;drop:asc', payload: {} },
      { method: 'POST' as const, url: '/api/catalog/polder_en/product/_search', payload: { _appliedFilters: [{ attribute: 'price', value: { gte: 'x' } }] } },
      { method: 'POST' as const, url: '/api/catalog/polder_en/product/_search', payload: { _appliedFilters: [{ attribute: 'sku', value: 'A\u0000B' }] } },
    ]
    for (const b of bad) {
      const res = await server.app.inject(b)
      expect(res.statusCode, `${b.method} ${b.url}`).toBe(400)
      expect(res.headers['content-type']).toContain('application/json')
      expect(json<{ code: number }>(res).code).toBe(400)
    }
  })

  it('answers huge numbers without an error', async () => {
    const payloads: Query[] = [
      { _appliedFilters: [{ attribute: 'category_ids', value: { in: [1e20] }, scope: 'default' }] },
      { _appliedFilters: [{ attribute: 'visibility', value: 99999999999, scope: 'default' }] },
      { _appliedFilters: [{ attribute: 'color', value: { in: [1e20, -1] }, scope: 'catalog' }] },
    ]
    for (const payload of payloads) {
      const res = await search(payload, 'sort=position:asc&from=99999999999999')
      expect(res.statusCode, res.body).toBe(200)
      expect(json<SearchResponse>(res).hits.total.value).toBe(0)
    }
  })

  it('answers an unknown /api route with a 404 envelope', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/nothing-here' })
    expect(res.statusCode).toBe(404)
    expect(json<{ code: number }>(res).code).toBe(404)
    const get = await server.app.inject({ method: 'GET', url: '/api/nothing/here' })
    expect(get.statusCode).toBe(404)
    expect(json<{ code: number }>(get).code).toBe(404)
  })
})
