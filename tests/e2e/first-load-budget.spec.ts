/**
 * First-load budgets, checked on the real built app: bytes and layout shifts, not
 * timings, so the numbers are the same on a slow CI machine. A first visit (fresh browser profile:
 * no service worker, no local database) to home, a category, a product and a search page of /nl,
 * and a category of /fr, must
 *  - run at most MAIN_THREAD_JS compressed bytes of JavaScript on the main thread (the data
 *    worker's own code does not count: it runs beside the page, not in its way);
 *  - load at most CSS compressed bytes of style sheets;
 *  - shift its layout by at most CLS (layout-shift observer, the page filling from the network).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { findShopperPages } from '../fixtures/shopper-pages'
import { watchLayoutShifts } from './fixtures/checks'
import { LATER_PARTS, LATER_SECTIONS, SERVER_SECTIONS } from '../../locales/sections'
import laterAccount from '../../locales/en/later-account'
import laterBlog from '../../locales/en/later-blog'
import laterCart from '../../locales/en/later-cart'
import laterCheckout from '../../locales/en/later-checkout'
import laterConsent from '../../locales/en/later-consent'
import laterOrders from '../../locales/en/later-orders'
import laterPrivacy from '../../locales/en/later-privacy'
import laterKiosk from '../../locales/en/later-kiosk'
import laterReturns from '../../locales/en/later-returns'
import laterReviews from '../../locales/en/later-reviews'
import laterStatus from '../../locales/en/later-status'
import laterStock from '../../locales/en/later-stock'
import laterTotals from '../../locales/en/later-totals'
import serverWords from '../../locales/en/server'
import { appChunkKey, PAGE_MODULES, type ManifestChunk as ServedChunk } from '../../server/http/page-preloads'
import { DIST_DIR, E2E_STORAGE_STATE } from './playwright.config'

/**
 * The budget: 100 kB of compressed main-thread JavaScript for every page's first load, in every
 * language (the second test counts it from the build's manifest, a product page with every panel it
 * may open). The framework takes most of it
 * (React 18.3: React 19's larger react-dom buys nothing the shop uses), so the app and every module
 * it imports are one chunk (vite.config.ts, the `app` group), and what the shell shows only later is
 * not in it. Every file goes out brotli-compressed, the small ones too. Later words come in parts with
 * the pages that show them (locales/sections.ts LATER_PARTS); related products, the light view and the
 * grid's virtualiser come after the first load. The offline warm-up (src/offline-warmup.ts) is
 * reported apart.
 */
const MAIN_THREAD_JS = 100_000
const CSS = 15_000
const CLS = 0.02

const PHONE = { width: 412, height: 823 }

interface FirstLoad {
  jsBytes: number
  cssBytes: number
  cls: number
  /** the shifts of 0.001 or more, with what moved */
  shifted: string[]
  warmUpBytes: number
  warmed: string[]
  scripts: string[]
}

/** Home, a category, a product and a search of /nl, and a category of /fr, found as a shopper finds them. */
async function pagesToMeasure(browser: Browser): Promise<string[]> {
  const context = await browser.newContext({ storageState: E2E_STORAGE_STATE })
  try {
    const page = await context.newPage()
    const nl = await findShopperPages(page, '', 'nl')
    // a French category: its longer words wrap differently, and a shift of the grid there goes unseen in /nl
    const fr = await findShopperPages(page, '', 'fr')
    return [nl.home, nl.category, nl.product, nl.search, fr.category]
  } finally {
    await context.close()
  }
}

async function firstLoad(page: Page, path: string): Promise<FirstLoad> {
  const shifts = await watchLayoutShifts(page)
  await page.goto(path)
  // filled: the page's main content is there and the network has been quiet for a moment
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 60_000 })
  await page.waitForLoadState('networkidle')
  await expect(page.locator('[data-testid="product-tile"], [data-testid="add-to-cart"], main h1').first()).toBeVisible()
  const loaded = await page.evaluate(() => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
    const isScript = (r: PerformanceResourceTiming) => /\.m?js(\?|$)/.test(new URL(r.name).pathname)
    // the offline warm-up (src/offline-warmup.ts) fetches the other shopping pages' chunks once this
    // page is on screen and the browser idle: after the first load, reported apart, not counted
    const warmUp = performance.getEntriesByName('polder:offline-warmup', 'mark')[0]?.startTime ?? Infinity
    // the data worker's entry is fetched by the page but runs in the worker (its imports are not in this list)
    const scripts = resources.filter((r) => isScript(r) && !/data\.worker|service-worker/.test(r.name))
    const mainThread = scripts.filter((r) => r.startTime < warmUp)
    const warmed = scripts.filter((r) => r.startTime >= warmUp)
    const styles = resources.filter((r) => /\.css(\?|$)/.test(new URL(r.name).pathname))
    const sum = (list: PerformanceResourceTiming[]) => list.reduce((n, r) => n + r.encodedBodySize, 0)
    return {
      jsBytes: sum(mainThread),
      cssBytes: sum(styles),
      warmUpBytes: sum(warmed),
      warmed: warmed.map((r) => new URL(r.name).pathname.replace('/assets/', '')),
      scripts: mainThread.map((r) => `${new URL(r.name).pathname} ${r.encodedBodySize} B`),
    }
  })
  return { ...loaded, cls: await shifts.total(), shifted: await shifts.shifted() }
}

test('a first visit stays within the JavaScript, CSS and layout-shift budgets (phone and desktop)', async ({ browser }) => {
  test.setTimeout(240_000)
  const paths = await pagesToMeasure(browser)
  const report: string[] = []
  for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
    for (const path of paths) {
      const context = await browser.newContext({ viewport, storageState: E2E_STORAGE_STATE })
      try {
        const load = await firstLoad(await context.newPage(), path)
        report.push(
          `${viewport.width}px ${path}: JS ${load.jsBytes} B, CSS ${load.cssBytes} B, CLS ${load.cls.toFixed(4)}${load.shifted.length > 0 ? ` (${load.shifted.join(' / ')})` : ''}, offline warm-up after it ${load.warmUpBytes} B (${load.warmed.join(' ')}) [${load.scripts.join(', ')}]`,
        )
        // every byte counted was really sent compressed (a zero would mean the measure is blind)
        expect(load.jsBytes, report.at(-1)).toBeGreaterThan(10_000)
        expect(load.jsBytes, report.at(-1)).toBeLessThanOrEqual(MAIN_THREAD_JS)
        expect(load.cssBytes, report.at(-1)).toBeGreaterThan(0)
        expect(load.cssBytes, report.at(-1)).toBeLessThanOrEqual(CSS)
        expect(load.cls, report.at(-1)).toBeLessThanOrEqual(CLS)
      } finally {
        await context.close()
      }
    }
  }
  console.log(report.join('\n'))
})

/** The build the e2e server serves (vite.config.ts writes `.vite/manifest.json` into it). */
const DIST = join(fileURLToPath(new URL('../../', import.meta.url)), DIST_DIR)

/** Vite's manifest as the server reads it, with the assets (the data worker's file) */
type Manifest = Record<string, ServedChunk & { assets?: string[] }>

/** The bytes the server sends for a built file: its brotli copy, or the file itself where brotli would not make it smaller (vite.config.ts). */
function sentBytes(file: string): number {
  try {
    return statSync(join(DIST, `${file}.br`)).size
  } catch {
    return statSync(join(DIST, file)).size
  }
}

/**
 * A product opens the custom options' panel and the panel of its type, each a chunk of its own
 * (src/routes/product/product-panels/product-type-panels.tsx): a first load counts the custom options' and
 * the heaviest of the type panels, not all of them.
 */
const TYPE_PANELS = ['grouped-panel', 'bundle-panel', 'giftcard-panel'].map((name) => `src/routes/product/product-panels/${name}.tsx`)

/**
 * The scripts of a first load of `page` in `dictionary`'s language: index.html's, the app's (`app`:
 * its manifest key), the dictionary's and the page's, with what the page opens at once (a product's
 * choice panels: the heaviest set one product opens, or with `everyPanel` all of them). `apart`: the
 * page's parts left out, counted on their own (the ones it loads with their later words).
 */
function firstLoadScripts(
  manifest: Manifest,
  app: string,
  page: string,
  dictionary: string,
  { everyPanel = false, apart = new Set<string>() }: { everyPanel?: boolean; apart?: ReadonlySet<string> } = {},
): string[] {
  const closure = (keys: string[], files = new Set<string>()) => {
    const walk = (key: string) => {
      const chunk = manifest[key]
      if (!chunk || files.has(chunk.file)) return
      files.add(chunk.file)
      for (const imported of chunk.imports ?? []) walk(imported)
    }
    for (const key of keys) walk(key)
    return files
  }
  const opened = (manifest[page]?.dynamicImports ?? []).filter((key) => (everyPanel || !TYPE_PANELS.includes(key)) && !apart.has(key))
  const files = closure(['index.html', app, `locales/${dictionary}/first-load.ts`, page, ...opened])
  const bytes = (set: Set<string>) => [...set].filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + sentBytes(file), 0)
  const heaviest = (manifest[page]?.dynamicImports ?? [])
    .filter((key) => TYPE_PANELS.includes(key))
    .map((key) => closure([key], new Set(files)))
    .sort((a, b) => bytes(b) - bytes(a))[0]
  return [...(heaviest ?? files)].filter((file) => file.endsWith('.js'))
}

/**
 * The modules src/ loads as `withLaterWords(import('…'), [parts])`, as manifest keys (src/…/x.tsx),
 * with the later words' parts each such call loads (a module loaded from two places: each call's).
 */
function laterWordsChunks(): Map<string, Set<string>[]> {
  const root = fileURLToPath(new URL('../../', import.meta.url))
  const files = (readdirSync(join(root, 'src'), { recursive: true }) as string[]).filter((file) => file.endsWith('.tsx') || file.endsWith('.ts'))
  const calls = new Map<string, Set<string>[]>()
  for (const file of files) {
    for (const match of readFileSync(join(root, 'src', file), 'utf8').matchAll(/withLaterWords\(import\('(\.[^']+)'\),\s*\[([^\]]*)\]\)/g)) {
      const key = relative(root, join(root, 'src', dirname(file), `${match[1]}.tsx`))
      const parts = new Set([...match[2]!.matchAll(/'(\w+)'/g)].map((part) => part[1]!))
      calls.set(key, [...(calls.get(key) ?? []), parts])
    }
  }
  return calls
}

const laterParts = {
  account: laterAccount,
  blog: laterBlog,
  cart: laterCart,
  checkout: laterCheckout,
  consent: laterConsent,
  kiosk: laterKiosk,
  orders: laterOrders,
  privacy: laterPrivacy,
  returns: laterReturns,
  reviews: laterReviews,
  status: laterStatus,
  stock: laterStock,
  totals: laterTotals,
}

/** Every later word (its section and key) with the part of the later words that holds it (locales/en/later-<part>.ts). */
const LATER_WORDS = Object.entries(laterParts).flatMap(([part, sections]) =>
  Object.entries(sections as Record<string, Record<string, unknown>>).flatMap(([section, words]) => Object.keys(words).map((key) => ({ part, section, key }))),
)

/**
 * The parts of the later words `code` asks for: `LL.checkout.title` minifies to `….checkout.title`, a
 * word picked by a variable (`LL.validation[key]`) asks for its whole section. Not the notifications'
 * (`LL.messages[n.key]`): the notifications region loads the parts of a message whose words are not
 * in (src/ui/notifications.tsx, LATER_MESSAGE_PARTS).
 */
function laterPartsAskedBy(code: string): Set<string> {
  const asked = new Set<string>()
  for (const { part, section, key } of LATER_WORDS) {
    if (code.includes(`.${section}.${key}`) && new RegExp(`\\.${section}\\.${key}\\b`).test(code)) asked.add(part)
    else if (section !== 'messages' && code.includes(`.${section}[`)) asked.add(part)
  }
  return asked
}

/** A name zod's classes carry in the minified code. */
const ZOD_MARK = 'ZodObject'

test('every page, in every language, stays within the JavaScript budget and loads no zod on the main thread (build manifest)', () => {
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest
  // index.html's script loads the app (src/main.tsx), which vite.config.ts's app group builds as one
  // chunk with every module it imports statically: it names its file, not src/app.tsx
  const app = appChunkKey(manifest)
  expect(app, 'index.html loads the app').toMatch(/^_app-[\w-]+\.js$/)
  // one chunk: besides it the app needs only the framework, the bundler's runtime and index.html's own chunk
  // (without the app group, Rolldown splits what the app shares with the pages into many small chunks)
  expect(manifest[app!]?.imports?.map((key) => key.replace(/-[\w-]{7}\.js$/, '')).sort()).toEqual(['_framework', '_rolldown-runtime', 'index.html'])
  // what the shell shows only later is fetched only then: the search panel's results (at the search
  // box's focus), the offline-order confirmation (with orders placed offline, online), the service
  // worker's registration and a product's related products and light view (after the first load)
  expect(manifest[app!]?.dynamicImports, 'the shell parts that load later').toEqual(
    expect.arrayContaining([
      'src/components/search-results-panel.tsx',
      'src/components/offline-orders-dialog.tsx',
      'src/later-start.ts',
      'src/components/related-products.tsx',
      'src/routes/product/product-light.tsx',
    ]),
  )
  // the shell's style sheets are index.html's (src/main.tsx imports them): the first paint is drawn with them
  expect(manifest[app!]?.css ?? [], "the app's own style sheets").toEqual([])
  // every page module src/router.tsx opens lazily
  const pages = (manifest[app!]?.dynamicImports ?? []).filter((key) => key.startsWith('src/routes/'))
  expect(pages.length, 'the page modules of the router').toBeGreaterThan(15)
  // a product page opens its choice panels, each its own chunk, counted as one product opens them (TYPE_PANELS)
  expect(manifest['src/routes/product/product-page.tsx']?.dynamicImports?.toSorted()).toEqual(
    [...TYPE_PANELS, 'src/routes/product/product-panels/custom-options-panel.tsx'].toSorted(),
  )
  const dictionaries = Object.keys(manifest).flatMap((key) => /^locales\/(\w+)\/first-load\.ts$/.exec(key)?.[1] ?? [])
  expect(dictionaries.sort()).toEqual(['en', 'fr', 'nl'])
  // the dictionary's later sections (locales/sections.ts) are in its later parts only: a section name as
  // an object key (`checkout:{`) is in a later part's chunk of each language, never in the first-load one
  const sectionKey = (section: string) => new RegExp(`[{,]${section}:\\{`)
  expect(Object.keys(laterParts).sort(), 'the later words in parts').toEqual([...LATER_PARTS].sort())
  for (const dictionary of dictionaries) {
    const firstLoad = readFileSync(join(DIST, manifest[`locales/${dictionary}/first-load.ts`]!.file), 'utf8')
    const later = LATER_PARTS.map((part) => readFileSync(join(DIST, manifest[`locales/${dictionary}/later-${part}.ts`]!.file), 'utf8'))
    for (const section of LATER_SECTIONS) {
      expect(firstLoad, `${dictionary} first-load words`).not.toMatch(sectionKey(section))
      expect(later.filter((code) => sectionKey(section).test(code)).length, `${dictionary} later words: ${section}`).toBeGreaterThan(0)
    }
  }
  // the mails', the page heads' and the sandbox payment page's words (locales/<lang>/server.ts) are the
  // server's: in no built script
  // (a section as an object key with its first word's key: `orderMail:{subject:`; the store views' own
  // `seo:{defaultTitle:` is another object)
  const serverKey = new RegExp(`[{,](${SERVER_SECTIONS.map((section) => `${section}:\\{${Object.keys(serverWords[section])[0]}:`).join('|')})`)
  const builtScripts = readdirSync(join(DIST, 'assets')).filter((file) => file.endsWith('.js'))
  expect(builtScripts.length, 'the built scripts').toBeGreaterThan(20)
  for (const file of builtScripts) expect(readFileSync(join(DIST, 'assets', file), 'utf8'), file).not.toMatch(serverKey)
  // and no page a shopper lands on asks for a later word (it would read as an empty string until it is
  // in); a split section's first-load words are not later ones (`LL.account.signIn`, not `LL.account.addressList`)
  // (a part a page loads later with its words, such as the home page's blog feed, is not the page's: it is checked on its own)
  const withLaterWords = laterWordsChunks()
  const loadedWithWords = new Set(withLaterWords.keys())
  const lazyModules = (manifest[app!]?.dynamicImports ?? []).filter((key) => key.startsWith('src/'))
  const lazyParts = lazyModules.flatMap((key) => (manifest[key]?.dynamicImports ?? []).filter((part) => loadedWithWords.has(part)))
  /** the modules of src/ the app opens lazily that ask for later words, through what they import, and the parts they ask for */
  const asksLaterWords = new Map(
    [...lazyModules, ...lazyParts]
      .map((key) => {
        const code = firstLoadScripts(manifest, app!, key, 'en', { everyPanel: true, apart: loadedWithWords })
          .map((file) => readFileSync(join(DIST, file), 'utf8'))
          .join('\n')
        return [key, laterPartsAskedBy(code)] as const
      })
      .filter(([, parts]) => parts.size > 0),
  )
  expect(asksLaterWords.get('src/routes/cart/cart-page.tsx'), 'the cart page asks for the cart and totals parts').toEqual(new Set(['cart', 'totals']))
  // the pages the server gives a head start (server/http/page-preloads PAGE_MODULES) are where shoppers land
  expect(manifest[app!]?.dynamicImports, "the server's head-start pages are the app's").toEqual(expect.arrayContaining(Object.values(PAGE_MODULES)))
  for (const page of Object.values(PAGE_MODULES)) expect(asksLaterWords.get(page), `${page} asks for later words`).toBeUndefined()
  // every page or panel that asks for them loads those parts with its chunk, at every place it is
  // loaded from (withLaterWords, src/dictionary.ts)
  for (const [key, parts] of asksLaterWords) {
    expect(withLaterWords.get(key), `${key} shows later words`).toBeDefined()
    for (const loaded of withLaterWords.get(key)!)
      expect([...loaded], `${key} loads the parts of the later words it shows`).toEqual(expect.arrayContaining([...parts]))
  }
  // the mark is not blind: the data worker validates with zod
  const worker = Object.values(manifest)
    .flatMap((chunk) => chunk.assets ?? [])
    .find((file) => /data\.worker-.*\.js$/.test(file))
  expect(worker, 'the data worker in the manifest').toBeDefined()
  expect(readFileSync(join(DIST, worker!), 'utf8')).toContain(ZOD_MARK)
  const report: string[] = []
  for (const page of pages) {
    for (const dictionary of dictionaries) {
      const scripts = firstLoadScripts(manifest, app!, page, dictionary)
      // a page that shows later words loads their parts with its chunk (src/router.tsx)
      for (const part of withLaterWords.get(page)?.[0] ?? []) scripts.push(manifest[`locales/${dictionary}/later-${part}.ts`]!.file)
      const bytes = scripts.reduce((sum, file) => sum + sentBytes(file), 0)
      report.push(`${page} (${dictionary}): ${bytes} B`)
      expect(bytes, report.at(-1)).toBeLessThanOrEqual(MAIN_THREAD_JS)
      for (const file of scripts) expect(readFileSync(join(DIST, file), 'utf8'), `${page}: ${file}`).not.toContain(ZOD_MARK)
    }
  }
  console.log(report.join('\n'))
})
