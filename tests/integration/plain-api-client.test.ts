/**
 * Polder's own client against a vue-storefront-api without Polder's replication feed: the real
 * server started with the feed extension off (REPLICATION_FEED=off), so its paths answer 404 as a
 * stock vue-storefront-api's do, and the client's own code runs on it over real HTTP: the
 * catalogue pull handler (the same documents as the feed would have given), then the worker itself
 * (the DataService on real RxDB in memory) through a shopper's journey: the catalogue replicated by
 * paging /api/catalog, a category page read from the device, an online search, a cart line made on
 * the server by the cart sync, and an order placed through the outbox's order job. Every feed
 * request is counted, and each must have been answered 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import type { Product } from '../../domain/product.schema'
import type { Checkpoint, Projection, PullResult, ReplicatedCollection, ReplicatedDocument } from '../../domain/api/replication.schema'
import { ApiClient, type FetchLike } from '../../replication/api-client'
import { createCatalogPullHandler, type EventSourceFactory, type EventSourceLike, type PullSource } from '../../replication/catalog-pull'
import { loadConfig } from '../../server/config'
import { createReplicationService } from '../../server/services/replication-service'
import type { OrderView } from '../../workers/contract/checkout'
import type { CartView, CategoryPage, ProductView, SyncStatus } from '../../workers/contract/views'
import { DataService } from '../../workers/data-service'
import { toAttributeDoc, toCategoryDoc, toProductDoc } from '../../workers/db/catalog-docs'
import { withDevMode } from '../../workers/db/dev-storage'
import { ANNA_CHECKOUT } from '../fixtures/checkout-details'
import { waitFor } from '../unit/worker-harness'
import { STORE_CODES } from '../../domain/store-views'
import { importShop } from '../../server/services/catalog-import'
import { testProduct } from '../fixtures/catalog'
import { buildFixtureShop, FOOD, SOCK_COUNT, SOCKS } from './fixtures'
import { startFixtureShopWith, useTestServer } from './helpers'

/**
 * Products with ids of one and two digits beside the fixture's three-digit ones, all of one import
 * time: the catalogue pages them by their numeric id, and the fallback must follow that order.
 */
const EXTRAS = Array.from({ length: 10 }, (_, i) =>
  testProduct(`EXTRA-${i + 1}`, { id: i + 1, name: `Extra ${i + 1}`, category_ids: [FOOD], category: [{ category_id: FOOD, name: 'Food', position: 10 + i }] }),
)
const server = useTestServer(() => startFixtureShopWith(EXTRAS, { listen: true, replicationFeed: false }))

const FEED_PATH = '/api/ext/replication/'
const INDEX = 'polder_en'

/** Every request the client made, with the status it got: the feed's must all be 404. */
const seen: { method: string; path: string; search: string; status: number }[] = []
/** on: a placed order is answered as a stock vue-storefront-api answers it (its four fields, Magento's ids as numbers) */
let stockOrderAnswers = false
async function asStockOrderAnswer(response: Response): Promise<Response> {
  const { code, result } = (await response.json()) as { code: number; result: Record<string, unknown> }
  const stock = {
    magentoOrderId: Number(result.magentoOrderId),
    orderNumber: result.orderNumber,
    backendOrderId: Number(result.backendOrderId),
    transferedAt: result.transferedAt,
  }
  return new Response(JSON.stringify({ code, result: stock }), { status: response.status, headers: { 'content-type': 'application/json' } })
}
const countedFetch: FetchLike = async (url, init) => {
  const response = await fetch(url, init)
  const { pathname, search } = new URL(url)
  seen.push({ method: init?.method ?? 'GET', path: pathname, search, status: response.status })
  return stockOrderAnswers && pathname === '/api/order' && response.status === 200 ? asStockOrderAnswer(response) : response
}
const feedRequests = () => seen.filter((r) => r.path.startsWith(FEED_PATH))

/** What the feed extension would have answered for `collection`: the server's own feed service on the same storage. */
async function feedDocuments(collection: ReplicatedCollection, projection: Projection): Promise<ReplicatedDocument[]> {
  const text = await createReplicationService(server.storage).pull('en', collection, { limit: 1000, projection })
  return (JSON.parse(text) as PullResult).documents
}

/** A whole pull through the client's pull handler, in small batches, converted as the worker converts. */
async function pullAll<T>(collection: ReplicatedCollection, projection: Projection, toLocal: (doc: ReplicatedDocument) => T) {
  const sources = new Set<PullSource>()
  const pull = createCatalogPullHandler({
    api: new ApiClient({ baseUrl: server.baseUrl, storeCode: 'en', fetch: countedFetch }),
    collection,
    index: INDEX,
    projection,
    toLocal,
    onBatch: (info) => sources.add(info.source),
  })
  const documents: T[] = []
  let checkpoint: Checkpoint | undefined
  for (let round = 0; round < 100; round++) {
    const batch = await pull(checkpoint, 4)
    if (batch.documents.length === 0) break
    documents.push(...batch.documents)
    checkpoint = batch.checkpoint
  }
  return { documents, sources: [...sources] }
}

const byId = <T extends { id: string }>(docs: T[]) => [...docs].sort((a, b) => Number(a.id) - Number(b.id))

describe('the REPLICATION_FEED setting', () => {
  it('is on unless set off', () => {
    expect(loadConfig({}).replicationFeed).toBe(true)
    expect(loadConfig({ REPLICATION_FEED: 'off' }).replicationFeed).toBe(false)
    expect(loadConfig({ REPLICATION_FEED: 'false' }).replicationFeed).toBe(false)
    expect(loadConfig({ REPLICATION_FEED: 'on' }).replicationFeed).toBe(true)
    expect(() => loadConfig({ REPLICATION_FEED: 'maybe' })).toThrow(/REPLICATION_FEED/)
  })

  it('off: the feed and its stream answer 404 in the envelope, the rest of the API still answers', async () => {
    for (const path of [`${FEED_PATH}v1/en/products/pull`, `${FEED_PATH}v1/en/categories/pull?limit=5`, `${FEED_PATH}v1/en/stream`]) {
      const res = await server.app.inject({ method: 'GET', url: path })
      expect(res.statusCode, path).toBe(404)
      expect(res.json()).toMatchObject({ code: 404 })
    }
    const search = await server.app.inject({ method: 'POST', url: `/api/catalog/${INDEX}/product/_search?size=1`, payload: { _appliedFilters: [] } })
    expect(search.statusCode).toBe(200)
  })
})

describe('the client’s catalogue pull without the feed', () => {
  it('gets the same local documents from paging /api/catalog as the feed would have given, in each mode', async () => {
    const lanes: { collection: ReplicatedCollection; projection: Projection; toLocal: (doc: ReplicatedDocument) => { id: string } }[] = [
      // shopper mode keeps the light fields, kiosk mode the whole document
      { collection: 'products', projection: 'light', toLocal: (d) => toProductDoc(d, false) },
      { collection: 'products', projection: 'full', toLocal: (d) => toProductDoc(d, true) },
      { collection: 'categories', projection: 'light', toLocal: toCategoryDoc },
      { collection: 'attributes', projection: 'light', toLocal: toAttributeDoc },
    ]
    for (const { collection, projection, toLocal } of lanes) {
      const before = feedRequests().length
      const pulled = await pullAll(collection, projection, toLocal)
      const expected = (await feedDocuments(collection, projection)).map(toLocal)
      expect(expected.length, collection).toBeGreaterThan(0)
      expect(pulled.sources, collection).toEqual(['catalog'])
      expect(byId(pulled.documents), `${collection} (${projection})`).toEqual(byId(expected))
      // the feed was asked once, answered 404, and never again
      expect(feedRequests().slice(before)).toEqual([expect.objectContaining({ path: `${FEED_PATH}v1/en/${collection}/pull`, status: 404 })])
    }
  })
})

describe('the worker’s journey on a back end without the feed', () => {
  let service: DataService
  let status: SyncStatus | undefined
  let cart: CartView | undefined
  /** the streams the worker opened (the browser's EventSource in the worker; here a fetch of its URL) */
  const streams: { url: string; status?: number; closed: boolean }[] = []
  const eventSource: EventSourceFactory = (url) => {
    const stream: (typeof streams)[number] = { url, closed: false }
    streams.push(stream)
    const source: EventSourceLike = {
      onmessage: null,
      onerror: null,
      close: () => {
        stream.closed = true
      },
    }
    // as EventSource: a non-200 answer is an error, and the connection is not tried again
    void countedFetch(url, { headers: { accept: 'text/event-stream' } }).then(async (res) => {
      stream.status = res.status
      await res.body?.cancel()
      if (res.status !== 200) source.onerror?.(new Event('error'))
    })
    return source
  }

  beforeAll(async () => {
    seen.length = 0
    service = new DataService({
      fetch: countedFetch,
      eventSource,
      storage: getRxStorageMemory(),
      wrapStorage: withDevMode,
      databaseName: `polder-plain-api-${Date.now()}`,
      initialOnline: true,
    })
    await service.init({ storeCode: 'en', apiBaseUrl: server.baseUrl, replicationMode: 'shopper' })
    await service.subscribeSyncStatus((s) => {
      status = s
    })
    await service.subscribeCart((c) => {
      cart = c
    })
  })
  afterAll(async () => {
    await service?.close()
  })

  it('replicates every product, category and attribute by paging /api/catalog; the feed only ever answered 404', async () => {
    const products = await feedDocuments('products', 'light')
    await waitFor(
      () => status,
      (s) => s.isLeader && s.productCount === products.length && !s.replicating,
      30_000,
    )
    const categories = await new Promise<number[]>((resolve) => {
      void service.subscribeCategories((list) => {
        if (list.length > 0) resolve(list.map((c) => c.id).sort((a, b) => a - b))
      })
    })
    expect(categories).toEqual((await feedDocuments('categories', 'light')).map((d) => Number(d.id)).sort((a, b) => a - b))
    expect((await service.listAttributes(['color', 'size'])).map((a) => a.attribute_code).sort()).toEqual(['color', 'size'])
    // one pull of each collection asked the feed and fell back (content to nothing: pages are fetched when opened); the live stream was asked once and closed
    const feed = feedRequests()
    expect(feed.every((r) => r.status === 404)).toBe(true)
    expect(feed.map((r) => r.path).sort()).toEqual(
      [
        `${FEED_PATH}v1/en/attributes/pull`,
        `${FEED_PATH}v1/en/categories/pull`,
        `${FEED_PATH}v1/en/cms/pull`,
        `${FEED_PATH}v1/en/products/pull`,
        `${FEED_PATH}v1/en/stream`,
      ].sort(),
    )
    expect(streams).toEqual([{ url: `${server.baseUrl}${FEED_PATH}v1/en/stream?projection=light`, status: 404, closed: true }])
    expect(seen.some((r) => r.path === `/api/catalog/${INDEX}/product/_search` && r.status === 200)).toBe(true)
  })

  it('reads a category page from the device: the products the server lists in that category', async () => {
    let page: CategoryPage | undefined
    const stop = await service.subscribeCategoryPage({ categoryId: SOCKS, filters: {}, sort: 'position', size: 50 }, (p) => {
      page = p
    })
    const local = await waitFor(
      () => page,
      (p) => p.total === SOCK_COUNT,
    )
    await stop()
    const res = await countedFetch(`${server.baseUrl}/api/catalog/${INDEX}/product/_search?request_format=search-query&size=50`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        _appliedFilters: [{ attribute: 'category_ids', value: { in: [SOCKS] }, scope: 'default' }],
        _availableFilters: [],
        _appliedSort: [],
      }),
    })
    const listed = ((await res.json()) as { hits: { hits: { _source: { sku: string } }[] } }).hits.hits.map((h) => h._source.sku)
    expect(local.items.map((i) => i.sku).sort()).toEqual(listed.sort())
    expect(listed).toHaveLength(SOCK_COUNT)
    // the shop's positions in the category: SOCK-0 first
    expect(local.items[0]?.sku).toBe('SOCK-0')
  })

  it('searches online through the catalogue search', async () => {
    const before = seen.length
    const result = await service.searchProducts('wool socks')
    expect(result.source).toBe('server')
    expect(result.items.map((i) => i.sku).sort()).toEqual(Array.from({ length: SOCK_COUNT }, (_, i) => `SOCK-${i}`))
    expect(seen.slice(before)).toContainEqual(expect.objectContaining({ method: 'POST', path: `/api/catalog/${INDEX}/product/_search`, status: 200 }))
  })

  /** the product as its page shows it, read from the device */
  async function shownProduct(sku: string): Promise<Product> {
    let view: ProductView | undefined
    const stop = await service.subscribeProduct(sku, (v) => {
      view = v
    })
    const shown = await waitFor(
      () => view,
      (v) => v.state === 'ready',
    )
    await stop()
    return shown.product as Product
  }

  it('adds a product to the cart: the cart sync makes the server cart and its line', async () => {
    await service.applyCartCommand({ type: 'add', product: await shownProduct('SOCK-1'), qty: 2 })
    const synced = await waitFor(
      () => cart,
      (c) => c.serverCartId !== null && !c.pendingSync && c.totals !== null,
    )
    const api = new ApiClient({ baseUrl: server.baseUrl, storeCode: 'en', fetch: countedFetch })
    const lines = await api.pullCart(synced.serverCartId!)
    expect(lines.map((l) => `${l.sku}×${l.qty}`)).toEqual(['SOCK-1×2'])
    expect(synced.items[0]?.server_item_id).toBe(lines[0]?.item_id)
  })

  it('places the order through the outbox: stored on the server once, with the cart’s line', async () => {
    let orders: OrderView[] | undefined
    await service.subscribeOrders((o) => {
      orders = o
    })
    await service.updateCheckout(ANNA_CHECKOUT)
    const placed = await service.placeOrder()
    expect(placed.ok).toBe(true)
    const [done] = await waitFor(
      () => orders,
      (o) => o[0]?.status === 'placed',
      20_000,
    )
    const stored = await server.storage.orders.findByClientOrderId(done!.order_id)
    expect(stored?.increment_id).toBe(done!.placed?.orderNumber)
    const lines = await server.storage.orders.listLines(stored!.id)
    expect(lines.map((l) => `${l.sku}×${l.qty}`)).toEqual(['SOCK-1×2'])
    expect(seen.filter((r) => r.path === '/api/order').map((r) => r.status)).toEqual([200])
    await waitFor(
      () => cart,
      (c) => c.items.length === 0,
    )
    // nothing of the journey went to the feed but the five first asks
    expect(feedRequests()).toHaveLength(5)
  })

  it('takes a stock vue-storefront-api’s order answer (no status, no total, numeric ids) as placed, and the next order goes too', async () => {
    let orders: OrderView[] | undefined
    await service.subscribeOrders((o) => {
      orders = o
    })
    stockOrderAnswers = true
    try {
      const before = seen.filter((r) => r.path === '/api/order').length
      for (const qty of [1, 3]) {
        await waitFor(
          () => cart,
          (c) => c.items.length === 0,
        )
        await service.applyCartCommand({ type: 'add', product: await shownProduct('SOCK-2'), qty })
        await waitFor(
          () => cart,
          (c) => c.serverCartId !== null && !c.pendingSync && c.items.length === 1,
        )
        await service.updateCheckout(ANNA_CHECKOUT)
        expect((await service.placeOrder()).ok).toBe(true)
      }
      const placed = await waitFor(
        () => orders,
        (o) => o.filter((order) => order.status === 'placed').length === 3,
        20_000,
      )
      for (const order of placed.slice(0, 2)) {
        const stored = await server.storage.orders.findByClientOrderId(order.order_id)
        expect(order.placed?.orderNumber).toBe(stored?.increment_id)
        expect(order.placed?.backendOrderId).toBe(String(stored?.id))
        // the answer had no total: none is kept as the shop's, and the order shows the device's
        expect(order.placed?.grandTotal).toBeUndefined()
        expect(order.totals.grandTotal).toBe(Math.round(Number(stored?.grand_total) * 100))
      }
      // each answered once: a stock answer is not a wrong format sent again after a back-off
      expect(seen.filter((r) => r.path === '/api/order').length - before).toBe(2)
    } finally {
      stockOrderAnswers = false
    }
  })

  it('without the feed’s live stream, a product changed on the server reaches the device when it comes back online', async () => {
    const shop = buildFixtureShop()
    for (const code of STORE_CODES) {
      shop.catalog[code].products.push(...structuredClone(EXTRAS))
      for (const p of shop.catalog[code].products) if (p.sku === 'SOCK-3') p.price = 30
    }
    await importShop(server.storage, shop, new Date('2026-06-16T12:00:00Z'))
    const changed = (await feedDocuments('products', 'light')).find((d) => d.sku === 'SOCK-3')!
    const cents = Math.round((changed.final_price_incl_tax as number) * 100)
    let page: CategoryPage | undefined
    const stop = await service.subscribeCategoryPage({ categoryId: SOCKS, filters: {}, sort: 'position', size: 50 }, (p) => {
      page = p
    })
    const priceOf = (p: CategoryPage) => p.items.find((i) => i.sku === 'SOCK-3')?.final_price_incl_tax
    expect(
      priceOf(
        await waitFor(
          () => page,
          (p) => p.total === SOCK_COUNT,
        ),
      ),
    ).not.toBe(cents)
    await service.setOnline(false)
    await service.setOnline(true)
    await waitFor(
      () => page,
      (p) => priceOf(p) === cents,
    )
    await stop()
    expect(feedRequests().every((r) => r.status === 404)).toBe(true)
  })
})
