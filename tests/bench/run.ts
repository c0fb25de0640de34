/**
 * `npm run bench`: prints figures, passes or fails nothing. For each catalogue size (default 2,000
 * and 10,000 products) it seeds a fresh PGlite database, starts the real server, and measures
 *  - API latency of a category query with facets (p50/p95, from Node over loopback);
 *  - in Chromium, through the bench page that talks to the real data worker: the time to replicate
 *    the catalogue into the worker's IndexedDB (products/s), and the time to read a category page
 *    (18 items + facets) from the local database (p50/p95), the same read with a colour and a price
 *    filter and the price sort (p50/p95), and offline search latency per keystroke
 *    through the worker (local Fuse index, p50/p95).
 * Then it runs `npm run lighthouse` on the same build (left out with --no-lighthouse).
 * Usage: npm run bench [-- --products 2000,10000] [--no-lighthouse]
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS } from '../e2e/playwright.config'
import { buildApp, distDir, root, startShop } from './shop'
import { ms, summary } from './stats'

const args = process.argv.slice(2)
const sizesArg = args[args.indexOf('--products') + 1]
const sizes = (args.includes('--products') && sizesArg ? sizesArg : '2000,10000').split(',').map(Number)

interface Latency {
  p50: number
  p95: number
  n: number
}

/**
 * The category query with facets, each request a query the server has not answered yet (the page
 * size varies, so its answer cache misses), then the same requests again (answered from that cache).
 */
async function apiCategoryLatency(base: string): Promise<{ cold: Latency; cached: Latency }> {
  const categories = (await (
    await fetch(`${base}/api/catalog/polder_en/category/_search?size=100`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ _appliedFilters: [{ attribute: 'level', value: { eq: 2 } }] }),
    })
  ).json()) as { hits: { hits: { _source: { id: number } }[] } }
  const ids = categories.hits.hits.map((h) => h._source.id)
  const run = async (i: number) => {
    const body = {
      _appliedFilters: [
        { attribute: 'visibility', value: { in: [2, 3, 4] }, scope: 'default' },
        { attribute: 'status', value: { in: [0, 1] }, scope: 'default' },
        { attribute: 'category_ids', value: { in: [ids[i % ids.length]] }, scope: 'default' },
      ],
      _availableFilters: [
        { field: 'color', scope: 'catalog' },
        { field: 'size', scope: 'catalog' },
        { field: 'price', scope: 'catalog' },
      ],
      _appliedSort: [{ field: 'final_price', options: 'asc' }],
    }
    const size = 18 + Math.floor(i / ids.length)
    const t0 = performance.now()
    const res = await fetch(`${base}/api/catalog/polder_en/product/_search?size=${size}&from=0`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    await res.json()
    return performance.now() - t0
  }
  const cold: number[] = []
  for (let i = 0; i < 200; i++) cold.push(await run(i))
  const cached: number[] = []
  for (let i = 20; i < 200; i++) cached.push(await run(i))
  return { cold: summary(cold.slice(20)), cached: summary(cached) } // the first requests warm the query plans
}

interface BrowserFigures {
  replicateMs: number
  products: number
  categoryRead: { p50: number; p95: number; n: number }
  /** colour + price bucket filters, price ascending */
  filteredRead: { p50: number; p95: number; n: number }
  /** offline type-ahead through the worker: one searchProducts call per keystroke (local Fuse) */
  offlineSearch: { p50: number; p95: number; n: number }
  /** the first offline search, which builds the Fuse index */
  offlineSearchFirstMs: number
}

async function browserFigures(base: string, expected: number): Promise<BrowserFigures> {
  const profile = mkdtempSync(join(tmpdir(), 'polder-bench-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  })
  try {
    const page = await context.newPage()
    await page.goto(`${base}/__bench/index.html`)
    const result = await page.evaluate((n) => (window as unknown as { polderBench: { run(n: number): Promise<BrowserFigures> } }).polderBench.run(n), expected)
    return result
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  buildApp()
  execFileSync('npx', ['vite', 'build', '-c', 'tests/bench/vite.bench.config.ts', '--outDir', join(distDir, '__bench'), '--emptyOutDir'], {
    cwd: root,
    stdio: 'ignore',
  })
  const rows: string[] = []
  for (const n of sizes) {
    const shop = await startShop(n, 3390)
    try {
      const { base } = shop
      const api = await apiCategoryLatency(base)
      const total = await productCount(base)
      const browser = await browserFigures(base, total)
      rows.push(
        `${n} products (${total} in the en index) | seed ${(shop.seedMs / 1000).toFixed(1)} s | ` +
          `API category query p50 ${ms(api.cold.p50)} p95 ${ms(api.cold.p95)} (from the answer cache p50 ${ms(api.cached.p50)} p95 ${ms(api.cached.p95)}) | ` +
          `replicate into worker DB ${(browser.replicateMs / 1000).toFixed(2)} s = ${Math.round(browser.products / (browser.replicateMs / 1000))} products/s | ` +
          `local category read (18 + facets) p50 ${ms(browser.categoryRead.p50)} p95 ${ms(browser.categoryRead.p95)} | ` +
          `local category read with colour + price filter, price sort p50 ${ms(browser.filteredRead.p50)} p95 ${ms(browser.filteredRead.p95)} | ` +
          `offline search per keystroke p50 ${ms(browser.offlineSearch.p50)} p95 ${ms(browser.offlineSearch.p95)} ` +
          `(n ${browser.offlineSearch.n}; first, with index build, ${ms(browser.offlineSearchFirstMs)})`,
      )
      console.log(rows.at(-1))
    } finally {
      await shop.stop()
    }
  }
  console.log('\n' + rows.join('\n'))
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
