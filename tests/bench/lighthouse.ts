/**
 * `npm run lighthouse`: Lighthouse (mobile profile: simulated slow 4G and a 4× slower CPU, as
 * PageSpeed Insights runs it) on home, a category, a product and a search results page of every
 * store view, each as a first visit (Lighthouse clears the origin's storage: no service worker,
 * no local database). Prints the figures side by side with the goals; passes or fails
 * nothing.
 *
 * Usage: npm run lighthouse [-- --url http://localhost:3000] [--views en,nl] [--pages home,category,product,search]
 *   [--runs 1] [--products 2000] [--no-build] [--save dir]
 * (--save: each page's full Lighthouse report as JSON in dir, to see what a score lost; --runs: each page
 * measured that many times, each run a row, since TBT varies from run to run.)
 * Without --url it builds the app, seeds a fresh demo shop and starts it on port 3391.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS } from '../e2e/playwright.config'
import { findShopperPages } from '../fixtures/shopper-pages'
import { buildApp, startShop, type RunningShop } from './shop'

const args = process.argv.slice(2)
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined)
const views = (option('--views') ?? 'en,nl,be,fr').split(',')
const products = Number(option('--products') ?? 2000)
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const saveDir = option('--save')
const PAGE_KINDS = ['home', 'category', 'product', 'search'] as const
type PageKind = (typeof PAGE_KINDS)[number]
const pageKinds = (option('--pages') ?? PAGE_KINDS.join(',')).split(',') as PageKind[]
for (const kind of pageKinds) if (!PAGE_KINDS.includes(kind)) throw new Error(`--pages: ${kind} is not one of ${PAGE_KINDS.join(', ')}`)
const runs = Number(option('--runs') ?? 1)

const GOALS = { performance: 95, others: 98, lcpMs: 2000, cls: 0.02 }

interface Row {
  page: string
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  lcpMs: number
  cls: number
  tbtMs: number
}

/** The pages to measure, found as a shopper finds them (tests/fixtures/shopper-pages). */
async function pagesOf(base: string, view: string): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS })
  try {
    const found = await findShopperPages(await browser.newPage(), base, view, 30_000)
    return pageKinds.map((kind) => found[kind])
  } finally {
    await browser.close()
  }
}

/** Failures of Lighthouse's own trace recording, which it answers with "Please run Lighthouse again". */
const TRACE_FAILURES = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED'])

async function measure(url: string, port: number, run: number, retried = false): Promise<Omit<Row, 'page'>> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  })
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
  const { categories, audits, runtimeError } = result.lhr
  if (runtimeError && TRACE_FAILURES.has(runtimeError.code) && !retried) {
    console.log(`${url}: Lighthouse's trace failed (${runtimeError.code}), measured once more`)
    return measure(url, port, run, true)
  }
  if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`)
  if (saveDir) {
    mkdirSync(saveDir, { recursive: true })
    writeFileSync(join(saveDir, `${new URL(url).pathname.replace(/[^\w-]+/g, '_')}${run > 0 ? `-${run + 1}` : ''}.json`), JSON.stringify(result.lhr))
  }
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100)
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
  }
}

function table(rows: Row[]): string {
  const mark = (ok: boolean) => (ok ? ' ' : '✗')
  const lines = [
    `| page | performance (≥ ${GOALS.performance}) | accessibility | best practices | SEO (≥ ${GOALS.others}) | LCP (≤ ${GOALS.lcpMs / 1000} s) | CLS (≤ ${GOALS.cls}) | TBT |`,
    '|---|---|---|---|---|---|---|---|',
  ]
  for (const r of rows) {
    lines.push(
      `| ${r.page} | ${r.performance}${mark(r.performance >= GOALS.performance)} | ${r.accessibility}${mark(r.accessibility >= GOALS.others)} | ` +
        `${r.bestPractices}${mark(r.bestPractices >= GOALS.others)} | ${r.seo}${mark(r.seo >= GOALS.others)} | ` +
        `${(r.lcpMs / 1000).toFixed(1)} s${mark(r.lcpMs <= GOALS.lcpMs)} | ${r.cls.toFixed(3)}${mark(r.cls <= GOALS.cls)} | ${Math.round(r.tbtMs)} ms |`,
    )
  }
  const missed = rows.filter((r) => r.performance < GOALS.performance || r.lcpMs > GOALS.lcpMs || r.cls > GOALS.cls).length
  lines.push('', `${rows.length - missed} of ${rows.length} pages meet the performance, LCP and CLS goals (✗ marks a miss)`)
  return lines.join('\n')
}

async function main(): Promise<void> {
  let shop: RunningShop | undefined
  let base = option('--url')
  if (!base) {
    if (!args.includes('--no-build')) buildApp()
    shop = await startShop(products, 3391)
    base = shop.base
  }
  const profile = mkdtempSync(join(tmpdir(), 'polder-lighthouse-'))
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS], userDataDir: profile })
  const rows: Row[] = []
  try {
    for (const view of views) {
      for (const path of await pagesOf(base, view)) {
        for (let run = 0; run < runs; run++) {
          const row = { page: decodeURIComponent(path), ...(await measure(`${base}${path}`, chrome.port, run)) }
          rows.push(row)
          console.log(
            `${row.page}: performance ${row.performance}, LCP ${(row.lcpMs / 1000).toFixed(1)} s, CLS ${row.cls.toFixed(3)}, TBT ${Math.round(row.tbtMs)} ms`,
          )
        }
      }
    }
  } finally {
    chrome.kill()
    rmSync(profile, { recursive: true, force: true })
    await shop?.stop()
  }
  console.log(`\n${table(rows)}`)
  if (runs > 1) console.log(`\nMedian of ${runs} runs (as Lighthouse advises for a score that varies):\n\n${table(medians(rows))}`)
}

/** Each page's median run (by performance score), one row per page. */
function medians(rows: Row[]): Row[] {
  const pages = [...new Set(rows.map((r) => r.page))]
  return pages.map((page) => {
    const runsOf = rows.filter((r) => r.page === page).sort((a, b) => a.performance - b.performance)
    return runsOf[Math.floor(runsOf.length / 2)]!
  })
}

await main()
