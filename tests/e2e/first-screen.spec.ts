/**
 * A page load's first screen (for LCP): a category or product page draws its frame and first
 * pictures from the facts the server wrote into the HTML (domain/first-screen), before the data
 * worker has brought anything in. Here every API call waits until the test lets it through, so what
 * shows before that came from the page load alone.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { E2E_STORAGE_STATE } from './playwright.config'

/** Holds every API call (the worker's pulls and its first-page ask) until `release()`. */
async function holdApi(context: BrowserContext): Promise<{ release: () => void }> {
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  await context.route('**/api/**', async (route) => {
    await gate
    await route.continue()
  })
  return { release }
}

/** The `<link rel=preload as=image>` addresses of the page's HTML, in order. */
async function preloadedImages(page: Page): Promise<string[]> {
  return page.locator('link[rel="preload"][as="image"]').evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname))
}

/**
 * The pictures of the placeholder tiles, once every one has loaded (no broken icon): the same
 * addresses, in the same order, as the HTML preloaded.
 */
async function placeholderPictures(page: Page, count: number): Promise<string[]> {
  const placeholders = page.getByTestId('product-tile-placeholder')
  await expect(placeholders).toHaveCount(count, { timeout: 60_000 })
  const pictures = placeholders.locator('img')
  await expect
    .poll(() => pictures.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)))
    .toBe(true)
  const shown = await pictures.evaluateAll((imgs) => imgs.map((i) => new URL((i as HTMLImageElement).src).pathname))
  expect(shown).toEqual(await preloadedImages(page))
  await expect(page.getByTestId('product-tile')).toHaveCount(0)
  return shown
}

/** Once the worker has answered: real tiles in the placeholders' places, the first ones with those pictures. */
async function expectTilesReplace(page: Page, shown: string[]): Promise<void> {
  await expect(page.getByTestId('product-tile').first()).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('product-tile-placeholder')).toHaveCount(0)
  const tiles = await page
    .getByTestId('product-tile')
    .locator('img')
    .evaluateAll((imgs, n) => imgs.slice(0, n).map((i) => new URL((i as HTMLImageElement).src).pathname), shown.length)
  expect(tiles).toEqual(shown)
}

test('en: a category page load shows its name, trail and first pictures before the worker has brought anything', async ({ page, context }) => {
  const api = await holdApi(context)
  await page.goto('/en/c/clothing-3')
  await expect(page.getByRole('heading', { level: 1, name: 'Clothing' })).toBeVisible({ timeout: 60_000 })
  await expect(page.getByTestId('breadcrumbs')).toContainText('Clothing')
  await expect(page.getByTestId('category-total')).toHaveText('Loading products…')
  // the first row's pictures, the same addresses the HTML preloaded, loaded (no broken icon)
  const shown = await placeholderPictures(page, 2)

  api.release()
  // the worker's answer takes their places
  await expectTilesReplace(page, shown)
  await expect(page.getByTestId('category-total')).toHaveText(/\d+ products/)
})

test('en: a product page load shows its name, trail and main picture before the worker has brought it', async ({ page, context }) => {
  // a product as a shopper finds it: the first tile of a category
  await page.goto('/en/c/clothing-3')
  const link = page.locator('main a[href^="/en/p/"]').first()
  await link.waitFor({ timeout: 60_000 })
  const path = (await link.getAttribute('href'))!
  const name = (await link.innerText()).trim()

  const fresh = await context.browser()!.newContext({ storageState: E2E_STORAGE_STATE })
  try {
    const api = await holdApi(fresh)
    const first = await fresh.newPage()
    await first.goto(path)
    await expect(first.getByTestId('product-first-screen')).toBeVisible({ timeout: 60_000 })
    await expect(first.getByRole('heading', { level: 1 })).toHaveText(name)
    await expect(first.getByTestId('breadcrumbs')).toContainText(name)
    await expect(first.getByTestId('product-loading')).toBeVisible()
    const picture = first.locator('.gallery__main img')
    await expect.poll(() => picture.evaluate((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)).toBe(true)
    expect([new URL((await picture.getAttribute('src'))!, 'http://x').pathname]).toEqual(await preloadedImages(first))
    await expect(first.getByTestId('add-to-cart')).toHaveCount(0)

    api.release()
    await expect(first.getByTestId('add-to-cart')).toBeVisible({ timeout: 30_000 })
    await expect(first.getByTestId('product-first-screen')).toHaveCount(0)
    await expect(first.getByRole('heading', { level: 1 })).toHaveText(name)
  } finally {
    await fresh.close()
  }
})

test("en: a search results page load shows the first results' pictures before the worker has searched", async ({ page, context }) => {
  const api = await holdApi(context)
  await page.goto('/en/search/cotton')
  const shown = await placeholderPictures(page, 2)

  api.release()
  // the worker's search answers with the same best matches first
  await expectTilesReplace(page, shown)
})
