/**
 * `npm run bench`: prints figures, passes or fails nothing. For each catalogue size (default 2,000
 * and 10,000 products) it seeds a fresh PGlite database, starts the real server, and measures
 *  - API latency of a category query with facets (p50/p95, from Node over loopback): of listings
 *    not asked before (a category and a colour: counts, order and documents from the database), of
 *    new pages of listings asked before (their order and documents kept), and again (the answer
 *    cache); its requests/s under load (autocannon, 10 connections, 10 s, every request a new page
 *    of a category listing), with whole documents and as the storefront asks (light fields, compressed);
 *  - in Chromium, through the bench page that talks to the real data worker: the time to replicate
 *    the catalogue into the worker's IndexedDB in shopper mode (light projection) and, in a second
 *    fresh profile, in kiosk mode (full documents) (products/s); after each, the worker's JS heap
 *    (over CDP, after a full GC) and the origin's storage use (navigator.storage.estimate: IndexedDB);
 *    the time to read a category page (18 items + facets) from the local database (p50/p95; also for
 *    the first read of each category alone, which the worker's listing cache cannot answer), the same
 *    read with a colour and a price filter and the price sort (p50/p95), and offline search latency
 *    per keystroke through the worker (local Fuse index, p50/p95).
 * With --postgres URL (or BENCH_POSTGRES_URL) it also seeds that PostgreSQL database afresh (it is
 * dropped and created again: its name must contain "bench") and measures the same API latency and
 * load there. After each size's row it prints the goals (./goals) beside the figures, met or missed
 * by how much.
 * Then it runs `npm run bench:orders` (tests/bench/order-faults.ts: 200 offline orders drained through
 * a server that drops answers and restarts; left out with --no-orders) and `npm run lighthouse` on
 * the same build (left out with --no-lighthouse).
 * With --data-dir DIR (one size) it serves a PGlite directory seeded before (`DATA_DIR=DIR npm run seed -- --products N`)
 * instead of seeding one: at 100,000 products the seed takes many minutes.
 * Usage: npm run bench [-- --products 2000,10000] [--postgres postgres://…/polder_bench] [--data-dir DIR] [--no-orders] [--no-lighthouse]
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { CHROMIUM_ARGS } from '../e2e/playwright.config'
import { categoryQueryBody, listedCategoryIds, newListings, STOREFRONT_ASK, timedCategoryQuery } from './category-query'
import { goalLine, type Goal } from './goals'
import { loadCategoryQuery, type LoadFigures } from './load'
import type { PolderBench } from './page/bench-page'
import { buildApp, buildBenchPage, root, startShop } from './shop'
import { ms, summary, type Latency } from './stats'
import { workerHeapUsage, type HeapUsage } from './worker-heap'

class BenchUsageError extends Error {
  override name = 'BenchUsageError'
}

const args = process.argv.slice(2)
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined)
const sizes = (option('--products') ?? '2000,10000').split(',').map(Number)
const postgresUrl = option('--postgres') ?? process.env.BENCH_POSTGRES_URL
/** a PGlite data directory seeded before with the one size given (the seed is not timed again) */
const seededDataDir = option('--data-dir')
if (seededDataDir && sizes.length !== 1) throw new BenchUsageError('--data-dir serves one seeded catalogue: give its one size with --products')
if (seededDataDir && !existsSync(join(seededDataDir, 'pglite'))) {
  throw new BenchUsageError(`--data-dir serves a catalogue seeded before: seed it first (DATA_DIR=${seededDataDir} npm run seed -- --products ${sizes[0]})`)
}
if (postgresUrl && !new URL(postgresUrl).pathname.includes('bench')) {
  throw new BenchUsageError(`--postgres drops and recreates its database: give one whose name contains "bench" (got ${postgresUrl})`)
}

interface ApiFigures {
  /** new listings (a category with a colour filter not asked before): counts, order and documents from the database */
  fresh: Latency
  /** new listings (another facet's option as the filter) asked as the storefront's worker asks a first page: the light fields, brotli */
  freshLight: Latency
  /** new pages (another size) of listings asked before: order and documents kept in memory */
  cold: Latency
  cached: Latency
  load: LoadFigures
  /** the same load, asked as the storefront's first visit asks it: the light fields, compressed */
  lightLoad: LoadFigures
}

/**
 * The category query with facets, each request a query the server has not answered yet (the page
 * size varies, so its answer cache misses), then the same requests again (answered from that cache),
 * then the load run.
 */
async function apiFigures(base: string): Promise<ApiFigures> {
  const ids = await listedCategoryIds(base)
  const run = async (i: number) => (await timedCategoryQuery(base, categoryQueryBody(ids[i % ids.length]!), 18 + Math.floor(i / ids.length))).elapsed
  // the first requests warm the query plans and, on a freshly started server over a big PGlite
  // directory, its caches: there one can outrun its time budget (503), which is said and retried
  let warmUpRefusals = 0
  for (let i = 0; i < 20; i++) {
    for (let attempt = 0; ; attempt++) {
      try {
        await run(i)
        break
      } catch (error) {
        if (attempt >= 10 || !String(error).includes('answered 503')) throw error
        warmUpRefusals++
        await sleep(500)
      }
    }
  }
  if (warmUpRefusals > 0) console.log(`warm-up: ${warmUpRefusals} category queries answered 503 (time budget) before the server was warm`)
  const fresh = await newListings(base, ids)
  const freshLight = await newListings(base, ids, 'size', STOREFRONT_ASK)
  const cold: number[] = []
  for (let i = 20; i < 200; i++) cold.push(await run(i))
  const cached: number[] = []
  for (let i = 20; i < 200; i++) cached.push(await run(i))
  const load = await loadCategoryQuery(base, ids)
  const lightLoad = await loadCategoryQuery(base, ids, 10, 10, STOREFRONT_ASK)
  return { fresh, freshLight, cold: summary(cold), cached: summary(cached), load, lightLoad }
}

interface DeviceFigures {
  replicateMs: number
  products: number
  heap: HeapUsage
  storageBytes: number
}

interface BrowserFigures {
  shopper: DeviceFigures
  kiosk: DeviceFigures
  /** the shopper worker's heap after the reads and searches below (Fuse index built) */
  heapAfterReads: HeapUsage
  categoryRead: Latency
  /** the first read of each category only (its page worked out, not answered from the listing cache) */
  categoryFirstRead: Latency
  /** colour + price bucket filters, price ascending */
  filteredRead: Latency
  /** offline type-ahead through the worker: one searchProducts call per keystroke (local Fuse) */
  offlineSearch: Latency
  /** the first offline search, which builds the Fuse index */
  offlineSearchFirstMs: number
}

const DATA_WORKER_URL = 'data.worker'

/** A fresh Chromium profile with the bench page open: a new device with an empty IndexedDB. */
async function withFreshPage<T>(base: string, use: (page: Page) => Promise<T>): Promise<T> {
  const profile = mkdtempSync(join(tmpdir(), 'polder-bench-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  })
  try {
    const page = await context.newPage()
    await page.goto(`${base}/__bench/index.html`)
    return await use(page)
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
}

const bench = (page: Page) => ({
  replicate: (expected: number, mode: 'shopper' | 'kiosk') =>
    page.evaluate(([n, m]) => (window as unknown as { polderBench: PolderBench }).polderBench.replicate(n, m), [expected, mode] as const),
  storageUsage: () => page.evaluate(() => (window as unknown as { polderBench: PolderBench }).polderBench.storageUsage()),
  reads: () => page.evaluate(() => (window as unknown as { polderBench: PolderBench }).polderBench.reads()),
})

async function replicateOnDevice(page: Page, expected: number, mode: 'shopper' | 'kiosk'): Promise<DeviceFigures> {
  const { replicateMs, products } = await bench(page).replicate(expected, mode)
  const heap = await workerHeapUsage(page, DATA_WORKER_URL)
  const storageBytes = await bench(page).storageUsage()
  return { replicateMs, products, heap, storageBytes }
}

async function browserFigures(base: string, expected: number): Promise<BrowserFigures> {
  const shopperRun = await withFreshPage(base, async (page) => {
    const shopper = await replicateOnDevice(page, expected, 'shopper')
    const reads = await bench(page).reads()
    const heapAfterReads = await workerHeapUsage(page, DATA_WORKER_URL)
    return { shopper, heapAfterReads, ...reads }
  })
  const kiosk = await withFreshPage(base, (page) => replicateOnDevice(page, expected, 'kiosk'))
  return { ...shopperRun, kiosk }
}

const mb = (bytes: number) => bytes / (1024 * 1024)
const rate = (d: DeviceFigures) => Math.round(d.products / (d.replicateMs / 1000))
const apiText = (api: ApiFigures) =>
  `new listings (n ${api.fresh.n}) p50 ${ms(api.fresh.p50)} p95 ${ms(api.fresh.p95)}; ` +
  `new listings as the storefront asks them (light fields, brotli; n ${api.freshLight.n}) p50 ${ms(api.freshLight.p50)} p95 ${ms(api.freshLight.p95)}; ` +
  `new pages of listings seen before p50 ${ms(api.cold.p50)} p95 ${ms(api.cold.p95)} (from the answer cache p50 ${ms(api.cached.p50)} p95 ${ms(api.cached.p95)}); ` +
  `under load, new pages of the category listings: ${Math.round(api.load.requestsPerSecond)} req/s, p50 ${ms(api.load.p50)} p95 ${ms(api.load.p95)} ` +
  `(${api.load.requests} requests${api.load.failures ? `; FAILED: ${api.load.failures}` : ''}); ` +
  `the light fields compressed, as the storefront asks: ${Math.round(api.lightLoad.requestsPerSecond)} req/s, p50 ${ms(api.lightLoad.p50)} p95 ${ms(api.lightLoad.p95)}` +
  `${api.lightLoad.failures ? ` (FAILED: ${api.lightLoad.failures})` : ''}`
const deviceText = (d: DeviceFigures) =>
  `${(d.replicateMs / 1000).toFixed(2)} s = ${rate(d)} products/s, worker heap ${mb(d.heap.usedBytes).toFixed(0)} MB, IndexedDB ${mb(d.storageBytes).toFixed(0)} MB`

/** The goals, each printed at every size (marked as reference where it is set for another size). */
function goals(browser: BrowserFigures, pglite: ApiFigures, postgres: ApiFigures | undefined): Goal[] {
  return [
    { products: 100_000, label: 'shopper replication', value: browser.shopper.replicateMs / 1000, limit: 15, kind: 'max', unit: 's' },
    { products: 100_000, label: 'kiosk replication', value: browser.kiosk.replicateMs / 1000, limit: 60, kind: 'max', unit: 's' },
    { products: 100_000, label: 'local category read p95', value: browser.categoryRead.p95, limit: 10, kind: 'max', unit: 'ms' },
    {
      products: 100_000,
      label: 'local category read p95, first read of each category',
      value: browser.categoryFirstRead.p95,
      limit: 10,
      kind: 'max',
      unit: 'ms',
    },
    { products: 100_000, label: 'offline search per keystroke p95', value: browser.offlineSearch.p95, limit: 16, kind: 'max', unit: 'ms' },
    { products: 100_000, label: 'worker heap after shopper replication', value: mb(browser.shopper.heap.usedBytes), limit: 200, kind: 'max', unit: 'MB' },
    { products: 100_000, label: 'worker heap after kiosk replication', value: mb(browser.kiosk.heap.usedBytes), limit: 200, kind: 'max', unit: 'MB' },
    { products: 10_000, label: 'API category query p95 on PostgreSQL (new listings)', value: postgres?.fresh.p95, limit: 10, kind: 'max', unit: 'ms' },
    { products: 10_000, label: 'API category query p95 on PGlite (new listings)', value: pglite.fresh.p95, limit: 10, kind: 'max', unit: 'ms' },
    { products: 10_000, label: 'category query under load on PostgreSQL', value: postgres?.load.requestsPerSecond, limit: 1500, kind: 'min', unit: 'req/s' },
  ]
}

async function main(): Promise<void> {
  buildApp()
  buildBenchPage()
  const rows: string[] = []
  for (const n of sizes) {
    const shop = await startShop(n, 3390, seededDataDir ? { seededDataDir } : {})
    let row: string
    let pglite: ApiFigures
    let browser: BrowserFigures
    try {
      const { base } = shop
      pglite = await apiFigures(base)
      const total = await productCount(base)
      browser = await browserFigures(base, total)
      row =
        `${n} products (${total} in the en index) | seed ${Number.isNaN(shop.seedMs) ? `not timed (${seededDataDir} seeded before)` : `${(shop.seedMs / 1000).toFixed(1)} s`} | ` +
        `API category query on PGlite ${apiText(pglite)} | ` +
        `shopper replication into worker DB ${deviceText(browser.shopper)} | ` +
        `kiosk replication ${deviceText(browser.kiosk)} | ` +
        `local category read (18 + facets) p50 ${ms(browser.categoryRead.p50)} p95 ${ms(browser.categoryRead.p95)} ` +
        `(first read of each category, n ${browser.categoryFirstRead.n}: p50 ${ms(browser.categoryFirstRead.p50)} p95 ${ms(browser.categoryFirstRead.p95)}) | ` +
        `local category read with colour + price filter, price sort p50 ${ms(browser.filteredRead.p50)} p95 ${ms(browser.filteredRead.p95)} | ` +
        `offline search per keystroke p50 ${ms(browser.offlineSearch.p50)} p95 ${ms(browser.offlineSearch.p95)} ` +
        `(n ${browser.offlineSearch.n}; first, with index build, ${ms(browser.offlineSearchFirstMs)}) | ` +
        `shopper worker heap after reads and searches ${mb(browser.heapAfterReads.usedBytes).toFixed(0)} MB`
    } finally {
      await shop.stop()
    }
    let postgres: ApiFigures | undefined
    if (postgresUrl) {
      const pgShop = await startShop(n, 3391, { databaseUrl: postgresUrl })
      try {
        postgres = await apiFigures(pgShop.base)
        row += ` | PostgreSQL: seed ${(pgShop.seedMs / 1000).toFixed(1)} s, API category query ${apiText(postgres)}`
      } finally {
        await pgShop.stop()
      }
    } else {
      row += ' | PostgreSQL: not measured (no --postgres)'
    }
    const lines = [row, ...goals(browser, pglite, postgres).map((g) => goalLine(g, n))].join('\n')
    rows.push(lines)
    console.log(lines)
  }
  console.log('\n' + rows.join('\n'))
  if (!args.includes('--no-orders')) {
    console.log('\nOffline orders through faults (tests/bench/order-faults.ts):')
    execFileSync('npx', ['tsx', 'tests/bench/order-faults.ts', '--no-build'], { cwd: root, stdio: 'inherit' })
  }
  if (!args.includes('--no-lighthouse')) {
    console.log('\nLighthouse (mobile profile), 2,000 products:')
    execFileSync('npx', ['tsx', 'tests/bench/lighthouse.ts', '--no-build'], { cwd: root, stdio: 'inherit' })
  }
}

async function productCount(base: string): Promise<number> {
  const res = await fetch(`${base}/api/catalog/polder_en/product/_search?size=0`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ _appliedFilters: [] }),
  })
  const body = (await res.json()) as { hits: { total: { value: number } } }
  return body.hits.total.value
}

await main()
