/**
 * The store switcher keeps the page (issue 13: "FR" on a Dutch product page landed on the French
 * home page): the same product, category or search in the other language.
 */
import { expect, test } from '@playwright/test'
import fr from '../../locales/fr'
import nl from '../../locales/nl'

test('nl → fr: the switcher keeps the product, the category with its filter, and the search', async ({ page }) => {
  await page.goto('/nl/c/kleding-3')
  await expect(page.getByRole('heading', { level: 1, name: 'Kleding' })).toBeVisible({ timeout: 60_000 })
  const switcher = page.locator('.site-header__bar').getByRole('navigation', { name: nl.header.storeSwitcher })

  // a product: the French page of the same sku, at its French address
  const tile = page.getByTestId('product-tile').first()
  const sku = await tile.getAttribute('data-sku')
  await tile.getByRole('link').first().click()
  await expect(page.getByTestId('add-to-cart')).toBeVisible()
  await switcher.getByRole('link', { name: /^FR/ }).click()
  await expect(page).toHaveURL(new RegExp(`/fr/p/${sku}/`))
  await expect(page.getByTestId('add-to-cart')).toBeVisible({ timeout: 60_000 })
  await expect(page.locator('html')).toHaveAttribute('lang', /^fr/)

  // a category with a filter in its query: the same category and filter, in French
  await page.goto('/nl/c/kleding-3?color=49')
  await expect(page.getByRole('heading', { level: 1, name: 'Kleding' })).toBeVisible({ timeout: 60_000 })
  await switcher.getByRole('link', { name: /^FR/ }).click()
  await expect(page).toHaveURL(/\/fr\/c\/[^/?]+-3\?color=49$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Vêtements' })).toBeVisible({ timeout: 60_000 })

  // a search keeps its words
  await page.goto('/fr/search/coton')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('coton', { timeout: 60_000 })
  await page.locator('.site-header__bar').getByRole('navigation', { name: fr.header.storeSwitcher }).getByRole('link', { name: /^EN/ }).click()
  await expect(page).toHaveURL(/\/en\/search\/coton$/)
})
