/**
 * Listing rules of spec §5 and §9 beyond the basics of worker-category-query.test.ts: brand and
 * "Erin recommends" facets, eol and out-of-stock listing, the category's price range (min floored,
 * max ceiled), the fixed price buckets, filterAttribute labels, brands, and the v0 → v1 migration
 * of the light product documents.
 */
import { describe, expect, it } from 'vitest'
import {
  filtersFromAttributeLabels,
  priceRangeLabel,
  PRICE_RANGES,
  toggleFilter,
} from '../../domain/filters'
import { formatPrice, toCents } from '../../domain/money'
import { STORE_VIEWS } from '../../domain/store-views'
import { parseFilterAttribute } from '../../domain/url'
import { ApiClient } from '../../replication/api-client'
import { listBrands } from '../../workers/catalog/brands'
import { ProductSearch } from '../../workers/catalog/product-search'
import { categoryCandidates, listProducts, prepareProduct, priceRangeOf, queryCategoryPage } from '../../workers/catalog/category-query'
import type { AttributeDoc, ProductDoc } from '../../workers/db/catalog-schemas'
import { productMigrationStrategies } from '../../workers/db/catalog-schemas'
import { toProductDoc } from '../../workers/db/catalog-docs'

const NOW = Date.parse('2026-11-22T12:00:00Z')

const attribute = (code: string, options: [string, string][]): AttributeDoc => ({
  id: code,
  attribute_id: 1,
  attribute_code: code,
  frontend_label: code,
  options: options.map(([value, label], i) => ({ value, label, sort_order: i })),
  updated_at: '2026-01-01',
})
const manufacturer = attribute('manufacturer', [['210', 'Zuiderzee'], ['211', 'atelier Noord'], ['212', 'Émile'], ['213', 'Unused']])
const colors = attribute('color', [['49', 'Black'], ['50', 'Navy Blue']])
const erin = attribute('erin_recommends', [['1', 'Yes'], ['0', 'No']])
const attributes = new Map([['manufacturer', manufacturer], ['color', colors], ['erin_recommends', erin]])

function product(id: number, fields: Record<string, unknown> = {}): ProductDoc {
  return toProductDoc(
    {
      id,
      sku: `SKU-${id}`,
      name: `Product ${id}`,
      status: 1,
      visibility: 4,
      price_incl_tax: 10,
      final_price_incl_tax: 10,
      original_price_incl_tax: 10,
      category_ids: [2, 20],
      stock: { is_in_stock: true },
      color: 49,
      manufacturer: 210,
      erin_recommends: 0,
      eol: 0,
      updated_at: '2026-02-01T00:00:00Z',
      ...fields,
    },
    false,
  )
}

const categoryIds = new Set([2, 20])
const query = (filters: Record<string, string[]> = {}) => ({ categoryId: 2, filters, sort: 'position' as const, size: 100 })

describe('listing filters (spec §5)', () => {
  const docs = [
    product(1, { price_incl_tax: 12.4, final_price_incl_tax: 12.4, original_price_incl_tax: 12.4 }),
    product(2, { manufacturer: 211, erin_recommends: 1, color: 50, price_incl_tax: 60, final_price_incl_tax: 60, original_price_incl_tax: 60 }),
    product(3, { manufacturer: 212, erin_recommends: 1, price_incl_tax: 149.01, final_price_incl_tax: 149.01, original_price_incl_tax: 149.01 }),
    product(4, { manufacturer: 211, stock: { is_in_stock: false } }),
    product(5, { eol: 1 }),
    product(6, { visibility: 1 }),
    product(7, { status: 2 }),
    product(8, { status: 0, visibility: 2, manufacturer: 211 }),
  ].map(prepareProduct)

  it('lists visibility 2/3/4, status 0/1 and eol 0 only', () => {
    const page = queryCategoryPage(docs, query(), { categoryIds, attributes, now: NOW })
    expect(page.items.map((i) => i.sku).sort()).toEqual(['SKU-1', 'SKU-2', 'SKU-3', 'SKU-4', 'SKU-8'])
  })

  it('leaves out-of-stock products out only when out-of-stock listing is off', () => {
    expect(categoryCandidates(docs, { categoryIds, listOutOfStock: true }).map((p) => p.doc.sku)).toContain('SKU-4')
    expect(categoryCandidates(docs, { categoryIds, listOutOfStock: false }).map((p) => p.doc.sku)).not.toContain('SKU-4')
  })

  it('filters by brand and Erin recommends (in-lists) with disjunctive counts', () => {
    const page = queryCategoryPage(docs, query({ manufacturer: ['211', '212'] }), { categoryIds, attributes, now: NOW })
    expect(page.items.map((i) => i.sku).sort()).toEqual(['SKU-2', 'SKU-3', 'SKU-4', 'SKU-8'])
    const brands = page.facets.find((f) => f.attribute_code === 'manufacturer')!
    // the brand facet ignores the brand filter itself: Zuiderzee still shows its one product
    expect(brands.options.map((o) => [o.label, o.count])).toEqual([['Zuiderzee', 1], ['atelier Noord', 3], ['Émile', 1]])
    const recommended = queryCategoryPage(docs, query({ manufacturer: ['211', '212'], erin_recommends: ['1'] }), { categoryIds, attributes, now: NOW })
    expect(recommended.items.map((i) => i.sku).sort()).toEqual(['SKU-2', 'SKU-3'])
    const erinFacet = recommended.facets.find((f) => f.attribute_code === 'erin_recommends')!
    expect(erinFacet.options).toEqual([{ id: '1', label: 'Yes', count: 2 }, { id: '0', label: 'No', count: 2 }])
  })

  it('keeps all four price buckets, even with no product in one, so a bucket can find none', () => {
    const page = queryCategoryPage(docs, query({ color: ['50'] }), { categoryIds, attributes, now: NOW })
    const price = page.facets.find((f) => f.attribute_code === 'price')!
    expect(price.options.map((o) => [o.id, o.count])).toEqual([['0-50', 0], ['50-100', 1], ['100-150', 0], ['150-', 0]])
    expect(queryCategoryPage(docs, query({ color: ['50'], price: ['150-'] }), { categoryIds, attributes, now: NOW }).total).toBe(0)
  })

  it('reports the category price range before filters: min floored, max ceiled', () => {
    const page = queryCategoryPage(docs, query({ color: ['50'] }), { categoryIds, attributes, now: NOW })
    expect(page.priceRange).toEqual({ min: 10, max: 150 })
    expect(priceRangeOf([], NOW)).toBeNull()
  })

  it('keeps the candidates order for relevance and slices from/size', () => {
    const hits = [docs[2]!, docs[0]!, docs[1]!]
    const page = listProducts(hits, { filters: {}, sort: 'relevance', from: 1, size: 1 }, { attributes, now: NOW })
    expect(page.items.map((i) => i.sku)).toEqual(['SKU-1'])
    expect(page.total).toBe(3)
    const negative = listProducts(hits, { filters: {}, sort: 'price_desc', from: -5, size: 2 }, { attributes, now: NOW })
    expect(negative.items.map((i) => i.sku)).toEqual(['SKU-3', 'SKU-2'])
  })
})

describe('filter toggling and labels (spec §5, §9)', () => {
  it('price ranges replace each other; option filters accumulate', () => {
    let chosen = toggleFilter({}, { type: 'manufacturer', id: '210' })
    chosen = toggleFilter(chosen, { type: 'manufacturer', id: '211' })
    chosen = toggleFilter(chosen, { type: 'price', id: '0-50' })
    chosen = toggleFilter(chosen, { type: 'price', id: '100-150' })
    expect(chosen).toEqual({ manufacturer: ['210', '211'], price: ['100-150'] })
  })

  it('labels every bucket with the store view currency format', () => {
    const labels = (store: keyof typeof STORE_VIEWS) => {
      const format = (n: number) => formatPrice(toCents(n), { ...STORE_VIEWS[store].i18n, fractionDigits: 0 })
      return PRICE_RANGES.map((id) => {
        const [from, to] = id.split('-')
        return priceRangeLabel(to ? { from: Number(from), to: Number(to) } : { from: Number(from) }, format)
      })
    }
    expect(PRICE_RANGES).toEqual(['0-50', '50-100', '100-150', '150-'])
    expect(labels('en')).toEqual(['< €50', '€50 - €100', '€100 - €150', '> €150'])
    expect(labels('nl')).toEqual(['< €\u00a050', '€\u00a050 - €\u00a0100', '€\u00a0100 - €\u00a0150', '> €\u00a0150'])
    expect(labels('fr')).toEqual(['< 50\u00a0€', '50\u00a0€ - 100\u00a0€', '100\u00a0€ - 150\u00a0€', '> 150\u00a0€'])
  })

  it('filterAttribute labels become option filters of whichever attribute has that label', () => {
    const chosen = filtersFromAttributeLabels(parseFilterAttribute('navy_blue-ZUIDERZEE-nothing'), [colors, manufacturer], { color: ['49'] })
    expect(chosen).toEqual({ color: ['49', '50'], manufacturer: ['210'] })
  })
})

describe('brands', () => {
  it('lists brands with listable products, by label regardless of case and accents', () => {
    const products = [product(1), product(2, { manufacturer: 211 }), product(3, { manufacturer: 211 }), product(4, { manufacturer: 212, status: 2 }), product(5, { manufacturer: 212 })].map(prepareProduct)
    const brands = listBrands(products, manufacturer, categoryIds)
    expect(brands.map((b) => [b.label, b.productCount, b.url_key])).toEqual([
      ['atelier Noord', 2, 'atelier-noord'],
      ['Émile', 1, 'emile'],
      ['Zuiderzee', 1, 'zuiderzee'],
    ])
    expect(listBrands(products, undefined, categoryIds)).toEqual([])
  })
})

describe('light product schema v1 migration', () => {
  it('takes brand and flag from a kiosk document and null otherwise', () => {
    const { manufacturer: _m, erin_recommends: _e, ...v0 } = product(1)
    expect(productMigrationStrategies[1]({ ...v0, full: { manufacturer: 211, erin_recommends: 1 } })).toMatchObject({ manufacturer: 211, erin_recommends: 1, sku: 'SKU-1' })
    expect(productMigrationStrategies[1]({ ...v0 })).toMatchObject({ manufacturer: null, erin_recommends: null, sku: 'SKU-1' })
  })
})

describe('search results page (ProductSearch withFacets)', () => {
  const hits = [
    product(11, { name: 'Wool sweater', manufacturer: 210, price_incl_tax: 80, final_price_incl_tax: 80, original_price_incl_tax: 80 }),
    product(12, { name: 'Wool sweater', manufacturer: 211, price_incl_tax: 30, final_price_incl_tax: 30, original_price_incl_tax: 30 }),
    product(13, { name: 'Wool scarf', manufacturer: 211, price_incl_tax: 20, final_price_incl_tax: 20, original_price_incl_tax: 20 }),
  ]
  const wire = hits.map((doc) => ({ _id: doc.id, _source: { id: doc.product_id, sku: doc.sku, name: doc.name, status: 1, visibility: 4, manufacturer: doc.manufacturer, price_incl_tax: doc.price_incl_tax / 100, final_price_incl_tax: doc.final_price_incl_tax / 100, original_price_incl_tax: doc.original_price_incl_tax / 100, category_ids: [2] } }))

  function searchWith(online: boolean) {
    const sent: { url: string; body: unknown }[] = []
    const search = new ProductSearch({
      api: new ApiClient({
        baseUrl: 'http://shop.test',
        storeCode: 'en',
        fetch: async (url: string, init?: RequestInit) => {
          sent.push({ url, body: JSON.parse(String(init?.body)) })
          return new Response(JSON.stringify({ hits: { total: { value: 3 }, hits: wire } }), { headers: { 'content-type': 'application/json' } })
        },
      }),
      index: 'polder_en',
      isOnline: () => online,
      now: () => NOW,
      products: () => hits.map(prepareProduct),
      attributes: () => attributes,
      onProductsChange: () => () => undefined,
    })
    return { search, sent }
  }

  it('online: filters, sorts, pages and counts over the server hits, asked once per term', async () => {
    const { search, sent } = searchWith(true)
    const all = await search.search('wool', { withFacets: true })
    expect(all).toMatchObject({ offline: false, total: 3 })
    expect(all.items.map((i) => i.sku)).toEqual(['SKU-11', 'SKU-12', 'SKU-13'])
    expect(all.facets?.find((f) => f.attribute_code === 'manufacturer')?.options.map((o) => [o.label, o.count])).toEqual([['Zuiderzee', 1], ['atelier Noord', 2]])
    const narrowed = await search.search('wool', { withFacets: true, filters: { manufacturer: ['211'] }, sort: 'price_asc', from: 1, size: 5 })
    expect(narrowed.items.map((i) => i.sku)).toEqual(['SKU-12'])
    expect(narrowed.total).toBe(2)
    expect(sent).toHaveLength(1)
    expect(sent[0]!.url).toMatch(/size=500/)
  })

  it('offline: the same over the local Fuse hits, flagged offline, without a server call', async () => {
    const { search, sent } = searchWith(false)
    const result = await search.search('wool sweater', { withFacets: true, filters: { price: ['50-100'] } })
    expect(result.offline).toBe(true)
    expect(result.items.map((i) => i.sku)).toEqual(['SKU-11'])
    expect(result.facets?.find((f) => f.attribute_code === 'price')?.options.map((o) => o.count)).toEqual(expect.arrayContaining([1]))
    expect(sent).toHaveLength(0)
    expect((await search.search('wo', { withFacets: true })).items).toEqual([])
  })
})
