/**
 * A listing's total and facets are kept between its pages: paging a category reads only
 * the page. A catalogue change must drop them: after an import that removes a product, or that
 * changes a price, a page not asked for before shows the new counts, not the kept ones.
 */
import { describe, expect, it, vi } from 'vitest'
import type { SearchResponse } from '../../domain/api/catalog.schema'
import { importShop } from '../../server/services/catalog-import'
import { BLUE, buildFixtureShop, CLOTHING, RED } from './fixtures'
import { json, useTestServer } from './helpers'

const server = useTestServer()

const QUERY = {
  _appliedFilters: [
    { attribute: 'visibility', value: { in: [2, 3, 4] }, scope: 'default' },
    { attribute: 'category_ids', value: { in: [CLOTHING] }, scope: 'default' },
  ],
  _availableFilters: [
    { field: 'color', scope: 'catalog' },
    { field: 'price', scope: 'catalog' },
  ],
  _appliedSort: [{ field: 'final_price', options: 'asc' }],
}

async function page(size: number, from: number) {
  const res = await server.app.inject({ method: 'POST', url: `/api/catalog/polder_en/product/_search?size=${size}&from=${from}`, payload: QUERY })
  expect(res.statusCode, res.body).toBe(200)
  const body = json<SearchResponse>(res)
  const color = Object.fromEntries((body.aggregations?.agg_terms_color?.buckets ?? []).map((b) => [b.key, b.doc_count]))
  const price = Object.fromEntries((body.aggregations?.agg_range_price?.buckets ?? []).map((b) => [b.key, b.doc_count]))
  return { total: body.hits.total.value, skus: body.hits.hits.map((h) => h._source.sku), color, price }
}

describe('the facet counts kept between pages', () => {
  it('are the same on every page, and each page is its own slice', async () => {
    const all = await page(10, 0)
    expect(all.total).toBe(4)
    const first = await page(1, 0)
    const rest = await page(2, 1)
    const last = await page(3, 3)
    for (const p of [first, rest, last]) {
      expect(p.total).toBe(all.total)
      expect(p.color).toEqual(all.color)
      expect(p.price).toEqual(all.price)
    }
    expect([...first.skus, ...rest.skus, ...last.skus]).toEqual(all.skus)
    // the price-ordered walk of one category gives the order the general query gives
    const general = await server.app.inject({
      method: 'POST',
      url: '/api/catalog/polder_en/product/_search?size=10&sort=final_price:asc,id:asc',
      payload: QUERY,
    })
    expect(json<SearchResponse>(general).hits.hits.map((h) => h._source.sku)).toEqual(all.skus)
    expect(all.skus).toEqual(['TEE', 'SCARF', 'JACKET', 'BOOTS'])
    // past the end: the kept total says there is nothing to read
    expect((await page(5, 10)).skus).toEqual([])
  })

  it('are dropped by an import that removes a product', async () => {
    const before = await page(4, 0)
    expect(before.skus).toContain('SCARF')
    expect(before.color[RED]).toBe(1) // SCARF; TEE is red through color_options
    await importShop(server.storage, buildFixtureShop({ without: ['SCARF'] }), new Date('2026-06-16T08:00:00Z'))
    // a page size not asked for before: the answer cache cannot answer it, the kept counts could
    const after = await page(1, 1)
    expect(after.total).toBe(before.total - 1)
    expect(after.color[RED]).toBeUndefined()
    expect(after.price['0.0-50.0']).toBe(before.price['0.0-50.0']! - 1)
    await importShop(server.storage, buildFixtureShop(), new Date('2026-06-17T08:00:00Z'))
    expect((await page(1, 2)).total).toBe(before.total)
  })

  it('are dropped by an import that changes a price', async () => {
    const before = await page(2, 2)
    const shop = buildFixtureShop()
    for (const products of Object.values(shop.catalog).map((c) => c.products)) {
      const jacket = products.find((p) => p.sku === 'JACKET')!
      // 100 with a special price of 80 (96.80 incl. VAT) → 30 (36.30 incl. VAT)
      jacket.price = 30
      delete jacket.special_price
    }
    await importShop(server.storage, shop, new Date('2026-06-18T08:00:00Z'))
    const after = await page(3, 1)
    expect(after.total).toBe(before.total)
    expect(after.price['50.0-100.0']).toBe(before.price['50.0-100.0']! - 1)
    expect(after.price['0.0-50.0']).toBe(before.price['0.0-50.0']! + 1)
    expect(after.color[BLUE]).toBe(before.color[BLUE])
  })
})

describe('the order and the documents kept between pages', () => {
  const names = async (size: number, from: number, fields = '') => {
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/catalog/polder_en/product/_search?size=${size}&from=${from}${fields ? `&_source_include=${fields}` : ''}`,
      payload: QUERY,
    })
    expect(res.statusCode, res.body).toBe(200)
    return json<SearchResponse>(res).hits.hits.map((h) => `${h._source.sku} ${String(h._source.name)}`)
  }

  it('follow an import that changes a price and a name: new pages show the new order and the new name', async () => {
    await importShop(server.storage, buildFixtureShop(), new Date('2026-06-19T08:00:00Z'))
    const before = await names(4, 0)
    const lightBefore = await names(4, 0, 'sku,name')
    expect(lightBefore).toEqual(before)
    expect(before.map((n) => n.split(' ')[0])).toEqual(['TEE', 'SCARF', 'JACKET', 'BOOTS'])
    const shop = buildFixtureShop()
    for (const products of Object.values(shop.catalog).map((c) => c.products)) {
      const jacket = products.find((p) => p.sku === 'JACKET')!
      jacket.price = 1
      delete jacket.special_price
      products.find((p) => p.sku === 'BOOTS')!.name = 'Renamed boots'
    }
    await importShop(server.storage, shop, new Date('2026-06-20T08:00:00Z'))
    // sizes and offsets not asked for before: neither the answer cache nor anything older answers them
    const after = [...(await names(1, 0)), ...(await names(3, 1))]
    expect(after.map((n) => n.split(' ')[0])).toEqual(['JACKET', 'TEE', 'SCARF', 'BOOTS'])
    expect(after[3]).toBe('BOOTS Renamed boots')
    expect([...(await names(2, 0, 'sku,name')), ...(await names(2, 2, 'sku,name'))]).toEqual(after)
    await importShop(server.storage, buildFixtureShop(), new Date('2026-06-21T08:00:00Z'))
    expect(await names(3, 0)).toEqual(before.slice(0, 3))
  })

  it('are kept: a new page of a listing seen before reads nothing from the database', async () => {
    // a catalogue change first: nothing of this listing is kept
    await importShop(server.storage, buildFixtureShop({ without: ['SCARF'] }), new Date('2026-06-22T08:00:00Z'))
    // the first page reads as any search does; the second reads the listing's whole order, once
    await names(4, 0, 'sku,name')
    await names(3, 0, 'sku,name')
    const reads = (['search', 'listingIds', 'productsByIds'] as const).map((method) => vi.spyOn(server.storage.catalogSearch, method))
    try {
      expect(await names(1, 2, 'sku,name')).toHaveLength(1)
      expect(await names(2, 1, 'sku,name')).toHaveLength(2)
      for (const read of reads) expect(read).not.toHaveBeenCalled()
      // whole documents are kept apart from the light fields: their first page reads them, once
      await names(3, 0)
      expect(reads[2]).toHaveBeenCalledTimes(1)
      await names(2, 1)
      expect(reads[2]).toHaveBeenCalledTimes(1)
    } finally {
      for (const read of reads) read.mockRestore()
    }
  })
})
