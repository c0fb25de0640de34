/**
 * Catalogue requests that could stop the whole shop: prototype keys in field paths,
 * filters, facets and sorts on made-up fields, and searches too big to answer in time. Each is
 * sent to the real server on real storage; the server must answer it quickly with a 400 that
 * names the problem, and keep answering everyone else.
 */
import { describe, expect, it } from 'vitest'
import { CATALOG_QUERY_LIMITS } from '../../domain/api/catalog.schema'
import { MAX_HEAVY_FILTERS, MAX_SCANNED_FACETS, MAX_SCANNED_FILTERS } from '../../server/services/catalog-fields'
import type { Envelope } from '../../domain/api/envelope'
import { json, useTestServer } from './helpers'
import { CLOTHING, RED } from './fixtures'

const server = useTestServer()

const SEARCH = '/api/catalog/polder_en/product/_search'
const originalToString = Object.prototype.toString
const originalHasOwnProperty = Object.prototype.hasOwnProperty

function search(body: unknown, query = '') {
  return server.app.inject({ method: 'POST', url: `${SEARCH}${query}`, payload: body as object })
}

/** The shop still answers, quickly, and nothing of the process's built-ins was touched. */
async function expectShopAlive(): Promise<void> {
  const started = performance.now()
  const res = await server.app.inject({ method: 'GET', url: '/api' })
  expect(res.statusCode).toBe(200)
  expect(performance.now() - started).toBeLessThan(100)
  expect(Object.prototype.toString).toBe(originalToString)
  expect(Object.prototype.hasOwnProperty).toBe(originalHasOwnProperty)
  expect(Object.hasOwn({ a: 1 }, 'a')).toBe(true)
  const listed = await search({ _appliedFilters: [{ attribute: 'category_ids', value: { in: [CLOTHING] } }] })
  expect(listed.statusCode).toBe(200)
}

function expect400(res: { statusCode: number; body: string }, words: RegExp): void {
  expect(res.statusCode, res.body).toBe(400)
  const body = json<Envelope<string>>(res)
  expect(body.code).toBe(400)
  expect(body.result).toMatch(words)
}

const values = (n: number) => Array.from({ length: n }, (_, i) => i)

describe('field paths never reach an object prototype', () => {
  const PATHS = ['__proto__.hasOwnProperty', '__proto__.toString', 'constructor.prototype.toString', 'prototype', 'name.__proto__', 'a..b']

  it.each(PATHS)('GET _source_exclude / _source_include=%s answer 400 and leave the process whole', async (path) => {
    for (const parameter of ['_source_exclude', '_source_include', '_source_excludes']) {
      const res = await server.app.inject({ method: 'GET', url: `${SEARCH}?${parameter}=${encodeURIComponent(path)}` })
      expect400(res, /is not a field name/)
    }
    await expectShopAlive()
  })

  it('POST /api/url/map with prototype paths in excludeFields or includeFields answers 400', async () => {
    for (const field of ['excludeFields', 'includeFields']) {
      for (const path of PATHS) {
        const res = await server.app.inject({ method: 'POST', url: '/api/url/map', payload: { url: '/en/clothing', [field]: [path] } })
        expect400(res, new RegExp(`${field}: .* is not a field name`))
      }
    }
    await expectShopAlive()
  })

  it('ordinary include and exclude lists still shape the answer', async () => {
    const res = await server.app.inject({ method: 'GET', url: `${SEARCH}?_source_include=sku,name,stock.qty&_source_exclude=name&size=1` })
    expect(res.statusCode).toBe(200)
    const source = json<{ hits: { hits: { _source: Record<string, unknown> }[] } }>(res).hits.hits[0]!._source
    expect(Object.keys(source).sort()).toEqual(['sku', 'stock'])
    expect(Object.keys(source.stock as object)).toEqual(['qty'])
  })

  it('a filter attribute named __proto__ or constructor is a field the index does not have', async () => {
    for (const attribute of ['__proto__', 'constructor', 'prototype', 'stock.__proto__']) {
      expect400(await search({ _appliedFilters: [{ attribute, value: 1 }] }), /has no field/)
    }
    await expectShopAlive()
  })
})

describe('a search is bounded before it reaches the database', () => {
  it('an in list of 5,500 values on a JSON path answers 400 naming the limit, within 1.5 s', async () => {
    const started = performance.now()
    const res = await search({ _appliedFilters: [{ attribute: 'x.y', value: { in: values(8000) } }] })
    expect(performance.now() - started).toBeLessThan(1500)
    expect400(res, new RegExp(`8000 values together; at most ${CATALOG_QUERY_LIMITS.filterValues}`))
    await expectShopAlive()
  })

  it('1,000 neq filters answer 400 naming the limit', async () => {
    const res = await search({ _appliedFilters: values(1000).map((i) => ({ attribute: 'color', value: { neq: i } })) })
    expect400(res, new RegExp(`_appliedFilters: must have at most ${CATALOG_QUERY_LIMITS.filters} items`))
    await expectShopAlive()
  })

  it('500 dotted facet fields answer 400 naming the limit', async () => {
    const res = await search({ _availableFilters: values(500).map((i) => ({ field: `stock.f${i}` })) })
    expect400(res, new RegExp(`_availableFilters: must have at most ${CATALOG_QUERY_LIMITS.facets} items`))
    await expectShopAlive()
  })

  it('more sort fields than the limit answer 400, in the body and in the query string', async () => {
    const fields = ['name', 'sku', 'id', 'updated_at', 'created_at', 'sold_qty']
    expect400(await search({ _appliedSort: fields.map((field) => ({ field, options: 'asc' })) }), /_appliedSort: must have at most 5 items/)
    expect400(await search({}, `?sort=${fields.join(',')}`), /sort: at most 5 sort fields/)
  })

  it('filters, facets and sorts on fields the index does not have answer 400 naming the field', async () => {
    expect400(await search({ _appliedFilters: [{ attribute: 'x.y', value: { in: [1, 2] } }] }), /_appliedFilters\.0\.attribute: .*has no field "x\.y"/)
    expect400(await search({ _availableFilters: [{ field: 'color' }, { field: 'nope' }] }), /_availableFilters\.1\.field: .*has no field "nope"/)
    expect400(await search({ _appliedSort: [{ field: 'nope', options: 'desc' }] }), /_appliedSort: .*has no field "nope"/)
    expect400(await search({}, '?sort=nope:asc'), /sort: .*has no field "nope"/)
    expect400(
      await server.app.inject({
        method: 'POST',
        url: '/api/catalog/polder_en/category/_search',
        payload: { _appliedFilters: [{ attribute: 'color', value: 1 }] },
      }),
      /category index .* has no field "color"/,
    )
  })

  it('fields inside the big part of a product may be filtered a few times, never faceted or sorted', async () => {
    const heavy = values(MAX_HEAVY_FILTERS + 1).map((i) => ({ attribute: i % 2 ? 'description' : 'configurable_children.price', value: { neq: i } }))
    expect400(await search({ _appliedFilters: heavy }), new RegExp(`at most ${MAX_HEAVY_FILTERS} filters on configurable_children`))
    expect(await search({ _appliedFilters: heavy.slice(0, MAX_HEAVY_FILTERS) })).toHaveProperty('statusCode', 200)
    expect400(await search({ _availableFilters: [{ field: 'description' }] }), /cannot be counted by "description"/)
    expect400(await search({ _appliedSort: [{ field: 'configurable_children.price', options: 'asc' }] }), /cannot be sorted by/)
    const scanned = ['stock.qty', 'category.name', 'category.position', 'stock.manage_stock', 'stock.is_in_stock']
    expect400(
      await search({ _availableFilters: scanned.map((field) => ({ field })) }),
      new RegExp(`at most ${MAX_SCANNED_FACETS} facets on fields that are not attributes`),
    )
  })

  it('filters on fields without an index of their own are few; filters on indexed fields and attributes are not counted', async () => {
    const scanned = ['price_incl_tax', 'special_price', 'sold_qty', 'created_at', 'url_key', 'stock.qty', 'category.name', 'tax_class_id', 'eol']
    const filters = values(MAX_SCANNED_FILTERS + 1).map((i) => ({ attribute: scanned[i % scanned.length]!, value: { nin: [`x${i}`] } }))
    expect400(
      await search({ _appliedFilters: filters }),
      new RegExp(`_appliedFilters\\.${MAX_SCANNED_FILTERS}\\.attribute: at most ${MAX_SCANNED_FILTERS} filters on fields without an index of their own`),
    )
    const indexed = ['category_ids', 'visibility', 'status', 'sku', 'id', 'stock.is_in_stock', 'color', 'size', 'price'].map((attribute) => ({
      attribute,
      value: { nin: [999_999] },
    }))
    expect(await search({ _appliedFilters: [...filters.slice(0, MAX_SCANNED_FILTERS), ...indexed] })).toHaveProperty('statusCode', 200)
    await expectShopAlive()
  })

  it('the fields a storefront uses still filter, count and sort', async () => {
    const red = await search({
      _appliedFilters: [{ attribute: 'color', value: { in: [RED] }, scope: 'catalog' }],
      _availableFilters: [{ field: 'color' }, { field: 'price' }],
    })
    expect(red.statusCode).toBe(200)
    const body = json<{ hits: { total: { value: number }; hits: { _source: { sku: string } }[] }; aggregations: Record<string, unknown> }>(red)
    // the configurable tee has a red child, four of the socks and the scarf are red
    expect(body.hits.hits.map((h) => h._source.sku).sort()).toEqual(['SCARF', 'SOCK-0', 'SOCK-2', 'SOCK-4', 'SOCK-6', 'TEE'])
    expect(Object.keys(body.aggregations)).toEqual(expect.arrayContaining(['agg_terms_color', 'agg_terms_color_options', 'agg_range_price']))

    const byChild = await search({ _appliedFilters: [{ attribute: 'configurable_children.sku', value: { eq: 'TEE-BLUE-M' } }] })
    expect(json<{ hits: { hits: { _source: { sku: string } }[] } }>(byChild).hits.hits.map((h) => h._source.sku)).toEqual(['TEE'])

    const nested = await search({ _appliedFilters: [{ attribute: 'stock.qty', value: { in: [3, 100] } }] }, '?sort=name:desc')
    expect(json<{ hits: { hits: { _source: { sku: string } }[] } }>(nested).hits.hits.map((h) => h._source.sku)).toEqual(['WAFEL', 'SCARF'])
  })

  it('sku lists with quotes, backslashes, commas and braces match exactly', async () => {
    const res = await search({ _appliedFilters: [{ attribute: 'sku', value: { in: ['a"b', 'c\\d', 'e,f', '{g}', 'NULL', '', 'JACKET'] } }] })
    expect(res.statusCode).toBe(200)
    expect(json<{ hits: { hits: { _source: { sku: string } }[] } }>(res).hits.hits.map((h) => h._source.sku)).toEqual(['JACKET'])
  })
})
