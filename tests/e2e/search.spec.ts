/**
 * Search in a real Chromium against the built app and the real server: the header box opens the
 * search panel with results from the server, Enter opens the results route; on a 320×480 phone the
 * panel fits the screen; offline, after a reload served by the service worker, the worker answers
 * from the replicated catalogue and the panel says the results are offline ones.
 */
import { expect, test } from '@playwright/test'
import en from '../../locales/en'
import { seriousViolations, waitForServiceWorker } from './fixtures/checks'
import { Shop } from './fixtures/shop'
import { E2E_STORAGE_STATE } from './playwright.config'

test.describe.configure({ mode: 'serial' })

/** The name of the first product of the clothing category, as its tile shows it (from the local database). */
async function firstClothingName(shop: Shop): Promise<string> {
  await shop.open('/')
  await expect(shop.categoryLinks().first()).toBeVisible({ timeout: 60_000 })
  await shop.openCategory(/Clothing/)
  const name = (await shop.tiles().first().getByRole('heading').textContent())?.trim() ?? ''
  expect(name.length).toBeGreaterThanOrEqual(3)
  return name
}

test('en: the search panel shows server results for a product name; Enter opens the results page', async ({ page }) => {
  const shop = new Shop(page, '/en')
  const name = await firstClothingName(shop)
  const input = page.getByTestId('search-input')
  const panel = page.getByTestId('search-panel')

  await expect(page.getByRole('searchbox', { name: en.search.label })).toBeVisible()
  await input.fill('sw')
  await expect(panel).toContainText(en.search.minLength)
  await expect(panel.getByTestId('search-result')).toHaveCount(0)

  await input.fill(name)
  await expect(panel.getByTestId('search-result').first()).toContainText(name)
  await expect(panel.getByTestId('search-result').first().getByRole('link')).toHaveAttribute('href', /\/en\/p\//)
  await expect(panel.getByTestId('search-offline')).toHaveCount(0)
  expect(await seriousViolations(page)).toEqual([])

  // Escape closes the panel and leaves focus in the box; typing opens it again
  await input.press('Escape')
  await expect(panel).toBeHidden()
  await expect(input).toBeFocused()

  await input.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/en/search/${encodeURIComponent(name).replace(/[()]/g, '\\$&')}$`))
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name)
  await expect(page.getByTestId('search-count')).toHaveText(/\d+ product/)
  await expect(shop.tiles().first()).toContainText(name)
  await expect(page.getByTestId('search-offline')).toHaveCount(0)
  expect(await seriousViolations(page)).toEqual([])
})

test('320×480: the panel fits the screen and its first result names the product', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: { width: 320, height: 480 }, baseURL, storageState: E2E_STORAGE_STATE })
  const page = await context.newPage()
  try {
    const shop = new Shop(page, '/en')
    const name = await firstClothingName(shop)
    // phones: the search field hides behind its icon in the bar
    await page.getByTestId('search-toggle').click()
    await page.getByTestId('search-input').pressSequentially(name)
    const panel = page.getByTestId('search-panel')
    await expect(panel.getByTestId('search-result').first()).toContainText(name)
    const box = (await panel.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(320)
    // the first result link is reachable from the box with the arrow key
    await page.getByTestId('search-input').press('ArrowDown')
    await expect(panel.getByTestId('search-result').first().getByRole('link')).toBeFocused()
  } finally {
    await context.close()
  }
})

test('offline: after an offline reload the panel answers from the local catalogue, with the offline note', async ({ page, context }) => {
  const shop = new Shop(page, '/en')
  const name = await firstClothingName(shop)
  await waitForServiceWorker(page)

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByTestId('offline-indicator')).toBeVisible()

  const input = page.getByTestId('search-input')
  const panel = page.getByTestId('search-panel')
  await input.pressSequentially(name)
  await expect(panel.getByTestId('search-result').first()).toContainText(name)
  await expect(panel.getByTestId('search-offline')).toHaveText(en.search.offline)

  await input.press('Enter')
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name)
  await expect(shop.tiles().first()).toContainText(name)
  await expect(page.getByTestId('search-offline')).toBeVisible()
  await context.setOffline(false)
})
