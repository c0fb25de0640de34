/** axe on the main pages: no serious or critical violations. */
import { expect, test } from '@playwright/test'
import { seriousViolations } from './fixtures/checks'
import { Shop } from './fixtures/shop'

test('home, category and product pages have no serious accessibility violations', async ({ page }) => {
  const shop = new Shop(page, '/en')
  await shop.open('/')
  await expect(shop.categoryLinks().first()).toBeVisible({ timeout: 60_000 })
  expect(await seriousViolations(page)).toEqual([])

  await shop.openCategory(/Clothing/)
  expect(await seriousViolations(page)).toEqual([])

  await shop.openFirstConfigurable()
  expect(await seriousViolations(page)).toEqual([])
})
