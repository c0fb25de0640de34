/** The search results page: workers/catalog/product-search with facets, online and offline. */
import { describe, expect, it } from 'vitest'
import { ApiClient } from '../../replication/api-client'
import { prepareProduct } from '../../workers/catalog/category-query'
import { ProductSearch } from '../../workers/catalog/product-search'
import { attributes, NOW, product } from './listing-fixtures'

describe('search results page (ProductSearch withFacets)', () => {
  const hits = [
    product(11, { name: 'Wool sweater', manufacturer: 210, price_incl_tax: 80, final_price_incl_tax: 80, original_price_incl_tax: 80 }),
    product(12, { name: 'Wool sweater', manufacturer: 211, price_incl_tax: 30, final_price_incl_tax: 30, original_price_incl_tax: 30 }),
    product(13, { name: 'Wool scarf', manufacturer: 211, price_incl_tax: 20, final_price_incl_tax: 20, original_price_incl_tax: 20 }),
  ]
  const wire = hits.map((doc) => ({
    _id: doc.id,
    _source: {
      id: doc.product_id,
      sku: doc.sku,
      name: doc.name,
      status: 1,
      visibility: 4,
      manufacturer: doc.manufacturer,
      price_incl_tax: doc.price_incl_tax / 100,
      final_price_incl_tax: doc.final_price_incl_tax / 100,
      original_price_incl_tax: doc.original_price_incl_tax / 100,
      category_ids: [2],
    },
  }))

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
    expect(all).toMatchObject({ source: 'server', total: 3 })
    expect(all.items.map((i) => i.sku)).toEqual(['SKU-11', 'SKU-12', 'SKU-13'])
    expect(all.facets?.find((f) => f.attribute_code === 'manufacturer')?.options.map((o) => [o.label, o.count])).toEqual([
      ['Zuiderzee', 1],
      ['atelier Noord', 2],
    ])
    const narrowed = await search.search('wool', { withFacets: true, filters: { manufacturer: ['211'] }, sort: 'price_asc', from: 1, size: 5 })
    expect(narrowed.items.map((i) => i.sku)).toEqual(['SKU-12'])
    expect(narrowed.total).toBe(2)
    expect(sent).toHaveLength(1)
    expect(sent[0]!.url).toMatch(/size=500/)
  })

  it('offline: the same over the local Fuse hits, flagged offline, without a server call', async () => {
    const { search, sent } = searchWith(false)
    const result = await search.search('wool sweater', { withFacets: true, filters: { price: ['50-100'] } })
    expect(result).toMatchObject({ source: 'device', reason: 'offline' })
    expect(result.items.map((i) => i.sku)).toEqual(['SKU-11'])
    expect(result.facets?.find((f) => f.attribute_code === 'price')?.options.map((o) => o.count)).toEqual(expect.arrayContaining([1]))
    expect(sent).toHaveLength(0)
    expect((await search.search('wo', { withFacets: true })).items).toEqual([])
  })
})
