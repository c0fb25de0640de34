/**
 * A page load's first paint (for LCP): the server writes the page's frame and first pictures
 * into #root (server/http/first-paint-html.ts), so the browser paints them before any script has run,
 * and the app's files are asked for only once they are on screen (src/main.tsx). The app's first
 * render then replaces the paint without moving anything: every part of it is where the paint had it.
 */
import { expect, test, type Browser, type Page } from '@playwright/test'
import { FIRST_PAINT_ATTRIBUTE } from '../../server/http/first-paint-html'
import { E2E_STORAGE_STATE } from './playwright.config'

/** The parts both the first paint and the app's first render draw, by selector. */
const PARTS = [
  'header',
  '.site-header__logo',
  'main h1',
  'main .breadcrumbs',
  'main .toolbar',
  'main img',
  'main .product-tile',
  'main .hero p',
  'main .category-page__total',
] as const

type Boxes = Record<string, string>

async function boxesOf(page: Page): Promise<Boxes> {
  return page.evaluate((parts) => {
    const boxes: Record<string, string> = {}
    for (const part of parts) {
      const r = document.querySelector(part)?.getBoundingClientRect()
      boxes[part] = r ? `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}` : 'none'
    }
    return boxes
  }, PARTS)
}

/** The pages a shopper opens first (the demo shop's), each with the parts it must have. */
const PAGES = [
  { path: '/en/', parts: ['main h1', 'main .hero p'] },
  { path: '/en/c/clothing-3', parts: ['main h1', 'main .breadcrumbs', 'main .toolbar', 'main img', 'main .product-tile', 'main .category-page__total'] },
  { path: '/nl/p/PLD-00001/katoenen-polo-1', parts: ['main h1', 'main .breadcrumbs', 'main img'] },
  { path: '/fr/search/polo', parts: ['main h1', 'main .toolbar', 'main img', 'main .product-tile'] },
]

/** The paint's root carries the attribute; the app's render does not. */
const PAINTED = `[${FIRST_PAINT_ATTRIBUTE}]`

/**
 * The parts' boxes of `path` at `width`, pictures loaded: `paint`, the HTML alone (no script at all);
 * `app`, the app's first render (no data worker, so it stays the one drawn from the page load's facts).
 */
async function boxesAt(browser: Browser, path: string, width: number, drawn: 'paint' | 'app'): Promise<Boxes> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, storageState: E2E_STORAGE_STATE })
  try {
    const page = await context.newPage()
    await page.route(drawn === 'paint' ? '**/assets/*.js' : '**/*.worker-*.js', (route) => route.abort())
    await page.goto(path)
    await expect(page.locator(PAINTED)).toHaveCount(drawn === 'paint' ? 1 : 0, { timeout: 30_000 })
    await expect(page.locator('main h1')).toBeVisible()
    await expect.poll(() => page.locator('main img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete))).toBe(true)
    return await boxesOf(page)
  } finally {
    await context.close()
  }
}

for (const width of [412, 1280]) {
  test(`${width}px: the app's first render draws every part where the HTML's first paint had it (home, category, product, search)`, async ({ browser }) => {
    for (const { path, parts } of PAGES) {
      const painted = await boxesAt(browser, path, width, 'paint')
      for (const part of parts) expect(painted[part], `${path}: ${part} in the first paint`).not.toBe('none')
      expect(await boxesAt(browser, path, width, 'app'), path).toEqual(painted)
    }
  })
}

/**
 * A paint entry's `paintTime` is when its frame was drawn; its startTime is when the frame was
 * presented, which headless Chromium can report tens of milliseconds later on a busy machine.
 */
type PaintEntry = PerformanceEntry & { paintTime?: number }

test("the app's files are asked for after the first paint and its largest picture are drawn", async ({ page }) => {
  await page.addInitScript(() => {
    const drawn: number[] = []
    ;(window as unknown as { lcpDrawn: number[] }).lcpDrawn = drawn
    new PerformanceObserver((list) => list.getEntries().forEach((e) => drawn.push((e as PaintEntry).paintTime ?? e.startTime))).observe({
      type: 'largest-contentful-paint',
      buffered: true,
    })
  })
  await page.goto('/en/c/clothing-3')
  await expect(page.getByTestId('product-tile').first()).toBeVisible({ timeout: 60_000 })
  const timing = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0] as PaintEntry | undefined
    const app = performance.getEntriesByType('resource').find((r) => /\/assets\/app-[^/]*\.js$/.test(r.name))?.startTime
    return { fcp: fcp?.paintTime ?? fcp?.startTime, app, lcp: (window as unknown as { lcpDrawn: number[] }).lcpDrawn }
  })
  expect(timing.fcp, 'first contentful paint').toBeDefined()
  expect(timing.app, "the app's chunk requested").toBeDefined()
  // the app is asked for two animation frames after the paint's pictures are decoded (src/main.tsx); a
  // preload in the HTML would be asked for 100 ms and more before the first paint
  expect(timing.app!, JSON.stringify(timing)).toBeGreaterThan(timing.fcp!)
  // the largest content was painted from the HTML: every candidate was drawn before the app's files were asked for
  expect(timing.lcp.length, JSON.stringify(timing)).toBeGreaterThan(0)
  expect(Math.max(...timing.lcp), JSON.stringify(timing)).toBeLessThan(timing.app!)
})
