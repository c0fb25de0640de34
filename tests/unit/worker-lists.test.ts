/**
 * Wishlist, compare and recently viewed through the DataService on real RxDB (memory storage with
 * ajv validation as in development; Dexie over fake-indexeddb where a reopen must find the data).
 * A small in-memory back end serves the replication feed and product pages. Databases are closed
 * after each test (free-tier cap of 13 open collections per realm).
 */
import { describe, expect, it } from 'vitest'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import type { RxStorage } from 'rxdb'
import type { StoreCode } from '../../domain/store-views'
import type { Product } from '../../domain/product.schema'
import type { DataService } from '../../workers/data-service'
import type { CompareView, ListsView, SyncStatus } from '../../workers/contract/views'
import { colourAttribute, testProduct } from '../fixtures/catalog'
import { wireCategory, wireProduct } from './worker-backend'
import { json, useWorkerServices, waitFor } from './worker-harness'

const wireProductOf = (storeCode: string, i: number) => wireProduct(i, { name: `${storeCode} product ${i}`, color: 49 + (i % 2) })

const colour = {
  ...colourAttribute([
    ['49', 'Black'],
    ['50', 'Red'],
  ]),
  id: '93',
  _deleted: false,
}
const material = { ...colour, id: '94', attribute_id: 94, attribute_code: 'material', frontend_label: 'Material', is_comparable: false, options: [] }

function fullProduct(i: number): Product {
  return testProduct(`SKU-${i}`, {
    id: i,
    name: `Product ${i}`,
    url_key: `p-${i}`,
    url_path: `p-${i}.html`,
    slug: `p-${i}`,
    price_incl_tax: 12.1,
    final_price_incl_tax: 12.1,
    category_ids: [2],
    color: 49,
    stock: { is_in_stock: true, qty: 10, manage_stock: true },
    sold_qty: 1,
    updated_at: `2026-02-01T00:00:${String(i).padStart(2, '0')}.000Z`,
    description: 'A full document',
  })
}

/** The replication feed (one page per collection) and /api/catalog product lookups by sku. */
function backend(productCount = 8) {
  return async (input: string, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input)
    const feed = /^\/api\/ext\/replication\/v1\/(\w+)\/(products|categories|attributes)\/pull$/.exec(url.pathname)
    if (feed) {
      const storeCode = feed[1]!
      const documents =
        feed[2] === 'products'
          ? Array.from({ length: productCount }, (_, i) => wireProductOf(storeCode, i + 1))
          : feed[2] === 'attributes'
            ? [colour, material]
            : [wireCategory(2, 1, 'Root', 1, 0)]
      const after = url.searchParams.get('updatedAt')
      const page = after ? [] : documents
      const last = page[page.length - 1]
      return json({ code: 200, result: { documents: page, checkpoint: last ? { id: last.id, updatedAt: last.updated_at } : null } })
    }
    if (/^\/api\/catalog\/polder_\w+\/product\/_search$/.test(url.pathname)) {
      const body = JSON.parse(String(init.body)) as { _appliedFilters?: { value: { eq: string } }[] }
      const sku = body._appliedFilters?.[0]?.value.eq ?? ''
      const i = Number(sku.replace('SKU-', ''))
      const hits = i >= 1 && i <= productCount ? [{ _id: String(i), _source: fullProduct(i) }] : []
      return json({ took: 1, timed_out: false, hits: { total: { value: hits.length }, hits } })
    }
    return json({ code: 404, result: 'Not found' }, 404)
  }
}

const services = useWorkerServices('polder-lists')

async function start(options: { storeCode?: StoreCode; storage?: RxStorage<unknown, unknown>; name?: string; now?: () => number } = {}) {
  const service = await services.start(
    {
      fetch: backend(),
      ...(options.storage ? { storage: options.storage } : {}),
      // `name: undefined` asks for the store view's own database name
      ...('name' in options ? { databaseName: options.name } : {}),
      ...(options.now ? { now: options.now } : {}),
    },
    { storeCode: options.storeCode ?? 'en' },
  )
  let status: SyncStatus | undefined
  await service.subscribeSyncStatus((s) => {
    status = s
  })
  await waitFor(
    () => status,
    (s) => s.productCount === 8,
  )
  let lists: ListsView | undefined
  await service.subscribeLists((l) => {
    lists = l
  })
  return { service, lists: () => lists }
}

const stop = (service: DataService) => services.stop(service)

const skus = (items: { sku: string }[]) => items.map((i) => i.sku)

describe('wishlist and compare (worker, real RxDB)', () => {
  it('adds, ignores a duplicate, removes and clears the wishlist', async () => {
    const { service, lists } = await start()
    expect(await service.applyListCommand({ type: 'add', list: 'wishlist', sku: 'SKU-2' })).toMatchObject([
      { type: 'success', key: 'addedToWishlist', params: { productName: 'en product 2' } },
    ])
    await service.applyListCommand({ type: 'add', list: 'wishlist', sku: 'SKU-1' })
    expect(await service.applyListCommand({ type: 'add', list: 'wishlist', sku: 'SKU-2' })).toEqual([])
    const both = await waitFor(lists, (l) => l.wishlist.length === 2)
    // in the order added, with the catalogue's light fields (cents incl. tax)
    expect(skus(both.wishlist)).toEqual(['SKU-2', 'SKU-1'])
    expect(both.wishlist[0]).toMatchObject({ name: 'en product 2', final_price_incl_tax: 1210, slug: 'p-2' })
    expect(both.compare).toEqual([])

    expect(await service.applyListCommand({ type: 'remove', list: 'wishlist', sku: 'SKU-2' })).toMatchObject([{ type: 'success', key: 'removedFromWishlist' }])
    expect(skus((await waitFor(lists, (l) => l.wishlist.length === 1)).wishlist)).toEqual(['SKU-1'])
    expect(await service.applyListCommand({ type: 'remove', list: 'wishlist', sku: 'SKU-2' })).toEqual([])

    await service.applyListCommand({ type: 'add', list: 'compare', sku: 'SKU-3' })
    expect(await service.applyListCommand({ type: 'clear', list: 'wishlist' })).toMatchObject([{ key: 'wishlistCleared' }])
    const cleared = await waitFor(lists, (l) => l.wishlist.length === 0)
    // clearing one list leaves the other
    expect(skus(cleared.compare)).toEqual(['SKU-3'])
  })

  it('an unknown sku is refused, not stored', async () => {
    const { service, lists } = await start()
    expect(await service.applyListCommand({ type: 'add', list: 'wishlist', sku: 'NOPE' })).toMatchObject([{ type: 'error', key: 'listProductUnknown' }])
    await service.applyListCommand({ type: 'add', list: 'wishlist', sku: 'SKU-1' })
    expect(skus((await waitFor(lists, (l) => l.wishlist.length > 0)).wishlist)).toEqual(['SKU-1'])
  })

  it('compares at most 5 products: the 6th is refused with compareLimit {count: 5}', async () => {
    const { service, lists } = await start()
    for (let i = 1; i <= 5; i++) {
      expect(await service.applyListCommand({ type: 'add', list: 'compare', sku: `SKU-${i}` })).toMatchObject([{ type: 'success', key: 'addedToCompare' }])
    }
    expect(await service.applyListCommand({ type: 'add', list: 'compare', sku: 'SKU-6' })).toMatchObject([
      { type: 'warning', key: 'compareLimit', params: { count: 5 } },
    ])
    // a duplicate of a listed product is still just ignored at the limit
    expect(await service.applyListCommand({ type: 'add', list: 'compare', sku: 'SKU-1' })).toEqual([])
    const full = await waitFor(lists, (l) => l.compare.length === 5)
    expect(skus(full.compare)).toEqual(['SKU-1', 'SKU-2', 'SKU-3', 'SKU-4', 'SKU-5'])
    await service.applyListCommand({ type: 'remove', list: 'compare', sku: 'SKU-4' })
    expect(await service.applyListCommand({ type: 'add', list: 'compare', sku: 'SKU-6' })).toMatchObject([{ key: 'addedToCompare' }])
    expect(skus((await waitFor(lists, (l) => l.compare.some((i) => i.sku === 'SKU-6'))).compare)).toEqual(['SKU-1', 'SKU-2', 'SKU-3', 'SKU-5', 'SKU-6'])
  })

  it('the compare view carries full documents and only the comparable attributes', async () => {
    const { service } = await start()
    await service.applyListCommand({ type: 'add', list: 'compare', sku: 'SKU-1' })
    await service.applyListCommand({ type: 'add', list: 'compare', sku: 'SKU-2' })
    let view: CompareView | undefined
    await service.subscribeCompare((v) => {
      view = v
    })
    const ready = await waitFor(
      () => view,
      (v) => v.products.length === 2,
    )
    expect(skus(ready.items)).toEqual(['SKU-1', 'SKU-2'])
    expect(ready.products.map((p) => p.description)).toEqual(['A full document', 'A full document'])
    expect(ready.attributes.map((a) => a.attribute_code)).toEqual(['color'])
    expect(ready.attributes[0]?.options.map((o) => o.label)).toEqual(['Black', 'Red'])
  })

  it('keeps each store view apart', async () => {
    // one IndexedDB and the default database names (polder-en, polder-nl), as in the browser; one
    // database open at a time: two would pass the free tier's 13 collections
    const indexedDB = new IDBFactory()
    const storage = () => getRxStorageDexie({ indexedDB, IDBKeyRange })
    const en = await start({ storeCode: 'en', storage: storage(), name: undefined })
    await en.service.applyListCommand({ type: 'add', list: 'wishlist', sku: 'SKU-1' })
    await waitFor(en.lists, (l) => l.wishlist.length === 1)
    await stop(en.service)

    const nl = await start({ storeCode: 'nl', storage: storage(), name: undefined })
    const nlEmpty = await waitFor(nl.lists, () => true)
    expect(nlEmpty.wishlist).toEqual([])
    await nl.service.applyListCommand({ type: 'add', list: 'wishlist', sku: 'SKU-2' })
    await nl.service.applyListCommand({ type: 'add', list: 'compare', sku: 'SKU-3' })
    const nlLists = await waitFor(nl.lists, (l) => l.wishlist.length > 0 && l.compare.length > 0)
    expect(skus(nlLists.wishlist)).toEqual(['SKU-2'])
    expect(nlLists.wishlist[0]?.name).toBe('nl product 2')
    await stop(nl.service)

    const enAgain = await start({ storeCode: 'en', storage: storage(), name: undefined })
    const enLists = await waitFor(enAgain.lists, (l) => l.wishlist.length > 0)
    expect(skus(enLists.wishlist)).toEqual(['SKU-1'])
    expect(enLists.wishlist[0]?.name).toBe('en product 1')
    expect(enLists.compare).toEqual([])
  })

  it('lists and recently viewed survive a reopen of the database (IndexedDB via fake-indexeddb)', async () => {
    const storage = getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange })
    const name = `polder-lists-reopen-${Date.now()}`
    const first = await start({ storage, name })
    await first.service.applyListCommand({ type: 'add', list: 'wishlist', sku: 'SKU-4' })
    await first.service.applyListCommand({ type: 'add', list: 'compare', sku: 'SKU-5' })
    await first.service.applyListCommand({ type: 'add', list: 'compare', sku: 'SKU-6' })
    await first.service.recordProductView('SKU-7')
    await waitFor(first.lists, (l) => l.compare.length === 2 && l.recentlyViewed.length === 1)
    await stop(first.service)

    const second = await start({ storage, name })
    const restored = await waitFor(second.lists, (l) => l.wishlist.length > 0)
    expect(skus(restored.wishlist)).toEqual(['SKU-4'])
    expect(skus(restored.compare)).toEqual(['SKU-5', 'SKU-6'])
    expect(skus(restored.recentlyViewed)).toEqual(['SKU-7'])
  })
})

describe('recently viewed (worker, real RxDB)', () => {
  it('lists views newest first, moves a seen sku to the front and keeps the last 20', async () => {
    let clock = 1_000
    const { service, lists } = await start({ now: () => clock })
    for (const sku of ['SKU-1', 'SKU-2', 'SKU-3', 'SKU-1']) {
      clock += 1000
      await service.recordProductView(sku)
    }
    expect(skus((await waitFor(lists, (l) => l.recentlyViewed.length === 3)).recentlyViewed)).toEqual(['SKU-1', 'SKU-3', 'SKU-2'])

    // unknown skus are recorded but not listed (nothing to show); 20 entries at most
    for (let i = 0; i < 25; i++) await service.recordProductView(`GONE-${i}`)
    await service.recordProductView('SKU-8')
    const last = await waitFor(lists, (l) => l.recentlyViewed[0]?.sku === 'SKU-8')
    expect(skus(last.recentlyViewed)).toEqual(['SKU-8'])
  })
})
