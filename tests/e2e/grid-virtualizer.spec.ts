/**
 * The product grid's virtualiser comes after the first load (src/routes/catalog/grid-window.ts).
 * A first visit to a category shows its first rows in the page's flow, without the virtualiser's
 * code; when the code arrives, the virtualiser takes over the same row elements: nothing moves, the
 * keyboard's focus stays, and from then on only the rows near the viewport are in the page. A first
 * visit to another page fetches it once that page is idle (with the offline warm-up), so a category
 * opened after it is virtual from its first row, with no request.
 *
 * No service worker here: it would fetch the virtualiser for its precache past the page's routes.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import { watchLayoutShifts } from './fixtures/checks'
import { Shop } from './fixtures/shop'
import { DIST_DIR } from './playwright.config'

test.use({ serviceWorkers: 'block', viewport: { width: 412, height: 823 } })

/** The virtualiser's chunk, as the build names it. */
function virtualizerChunk(): string {
  const dist = join(fileURLToPath(new URL('../../', import.meta.url)), DIST_DIR)
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>
  // vite.config.ts's `virtualizer` group
  const chunk = Object.entries(manifest).find(([key]) => /^_virtualizer-[\w-]+\.js$/.test(key))?.[1]
  expect(chunk, 'react-virtual is a chunk of its own').toBeDefined()
  return chunk!.file
}

const rows = (page: Page) => page.locator('.virtual-grid .virtual-grid__row')

/**
 * Scrolled to the end of the grid, it shows rows below the `drawn` of its first screen, and no
 * longer its first. The grid's end, not the page's: on a phone the footer (the shop's CMS blocks)
 * is taller than the screen.
 */
async function scrolledToTheEnd(page: Page, drawn: number): Promise<void> {
  await page.evaluate(() => {
    const grid = document.querySelector('.virtual-grid')!
    window.scrollTo(0, grid.getBoundingClientRect().bottom + window.scrollY - window.innerHeight)
  })
  await expect(page.locator('.virtual-grid__row[data-index="0"]')).toHaveCount(0)
  const shown = await rows(page).evaluateAll((elements) => elements.map((row) => Number(row.getAttribute('data-index'))))
  expect(Math.max(...shown), shown.join(' ')).toBeGreaterThanOrEqual(drawn)
  await expect(rows(page).last()).toBeInViewport()
}

test('en, phone: a first visit to a category shows its first rows without the virtualiser, which takes them over in place', async ({ page }) => {
  const chunk = virtualizerChunk()
  let asked = 0
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(`**/${chunk}`, async (route) => {
    asked += 1
    await released
    await route.continue()
  })
  const shifts = await watchLayoutShifts(page)
  await page.goto('/en/c/clothing-3')
  await expect(page.locator('[data-catalog="ready"]')).toBeVisible({ timeout: 120_000 })
  // the count comes after the catalogue is ready ('Loading products…' until then)
  await expect(page.getByTestId('category-total')).toHaveText(/^\d+/)
  const total = Number(/^(\d+)/.exec((await page.getByTestId('category-total').textContent()) ?? '')?.[1])
  // two tiles a row on a phone: more rows than a screen and its overscan
  expect(Math.ceil(total / 2), 'rows of the category').toBeGreaterThan(6)
  // the first load is over and the grid asked for the virtualiser, which has not come
  await expect.poll(() => asked, { timeout: 30_000 }).toBeGreaterThan(0)

  // the first rows, in the page's flow: not all of them
  await expect(rows(page).first()).toBeVisible()
  expect(
    await rows(page)
      .first()
      .evaluate((row) => getComputedStyle(row).position),
  ).toBe('static')
  const drawn = await rows(page).count()
  expect(drawn).toBeGreaterThan(1)
  expect(drawn).toBeLessThan(Math.ceil(total / 2))
  // the second row's element and its place, and a tile's link with the keyboard's focus
  const before = await rows(page)
    .nth(1)
    .evaluate((row) => {
      row.setAttribute('data-before', 'yes')
      return row.getBoundingClientRect().top + window.scrollY
    })
  const link = page.getByTestId('product-tile').first().getByRole('link').first()
  await link.focus()
  await expect(link).toBeFocused()
  const shiftsBefore = await shifts.total()

  release()
  // the virtualiser places the rows
  await expect(rows(page).first()).toHaveCSS('position', 'absolute')
  // the same element, at the same place; the focus where it was; nothing shifted
  const after = await page.locator('[data-before="yes"]').evaluate((row) => row.getBoundingClientRect().top + window.scrollY)
  expect(Math.abs(after - before), `second row at ${before}, then ${after}`).toBeLessThan(1)
  await expect(link).toBeFocused()
  expect(await shifts.total()).toBe(shiftsBefore)

  // and it virtualises: at the end of the grid, rows far below the first screen are there and the first has left
  await scrolledToTheEnd(page, drawn)
})

test('en, phone: a first visit to the home page fetches the virtualiser once idle, so a category opened after it is virtual from its first row', async ({
  page,
}) => {
  const chunk = virtualizerChunk()
  let requests = 0
  page.on('request', (request) => {
    if (request.url().endsWith(chunk)) requests += 1
  })
  const fetched = page.waitForResponse((response) => response.url().endsWith(chunk) && response.ok(), { timeout: 60_000 })
  const shop = new Shop(page, '/en')
  await shop.open('/')
  await expect(page.locator('.virtual-grid')).toHaveCount(0)
  await fetched
  expect(requests).toBe(1)
  // from here on, every row the app draws is noted with its position
  await page.evaluate(() => {
    const seen: string[] = []
    ;(window as unknown as { __rowPositions: string[] }).__rowPositions = seen
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLElement)
            for (const row of [node, ...node.querySelectorAll<HTMLElement>('.virtual-grid__row')])
              if (row.matches('.virtual-grid__row') && !row.parentElement?.matches('.first-paint-grid')) seen.push(row.style.position || 'static')
    }).observe(document.body, { childList: true, subtree: true })
  })
  await shop.openCategory(/clothing/i)
  await expect(rows(page).first()).toHaveCSS('position', 'absolute')
  const positions = await page.evaluate(() => (window as unknown as { __rowPositions: string[] }).__rowPositions)
  expect(positions.length).toBeGreaterThan(0)
  expect(positions.every((position) => position === 'absolute')).toBe(true)
  // it came from memory: no second request
  expect(requests).toBe(1)
  // and it follows the scroll
  await scrolledToTheEnd(page, await rows(page).count())
})
