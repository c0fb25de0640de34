/**
 * The search results page (/search/{query}) in a real Chromium against the built app and the real
 * server: the count, facets over the hits, a colour filter (count follows the chip, URL carries it),
 * the price sort, a filter with nothing left (the empty message and "Clear all"), and the same page
 * offline after a reload, answered from the local catalogue with the offline note.
 */
import { expect, test, type Locator, type Page } from '@playwright/test'
import en from '../../locales/en'
import { seriousViolations, waitForServiceWorker } from './fixtures/checks'
import { Shop } from './fixtures/shop'

test.describe.configure({ mode: 'serial' })

const digits = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''))

/** "Showing 50 of 120 products" → 120; "12 products" → 12. */
async function resultTotal(page: Page): Promise<number> {
  const text = (await page.getByTestId('search-count').textContent()) ?? ''
  const numbers = text.match(/\d+/g) ?? []
  return Number(numbers.at(-1) ?? NaN)
}

async function chipCount(chip: Locator): Promise<number> {
  return digits(await chip.locator('.chip__count > span').first().textContent())
}

/** A word of the first clothing product's name, searched as the shopper would type it. */
async function clothingWord(shop: Shop): Promise<string> {
  await shop.open('/')
  await expect(shop.categoryLinks().first()).toBeVisible({ timeout: 60_000 })
  await shop.openCategory(/Clothing/)
  await expect(shop.page.locator('.category-page[data-catalog="ready"]')).toBeVisible({ timeout: 60_000 })
  const name = (await shop.tiles().first().getByRole('heading').textContent())?.trim() ?? ''
  const word = name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z-]{4,}$/.test(w))
    .at(-1)
  expect(word, `a searchable word in "${name}"`).toBeTruthy()
  return word!
}

test('en: results with facets, a colour filter, price sort and an empty combination', async ({ page }) => {
  const shop = new Shop(page, '/en')
  const word = await clothingWord(shop)
  await shop.open(`/search/${encodeURIComponent(word)}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(word)
  await expect(page.getByTestId('search-count')).toHaveText(/\d+ product/)
  await expect(page.getByTestId('search-offline')).toHaveCount(0)
  const all = await resultTotal(page)
  expect(all).toBeGreaterThan(0)

  const colour = page.getByTestId('facet-color').getByRole('button').first()
  const colourCount = await chipCount(colour)
  await colour.click()
  await expect(page).toHaveURL(/[?&]color=\d+/)
  await expect.poll(() => resultTotal(page)).toBe(colourCount)
  expect(await seriousViolations(page)).toEqual([])

  await page.getByLabel(en.category.sortBy).selectOption('price_asc')
  await expect(page).toHaveURL(/[?&]sort=price_asc/)
  await expect(shop.tiles().first()).toBeVisible()

  // a price bucket with no hit of that colour: the empty message, and "Clear all" brings them back
  const buckets = page.getByTestId('facet-price').getByRole('button')
  await expect(buckets).toHaveCount(4)
  let empty: Locator | null = null
  for (let i = 0; i < 4 && !empty; i++) if ((await chipCount(buckets.nth(i))) === 0) empty = buckets.nth(i)
  if (empty) {
    await empty.click()
    await expect(page.getByTestId('search-count')).toHaveText(en.category.empty)
    await expect(shop.tiles()).toHaveCount(0)
    await page.locator('.empty-state').getByRole('button', { name: en.category.clearAll }).click()
    await expect(page).not.toHaveURL(/color=|price=/)
    await expect.poll(() => resultTotal(page)).toBe(all)
  }
})

test('en offline: the results page answers from the local catalogue, with filters and the offline note', async ({ page, context }) => {
  const shop = new Shop(page, '/en')
  const word = await clothingWord(shop)
  await waitForServiceWorker(page)
  await context.setOffline(true)
  try {
    await page.goto(`/en/search/${encodeURIComponent(word)}`)
    await expect(page.getByTestId('search-offline')).toHaveText(en.search.offline)
    await expect(shop.tiles().first()).toBeVisible()
    const colour = page.getByTestId('facet-color').getByRole('button').first()
    const colourCount = await chipCount(colour)
    await colour.click()
    await expect.poll(() => resultTotal(page)).toBe(colourCount)
    await expect(page.getByTestId('search-offline')).toBeVisible()
  } finally {
    await context.setOffline(false)
  }
})
