/**
 * Regression: the same gift card added twice is one server line with qty 2, however the
 * card's details are ordered in the JSON (the server keys a line by domain/cart-item cartLineKey,
 * never by comparing stored jsonb, whose key order is its own), whether the adds come one after
 * the other or at once, and whether they come straight to the API or from the worker's cart
 * through the client's sync. Real server on real storage: PGlite by default, PostgreSQL with
 * DATABASE_URL.
 */
import { describe, expect, it } from 'vitest'
import type { Product } from '../../domain/product.schema'
import { ApiClient } from '../../replication/api-client'
import { syncCart } from '../../replication/cart-sync'
import { applyCartCommand } from '../../workers/cart/cart-commands'
import { MemoryCartStore } from '../unit/cart-fakes'
import { testProduct } from '../fixtures/catalog'
import { cartCalls } from './cart-calls'
import { CLOTHING } from './fixtures'
import { startFixtureShopWith, useTestServer } from './helpers'

const T = '2026-01-01T00:00:00.000Z'
const GIFT: Product = testProduct('GIFT', {
  id: 960,
  name: 'Gift card',
  type_id: 'giftcard',
  price: 25,
  tax_class_id: 0,
  category_ids: [CLOTHING],
  category: [{ category_id: CLOTHING, name: 'Clothing' }],
  stock: { qty: 100, is_in_stock: true, manage_stock: true },
  created_at: T,
  updated_at: T,
  giftcard_amounts: [25, 50],
  giftcard_allow_open_amount: false,
  mageworx_gc_type: 1,
})

const server = useTestServer(() => startFixtureShopWith([GIFT], { listen: true }))
/** `add`: an add (no item_id), expected to be saved. */
const { createCart, saved: add, pull, totals } = cartCalls(server)

const card = (details: Record<string, unknown>) => ({ sku: 'GIFT', product_option: { extension_attributes: { mageworx_giftcard_item_option: details } } })
const forAnn = { card_amount: 50, mail_to: 'Ann', mail_to_email: 'ann@example.com', mail_message: 'Happy birthday' }

describe('two identical gift card adds', () => {
  it('make one line with qty 2', async () => {
    const cartId = await createCart()
    const first = await add(cartId, card(forAnn))
    const second = await add(cartId, card(forAnn))
    expect(second).toMatchObject({ item_id: first.item_id, sku: 'GIFT', product_type: 'giftcard', qty: 2, price: 50 })
    const lines = await pull(cartId)
    expect(lines.map((l) => [l.item_id, l.sku, l.qty])).toEqual([[first.item_id, 'GIFT', 2]])
    expect(lines[0]!.product_option).toEqual({ extension_attributes: { mageworx_giftcard_item_option: forAnn } })
    const t = await totals(cartId)
    expect(t.items.map((i) => [i.qty, i.price_incl_tax, i.row_total_incl_tax, i.tax_amount])).toEqual([[2, 50, 100, 0]])
    expect(t).toMatchObject({ grand_total: 100, items_qty: 2 })
  })

  it('make one line whatever the order of the card’s details, and whatever its delivery date', async () => {
    const cartId = await createCart()
    const first = await add(cartId, card({ mail_message: 'Happy birthday', mail_to_email: 'ann@example.com', mail_to: 'Ann', card_amount: 50 }))
    const second = await add(cartId, card({ ...forAnn, mail_delivery_date: '2026-07-01' }))
    expect(second).toMatchObject({ item_id: first.item_id, qty: 2 })
    expect((await pull(cartId)).map((l) => [l.sku, l.qty])).toEqual([['GIFT', 2]])
  })

  it('make one line when they arrive at once', async () => {
    const cartId = await createCart()
    const answers = await Promise.all([add(cartId, card(forAnn)), add(cartId, card({ ...forAnn }))])
    expect(new Set(answers.map((a) => a.item_id)).size).toBe(1)
    expect(answers.map((a) => a.qty).sort()).toEqual([1, 2])
    expect((await pull(cartId)).map((l) => [l.sku, l.qty])).toEqual([['GIFT', 2]])
  })

  it('stay apart from a card for someone else or of another amount', async () => {
    const cartId = await createCart()
    await add(cartId, card(forAnn))
    await add(cartId, card(forAnn))
    await add(cartId, card({ ...forAnn, mail_to: 'Bob' }))
    await add(cartId, card({ ...forAnn, card_amount: 25 }))
    expect((await pull(cartId)).map((l) => [l.qty, l.product_option?.extension_attributes.mageworx_giftcard_item_option?.mail_to, l.price])).toEqual([
      [2, 'Ann', 50],
      [1, 'Bob', 50],
      [1, 'Ann', 25],
    ])
  })
})

describe('two identical gift card adds in the worker, synced by the client', () => {
  it('are one local line and one server line with qty 2, and agree after the sync', async () => {
    const store = new MemoryCartStore()
    let n = 0
    const worker = { store, checkStock: async () => null, now: () => 1_000 + n, newId: () => `n${++n}` }
    const option = { extension_attributes: { mageworx_giftcard_item_option: forAnn } }
    await applyCartCommand(worker, { type: 'add', product: GIFT, qty: 1, productOption: option })
    expect(await applyCartCommand(worker, { type: 'add', product: GIFT, qty: 1, productOption: option })).toMatchObject([{ key: 'productQuantityUpdated' }])
    expect((await store.getItems()).map((i) => [i.sku, i.qty, i.price_incl_tax])).toEqual([['GIFT', 2, 5000]])

    let clock = 1_000
    const deps = () => ({
      api: new ApiClient({ baseUrl: server.baseUrl, storeCode: 'nl', fetch: (url: string, init?: RequestInit) => fetch(url, init) }),
      store,
      now: () => ++clock,
    })
    const pushed = await syncCart(deps(), { forceClientState: true })
    expect(pushed.diff.items.map((e) => e.status)).toEqual(['no-item'])
    const cartId = (await store.getState()).serverCartId!
    expect((await pull(cartId)).map((l) => [l.sku, l.qty])).toEqual([['GIFT', 2]])
    expect(pushed.totals?.grand_total).toBe(100)

    // the server's line (its options read back from jsonb) is the local one: nothing left to send
    const again = await syncCart(deps(), { forceClientState: true })
    expect(again.diff.items.map((e) => e.status)).toEqual(['no-changes'])
    expect((await pull(cartId)).map((l) => [l.sku, l.qty])).toEqual([['GIFT', 2]])
  })
})
