/**
 * The DataService's cart against a fake back end on real RxDB: stock checks, merging lines, syncing
 * to the server cart, offline adds that sync when back online, and a pending cart that survives a
 * reload (Dexie over fake-indexeddb). Databases are closed after each test.
 */
import { describe, expect, it } from 'vitest'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { FakeBackend, fullProduct, useBackendServices } from './worker-backend'
import { waitFor } from './worker-harness'

const { start, stop } = useBackendServices()

describe('DataService (worker): cart', () => {
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
    const { service, status, cart } = await start(backend, { online: false })
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

  it('the cart and its pending sync survive a reload (IndexedDB via fake-indexeddb)', async () => {
    const backend = new FakeBackend()
    backend.up = false
    const storage = getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange })
    const name = `polder-reload-${Date.now()}`
    const first = await start(backend, { online: false, storage, databaseName: name })
    await first.service.applyCartCommand({ type: 'add', product: fullProduct('SKU-1'), qty: 3 })
    await waitFor(first.cart, (c) => c.items.length === 1)
    await stop(first.service)

    backend.up = true
    const second = await start(backend, { storage, databaseName: name })
    const restored = await waitFor(second.cart, (c) => c.items.length === 1)
    expect(restored.items[0]).toMatchObject({ sku: 'SKU-1', qty: 3 })
    // the new leader finds the unsynced line and pushes it
    const synced = await waitFor(second.cart, (c) => !c.pendingSync && c.serverCartId !== null)
    expect(backend.cart.carts.get(synced.serverCartId!)!.map((l) => [l.sku, l.qty])).toEqual([['SKU-1', 3]])
  })
})
