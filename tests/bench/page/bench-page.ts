/**
 * Bench page: talks to the real data worker through its Comlink API, as the UI does, and times
 * replication into IndexedDB and category reads from the local database. Not part of the shop.
 */
import * as Comlink from 'comlink'
import type { Category } from '../../../domain/category.schema'
import type { CategoryPage, DataApi, SyncStatus } from '../../../workers/data-api'

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
  const status = await firstEmission<SyncStatus>((cb) => api.subscribeSyncStatus(cb), (s) => s.productCount >= expected)
  const replicateMs = performance.now() - t0
  const categories = await firstEmission<Category[]>((cb) => api.subscribeCategories(cb), (c) => c.length > 0)
  const listed = categories.filter((c) => c.level >= 2 && c.product_count > 0)
  const samples: number[] = []
  for (let i = 0; i < 60; i++) {
    const category = listed[i % listed.length]!
    const t = performance.now()
    await firstEmission<CategoryPage>(
      (cb) => api.subscribeCategoryPage({ categoryId: category.id, filters: {}, sort: 'position', size: 18 }, cb),
      (page) => page.items.length > 0,
    )
    samples.push(performance.now() - t)
  }
  return { replicateMs, products: status.productCount, categoryRead: percentiles(samples.slice(5)) }
}

;(window as unknown as { polderBench: { run: typeof run } }).polderBench = { run }
