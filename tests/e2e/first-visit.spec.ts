/**
 * A first visit that lands straight on a category while online: the catalogue is still
 * arriving, so the page says so ("… tot nu toe") and never shows the offline notice ("come back
 * while online"), which is for a shopper who is offline with nothing stored.
 */
import { expect, test } from '@playwright/test'
import nl from '../../locales/nl'

test('nl: a first visit straight to a category online shows no offline notice, and counts say when they are still growing', async ({ page }) => {
  await page.addInitScript((offlineText) => {
    const seen: string[] = []
    ;(window as unknown as { __offlineNotice: string[] }).__offlineNotice = seen
    new MutationObserver(() => {
      if (document.body?.innerText.includes(offlineText)) seen.push(new Date().toISOString())
    }).observe(document, { subtree: true, childList: true, characterData: true })
  }, nl.messages.noProductsSynchronized)
  const counts: string[] = []
  await page.exposeFunction('__count', (text: string) => counts.push(text))
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="category-total"]')?.textContent
      if (text) void (window as unknown as { __count: (t: string) => void }).__count(text)
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })

  await page.goto('/nl/c/kleding-3')
  await expect(page.getByRole('heading', { level: 1, name: 'Kleding' })).toBeVisible({ timeout: 60_000 })
  await expect(page.locator('[data-catalog="ready"]')).toBeVisible({ timeout: 120_000 })
  await expect(page.getByTestId('product-tile').first()).toBeVisible()
  // the final count has no "so far"
  await expect(page.getByTestId('category-total')).toHaveText(/^\d+ producten$/)

  expect(await page.evaluate(() => (window as unknown as { __offlineNotice: string[] }).__offlineNotice)).toEqual([])
  await expect(page.getByTestId('notification')).toHaveCount(0)
  // while the catalogue arrived, a count with a number said it was still growing
  const growing = counts.filter((c) => /\d/.test(c) && !/^\d+ producten$/.test(c))
  // on a fast machine the whole category can land in one go: then there was no growing count to check
  if (growing.length === 0) test.info().annotations.push({ type: 'note', description: `no intermediate count seen: ${counts.join(' | ')}` })
  expect(
    growing.every((c) => c.includes('tot nu toe')),
    counts.join(' | '),
  ).toBe(true)
})

test('en: a first visit to a category shows its first page while the catalogue replication has not brought a product yet', async ({ page }) => {
  // the product feed does not answer (a slow network on a big shop): categories and attributes do
  await page.context().route('**/api/ext/replication/v1/*/products/**', () => undefined)
  await page.goto('/en/c/clothing-3')
  await expect(page.getByRole('heading', { level: 1, name: 'Clothing' })).toBeVisible({ timeout: 60_000 })
  // the page asked the server for itself and the worker's mirror took the answer: a full first page
  // (the grid is virtual: the count says how many the page holds, the tiles how many are on screen)
  await expect(page.getByTestId('category-total')).toHaveText(/^18 products/, { timeout: 30_000 })
  await expect(page.getByTestId('product-tile').first()).toBeVisible()
  await expect(page.getByTestId('notification')).toHaveCount(0)
  // a tile opens its product (the product store finds the primed light document)
  const name = (await page.getByTestId('product-tile').first().getByRole('heading', { level: 3 }).textContent())!.trim()
  await page.getByTestId('product-tile').first().getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name, { timeout: 30_000 })
})
