/**
 * Offline, a category never visited shows its products from the local database; their pictures
 * were never fetched, so each is a drawn placeholder of the picture's size, never the browser's
 * broken-image icon.
 */
import { expect, test } from '@playwright/test'
import { Shop } from './fixtures/shop'

test('offline, pictures not on the device are drawn placeholders, not broken images', async ({ page, context }) => {
  const shop = new Shop(page, '/en')
  await shop.open('/')
  await expect(shop.categoryLinks().first()).toBeVisible({ timeout: 60_000 })
  await shop.openCategory(/Clothing/)
  await expect(page.locator('[data-catalog="ready"]')).toBeVisible({ timeout: 120_000 })

  await context.setOffline(true)
  await expect(page.getByTestId('offline-indicator')).toBeVisible()
  // another top category, reached in the app (its pictures were never loaded)
  await shop
    .categoryLinks()
    .filter({ hasNotText: /Clothing/ })
    .first()
    .click()
  await expect(shop.tiles().first()).toBeVisible()
  await expect(page.getByTestId('image-placeholder').first()).toBeVisible()

  const broken = () =>
    page.evaluate(() => [...document.querySelectorAll<HTMLImageElement>('main img')].filter((img) => img.complete && img.naturalWidth === 0).length)
  await expect.poll(broken).toBe(0)
  // each placeholder keeps the picture's box: the tile's media area is square as with a picture
  const box = await page.getByTestId('image-placeholder').first().boundingBox()
  expect(box && Math.abs(box.width - box.height)).toBeLessThan(2)

  // back online, the pictures are fetched again
  await context.setOffline(false)
  await expect
    .poll(() => page.evaluate(() => [...document.querySelectorAll<HTMLImageElement>('main img')].filter((i) => i.naturalWidth > 0).length))
    .toBeGreaterThan(0)
})
