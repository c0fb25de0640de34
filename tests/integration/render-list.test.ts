/**
 * /api/product/render-list on the real server and storage (contract §2.6): prices incl. tax at the
 * top, excl. tax in tax_adjustments, a special price only inside its window (judged at request
 * time, not at import), children by their own sku, unknown skus left out.
 */
import { describe, expect, it } from 'vitest'
import type { RenderListItem, RenderListResult } from '../../domain/api/catalog.schema'
import type { Envelope } from '../../domain/api/envelope'
import { createRenderListService } from '../../server/services/render-list-service'
import { json, useTestServer } from './helpers'

const server = useTestServer()

async function renderList(query: string, headers: Record<string, string> = {}) {
  const res = await server.app.inject({ method: 'GET', url: `/api/product/render-list?${query}`, headers })
  return { status: res.statusCode, body: json<Envelope<RenderListResult | string>>(res), headers: res.headers }
}

async function items(query: string): Promise<RenderListItem[]> {
  const { status, body } = await renderList(query)
  expect(status, JSON.stringify(body)).toBe(200)
  return (body.result as RenderListResult).items
}

describe('GET /api/product/render-list', () => {
  it('answers the asked skus in order, with prices incl. tax and tax adjustments excl. tax', async () => {
    const list = await items('skus=WAFEL,JACKET&currencyCode=EUR&storeId=1')
    expect(list.map((i) => i.sku)).toEqual(['WAFEL', 'JACKET'])
    const [wafel, jacket] = list as [RenderListItem, RenderListItem]
    // NL food 9 %: 5.00 → 5.45
    expect(wafel).toMatchObject({ id: 200, type: 'simple', store_id: 1, currency_code: 'EUR', is_salable: true, url: '/en/p/WAFEL/wafel-200' })
    expect(wafel.price_info).toMatchObject({ final_price: 5.45, regular_price: 5.45, special_price: null, minimal_price: 5.45, max_price: 5.45 })
    expect(wafel.price_info.extension_attributes.tax_adjustments).toMatchObject({ final_price: 5, regular_price: 5, special_price: null })
    // special 80 inside its window (2020–2099), NL 21 %
    expect(jacket.price_info).toMatchObject({ final_price: 96.8, regular_price: 121, special_price: 96.8 })
    expect(jacket.price_info.extension_attributes.tax_adjustments).toMatchObject({ final_price: 80, regular_price: 100, special_price: 80 })
    expect(jacket.price_info.formatted_prices.final_price).toBe('€96.80')
    expect(jacket.sgn).toBeUndefined()
  })

  it('leaves a special price whose window has closed out', async () => {
    const [scarf] = await items('skus=SCARF&currencyCode=EUR&storeId=1')
    expect(scarf?.price_info).toMatchObject({ final_price: 48.4, regular_price: 48.4, special_price: null })
  })

  it('judges the special price window at request time, not at import', async () => {
    // the fixture was imported on 2026-06-15, after SCARF's window (2019-01-01 … 2020-01-01) closed
    const inWindow = createRenderListService(server.storage, { now: () => new Date('2019-06-01T12:00:00Z') })
    const {
      items: [scarf],
    } = await inWindow.renderList({ skus: ['SCARF'] }, 'en')
    expect(scarf?.price_info).toMatchObject({ final_price: 36.3, regular_price: 48.4, special_price: 36.3 })
    const beforeWindow = createRenderListService(server.storage, { now: () => new Date('2018-06-01T12:00:00Z') })
    const {
      items: [jacket],
    } = await beforeWindow.renderList({ skus: ['JACKET'] }, 'en')
    expect(jacket?.price_info).toMatchObject({ final_price: 121, special_price: null })
  })

  it('prices a configurable by its children and each child by itself', async () => {
    const list = await items('skus=TEE,TEE-RED-S,TEE-BLUE-M&currencyCode=EUR&storeId=1')
    const [tee, red, blue] = list as [RenderListItem, RenderListItem, RenderListItem]
    expect(tee).toMatchObject({ id: 100, type: 'configurable' })
    // children: 20, 20, 22, 22 with a special of 17 → incl. 24.2, 24.2, 26.62, 20.57
    expect(tee.price_info).toMatchObject({ final_price: 20.57, minimal_price: 20.57, max_price: 26.62, max_regular_price: 26.62, minimal_regular_price: 24.2 })
    expect(red).toMatchObject({ id: 101, type: 'simple', url: '/en/p/TEE/tee-100/TEE-RED-S', is_salable: true })
    expect(red.price_info).toMatchObject({ final_price: 24.2, regular_price: 24.2, special_price: null })
    expect(blue.price_info).toMatchObject({ final_price: 20.57, regular_price: 26.62, special_price: 20.57 })
  })

  it('uses the store view of storeCode or storeId (tax country and formatting)', async () => {
    // be: BE food 6 %, French formatting on fr
    const [be] = await items('skus=WAFEL&storeCode=be')
    expect(be).toMatchObject({ store_id: 3, url: '/be/p/WAFEL/wafel-200' })
    expect(be?.price_info.final_price).toBe(5.3)
    const [fr] = await items('skus=WAFEL&storeId=4&currencyCode=EUR')
    expect(fr?.price_info.formatted_prices.final_price).toBe('5,30\u00a0€')
    const byHeader = await renderList('skus=WAFEL', { 'x-vs-store-code': 'nl' })
    expect((byHeader.body.result as RenderListResult).items[0]?.store_id).toBe(2)
  })

  it('leaves unknown skus out and is never cached', async () => {
    const res = await renderList('skus=NOPE,WAFEL,NOPE2&storeId=1')
    expect(res.status).toBe(200)
    expect((res.body.result as RenderListResult).items.map((i) => i.sku)).toEqual(['WAFEL'])
    expect(res.headers['cache-control']).toBe('no-cache')
    expect((await items('skus=NOPE')).length).toBe(0)
  })

  it('answers 400 for a missing skus parameter, another currency or an unknown storeId; ignores a store code that is not the shop’s', async () => {
    for (const query of ['currencyCode=EUR&storeId=1', 'skus=&storeId=1', 'skus=,,', 'skus=WAFEL&currencyCode=USD', 'skus=WAFEL&storeId=99']) {
      const res = await renderList(query)
      expect(res.status, query).toBe(400)
      expect(res.body.code, query).toBe(400)
      expect(typeof res.body.result, query).toBe('string')
    }
    const missing = await renderList('storeId=1')
    expect(missing.body.result).toMatch(/skus/)
    // the multistore parameter names no store view of the shop: storeId (here be's), as without it
    const [unknown] = await items('skus=WAFEL&storeCode=de&storeId=3')
    expect(unknown).toMatchObject({ store_id: 3, price_info: { final_price: 5.3 } })
    const unknownHeader = await renderList('skus=WAFEL', { 'x-vs-store-code': 'de' })
    expect((unknownHeader.body.result as RenderListResult).items[0]?.store_id).toBe(1)
  })
})
