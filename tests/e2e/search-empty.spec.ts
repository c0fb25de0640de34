/**
 * Landing on a results page (issue 13): the box holds the words, ready to refine, and a search
 * that finds nothing offers the shop's categories instead of a dead end.
 */
import { expect, test } from '@playwright/test'
import en from '../../locales/en'
import { Shop } from './fixtures/shop'

test('en: /search/xyzzyq shows its words in the box and offers the categories; one opens', async ({ page }) => {
  const shop = new Shop(page, '/en')
  await shop.open('/')
  await expect(shop.categoryLinks().first()).toBeVisible({ timeout: 60_000 })
  await shop.open('/search/xyzzyq')
  await expect(page.getByTestId('search-count')).toHaveText(en.search.noResults.replace('{query:string}', 'xyzzyq'))
  await expect(page.getByRole('searchbox')).toHaveValue('xyzzyq')

  const help = page.getByTestId('search-help')
  await expect(help.getByRole('heading', { name: en.search.browseInstead })).toBeVisible()
  const first = help.getByRole('link').first()
  const name = (await first.textContent())!.trim()
  await first.click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
})
