/**
 * The worker's product store (workers/catalog/product-store) on a real RxDB database in memory:
 * light products by sku from the mirror's index, full documents stored, fetched and evicted under
 * the byte quota, and the narrow product the cart gets.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import type { Product } from '../../domain/product.schema'
import { STORE_VIEWS } from '../../domain/store-views'
import type { ApiClient } from '../../replication/api-client'
import { NetworkError, RetryLaterError } from '../../replication/api-errors'
import { ProductBatchWriter } from '../../workers/catalog/product-batches'
import { mergeRows, ProductMirror, type CategoryRows } from '../../workers/catalog/product-mirror'
import { ProductStore } from '../../workers/catalog/product-store'
import type { ProductView } from '../../workers/contract/views'
import { toProductDoc } from '../../workers/db/catalog-docs'
import { openDatabase, type PolderDatabase } from '../../workers/db/database'
import { testProduct } from '../fixtures/catalog'

const full = (sku: string, extra: Partial<Product> = {}): Product =>
  testProduct(sku, {
    id: Number(sku.replace(/\D/g, '')) || 1,
    name: `Full ${sku}`,
    url_key: sku,
    url_path: `${sku}.html`,
    slug: sku,
    final_price: 10,
    price_incl_tax: 12.1,
    final_price_incl_tax: 12.1,
    category_ids: [2],
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...extra,
  })
/** the skus of a category's rows, in row order */
const skusOf = ({ table, rows }: CategoryRows) => Array.from(rows, (row) => table.products[row]!.doc.sku)

const lightWire = (id: number, sku: string, extra: Record<string, unknown> = {}) => ({
  id,
  sku,
  name: `Light ${sku}`,
  type_id: 'simple',
  status: 1,
  visibility: 4,
  price: 5,
  price_incl_tax: 6.05,
  final_price_incl_tax: 6.05,
  category_ids: [2],
  updated_at: '2026-01-01T00:00:00Z',
  ...extra,
})

describe('product store', () => {
  const open: { db: PolderDatabase; mirror: ProductMirror }[] = []
  afterEach(async () => {
    for (const { db, mirror } of open.splice(0)) {
      mirror.stop()
      await db.close()
    }
  })

  async function setup(server: Record<string, unknown>[] = [], options: { online?: boolean | (() => boolean); quotaBytes?: number; fail?: () => Error } = {}) {
    const db = await openDatabase({ storeCode: 'en', storage: getRxStorageMemory(), name: `polder-store-${Date.now()}-${Math.random().toString(36).slice(2)}` })
    const mirror = new ProductMirror(db.productBatches, 0)
    const writer = new ProductBatchWriter(db.productBatches)
    await mirror.start()
    open.push({ db, mirror })
    let clock = Date.parse('2026-06-01T00:00:00Z')
    const search = vi.fn(async (_index: string, skus: readonly string[]) => {
      if (options.fail) throw options.fail()
      return server.filter((d) => skus.includes(String(d.sku)))
    })
    const online = options.online ?? true
    const store = new ProductStore({
      db,
      mirror,
      api: { productsBySku: search } as unknown as ApiClient,
      storeView: STORE_VIEWS.en,
      isOnline: typeof online === 'function' ? online : () => online,
      now: () => (clock += 1000),
      quotaBytes: options.quotaBytes ?? 1_000_000,
    })
    return { db, mirror, store, search, writer }
  }

  it('answers light by sku from the mirror index, following changes and deletions', async () => {
    const { writer, store } = await setup()
    await writer.append([toProductDoc(lightWire(1, 'A'), false), toProductDoc(lightWire(2, 'B'), false)])
    await vi.waitFor(() => expect(store.light('B')?.name).toBe('Light B'))
    // a renamed sku is found under its new sku only
    await writer.append([toProductDoc(lightWire(2, 'B2'), false)])
    await vi.waitFor(() => expect(store.light('B2')?.product_id).toBe(2))
    expect(store.light('B')).toBeUndefined()
    await writer.append([{ ...toProductDoc(lightWire(1, 'A'), false), _deleted: true }])
    await vi.waitFor(() => expect(store.light('A')).toBeUndefined())
    expect([...store.lightItems(['B2', 'GONE']).keys()]).toEqual(['B2'])
    expect(store.lightItems(['B2']).get('B2')?.final_price_incl_tax).toBe(605)
  })

  it('does not scan the mirror for a sku (an index lookup, whatever the catalogue size)', async () => {
    const { mirror, store } = await setup()
    const values = vi.spyOn(mirror.products, 'values')
    store.light('A')
    store.listed('A')
    expect(values).not.toHaveBeenCalled()
  })

  it('lists a category from its index, following changes and deletions, scanning the mirror once per change', async () => {
    const { writer, mirror } = await setup()
    const skus = (ids: number[]) => skusOf(mirror.inCategories(new Set(ids))).sort()
    const docs = [lightWire(1, 'A', { category_ids: [2, 20] }), lightWire(2, 'B', { category_ids: [20] }), lightWire(3, 'C', { category_ids: [21] })]
    await writer.append(docs.map((d) => toProductDoc(d, false)))
    await vi.waitFor(() => expect(mirror.size).toBe(3))
    expect(skus([20])).toEqual(['A', 'B'])
    // a category and its child: each product once
    expect(skus([2, 20, 21])).toEqual(['A', 'B', 'C'])
    expect(skus([99])).toEqual([])
    const values = vi.spyOn(mirror.products, 'values')
    skus([20])
    skus([21])
    expect(values).not.toHaveBeenCalled()
    // moved and removed products leave their old categories
    await writer.append([toProductDoc(lightWire(2, 'B', { category_ids: [21] }), false)])
    await vi.waitFor(() => expect(skus([21])).toEqual(['B', 'C']))
    expect(skus([20])).toEqual(['A'])
    await writer.append([{ ...toProductDoc(lightWire(1, 'A'), false), _deleted: true }])
    await vi.waitFor(() => expect(skus([20])).toEqual([]))
    expect(values).toHaveBeenCalledTimes(2)
  })

  it('keeps a union of several categories until the next change, then builds it again', async () => {
    const { writer, mirror } = await setup()
    const docs = [lightWire(1, 'A', { category_ids: [2, 20] }), lightWire(2, 'B', { category_ids: [20] }), lightWire(3, 'C', { category_ids: [21] })]
    await writer.append(docs.map((d) => toProductDoc(d, false)))
    await vi.waitFor(() => expect(mirror.size).toBe(3))
    const first = mirror.inCategories(new Set([2, 20, 21])).rows
    // the same categories in another order: the same union, not built again
    expect(mirror.inCategories(new Set([21, 20, 2])).rows).toBe(first)
    expect(skusOf(mirror.inCategories(new Set([2, 20, 21]))).sort()).toEqual(['A', 'B', 'C'])
    await writer.append([toProductDoc(lightWire(3, 'C', { category_ids: [30] }), false)])
    await vi.waitFor(() => expect(skusOf(mirror.inCategories(new Set([2, 20, 21]))).sort()).toEqual(['A', 'B']))
    expect(mirror.inCategories(new Set([2, 20, 21])).rows).not.toBe(first)
  })

  it('fetches a page once, keeps it, and evicts the least recently viewed past the quota', async () => {
    const pages = ['P1', 'P2', 'P3'].map((sku) => full(sku))
    const bytes = JSON.stringify(pages[0]).length
    const { db, store, search } = await setup(pages, { quotaBytes: bytes * 2 + 10 })
    const views: ProductView[] = []
    await store.loadView('P1', (v) => views.push(v))
    expect(views.map((v) => [v.state, v.product?.sku])).toEqual([
      ['loading', undefined],
      ['ready', 'P1'],
    ])
    await store.loadView('P2', () => {})
    // P1 viewed again from storage (no fetch): it becomes the most recently viewed
    await store.loadView('P1', () => {})
    expect(search).toHaveBeenCalledTimes(2)
    await store.loadView('P3', () => {})
    expect((await db.productDetails.find().exec()).map((d) => d.sku).sort()).toEqual(['P1', 'P3'])
    expect(await store.storedFull('P2')).toBeNull()
    expect((await store.storedFull('P3'))?.name).toBe('Full P3')
  })

  it('offline: a stored page is ready, another one is offline-unavailable', async () => {
    const { writer, store } = await setup([], { online: false })
    await writer.append([toProductDoc({ ...full('K1'), id: 1 }, true)])
    await vi.waitFor(() => expect(store.light('K1')).toBeDefined())
    const states: string[] = []
    await store.loadView('K1', (v) => states.push(v.state))
    await store.loadView('NONE', (v) => states.push(v.state))
    expect(states).toEqual(['loading', 'ready', 'loading', 'offline-unavailable'])
  })

  it('gives the cart a narrow product: from the full document when stored, else from the light one', async () => {
    const { writer, store } = await setup([lightWire(7, 'REMOTE', { final_price_incl_tax: 2.42 })])
    await writer.append([toProductDoc({ ...full('KIOSK', { final_price_incl_tax: 9.99 }), id: 3 }, true)])
    await writer.append([toProductDoc(lightWire(4, 'LIGHT'), false)])
    await vi.waitFor(() => expect(store.light('LIGHT')).toBeDefined())
    expect(await store.cartProduct('KIOSK')).toEqual({ sku: 'KIOSK', name: 'Full KIOSK', type_id: 'simple', status: 1, price_incl_tax: 9.99 })
    expect(await store.cartProduct('LIGHT')).toEqual({ sku: 'LIGHT', name: 'Light LIGHT', type_id: 'simple', status: 1, price_incl_tax: 6.05 })
    expect(await store.cartProduct('REMOTE')).toMatchObject({ sku: 'REMOTE', price_incl_tax: 2.42 })
    expect(await store.cartProduct('NOWHERE')).toBeNull()
  })

  describe('a page never viewed: the light document first, and the three reasons it may stay', () => {
    const lightDoc = (sku: string) => toProductDoc(lightWire(5, sku, { final_price_incl_tax: 7.26 }), false)
    const states = (views: ProductView[]) => views.map((v) => (v.state === 'light' ? `light:${v.fullDetails}` : v.state))

    it('online: the light document at once, then the full one replaces it', async () => {
      const { writer, store } = await setup([full('L1')])
      await writer.append([lightDoc('L1')])
      await vi.waitFor(() => expect(store.light('L1')).toBeDefined())
      const views: ProductView[] = []
      await store.loadView('L1', (v) => views.push(v))
      expect(states(views)).toEqual(['loading', 'light:loading', 'ready'])
      expect(views[1]?.light).toMatchObject({ sku: 'L1', name: 'Light L1', final_price_incl_tax: 726, is_in_stock: true, category_ids: [2] })
      expect(views[2]?.product?.name).toBe('Full L1')
    })

    it('offline: the light document, full details offline; nothing held is offline-unavailable', async () => {
      const { writer, store, search } = await setup([full('L1')], { online: false })
      await writer.append([lightDoc('L1')])
      await vi.waitFor(() => expect(store.light('L1')).toBeDefined())
      const views: ProductView[] = []
      await store.loadView('L1', (v) => views.push(v))
      await store.loadView('NONE', (v) => views.push(v))
      expect(states(views)).toEqual(['loading', 'light:offline', 'loading', 'offline-unavailable'])
      expect(search).not.toHaveBeenCalled()
    })

    it('the server fails while online: server trouble, never offline', async () => {
      const { writer, store } = await setup([], { fail: () => new RetryLaterError('/api/catalog', 503, undefined) })
      await writer.append([lightDoc('L1')])
      await vi.waitFor(() => expect(store.light('L1')).toBeDefined())
      const views: ProductView[] = []
      await store.loadView('L1', (v) => views.push(v))
      await store.loadView('NONE', (v) => views.push(v))
      expect(states(views)).toEqual(['loading', 'light:loading', 'light:server-trouble', 'loading', 'server-trouble'])
    })

    it('a network failure that took the worker offline reads as offline', async () => {
      let online = true
      const { store } = await setup([], {
        online: () => online,
        fail: () => {
          online = false // workers/connectivity marks the server unreachable before the error reaches the store
          return new NetworkError('/api/catalog')
        },
      })
      const views: ProductView[] = []
      await store.loadView('NONE', (v) => views.push(v))
      expect(states(views)).toEqual(['loading', 'offline-unavailable'])
    })
  })
})

describe('mergeRows', () => {
  it('lists the rows of several ascending row lists once each, ascending', () => {
    const merged = (...lists: number[][]) => Array.from(mergeRows(lists.map((list) => Int32Array.from(list))))
    expect(merged([0, 2, 4], [1, 2, 5], [2, 4])).toEqual([0, 1, 2, 4, 5])
    expect(merged([3])).toEqual([3])
    expect(merged([], [])).toEqual([])
    expect(merged()).toEqual([])
  })
})
