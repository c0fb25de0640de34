/** axe on the main pages: no serious or critical violations; and heading outlines without gaps (Lighthouse heading-order). */
import { expect, test } from '@playwright/test'
import { headingGaps, seriousViolations } from './fixtures/checks'
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

test('on a phone, category and search results pages have heading outlines without gaps', async ({ page }) => {
  // a phone's filters are a closed panel (their h2 is not there): the tiles' h3 names need an h2 of
  // their own, not straight under the page's h1 (Lighthouse heading-order)
  await page.setViewportSize({ width: 390, height: 844 })
  const shop = new Shop(page, '/en')
  await shop.open('/')
  await expect(shop.categoryLinks().first()).toBeAttached({ timeout: 60_000 })
  await shop.open('/c/clothing-3')
  await expect(shop.tiles().first()).toBeVisible({ timeout: 60_000 })
  expect(await headingGaps(page)).toEqual([])

  await shop.open('/search/cotton')
  await expect(shop.tiles().first()).toBeVisible({ timeout: 60_000 })
  expect(await headingGaps(page)).toEqual([])
  expect(await seriousViolations(page)).toEqual([])
})
