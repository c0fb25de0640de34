/**
 * Bench page: talks to the real data worker through its Comlink API, as the UI does, and times
 * replication into IndexedDB and category reads (plain, and with colour + price filters and a price
 * sort) from the local database. Not part of the shop.
 */
import * as Comlink from 'comlink'
import type { Category } from '../../../domain/category.schema'
import type { CategoryPage, SyncStatus } from '../../../workers/contract/views'
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

async function run(expected: number) {
  const t0 = performance.now()
  await api.init({ storeCode: 'en', apiBaseUrl: location.origin, replicationMode: 'shopper' })
  const status = await firstEmission<SyncStatus>(
    (cb) => api.subscribeSyncStatus(cb),
    (s) => s.productCount >= expected,
  )
  const replicateMs = performance.now() - t0
  const categories = await firstEmission<Category[]>(
    (cb) => api.subscribeCategories(cb),
    (c) => c.length > 0,
  )
  const listed = categories.filter((c) => c.level >= 2 && c.product_count > 0)
  const samples: number[] = []
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
    samples.push(performance.now() - t)
    for (const item of page.items.slice(0, 2)) names.add(item.name)
    const colour = page.facets.find((f) => f.attribute_code === 'color')?.options[0]?.id
    if (colour) colours.set(category.id, colour)
  }
  const filteredRead = await filteredCategoryReads(listed, colours)
  const offlineSearch = await offlineSearchPerKeystroke([...names].slice(0, 40))
  return { replicateMs, products: status.productCount, categoryRead: percentiles(samples.slice(5)), filteredRead, ...offlineSearch }
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

;(window as unknown as { polderBench: { run: typeof run } }).polderBench = { run }
