/**
 * An order that sells a sku out makes its catalogue documents say so in every store view, and stock
 * given back (a cancelled payment) makes them orderable again, on the real server: PGlite by default,
 * PostgreSQL with DATABASE_URL. The product answer, the in-stock listing and the replication stream
 * all follow; an order that leaves stock writes no document.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { STORE_CODES } from '../../domain/store-views'
import type { ChangeEvent } from '../../server/storage/change-feed'
import { testProduct } from '../fixtures/catalog'
import { CLOTHING } from './fixtures'
import { json, postImportBatch, startFixtureShopWith, useTestServer, type TestServer } from './helpers'
import { BE_ADDRESS } from './order-fixtures'
import { shopCalls } from './payment-fixtures'

const T = '2026-01-01T00:00:00.000Z'
const KEY = 'stock-turns-import-key-0123456789'
/** shopCalls().placeOrder orders 2 of PAY-MUG: two orders sell it out */
const MUG = testProduct('PAY-MUG', {
  id: 981,
  price: 12,
  category_ids: [CLOTHING],
  category: [{ category_id: CLOTHING, name: 'Clothing' }],
  stock: { qty: 4, is_in_stock: true, manage_stock: true },
  created_at: T,
  updated_at: T,
})

async function source(server: TestServer, store: string): Promise<Record<string, unknown>> {
  const res = await server.app.inject({
    method: 'POST',
    url: `/api/catalog/polder_${store}/product/_search?size=10`,
    payload: { _appliedFilters: [{ attribute: 'sku', value: { eq: 'PAY-MUG' }, scope: 'default' }] },
  })
  expect(res.statusCode, res.body).toBe(200)
  const hits = json<{ hits: { hits: { _source: Record<string, unknown> }[] } }>(res).hits.hits
  expect(hits).toHaveLength(1)
  return hits[0]!._source
}

async function inStockEverywhere(server: TestServer): Promise<boolean[]> {
  const states: boolean[] = []
  for (const store of STORE_CODES) states.push(((await source(server, store)).stock as { is_in_stock: boolean }).is_in_stock)
  return states
}

describe('stock turns in the catalogue documents', () => {
  const server = useTestServer(() => startFixtureShopWith([MUG], { importApiKey: KEY }))
  const events: ChangeEvent[] = []
  let stop: () => void = () => undefined
  beforeEach(() => {
    events.length = 0
    stop = server.storage.changes.subscribe((event) => events.push(event))
  })
  afterEach(() => stop())
  const mugEvents = () => events.filter((e) => e.collection === 'products' && e.rows.some((row) => row.doc.sku === 'PAY-MUG'))

  it('an order that leaves stock writes no document; the one that sells out does, in every store view', async () => {
    const { placeOrder } = shopCalls(server)
    expect(await inStockEverywhere(server)).toEqual([true, true, true, true])

    await placeOrder('nl', 'banktransfer')
    expect((await server.storage.stock.findBySkus(['PAY-MUG']))[0]!.qty).toBe(2)
    expect(mugEvents()).toEqual([])
    expect(await inStockEverywhere(server)).toEqual([true, true, true, true])

    await placeOrder('nl', 'banktransfer')
    expect(await inStockEverywhere(server)).toEqual([false, false, false, false])
    // the stream tells every store view's devices, with the document as written
    expect(
      mugEvents()
        .map((e) => e.storeCode)
        .sort(),
    ).toEqual([...STORE_CODES].sort())
    for (const e of mugEvents()) {
      const row = e.rows.find((r) => r.doc.sku === 'PAY-MUG')!
      expect(row.doc.stock).toMatchObject({ is_in_stock: false, qty: 0 })
    }
    // the row behind listings and their in-stock filter follows too
    const listed = await server.storage.products.findBySku('fr', 'PAY-MUG')
    expect((listed!.stock as { is_in_stock: boolean }).is_in_stock).toBe(false)

    // the shop refuses a third order, and that refusal writes nothing
    events.length = 0
    const created = await server.app.inject({ method: 'POST', url: '/api/cart/create?storeCode=nl' })
    const cartId = json<{ result: string }>(created).result
    const added = await server.app.inject({
      method: 'POST',
      url: `/api/cart/update?cartId=${cartId}`,
      payload: { cartItem: { quoteId: cartId, sku: 'PAY-MUG', qty: 1 } },
    })
    expect(added.statusCode).not.toBe(200)
    expect(mugEvents()).toEqual([])
  })

  it('a cancelled payment gives the last units back: the documents are orderable again, once', async () => {
    const { placeOrder, created, order } = shopCalls(server)
    // sold out by the first test: 2 come back through the import endpoint (in stock in its store view)
    const restocked = await postImportBatch(
      server,
      { storeViews: { nl: { stock: [{ sku: 'PAY-MUG', qty: 2, is_in_stock: true }] } } },
      { authorization: `Bearer ${KEY}` },
    )
    expect(restocked.statusCode, restocked.body).toBe(200)
    expect(((await source(server, 'nl')).stock as { is_in_stock: boolean }).is_in_stock).toBe(true)
    const placed = await placeOrder('be', 'bancontact', BE_ADDRESS)
    expect(await inStockEverywhere(server)).toEqual([false, false, false, false])
    events.length = 0

    const payment = await created(placed.orderNumber)
    const url = new URL(payment.payment_gateway_url)
    const res = await server.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'method=bancontact&result=cancelled',
    })
    expect(res.statusCode, res.body).toBe(303)
    expect((await order(placed.orderNumber)).status).toBe('canceled')
    expect(await inStockEverywhere(server)).toEqual([true, true, true, true])
    expect(mugEvents()).toHaveLength(STORE_CODES.length)
    for (const e of mugEvents()) expect(e.rows.find((r) => r.doc.sku === 'PAY-MUG')!.doc.stock).toMatchObject({ is_in_stock: true, qty: 2 })
  })
})
