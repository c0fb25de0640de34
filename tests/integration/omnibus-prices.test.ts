/**
 * Honest sale prices (the Omnibus rule) on the real app and real storage: the price history written
 * by a full import and by the import batch's price updates, the reference price in the catalogue
 * answer and the replicated light product, a reduction after a price raise that the history does
 * not back, and the demo shop's seeded history.
 */
import { describe, expect, it } from 'vitest'
import type { ImportBatch } from '../../domain/api/catalog-import.schema'
import type { PullResult } from '../../domain/api/replication.schema'
import { isReductionBacked } from '../../domain/omnibus'
import type { Product } from '../../domain/product.schema'
import { STORE_CODES, type StoreCode } from '../../domain/store-views'
import { importShop } from '../../server/services/catalog-import'
import { createImportBatchService } from '../../server/services/import-batch-service'
import { SPECIAL_WINDOWS } from '../../server/seed/plan-draws'
import { testProduct } from '../fixtures/catalog'
import { CLOTHING, buildFixtureShop } from './fixtures'
import { json, startGeneratedShopServer, useTestServer, type TestServer } from './helpers'

/** A simple product in the Clothing category, standard VAT (21 % in NL, en's country). */
function product(id: number, sku: string, price: number): Product {
  const slug = `${sku.toLowerCase()}-${id}`
  return testProduct(sku, {
    id,
    name: `Rain cape ${sku}`,
    url_key: slug,
    url_path: `${slug}.html`,
    slug,
    image: '/p/cape.svg',
    price,
    category_ids: [CLOTHING],
    category: [{ category_id: CLOTHING, name: 'Category', position: 1 }],
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  })
}

async function source(server: TestServer, store: string, sku: string): Promise<Record<string, unknown>> {
  const res = await server.app.inject({
    method: 'POST',
    url: `/api/catalog/polder_${store}/product/_search?size=10`,
    payload: { _appliedFilters: [{ attribute: 'sku', value: { eq: sku }, scope: 'default' }] },
  })
  expect(res.statusCode, res.body).toBe(200)
  const hits = json<{ hits: { hits: { _source: Record<string, unknown> }[] } }>(res).hits.hits
  expect(hits).toHaveLength(1)
  return hits[0]!._source
}

async function historyOf(server: TestServer, store: string, sku: string) {
  return [...((await server.storage.priceHistory.historiesOf(store, [sku])).get(sku) ?? [])]
}

const sale = (sku: string): ImportBatch['storeViews'] => ({
  en: { prices: [{ sku, special_price: 80, special_from_date: '2026-06-01', special_to_date: '2026-06-30' }] },
})

describe('price history and reference prices', () => {
  const server = useTestServer({ seed: false })
  const at = (iso: string) => createImportBatchService(server.storage, { now: () => new Date(iso) })

  it('is written by a full import: a price in effect since the first import, a new row only when the price changes', async () => {
    const shop = buildFixtureShop()
    for (const code of STORE_CODES) shop.catalog[code].products.push(product(901, 'CAPE-STEADY', 100), product(902, 'CAPE-RAISED', 50))
    await importShop(server.storage, shop, new Date('2026-04-01T09:00:00Z'))
    await importShop(server.storage, shop, new Date('2026-04-15T09:00:00Z'))
    expect(await historyOf(server, 'en', 'CAPE-STEADY')).toEqual([{ price: 100, special_price: null, valid_from: '2026-04-01T09:00:00.000Z' }])
    expect(await historyOf(server, 'fr', 'CAPE-RAISED')).toEqual([{ price: 50, special_price: null, valid_from: '2026-04-01T09:00:00.000Z' }])
  })

  it("is written by the import batch's price updates, for the store view they name", async () => {
    await at('2026-05-25T10:00:00Z').apply({ storeViews: { en: { prices: [{ sku: 'CAPE-RAISED', price: 100 }] } } })
    expect(await historyOf(server, 'en', 'CAPE-RAISED')).toEqual([
      { price: 50, special_price: null, valid_from: '2026-04-01T09:00:00.000Z' },
      { price: 100, special_price: null, valid_from: '2026-05-25T10:00:00.000Z' },
    ])
    expect(await historyOf(server, 'nl', 'CAPE-RAISED')).toHaveLength(1)
  })

  it('gives a reduction after 30 days of one price that price as its reference, in the catalogue answer and the replicated product', async () => {
    await at('2026-06-01T10:00:00Z').apply({ storeViews: sale('CAPE-STEADY') })
    // the special price is recorded beside the unchanged regular price, once
    await at('2026-06-02T10:00:00Z').apply({ storeViews: sale('CAPE-STEADY') })
    expect(await historyOf(server, 'en', 'CAPE-STEADY')).toEqual([
      { price: 100, special_price: null, valid_from: '2026-04-01T09:00:00.000Z' },
      { price: 100, special_price: 80, valid_from: '2026-06-01T10:00:00.000Z' },
    ])
    const doc = await source(server, 'en', 'CAPE-STEADY')
    expect(doc).toMatchObject({ final_price_incl_tax: 96.8, original_price_incl_tax: 121, omnibus_price: 100, omnibus_price_incl_tax: 121 })
    expect(isReductionBacked(doc)).toBe(true)

    const res = await server.app.inject({ method: 'GET', url: '/api/ext/replication/v1/en/products/pull?limit=1000' })
    expect(res.statusCode, res.body).toBe(200)
    const light = json<{ result: PullResult }>(res).result.documents.find((d) => d.sku === 'CAPE-STEADY')
    expect(light).toMatchObject({ omnibus_price_incl_tax: 121, final_price_incl_tax: 96.8 })
  })

  it('gives a reduction after a price raise the lowest price before the raise: no struck-through price is backed', async () => {
    await at('2026-06-01T10:00:00Z').apply({ storeViews: sale('CAPE-RAISED') })
    const doc = await source(server, 'en', 'CAPE-RAISED')
    // the VSF1 fields stay as they are; the reference (50 + 21 %) is below what the shopper pays
    expect(doc).toMatchObject({ final_price_incl_tax: 96.8, original_price_incl_tax: 121, omnibus_price: 50, omnibus_price_incl_tax: 60.5 })
    expect(isReductionBacked(doc)).toBe(false)
  })

  it('gives a reduction no reference when no price was in effect before it started', async () => {
    const shop = buildFixtureShop()
    for (const code of STORE_CODES) {
      shop.catalog[code].products.push(product(901, 'CAPE-STEADY', 100), product(902, 'CAPE-RAISED', 100), {
        ...product(903, 'CAPE-NEW', 100),
        special_price: 80,
        special_from_date: '2026-06-10',
      })
    }
    await importShop(server.storage, shop, new Date('2026-06-10T08:00:00Z'))
    const doc = await source(server, 'be', 'CAPE-NEW')
    expect(doc.final_price).toBe(80)
    expect(doc.omnibus_price).toBeNull()
    expect(isReductionBacked(doc)).toBe(false)
  })
})

describe('a repeated import', () => {
  const server = useTestServer({ seed: false })

  /**
   * A sale without dates on CAPE-SALE when `onSale`; CAPE-PLAIN never on sale; CAPE-FRESH (when
   * `fresh`) on sale without dates from its first import, so nothing backs its reduction.
   */
  const shopWith = (onSale: boolean, fresh = false) => {
    const shop = buildFixtureShop()
    for (const code of STORE_CODES) {
      shop.catalog[code].products.push(product(911, 'CAPE-PLAIN', 100), { ...product(912, 'CAPE-SALE', 100), ...(onSale ? { special_price: 80 } : {}) })
      if (fresh) shop.catalog[code].products.push({ ...product(913, 'CAPE-FRESH', 100), special_price: 80 })
    }
    return shop
  }
  const skusOf = (shop: ReturnType<typeof buildFixtureShop>, store: StoreCode) =>
    shop.catalog[store].products.flatMap((p) => [p.sku, ...(p.configurable_children ?? []).map((c) => c.sku)])
  const historyRows = async (shop: ReturnType<typeof buildFixtureShop>) => {
    let rows = 0
    for (const code of STORE_CODES)
      for (const points of (await server.storage.priceHistory.historiesOf(code, skusOf(shop, code))).values()) rows += points.length
    return rows
  }
  const pull = async (store: StoreCode, checkpoint?: PullResult['checkpoint']) => {
    const qs = checkpoint ? `&updatedAt=${encodeURIComponent(checkpoint.updatedAt)}&id=${checkpoint.id}` : ''
    const res = await server.app.inject({ method: 'GET', url: `/api/ext/replication/v1/${store}/products/pull?limit=1000${qs}` })
    expect(res.statusCode, res.body).toBe(200)
    return json<{ result: PullResult }>(res).result
  }

  it('gives a special price without a from-date the same reference at every import, from when it first appeared', async () => {
    await importShop(server.storage, shopWith(false), new Date('2026-05-01T09:00:00Z'))
    await importShop(server.storage, shopWith(true), new Date('2026-05-20T09:00:00Z'))
    const first = await source(server, 'en', 'CAPE-SALE')
    expect(first).toMatchObject({ final_price_incl_tax: 96.8, omnibus_price: 100, omnibus_price_incl_tax: 121 })
    expect(isReductionBacked(first)).toBe(true)
    // a week on the sale has not started again: the same reference, the same document
    await importShop(server.storage, shopWith(true), new Date('2026-05-27T09:00:00Z'))
    expect(await source(server, 'en', 'CAPE-SALE')).toEqual(first)
    expect(await historyOf(server, 'en', 'CAPE-SALE')).toEqual([
      { price: 100, special_price: null, valid_from: '2026-05-01T09:00:00.000Z' },
      { price: 100, special_price: 80, valid_from: '2026-05-20T09:00:00.000Z' },
    ])
  })

  it('of the same shop writes no price history and changes no product document: replication has nothing to push', async () => {
    const shop = shopWith(true, true)
    await importShop(server.storage, shop, new Date('2026-06-03T09:00:00Z'))
    const fresh = await source(server, 'nl', 'CAPE-FRESH')
    expect(fresh).toMatchObject({ final_price: 80, omnibus_price: null })
    const rows = await historyRows(shop)
    expect(rows).toBeGreaterThan(STORE_CODES.length * 2)
    const checkpoints = new Map<StoreCode, PullResult['checkpoint']>()
    const documents = new Map<StoreCode, PullResult['documents']>()
    for (const code of STORE_CODES) {
      const all = await pull(code)
      checkpoints.set(code, all.checkpoint)
      documents.set(code, all.documents)
    }
    await importShop(server.storage, shop, new Date('2026-06-10T09:00:00Z'))
    expect(await historyRows(shop)).toBe(rows)
    // its sale still starts at its first import: the price recorded then is not before it
    expect(await source(server, 'nl', 'CAPE-FRESH')).toEqual(fresh)
    for (const code of STORE_CODES) {
      expect((await pull(code, checkpoints.get(code))).documents, code).toEqual([])
      expect((await pull(code)).documents, code).toEqual(documents.get(code))
    }
  })
})

describe("the demo shop's seeded history", () => {
  const server = useTestServer(() => startGeneratedShopServer(150))

  it('backs the reductions of most sale products and not of those raised before the sale', async () => {
    const history = server.shop.catalog.nl.price_history ?? []
    const pointsPerSku = new Map<string, number>()
    for (const e of history) pointsPerSku.set(e.sku, (pointsPerSku.get(e.sku) ?? 0) + 1)
    const onSale = server.shop.catalog.nl.products.filter(
      (p) => p.special_from_date === SPECIAL_WINDOWS.active.from && p.special_to_date === SPECIAL_WINDOWS.active.to,
    )
    const backed = onSale.filter((p) => pointsPerSku.get(p.sku) === 1)
    const raised = onSale.filter((p) => pointsPerSku.get(p.sku) === 2)
    expect(backed.length).toBeGreaterThan(0)
    expect(raised.length).toBeGreaterThan(0)
    for (const p of backed) {
      const doc = await source(server, 'nl', p.sku)
      expect(doc.omnibus_price_incl_tax, p.sku).toBe(doc.original_price_incl_tax)
      expect(isReductionBacked(doc), p.sku).toBe(true)
    }
    for (const p of raised) {
      const doc = await source(server, 'nl', p.sku)
      expect(doc.omnibus_price_incl_tax, p.sku).toBe(doc.final_price_incl_tax)
      expect(isReductionBacked(doc), p.sku).toBe(false)
    }
  })
})
