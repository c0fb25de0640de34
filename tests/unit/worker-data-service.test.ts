/**
 * The DataService (what the worker exposes) against real RxDB (memory storage, ajv validation as
 * in development) and an in-memory HTTP back end with the API's cart, stock, catalogue and
 * replication-feed semantics. Databases are closed after each test (free-tier cap of 13 open
 * collections per realm).
 */
import { describe, expect, it } from 'vitest'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import type { RxStorage } from 'rxdb'
import type { StockItem } from '../../domain/api/stock.schema'
import type { Product } from '../../domain/product.schema'
import type { CartView, CategoryPage, ProductView, SyncStatus } from '../../workers/contract/views'
import type { CartItemUpdate } from '../../replication/api-client'
import type { EventSourceFactory, EventSourceLike } from '../../replication/catalog-pull'
import { FakeCartServer } from './cart-fakes'
import { json, useWorkerServices, waitFor } from './worker-harness'

interface WireDoc {
  id: string
  updated_at: string
  _deleted: boolean
  [key: string]: unknown
}

function wireProducts(count: number): WireDoc[] {
  const docs: WireDoc[] = []
  for (let i = 1; i <= count; i++) {
    docs.push({
      id: String(i),
      sku: `SKU-${i}`,
      name: `Product ${i}`,
      type_id: 'simple',
      status: 1,
      visibility: 4,
      url_key: `p-${i}`,
      url_path: `p-${i}.html`,
      slug: `p-${i}`,
      price: 10,
      price_incl_tax: 12.1 + i,
      final_price_incl_tax: 12.1 + i,
      original_price_incl_tax: 12.1 + i,
      category_ids: [2, i % 2 === 0 ? 20 : 21],
      category: [{ category_id: 20, name: 'Even', position: i }],
      stock: { is_in_stock: true, qty: 10 },
      color: 49 + (i % 3),
      sold_qty: i,
      eol: 0,
      created_at: '2026-01-01T00:00:00Z',
      updated_at: `2026-02-01T00:00:${String(i % 60).padStart(2, '0')}.000Z`,
      _deleted: false,
    })
  }
  return docs
}

const categories: WireDoc[] = [
  {
    id: '2',
    parent_id: 1,
    name: 'Root',
    url_key: 'root',
    url_path: 'root',
    slug: 'root',
    path: '1/2',
    level: 1,
    position: 0,
    updated_at: '2026-01-01T00:00:00.000Z',
    _deleted: false,
  },
  {
    id: '20',
    parent_id: 2,
    name: 'Even',
    url_key: 'even',
    url_path: 'even',
    slug: 'even',
    path: '1/2/20',
    level: 2,
    position: 1,
    updated_at: '2026-01-01T00:00:00.000Z',
    _deleted: false,
  },
  {
    id: '21',
    parent_id: 2,
    name: 'Odd',
    url_key: 'odd',
    url_path: 'odd',
    slug: 'odd',
    path: '1/2/21',
    level: 2,
    position: 2,
    updated_at: '2026-01-01T00:00:00.000Z',
    _deleted: false,
  },
]
const attributes: WireDoc[] = [
  {
    id: '93',
    attribute_id: 93,
    attribute_code: 'color',
    frontend_input: 'select',
    frontend_label: 'Colour',
    is_user_defined: true,
    is_visible: true,
    is_comparable: true,
    is_filterable: true,
    options: [
      { value: '49', label: 'Black' },
      { value: '50', label: 'Red' },
      { value: '51', label: 'Blue' },
    ],
    updated_at: '2026-01-01T00:00:00.000Z',
    _deleted: false,
  },
]

function fullProduct(sku: string): Product {
  return {
    id: 1,
    sku,
    name: 'Product 1',
    type_id: 'simple',
    status: 1,
    visibility: 4,
    url_key: 'p-1',
    url_path: 'p-1.html',
    slug: 'p-1',
    price: 10,
    price_incl_tax: 12.1,
    final_price_incl_tax: 12.1,
    tax_class_id: 2,
    category_ids: [2, 21],
    category: [],
    stock: { is_in_stock: true, qty: 10, manage_stock: true },
    sold_qty: 1,
    eol: 0,
    created_at: '2026-01-01',
    updated_at: '2026-02-01T00:00:01.000Z',
    description: 'A full document',
  }
}

class FakeBackend {
  cart = new FakeCartServer()
  products = wireProducts(60)
  stock = new Map<string, StockItem['stock_status']>()
  requests: string[] = []
  up = true
  /** answers /api/product/render-list (else 404, as a back end without it) */
  renderList = false

  fetch = async (input: string, init: RequestInit = {}): Promise<Response> => {
    if (!this.up) throw new TypeError('Failed to fetch')
    const url = new URL(input)
    this.requests.push(`${init.method ?? 'GET'} ${url.pathname}`)
    const q = url.searchParams
    const body = (typeof init.body === 'string' ? JSON.parse(init.body) : {}) as { cartItem: CartItemUpdate & { item_id: number } }
    const feed = /^\/api\/ext\/replication\/v1\/en\/(products|categories|attributes)\/pull$/.exec(url.pathname)
    try {
      if (feed) {
        const all = { products: this.products, categories, attributes }[feed[1] as 'products']
        const sorted = [...all].sort((a, b) => (a.updated_at + a.id < b.updated_at + b.id ? -1 : 1))
        const after = q.get('updatedAt')
        const id = q.get('id') ?? ''
        const fresh = sorted.filter((d) => !after || d.updated_at > after || (d.updated_at === after && d.id > id))
        const page = fresh.slice(0, Number(q.get('limit') ?? 200))
        const last = page[page.length - 1]
        return json({ code: 200, result: { documents: page, checkpoint: last ? { id: last.id, updatedAt: last.updated_at } : null } })
      }
      switch (url.pathname) {
        case '/api/cart/create':
          return json({ code: 200, result: await this.cart.api.createCart() })
        case '/api/cart/pull':
          return json({ code: 200, result: await this.cart.api.pullCart(q.get('cartId')!) })
        case '/api/cart/update':
          return json({ code: 200, result: await this.cart.api.updateCartItem(q.get('cartId')!, body.cartItem) })
        case '/api/cart/delete':
          return json({ code: 200, result: await this.cart.api.deleteCartItem(q.get('cartId')!, body.cartItem) })
        case '/api/cart/totals':
          return json({ code: 200, result: await this.cart.api.cartTotals(q.get('cartId')!) })
        case '/api/stock/check': {
          const sku = q.get('sku')!
          const status = this.stock.get(sku) ?? 'ok'
          const item: StockItem = {
            item_id: 1,
            product_id: 1,
            stock_id: 1,
            product_sku: sku,
            qty: status === 'ok' ? 50 : status === 'volatile' ? 2 : 0,
            is_in_stock: status !== 'out_of_stock',
            manage_stock: true,
            min_sale_qty: 1,
            max_sale_qty: 100,
            stock_status: status,
          }
          return json({ code: 200, result: item })
        }
        case '/api/product/render-list': {
          if (!this.renderList) break
          // SKU-1 costs 9.99 incl. tax now (the stored document says 12.10)
          const adj = {
            final_price: 8.26,
            regular_price: 8.26,
            special_price: null,
            minimal_price: 8.26,
            max_price: 8.26,
            minimal_regular_price: 8.26,
            max_regular_price: 8.26,
          }
          const info = {
            ...adj,
            final_price: 9.99,
            regular_price: 9.99,
            minimal_price: 9.99,
            max_price: 9.99,
            minimal_regular_price: 9.99,
            max_regular_price: 9.99,
          }
          const items = q.get('skus')!.split(',').includes('SKU-1')
            ? [
                {
                  id: 1,
                  sku: 'SKU-1',
                  name: 'Product 1',
                  type: 'simple',
                  url: '/en/p/SKU-1/p-1',
                  store_id: 1,
                  currency_code: 'EUR',
                  price_info: { ...info, formatted_prices: {}, extension_attributes: { tax_adjustments: adj, weee_attributes: [], weee_adjustment: '0' } },
                },
              ]
            : []
          return json({ code: 200, result: { items } })
        }
        case '/api/catalog/polder_en/product/_search': {
          const sku = (body as unknown as { _appliedFilters?: { value: { eq: string } }[] })._appliedFilters?.[0]?.value.eq
          const hits = sku === 'SKU-1' ? [{ _id: '1', _source: fullProduct('SKU-1') }] : []
          return json({ took: 1, timed_out: false, hits: { total: { value: hits.length }, hits } })
        }
      }
    } catch (error) {
      const code = (error as { code?: number }).code ?? 500
      return json({ code, result: (error as Error).message }, code)
    }
    return json({ code: 404, result: 'Not found' }, 404)
  }
}

const services = useWorkerServices()

async function start(backend: FakeBackend, online = true, storage?: RxStorage<unknown, unknown>, databaseName?: string, eventSource?: EventSourceFactory) {
  const service = await services.start({
    fetch: backend.fetch,
    eventSource,
    ...(storage ? { storage } : {}),
    ...(databaseName ? { databaseName } : {}),
    initialOnline: online,
  })
  let status: SyncStatus | undefined
  await service.subscribeSyncStatus((s) => {
    status = s
  })
  let cart: CartView | undefined
  await service.subscribeCart((c) => {
    cart = c
  })
  return { service, status: () => status, cart: () => cart }
}

describe('DataService (worker) on real RxDB', () => {
  it('becomes leader, replicates the catalogue and answers category pages with facets', async () => {
    const backend = new FakeBackend()
    const { service, status } = await start(backend)
    await waitFor(status, (s) => s.isLeader && s.productCount === 60)
    expect(status()?.lastPulledAt).not.toBeNull()

    let page: CategoryPage | undefined
    await service.subscribeCategoryPage({ categoryId: 20, filters: { color: ['50'] }, sort: 'price_desc', size: 5 }, (p) => {
      page = p
    })
    const result = await waitFor(
      () => page,
      (p) => p.total > 0,
    )
    expect(result.items.length).toBeLessThanOrEqual(5)
    expect(result.items.every((i) => i.color_options.includes(50))).toBe(true)
    expect(result.items[0]!.final_price_incl_tax).toBeGreaterThan(result.items[1]!.final_price_incl_tax)
    expect(result.facets.find((f) => f.attribute_code === 'color')?.label).toBe('Colour')
    expect((await service.getCategoryBySlug('odd'))?.id).toBe(21)
    expect((await service.listAttributes(['color']))[0]?.options).toHaveLength(3)
  })

  it('adds to cart, checks stock, merges lines and syncs to the server cart', async () => {
    const backend = new FakeBackend()
    const { service, status, cart } = await start(backend)
    await waitFor(status, (s) => s.isLeader)
    const product = fullProduct('SKU-1')

    expect(await service.applyCartCommand({ type: 'add', product, qty: 1 })).toMatchObject([
      { type: 'success', key: 'productAddedToCart', action1: 'proceedToCheckout' },
    ])
    expect(await service.applyCartCommand({ type: 'add', product, qty: '2' as unknown as number })).toMatchObject([{ key: 'productQuantityUpdated' }])
    const synced = await waitFor(cart, (c) => c.serverCartId !== null && !c.pendingSync && c.totals !== null)
    expect(synced.items).toHaveLength(1)
    expect(synced.itemsQty).toBe(3)
    expect(synced.subtotalInclTax).toBe(3630)
    const serverLines = backend.cart.carts.get(synced.serverCartId!)!
    expect(serverLines.map((l) => [l.sku, l.qty])).toEqual([['SKU-1', 3]])

    backend.stock.set('SKU-2', 'out_of_stock')
    expect(await service.applyCartCommand({ type: 'add', product: fullProduct('SKU-2'), qty: 1 })).toMatchObject([{ type: 'error', key: 'outOfStock' }])
    backend.stock.set('SKU-3', 'volatile')
    const volatile = await service.applyCartCommand({ type: 'add', product: fullProduct('SKU-3'), qty: 1 })
    expect(volatile.map((n) => n.key)).toEqual(['stockVolatile', 'productAddedToCart'])
    expect(
      await service.applyCartCommand({ type: 'add', product: { ...fullProduct('SKU-4'), final_price_incl_tax: 0, price_incl_tax: 0 }, qty: 1 }),
    ).toMatchObject([{ type: 'warning', key: 'priceUnknown' }])

    const key = cart()!.items.find((i) => i.sku === 'SKU-1')!.key
    await service.applyCartCommand({ type: 'remove', key })
    await waitFor(cart, (c) => !c.pendingSync && c.items.length === 1)
    await service.flushCartSync()
    expect(backend.cart.carts.get(synced.serverCartId!)!.map((l) => l.sku)).toEqual(['SKU-3'])
  })

  it('offline: adds locally, keeps the line pending, and syncs when back online', async () => {
    const backend = new FakeBackend()
    backend.up = false
    const { service, status, cart } = await start(backend, false)
    await waitFor(status, (s) => s.isLeader)
    const notes = await service.applyCartCommand({ type: 'add', product: fullProduct('SKU-1'), qty: 2 })
    expect(notes.map((n) => n.key)).toEqual(['productAddedToCart'])
    const pending = await waitFor(cart, (c) => c.items.length === 1)
    expect(pending.pendingSync).toBe(true)
    expect(pending.items[0]?.info).toEqual({ stock: 'unchecked' })

    backend.up = true
    await service.setOnline(true)
    const synced = await waitFor(cart, (c) => !c.pendingSync && c.serverCartId !== null)
    expect(synced.items[0]).toMatchObject({ qty: 2, server_item_id: 100, is_in_stock: true, info: { stock: 'inStock' } })
  })

  it('product pages: fetched online and kept, then served offline; unknown skus are missing', async () => {
    const backend = new FakeBackend()
    const { service, status } = await start(backend)
    await waitFor(status, (s) => s.isLeader)
    const states: string[] = []
    await service.subscribeProduct('SKU-1', (view) => states.push(view.state))
    // the price refresh (no render-list here: it fails) may emit the ready view once more
    expect(states.slice(0, 2)).toEqual(['loading', 'ready'])
    expect(new Set(states.slice(1))).toEqual(new Set(['ready']))

    await service.setOnline(false)
    const offline: string[] = []
    await service.subscribeProduct('SKU-1', (view) => offline.push(`${view.state}:${view.product?.description ?? ''}`))
    expect(offline).toEqual(['loading:', 'ready:A full document'])
    const never: string[] = []
    await service.subscribeProduct('SKU-9', (view) => never.push(view.state))
    expect(never).toEqual(['loading', 'offline-unavailable'])

    await service.setOnline(true)
    const missing: string[] = []
    await service.subscribeProduct('NOPE', (view) => missing.push(view.state))
    expect(missing).toEqual(['loading', 'missing'])
  })

  it('product pages: prices refreshed through render-list online are current; offline they are not', async () => {
    const backend = new FakeBackend()
    backend.renderList = true
    const { service, status } = await start(backend)
    await waitFor(status, (s) => s.isLeader)
    let view: ProductView | undefined
    await service.subscribeProduct('SKU-1', (v) => {
      view = v
    })
    const fresh = await waitFor(
      () => view,
      (v) => v.priceIsCurrent === true,
    )
    expect(fresh.product?.final_price_incl_tax).toBe(9.99)
    expect(fresh.priceRefreshedAt).toEqual(expect.any(String))
    expect(backend.requests.filter((r) => r === 'GET /api/product/render-list')).toHaveLength(1)

    await service.setOnline(false)
    let offline: ProductView | undefined
    await service.subscribeProduct('SKU-1', (v) => {
      offline = v
    })
    const stale = await waitFor(
      () => offline,
      (v) => v.state === 'ready',
    )
    expect(stale.priceIsCurrent).toBe(false)
    expect(stale.priceRefreshedAt).toBe(fresh.priceRefreshedAt)
    expect(backend.requests.filter((r) => r === 'GET /api/product/render-list')).toHaveLength(1)
  })

  it('the cart and its pending sync survive a reload (IndexedDB via fake-indexeddb)', async () => {
    const backend = new FakeBackend()
    backend.up = false
    const storage = getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange })
    const name = `polder-reload-${Date.now()}`
    const first = await start(backend, false, storage, name)
    await first.service.applyCartCommand({ type: 'add', product: fullProduct('SKU-1'), qty: 3 })
    await waitFor(first.cart, (c) => c.items.length === 1)
    await services.stop(first.service)

    backend.up = true
    const second = await start(backend, true, storage, name)
    const restored = await waitFor(second.cart, (c) => c.items.length === 1)
    expect(restored.items[0]).toMatchObject({ sku: 'SKU-1', qty: 3 })
    // the new leader finds the unsynced line and pushes it
    const synced = await waitFor(second.cart, (c) => !c.pendingSync && c.serverCartId !== null)
    expect(backend.cart.carts.get(synced.serverCartId!)!.map((l) => [l.sku, l.qty])).toEqual([['SKU-1', 3]])
  })

  it('live changes from the feed stream reach the local catalogue (update and tombstone)', async () => {
    const backend = new FakeBackend()
    const sources: { url: string; source: EventSourceLike }[] = []
    const factory: EventSourceFactory = (url) => {
      const source: EventSourceLike = { onmessage: null, onerror: null, close: () => undefined }
      sources.push({ url, source })
      return source
    }
    const { service, status } = await start(backend, true, undefined, undefined, factory)
    await waitFor(status, (s) => s.productCount === 60)
    expect(sources[0]?.url).toBe('http://shop.test/api/ext/replication/v1/en/stream?projection=light')
    let page: CategoryPage | undefined
    await service.subscribeCategoryPage({ categoryId: 20, filters: {}, sort: 'price_desc', size: 100 }, (p) => {
      page = p
    })
    const before = await waitFor(
      () => page,
      (p) => p.total === 30,
    )
    expect(before.items[0]?.sku).toBe('SKU-60')

    const changed = {
      ...backend.products[1]!,
      price_incl_tax: 999,
      final_price_incl_tax: 999,
      original_price_incl_tax: 999,
      updated_at: '2026-03-01T00:00:00.000Z',
    }
    const gone = { ...backend.products[59]!, _deleted: true, updated_at: '2026-03-01T00:00:01.000Z' }
    sources[0]!.source.onmessage?.({
      data: JSON.stringify({ type: 'changes', collection: 'products', documents: [changed, gone], checkpoint: { id: gone.id, updatedAt: gone.updated_at } }),
    })
    const after = await waitFor(
      () => page,
      (p) => p.total === 29 && p.items[0]?.sku === 'SKU-2',
    )
    expect(after.items[0]?.final_price_incl_tax).toBe(99900)
    await waitFor(status, (s) => s.productCount === 59)
  })
})
