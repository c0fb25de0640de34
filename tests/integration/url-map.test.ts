/**
 * /api/url/map and the url_rewrite entity on the real app and real storage: catalogue url_paths,
 * legacy Magento paths (301 with the target), store-view prefixes and url keys per store view.
 */
import { describe, expect, it } from 'vitest'
import type { SearchQuery, SearchResponse } from '../../domain/api/catalog.schema'
import type { UrlMapHit } from '../../domain/api/url.schema'
import type { UrlRewriteDoc } from '../../domain/url-rewrite.schema'
import { importShop } from '../../server/services/catalog-import'
import type { DemoShop } from '../../server/seed/demo-shop'
import { CLOTHING, FOOD, SOCKS } from './fixtures'
import { buildFixtureShop } from './fixtures'
import { json, startTestServer, type TestServer, useTestServer } from './helpers'

const NOW = new Date('2026-06-15T12:00:00Z')

/** The fixture shop with url keys of their own in nl and fr, and one rewrite the shop brings itself. */
function localisedShop(options: { without?: string[] } = {}): DemoShop {
  const shop = buildFixtureShop(options)
  const keys = { nl: { jacket: 'regenjas-300', clothing: 'kleding' }, fr: { jacket: 'veste-de-pluie-300', clothing: 'vetements' } } as const
  for (const code of ['nl', 'fr'] as const) {
    const jacket = shop.catalog[code].products.find((p) => p.sku === 'JACKET')
    if (jacket) Object.assign(jacket, { url_key: keys[code].jacket, url_path: `${keys[code].jacket}.html`, slug: keys[code].jacket })
    const clothing = shop.catalog[code].categories.find((c) => c.id === CLOTHING)!
    Object.assign(clothing, { url_key: keys[code].clothing, url_path: keys[code].clothing, slug: keys[code].clothing })
  }
  // a child with a url key of its own, opened directly, goes to its parent
  Object.assign(
    shop.catalog.en.products.find((p) => p.sku === 'TEE')!.configurable_children!.find((c) => c.sku === 'TEE-BLUE-S')!,
    { url_key: 'tee-blue-s-103' },
  )
  shop.catalog.en.urlRewrites = [
    { entity_type: 'product', entity_id: 300, redirect_type: 302, request_path: 'sale/rain-jacket', target_path: 'jacket-300.html' },
  ]
  return shop
}

async function startServer(): Promise<TestServer> {
  const server = await startTestServer({ seed: false })
  await importShop(server.storage, localisedShop(), NOW)
  return server
}

const server = useTestServer(startServer)

async function mapUrl(body: Record<string, unknown>, options: { qs?: string; headers?: Record<string, string>; on?: TestServer } = {}) {
  return (options.on ?? server).app.inject({ method: 'POST', url: `/api/url/map${options.qs ?? ''}`, payload: body, headers: options.headers })
}

/** The hit, after checking the answer is a 200 JSON hit. */
async function hitFor(body: Record<string, unknown>, options: Parameters<typeof mapUrl>[1] = {}): Promise<UrlMapHit> {
  const res = await mapUrl(body, options)
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['content-type']).toContain('application/json')
  const hit = json<UrlMapHit | null>(res)
  expect(hit, `${String(body.url)} should resolve`).not.toBeNull()
  return hit!
}

async function expectNull(body: Record<string, unknown>, options: Parameters<typeof mapUrl>[1] = {}) {
  const res = await mapUrl(body, options)
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toContain('application/json')
  expect(res.body, String(body.url)).toBe('null')
}

async function rewrites(query: Partial<SearchQuery>, index = 'polder_en', qs = 'sort=id:asc&size=100', on = server) {
  const res = await on.app.inject({ method: 'POST', url: `/api/catalog/${index}/url_rewrite/_search?${qs}`, payload: query })
  expect(res.statusCode).toBe(200)
  return json<SearchResponse<UrlRewriteDoc>>(res).hits
}

describe('url/map: catalogue url paths', () => {
  it('maps a product url_path to the product hit with the prices the catalogue returns', async () => {
    const hit = await hitFor({ url: 'jacket-300.html' })
    expect(hit).toMatchObject({ _index: 'polder_en_product', _type: 'product', _id: '300', _score: 1 })
    expect(hit._source.sku).toBe('JACKET')
    expect(hit.redirect).toBeUndefined()
    // 100 excl. tax, special price 80 inside its window, 21 % NL VAT
    expect(hit._source.final_price_incl_tax).toBe(96.8)
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/catalog/polder_en/product/_search',
      payload: { _appliedFilters: [{ attribute: 'sku', value: { eq: 'JACKET' }, scope: 'default' }] },
    })
    const catalogue = json<SearchResponse>(res).hits.hits[0]!._source
    for (const field of [
      'price',
      'price_incl_tax',
      'special_price',
      'special_price_incl_tax',
      'final_price',
      'final_price_incl_tax',
      'original_price_incl_tax',
    ]) {
      expect(hit._source[field], field).toEqual(catalogue[field])
    }
  })

  it('maps a category url_path to the category hit', async () => {
    const hit = await hitFor({ url: 'clothing' })
    expect(hit).toMatchObject({ _index: 'polder_en_category', _type: 'category', _id: String(CLOTHING) })
    expect(hit._source.name).toBe('Clothing')
    expect(hit.redirect).toBeUndefined()
  })

  it('honours includeFields (keeping what routing needs) and excludeFields', async () => {
    const narrow = await hitFor({ url: 'jacket-300.html', includeFields: ['name', 'final_price_incl_tax'], excludeFields: null })
    expect(Object.keys(narrow._source).sort()).toEqual(['final_price_incl_tax', 'id', 'name', 'sku', 'slug', 'type_id', 'url_key', 'url_path'])
    const wide = await hitFor({ url: 'jacket-300.html', includeFields: null, excludeFields: ['description', 'stock'] })
    expect(wide._source.description).toBeUndefined()
    expect(wide._source.stock).toBeUndefined()
    expect(wide._source.name).toBe('Rain jacket')
  })

  it('takes wildcard field patterns as Elasticsearch does', async () => {
    const hit = await hitFor({ url: 'tee-100.html', includeFields: ['*sku', 'configurable_children.*', '*proto*'], excludeFields: ['*.stock', '*.name'] })
    const { configurable_children: children, ...top } = hit._source as { configurable_children: Record<string, unknown>[] }
    // the routing fields always, `*sku` at the top
    expect(Object.keys(top).sort()).toEqual(['id', 'sku', 'slug', 'type_id', 'url_key', 'url_path'])
    expect(children.map((c) => c.sku)).toEqual(['TEE-RED-S', 'TEE-RED-M', 'TEE-BLUE-S', 'TEE-BLUE-M'])
    for (const c of children) {
      expect(c).not.toHaveProperty('stock')
      expect(c).not.toHaveProperty('name')
      expect(c).toHaveProperty('color')
    }
    expect(children.find((c) => c.sku === 'TEE-BLUE-S')!.url_key).toBe('tee-blue-s-103')
    const res = await mapUrl({ url: 'tee-100.html', includeFields: ['sku', 'na me*'] })
    expect(res.statusCode).toBe(400)
    expect(json<{ result: string }>(res).result).toBe('includeFields: "na me*" is not a field name')
  })
})

describe('url/map: legacy Magento paths', () => {
  it('maps catalog/product/view/id/{n} to the product with a 301 to its url_path', async () => {
    const hit = await hitFor({ url: '/catalog/product/view/id/300' })
    expect(hit).toMatchObject({ _type: 'product', _id: '300', redirect: { code: 301, target: '/jacket-300.html' } })
    expect(hit._source.sku).toBe('JACKET')
  })

  it("maps a configurable child's legacy id to the parent, with the child chosen", async () => {
    const hit = await hitFor({ url: 'catalog/product/view/id/102' })
    expect(hit).toMatchObject({ _type: 'product', _id: '100', redirect: { code: 301, target: '/tee-100.html?childSku=TEE-RED-M' } })
    expect(hit._source.sku).toBe('TEE')
    expect(hit._source.type_id).toBe('configurable')
  })

  it("sends a configurable child's own url to its parent with the child chosen", async () => {
    const hit = await hitFor({ url: '/en/tee-blue-s-103.html' })
    expect(hit).toMatchObject({ _type: 'product', _id: '100', redirect: { code: 301, target: '/tee-100.html?childSku=TEE-BLUE-S' } })
    expect(hit._source.sku).toBe('TEE')
    await expectNull({ url: 'tee-blue-s-103.html' }, { qs: '?storeCode=nl' })
  })

  it('maps catalog/category/view/id/{n} to the category with a 301 to its url_path', async () => {
    const hit = await hitFor({ url: 'catalog/category/view/id/21' })
    expect(hit).toMatchObject({ _type: 'category', _id: String(FOOD), redirect: { code: 301, target: '/food' } })
    const nl = await hitFor({ url: 'catalog/category/view/id/20' }, { qs: '?storeCode=nl' })
    expect(nl).toMatchObject({ _index: 'polder_nl_category', _id: String(CLOTHING), redirect: { code: 301, target: '/kleding' } })
  })

  it('answers null for legacy ids nobody has, a CMS page nobody has and the root category', async () => {
    await expectNull({ url: 'catalog/product/view/id/999999' })
    await expectNull({ url: 'catalog/product/view/id/99999999999' })
    await expectNull({ url: 'cms/page/view/page_id/999' })
    await expectNull({ url: 'catalog/category/view/id/2' })
  })

  it('a CMS page’s legacy path answers the page, redirected to its identifier', async () => {
    expect(await hitFor({ url: 'cms/page/view/page_id/1' })).toMatchObject({ _type: 'cms_page', _id: '1', redirect: { code: 301, target: '/about-us' } })
  })

  it("serves the shop's own rewrites, with their redirect code", async () => {
    const hit = await hitFor({ url: 'sale/rain-jacket' })
    expect(hit).toMatchObject({ _type: 'product', _id: '300', redirect: { code: 302, target: '/jacket-300.html' } })
  })
})

describe('url/map: store views', () => {
  it('strips the store-code prefix, a trailing slash and the query', async () => {
    expect(await hitFor({ url: '/nl/regenjas-300.html/' }, { qs: '?storeCode=nl' })).toMatchObject({ _index: 'polder_nl_product', _id: '300' })
    expect(await hitFor({ url: '/en/clothing/?page=2&color=49' })).toMatchObject({ _index: 'polder_en_category', _id: String(CLOTHING) })
    // no store code asked: the URL's own prefix says which store view
    expect(await hitFor({ url: '/fr/vetements' })).toMatchObject({ _index: 'polder_fr_category', _id: String(CLOTHING) })
    // the header names the store view too
    const fr = await hitFor({ url: '/fr/veste-de-pluie-300.html/' }, { headers: { 'x-vs-store-code': 'fr' } })
    expect(fr).toMatchObject({ _index: 'polder_fr_product', _id: '300' })
    expect(fr._source.name).toBe('Veste de pluie')
  })

  it('resolves nl and fr url keys only in their own store view', async () => {
    expect(await hitFor({ url: 'regenjas-300.html' }, { qs: '?storeCode=nl' })).toMatchObject({ _index: 'polder_nl_product', _id: '300' })
    await expectNull({ url: 'regenjas-300.html' }, { qs: '?storeCode=fr' })
    await expectNull({ url: 'regenjas-300.html' })
    expect(await hitFor({ url: 'veste-de-pluie-300.html' }, { qs: '?storeCode=fr' })).toMatchObject({ _index: 'polder_fr_product', _id: '300' })
    await expectNull({ url: 'veste-de-pluie-300.html' }, { qs: '?storeCode=nl' })
    await expectNull({ url: 'kleding' }, { qs: '?storeCode=fr' })
    // a prefix naming another store view than the one asked for is not stripped
    await expectNull({ url: '/nl/regenjas-300.html' }, { qs: '?storeCode=fr' })
    // the en url key is not an nl one
    await expectNull({ url: 'jacket-300.html' }, { qs: '?storeCode=nl' })
  })
})

describe('url/map: nothing found and bad requests', () => {
  it('answers the JSON literal null for unknown paths and the home page', async () => {
    await expectNull({ url: 'no-such-thing.html' })
    await expectNull({ url: '/en/' })
    await expectNull({ url: 'clothing/no-such-child' })
    await expectNull({ url: 'default-category' })
  })

  it('answers 400 in the envelope for a missing or empty url; ignores a store code that is not the shop’s', async () => {
    for (const body of [{}, { url: '' }, { url: 42 }]) {
      const res = await mapUrl(body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      const envelope = json<{ code: number; result: string }>(res)
      expect(envelope.code).toBe(400)
      expect(envelope.result).toMatch(/^url: /)
    }
    // as vue-storefront-api honours only its availableStores: answered as without the code
    const unknown = await hitFor({ url: 'clothing' }, { qs: '?storeCode=de' })
    expect(unknown).toEqual(await hitFor({ url: 'clothing' }))
    expect((await hitFor({ url: '/fr/veste-de-pluie-300.html' }, { headers: { 'x-vs-store-code': 'de' } }))._index).toBe('polder_fr_product')
  })
})

describe('url_rewrite search', () => {
  it('returns the legacy rows, filtered on request_path, target_path and entity_type', async () => {
    const legacy = await rewrites({ _appliedFilters: [{ attribute: 'request_path', value: { like: 'catalog/category/view/id/' }, scope: 'default' }] })
    expect(legacy.hits.map((h) => h._id)).toEqual([
      `catalog/category/view/id/${CLOTHING}`,
      `catalog/category/view/id/${FOOD}`,
      `catalog/category/view/id/${SOCKS}`,
    ])
    expect(legacy.hits[1]!._source).toMatchObject({
      entity_type: 'category',
      entity_id: FOOD,
      redirect_type: 301,
      request_path: 'catalog/category/view/id/21',
      target_path: 'food',
      store_id: 1,
    })
    expect(legacy.hits[1]!._index).toBe('polder_en_url_rewrite')

    const jacket = await rewrites({ _appliedFilters: [{ attribute: 'target_path', value: { eq: 'jacket-300.html' }, scope: 'default' }] })
    expect(jacket.hits.map((h) => [h._source.request_path, h._source.redirect_type])).toEqual([
      ['catalog/product/view/id/300', 301],
      ['jacket-300.html', 0],
      ['sale/rain-jacket', 302],
    ])

    const categories = await rewrites({
      _appliedFilters: [
        { attribute: 'entity_type', value: { eq: 'category' }, scope: 'default' },
        { attribute: 'redirect_type', value: { eq: 0 }, scope: 'default' },
      ],
    })
    expect(categories.hits.map((h) => h._id)).toEqual(['clothing', 'food', 'socks'])

    // one internal + one legacy row per product, one legacy row per configurable child (4) and one
    // for the child with a url key, two per category (3), one own, two per active CMS page (3)
    const all = await rewrites({}, 'polder_en', 'size=0')
    expect(all.total.value).toBe(12 * 2 + 4 + 1 + 3 * 2 + 1 + 3 * 2)
  })

  it('keeps the rows of each store view apart', async () => {
    const nl = await rewrites({ _appliedFilters: [{ attribute: 'entity_id', value: { eq: 300 }, scope: 'default' }] }, 'polder_nl')
    expect(nl.hits.map((h) => h._source.target_path)).toEqual(['regenjas-300.html', 'regenjas-300.html'])
    expect(nl.hits.every((h) => h._source.store_id === 2)).toBe(true)
  })
})

describe('url rewrites follow the catalogue', () => {
  it('drops the rewrites of a product that left the catalogue on re-import', async () => {
    const own = await startServer()
    try {
      expect(await hitFor({ url: 'jacket-300.html' }, { on: own })).toMatchObject({ _id: '300' })
      await importShop(own.storage, localisedShop({ without: ['JACKET'] }), new Date('2026-06-16T12:00:00Z'))
      await expectNull({ url: 'jacket-300.html' }, { on: own })
      await expectNull({ url: 'catalog/product/view/id/300' }, { on: own })
      const left = await rewrites({ _appliedFilters: [{ attribute: 'entity_id', value: { eq: 300 }, scope: 'default' }] }, 'polder_en', 'size=10', own)
      // the shop's own rewrite still names the product; it resolves to nothing while it is gone
      expect(left.hits.map((h) => h._id)).toEqual(['sale/rain-jacket'])
      await expectNull({ url: 'sale/rain-jacket' }, { on: own })
      expect(await hitFor({ url: 'clothing' }, { on: own })).toMatchObject({ _id: String(CLOTHING) })
    } finally {
      await own.close()
    }
  })

  it('takes the rewrites as the whole truth once a store view has them', async () => {
    const own = await startServer()
    try {
      const all = await rewrites({}, 'polder_en', 'size=100', own)
      const keep = all.hits.map((h) => h._id).filter((id) => id !== 'jacket-300.html')
      expect(await own.storage.urls.tombstoneAllExcept('en', keep, NOW.toISOString())).toBe(1)
      await expectNull({ url: 'jacket-300.html' }, { on: own })
      expect(await hitFor({ url: 'catalog/product/view/id/300' }, { on: own })).toMatchObject({ _id: '300' })
    } finally {
      await own.close()
    }
  })

  it('still resolves url paths and legacy ids when a database has no rewrites yet', async () => {
    const own = await startServer()
    try {
      expect(await own.storage.urls.tombstoneAllExcept('en', [], NOW.toISOString())).toBeGreaterThan(0)
      expect(await own.storage.urls.countLive('en')).toBe(0)
      expect(await hitFor({ url: 'jacket-300.html' }, { on: own })).toMatchObject({ _id: '300', _type: 'product' })
      expect((await hitFor({ url: 'jacket-300.html' }, { on: own })).redirect).toBeUndefined()
      expect(await hitFor({ url: 'food/' }, { on: own })).toMatchObject({ _id: String(FOOD), _type: 'category' })
      expect(await hitFor({ url: 'catalog/product/view/id/104' }, { on: own })).toMatchObject({
        _id: '100',
        redirect: { code: 301, target: '/tee-100.html?childSku=TEE-BLUE-M' },
      })
      expect(await hitFor({ url: 'catalog/category/view/id/22' }, { on: own })).toMatchObject({ _id: String(SOCKS), redirect: { code: 301, target: '/socks' } })
      await expectNull({ url: 'sale/rain-jacket' }, { on: own })
      await expectNull({ url: 'default-category' }, { on: own })
      await expectNull({ url: 'catalog/category/view/id/2' }, { on: own })
    } finally {
      await own.close()
    }
  })
})
