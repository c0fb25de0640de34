/**
 * Bench page: talks to the real data worker through its Comlink API, as the UI does, and times
 * replication into IndexedDB (shopper or kiosk mode) and category reads (plain, and with colour +
 * price filters and a price sort) from the local database. run.ts calls its steps one by one, so it
 * can read the worker's heap (over CDP) between them. Not part of the shop.
 */
import * as Comlink from 'comlink'
import type { Category } from '../../../domain/category.schema'
import type { Product } from '../../../domain/product.schema'
import type { StoreCode } from '../../../domain/store-views'
import type { CheckoutPatch, OrderView } from '../../../workers/contract/checkout'
import type { ReplicationMode } from '../../../workers/contract/config'
import type { CartView, CategoryPage, SyncStatus } from '../../../workers/contract/views'
import type { DataApi } from '../../../workers/data-api'

const worker = new Worker(new URL('../../../workers/data.worker.ts', import.meta.url), { type: 'module' })
const api = Comlink.wrap<DataApi>(worker)

function percentiles(samples: number[]): { p50: number; p95: number; n: number } {
  const s = [...samples].sort((a, b) => a - b)
  const at = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!
  return { p50: at(50), p95: at(95), n: s.length }
}

function firstEmission<T>(subscribe: (cb: (value: T) => void) => Promise<() => Promise<void>>, accept: (value: T) => boolean): Promise<T> {
  return new Promise((resolve) => {
    let done = false
    let unsubscribe: (() => Promise<void>) | undefined
    void subscribe(
      Comlink.proxy((value: T) => {
        if (done || !accept(value)) return
        done = true
        resolve(value)
        void unsubscribe?.()
      }),
    ).then((u) => {
      unsubscribe = u
      if (done) void u()
    })
  })
}

/**
 * Starts the data worker in the given mode on this page's (fresh) database and waits until it holds
 * `expected` products: the time of a first replication, as a new device sees it.
 */
async function replicate(expected: number, mode: ReplicationMode) {
  const t0 = performance.now()
  await api.init({ storeCode: 'en', apiBaseUrl: location.origin, replicationMode: mode })
  const status = await firstEmission<SyncStatus>(
    (cb) => api.subscribeSyncStatus(cb),
    (s) => s.productCount >= expected,
  )
  return { replicateMs: performance.now() - t0, products: status.productCount }
}

/** Bytes this origin holds (IndexedDB, with the service worker's caches, of which the bench page has none). */
async function storageUsage(): Promise<number> {
  const estimate = await navigator.storage.estimate()
  return estimate.usage ?? Number.NaN
}

/** Category reads and offline search from the local database, after `replicate`. */
async function reads() {
  const categories = await firstEmission<Category[]>(
    (cb) => api.subscribeCategories(cb),
    (c) => c.length > 0,
  )
  const listed = categories.filter((c) => c.level >= 2 && c.product_count > 0)
  const samples: number[] = []
  // a category's first read works its page out; a read again of the same page is answered from the
  // worker's listing cache while the catalogue has not changed: both told apart, the first ones all kept
  const firstVisits: number[] = []
  const visited = new Set<number>()
  const names = new Set<string>()
  /** per category: a colour its products have, for the filtered reads below */
  const colours = new Map<number, string>()
  for (let i = 0; i < 60; i++) {
    const category = listed[i % listed.length]!
    const t = performance.now()
    const page = await firstEmission<CategoryPage>(
      (cb) => api.subscribeCategoryPage({ categoryId: category.id, filters: {}, sort: 'position', size: 18 }, cb),
      (page) => page.items.length > 0,
    )
    const elapsed = performance.now() - t
    samples.push(elapsed)
    if (!visited.has(category.id)) firstVisits.push(elapsed)
    visited.add(category.id)
    for (const item of page.items.slice(0, 2)) names.add(item.name)
    const colour = page.facets.find((f) => f.attribute_code === 'color')?.options[0]?.id
    if (colour) colours.set(category.id, colour)
  }
  const filteredRead = await filteredCategoryReads(listed, colours)
  const offlineSearch = await offlineSearchPerKeystroke([...names].slice(0, 40))
  return { categoryRead: percentiles(samples.slice(5)), categoryFirstRead: percentiles(firstVisits), filteredRead, ...offlineSearch }
}

/**
 * Category reads with filters from the local database, as a shopper narrowing a listing: one colour
 * the category has, the 50–100 price bucket, sorted by price ascending (18 items + facets).
 */
async function filteredCategoryReads(listed: Category[], colours: Map<number, string>) {
  const withColour = listed.filter((c) => colours.has(c.id))
  const samples: number[] = []
  for (let i = 0; i < 60 && withColour.length > 0; i++) {
    const category = withColour[i % withColour.length]!
    const t = performance.now()
    await firstEmission<CategoryPage>(
      (cb) =>
        api.subscribeCategoryPage(
          { categoryId: category.id, filters: { color: [colours.get(category.id)!], price: ['50-100'] }, sort: 'price_asc', size: 18 },
          cb,
        ),
      () => true,
    )
    samples.push(performance.now() - t)
  }
  return percentiles(samples.slice(5))
}

/**
 * Offline type-ahead: the worker is told it is offline (so no server call), then every product name
 * is typed one key at a time from the third character on, each keystroke one searchProducts call
 * through Comlink, as the search panel makes them (size 6). The first call builds the Fuse index.
 */
async function offlineSearchPerKeystroke(names: string[]) {
  await api.setOnline(false)
  const first = performance.now()
  const cold = await api.searchProducts(names[0] ?? 'shirt', { size: 6 })
  const indexBuildMs = performance.now() - first
  const samples: number[] = []
  let offline = cold.source === 'device'
  for (const name of names) {
    for (let end = 3; end <= name.length; end++) {
      const t = performance.now()
      const result = await api.searchProducts(name.slice(0, end), { size: 6 })
      samples.push(performance.now() - t)
      offline &&= result.source === 'device'
    }
  }
  await api.setOnline(true)
  if (!offline) throw new Error('an offline search was answered by the server')
  return { offlineSearch: percentiles(samples), offlineSearchFirstMs: indexBuildMs }
}

/**
 * Orders (order-faults.ts): the worker opened for a store view and kept told of the browser's
 * connectivity, as the app's data client (src/data/data-client.ts) does.
 */
async function openStore(storeCode: StoreCode) {
  const report = () => void api.setOnline(navigator.onLine)
  window.addEventListener('online', report)
  window.addEventListener('offline', report)
  await api.init({ storeCode, apiBaseUrl: location.origin, replicationMode: 'shopper' })
  await api.setOnline(navigator.onLine)
}

/**
 * `count` orders through the worker's own commands, as the checkout's "place order" button makes
 * them: each from a cart of its own (emptied, then the next product added: two orders in a row
 * never have the same cart), with the checkout details saved once. Answers the orders' ids.
 */
async function placeOrders(products: Product[], count: number, details: CheckoutPatch) {
  await api.updateCheckout(details)
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const cart = await firstEmission<CartView>(
      (cb) => api.subscribeCart(cb),
      () => true,
    )
    for (const item of cart.items) await api.applyCartCommand({ type: 'remove', key: item.key })
    await api.applyCartCommand({ type: 'add', product: products[i % products.length]!, qty: 1 })
    const placed = await api.placeOrder()
    if (!placed.ok) throw new Error(`order ${i + 1} was not placed: ${placed.problem}`)
    if (placed.order.status !== 'queued') throw new Error(`order ${i + 1} is ${placed.order.status}, not queued (offline)`)
    if (ids.includes(placed.order.order_id)) throw new Error(`order ${i + 1} answered an earlier order (${placed.order.order_id})`)
    ids.push(placed.order.order_id)
  }
  return ids
}

/** The device's orders by status. */
async function orderStatuses() {
  const orders = await firstEmission<OrderView[]>(
    (cb) => api.subscribeOrders(cb),
    () => true,
  )
  const counts: Record<string, number> = {}
  for (const order of orders) counts[order.status] = (counts[order.status] ?? 0) + 1
  return counts
}

const polderBench = { replicate, storageUsage, reads, openStore, placeOrders, orderStatuses }
export type PolderBench = typeof polderBench
;(window as unknown as { polderBench: PolderBench }).polderBench = polderBench
