/**
 * The cart follows the shopper across store views: two DataServices, /nl and /fr, on
 * real RxDB sharing one hand-off store, all on one fake IndexedDB (fake-indexeddb), each with its
 * own catalogue on a fake back end. One at a time, as in the browser (a store view's worker opens
 * its own database only; the free RxDB build opens 13 collections per realm). The lines move, priced by the new store view's documents; they
 * merge with lines already there; taking a hand-off twice adds nothing; a product the new store
 * view does not sell is told and left out; the old cart is emptied; offline, the lines wait.
 */
import { describe, expect, it } from 'vitest'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import type { CartItemUpdate } from '../../replication/api-client'
import type { Product } from '../../domain/product.schema'
import type { StoreCode } from '../../domain/store-views'
import type { CartHandoff, HandoffStore } from '../../workers/cart/cart-handoff'
import { DexieHandoffStore } from '../../workers/cart/handoff-store'
import type { CartView } from '../../workers/contract/views'
import type { DataService } from '../../workers/data-service'
import { testProduct } from '../fixtures/catalog'
import { FakeCartServer } from './cart-fakes'
import { json, useWorkerServices, waitFor } from './worker-harness'

const { start, stop } = useWorkerServices('polder-handoff')

function simple(sku: string, name: string, priceInclTax: number): Product {
  return testProduct(sku, { name, price_incl_tax: priceInclTax, final_price_incl_tax: priceInclTax, stock: { is_in_stock: true, qty: 10, manage_stock: true } })
}

function tee(colour: string, red: string, priceInclTax: number): Product {
  return testProduct('TEE', {
    id: 5,
    name: 'Tee',
    type_id: 'configurable',
    price_incl_tax: priceInclTax,
    final_price_incl_tax: priceInclTax,
    configurable_options: [{ attribute_id: 93, attribute_code: 'color', label: colour, values: [{ value_index: 50, label: red }] }],
    configurable_children: [
      {
        id: 51,
        sku: 'TEE-RED',
        name: 'Tee red',
        status: 1,
        stock: { is_in_stock: true, qty: 5, manage_stock: true },
        price: 20,
        price_incl_tax: priceInclTax,
        final_price_incl_tax: priceInclTax,
        tax_class_id: 2,
        color: 50,
      },
    ],
  })
}

/** Each store view's own documents: the same skus at other prices; PLD-NL is sold in /nl only. */
const CATALOGUES: Partial<Record<StoreCode, Product[]>> = {
  nl: [simple('PLD-1', 'Katoenen polo', 12.1), simple('PLD-NL', 'Stroopwafels', 3.5), tee('Kleur', 'Rood', 24.2)],
  fr: [simple('PLD-1', 'Polo en coton', 12.4), tee('Couleur', 'Rouge', 24.8)],
}

/** A back end per store view (catalogue search by sku, stock, carts); `up` false is offline. */
class StoreBackend {
  up = true
  readonly outOfStock = new Set<string>()
  readonly carts = new Map<string, FakeCartServer>()

  fetch = async (input: string, init: RequestInit = {}): Promise<Response> => {
    if (!this.up) throw new TypeError('Failed to fetch')
    const url = new URL(input)
    const q = url.searchParams
    const body = (typeof init.body === 'string' ? JSON.parse(init.body) : {}) as Record<string, unknown>
    const search = /^\/api\/catalog\/polder_(\w+)\/product\/_search$/.exec(url.pathname)
    if (search) {
      const filter = (body as { _appliedFilters?: { value: { eq?: string; in?: string[] } }[] })._appliedFilters?.[0]?.value
      const skus = filter?.in ?? (filter?.eq ? [filter.eq] : [])
      const hits = (CATALOGUES[search[1] as StoreCode] ?? []).filter((p) => skus.includes(p.sku)).map((p) => ({ _id: String(p.id), _source: p }))
      return json({ took: 1, timed_out: false, hits: { total: { value: hits.length }, hits } })
    }
    const storeCode = q.get('storeCode') ?? 'en'
    let cart = this.carts.get(storeCode)
    if (!cart) this.carts.set(storeCode, (cart = new FakeCartServer()))
    const item = (body as { cartItem?: CartItemUpdate & { item_id: number } }).cartItem!
    switch (url.pathname) {
      case '/api':
        return json({ code: 200, result: 'ok' })
      case '/api/cart/create':
        return json({ code: 200, result: await cart.api.createCart() })
      case '/api/cart/pull':
        return json({ code: 200, result: await cart.api.pullCart(q.get('cartId')!) })
      case '/api/cart/update':
        return json({ code: 200, result: await cart.api.updateCartItem(q.get('cartId')!, item) })
      case '/api/cart/delete':
        return json({ code: 200, result: await cart.api.deleteCartItem(q.get('cartId')!, item) })
      case '/api/cart/totals':
        return json({ code: 200, result: await cart.api.cartTotals(q.get('cartId')!) })
      case '/api/stock/check': {
        const sku = q.get('sku')!
        const stock = {
          item_id: 1,
          product_id: 1,
          stock_id: 1,
          product_sku: sku,
          qty: 50,
          is_in_stock: true,
          manage_stock: true,
          min_sale_qty: 1,
          max_sale_qty: 100,
        }
        return json({ code: 200, result: { ...stock, stock_status: this.outOfStock.has(sku) ? 'out_of_stock' : 'ok' } })
      }
    }
    return json({ code: 404, result: 'Not found' }, 404)
  }
}

/** One device: its IndexedDB with the store views' databases and the shared hand-off store. */
let devices = 0

/** The Dexie store, with every hand-off put kept for the test that puts one back. */
class RecordingStore implements HandoffStore {
  readonly indexedDB = new IDBFactory()
  readonly device = ++devices
  readonly inner = new DexieHandoffStore({ name: 'polder-shared', indexedDB: this.indexedDB, IDBKeyRange })
  readonly puts: CartHandoff[] = []
  put(handoff: CartHandoff) {
    this.puts.push(structuredClone(handoff))
    return this.inner.put(handoff)
  }
  claim(storeCode: StoreCode, now: number) {
    return this.inner.claim(storeCode, now)
  }
  remove(id: string) {
    return this.inner.remove(id)
  }
  release(id: string) {
    return this.inner.release(id)
  }
  readdress(from: StoreCode, to: StoreCode) {
    return this.inner.readdress(from, to)
  }
}

async function storeView(storeCode: StoreCode, backend: StoreBackend, handoffs: RecordingStore, online = true) {
  const storage = getRxStorageDexie({ indexedDB: handoffs.indexedDB, IDBKeyRange })
  const databaseName = `polder-${storeCode}-${handoffs.device}`
  const service = await start({ fetch: backend.fetch, handoffs, replicate: false, initialOnline: online, storage, databaseName }, { storeCode })
  let cart: CartView | undefined
  await service.subscribeCart((view) => {
    cart = view
  })
  return { service, cart: () => cart }
}

const lines = (cart: CartView) => cart.items.map((i) => [i.sku, i.qty, i.price_incl_tax])

async function fillNl(service: DataService) {
  expect((await service.applyCartCommand({ type: 'addSku', sku: 'PLD-1', qty: 2 })).map((n) => n.key)).toEqual(['productAddedToCart'])
  const tee = CATALOGUES.nl!.find((p) => p.sku === 'TEE')!
  expect((await service.applyCartCommand({ type: 'add', product: tee, childSku: 'TEE-RED', qty: 1 })).map((n) => n.key)).toEqual(['productAddedToCart'])
}

describe('DataService (worker): the cart follows the shopper across store views', () => {
  it('moves the lines to the store view opened next, priced by its documents, and empties the old cart', async () => {
    const backend = new StoreBackend()
    const handoffs = new RecordingStore()
    const nl = await storeView('nl', backend, handoffs)
    await fillNl(nl.service)
    expect(lines(await waitFor(nl.cart, (c) => c.items.length === 2))).toEqual([
      ['PLD-1', 2, 1210],
      ['TEE-RED', 1, 2420],
    ])

    await nl.service.handOffCart('fr')
    expect((await waitFor(nl.cart, (c) => c.items.length === 0)).itemsQty).toBe(0)
    expect(handoffs.puts).toHaveLength(1)
    expect(handoffs.puts[0]).toMatchObject({ from: 'nl', to: 'fr' })
    await stop(nl.service)

    const fr = await storeView('fr', backend, handoffs)
    await fr.service.takeCartHandoffs()
    const moved = await waitFor(fr.cart, (c) => c.items.length === 2)
    expect(lines(moved)).toEqual([
      ['PLD-1', 2, 1240],
      ['TEE-RED', 1, 2480],
    ])
    // the names and option labels are the French store view's
    expect(moved.items.map((i) => i.name)).toEqual(['Polo en coton', 'Tee red'])
    expect(moved.items[1]!.options).toEqual([{ label: 'Couleur', value: 'Rouge' }])
    expect(moved.items[1]!.product_option?.extension_attributes.configurable_item_options?.map((o) => [o.option_id, o.option_value])).toEqual([['93', '50']])
    // nothing left to take
    expect(await handoffs.claim('fr', Date.now())).toEqual([])
    expect(moved.notices).toEqual([])
  })

  it('merges with the lines already there, and taking one hand-off twice adds nothing', async () => {
    const backend = new StoreBackend()
    const handoffs = new RecordingStore()
    const fr = await storeView('fr', backend, handoffs)
    await fr.service.applyCartCommand({ type: 'addSku', sku: 'PLD-1', qty: 1 })
    await waitFor(fr.cart, (c) => c.items.length === 1)
    await stop(fr.service)

    const nl = await storeView('nl', backend, handoffs)
    await fillNl(nl.service)
    await nl.service.handOffCart('fr')
    await stop(nl.service)

    // the /fr line and the moved ones add up, one line per product
    const again = await storeView('fr', backend, handoffs)
    await again.service.takeCartHandoffs()
    const cart = again.cart
    expect(lines(await waitFor(cart, (c) => c.itemsQty === 4))).toEqual([
      ['PLD-1', 3, 1240],
      ['TEE-RED', 1, 2480],
    ])

    // a worker that died before removing it leaves the hand-off behind: it is skipped
    await handoffs.put(handoffs.puts[0]!)
    await again.service.takeCartHandoffs()
    expect(lines(cart()!)).toEqual([
      ['PLD-1', 3, 1240],
      ['TEE-RED', 1, 2480],
    ])
    expect(await handoffs.claim('fr', Date.now())).toEqual([])
  }, 20_000)

  it('leaves out a product the new store view does not sell, or refuses, and tells the shopper its name', async () => {
    const backend = new StoreBackend()
    const handoffs = new RecordingStore()
    const nl = await storeView('nl', backend, handoffs)
    await nl.service.applyCartCommand({ type: 'addSku', sku: 'PLD-NL', qty: 1 })
    await nl.service.applyCartCommand({ type: 'addSku', sku: 'PLD-1', qty: 1 })
    await nl.service.applyCartCommand({ type: 'add', product: CATALOGUES.nl!.find((p) => p.sku === 'TEE')!, childSku: 'TEE-RED', qty: 1 })
    await waitFor(nl.cart, (c) => c.items.length === 3)
    await nl.service.handOffCart('fr')
    await waitFor(nl.cart, (c) => c.items.length === 0)
    await stop(nl.service)

    // sold in /fr, but out of stock there now
    backend.outOfStock.add('TEE-RED')
    const fr = await storeView('fr', backend, handoffs)
    await fr.service.takeCartHandoffs()
    const moved = await waitFor(fr.cart, (c) => c.items.length === 1 && c.notices.length === 2)
    expect(lines(moved)).toEqual([['PLD-1', 1, 1240]])
    expect(moved.notices).toEqual([
      { id: expect.any(String), kind: 'notSoldHere', sku: 'PLD-NL', name: 'Stroopwafels' },
      { id: expect.any(String), kind: 'notMovedHere', sku: 'TEE-RED', name: 'Tee red' },
    ])
    // told once: the page dismisses it and it does not come back
    await fr.service.applyCartCommand({ type: 'dismissNotices', ids: moved.notices.map((n) => n.id) })
    await fr.service.takeCartHandoffs()
    expect((await waitFor(fr.cart, (c) => c.notices.length === 0)).items).toHaveLength(1)
  })

  it('offline: the lines wait for the product documents and go in when the store view is back online', async () => {
    const backend = new StoreBackend()
    const handoffs = new RecordingStore()
    const nl = await storeView('nl', backend, handoffs)
    await nl.service.applyCartCommand({ type: 'addSku', sku: 'PLD-1', qty: 2 })
    await waitFor(nl.cart, (c) => c.items.length === 1)
    backend.up = false
    await nl.service.setOnline(false)
    await nl.service.handOffCart('fr')
    await waitFor(nl.cart, (c) => c.items.length === 0)
    await stop(nl.service)

    // a first visit to /fr, offline: no product document on the device yet
    const fr = await storeView('fr', backend, handoffs, false)
    await fr.service.takeCartHandoffs()
    expect(fr.cart()!.items).toEqual([])
    expect(fr.cart()!.notices).toEqual([])
    const waiting = handoffs.puts.at(-1)!
    expect(waiting).toMatchObject({ to: 'fr', lines: [{ sku: 'PLD-1', qty: 2 }] })

    backend.up = true
    await fr.service.setOnline(true)
    await waitFor(fr.cart, (c) => c.items.length === 1)
    await fr.service.takeCartHandoffs()
    expect(lines(fr.cart()!)).toEqual([['PLD-1', 2, 1240]])
    expect(await handoffs.claim('fr', Date.now())).toEqual([])
  })

  it('a cart handed off to a store view that never opened comes back to the one it left', async () => {
    const backend = new StoreBackend()
    const handoffs = new RecordingStore()
    const nl = await storeView('nl', backend, handoffs)
    await nl.service.applyCartCommand({ type: 'addSku', sku: 'PLD-1', qty: 1 })
    await nl.service.handOffCart('fr')
    await waitFor(nl.cart, (c) => c.items.length === 0)
    await stop(nl.service)
    // an /en page opened meanwhile does not take a cart on its way to /fr
    const en = await storeView('en', backend, handoffs)
    await en.service.takeCartHandoffs()
    expect(en.cart()!.items).toEqual([])
    await stop(en.service)

    const back = await storeView('nl', backend, handoffs)
    await back.service.takeCartHandoffs()
    expect(lines(await waitFor(back.cart, (c) => c.items.length === 1))).toEqual([['PLD-1', 1, 1210]])
  })
})
