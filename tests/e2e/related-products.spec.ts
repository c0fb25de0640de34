/**
 * Product page extras in a real Chromium against the built app and the real server: up-sell and
 * cross-sell tiles (at most 4 each) that open their product, and the price refresh — online the
 * price is confirmed through /api/product/render-list and no note shows; offline after a reload
 * (served by the service worker, the page from the local database) the "not current" note shows.
 */
import { expect, test, type Page } from '@playwright/test'
import en from '../../locales/en'
import { seriousViolations, waitForServiceWorker } from './fixtures/checks'
import { Shop } from './fixtures/shop'

async function openClothingProduct(page: Page): Promise<Shop> {
  const shop = new Shop(page, '/en')
  await shop.open('/')
  await expect(shop.categoryLinks().first()).toBeVisible({ timeout: 60_000 })
  await shop.openCategory(/Clothing/)
  await shop.tiles().first().getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  return shop
}

const priceOf = (page: Page) => page.locator('.product-page__price .price')

test('up-sell and cross-sell: at most 4 tiles each, a tile opens its product; online the price is current', async ({ page }) => {
  const renderList = page.waitForResponse((r) => r.url().includes('/api/product/render-list'))
  await openClothingProduct(page)
  const current = page.url()
  expect((await renderList).status()).toBe(200)
  await expect(priceOf(page)).toHaveAttribute('data-price-current', 'true')
  await expect(page.getByTestId('price-not-current')).toHaveCount(0)

  const upsell = page.getByTestId('upsell')
  const crosssell = page.getByTestId('crosssell')
  await expect(upsell.getByRole('heading', { level: 2 })).toHaveText(en.related.upsellTitle)
  await expect(crosssell.getByRole('heading', { level: 2 })).toHaveText(en.related.crosssellTitle)
  for (const block of [upsell, crosssell]) {
    const count = await block.getByTestId('product-tile').count()
    expect(count).toBeGreaterThanOrEqual(1)
    expect(count).toBeLessThanOrEqual(4)
  }
  // never the product itself, never one product in both blocks
  const skus = await page.locator('.related-products [data-sku]').evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-sku')))
  expect(new Set(skus).size).toBe(skus.length)
  expect(skus.some((sku) => current.includes(`/p/${encodeURIComponent(sku ?? '')}/`))).toBe(false)
  expect(await seriousViolations(page, '.related-products__blocks')).toEqual([])

  const tile = crosssell.getByTestId('product-tile').first()
  const name = (await tile.getByRole('heading', { level: 3 }).textContent())!.trim()
  const sku = (await tile.getAttribute('data-sku'))!
  await tile.getByRole('link').first().click()
  await expect(page).toHaveURL(new RegExp(`/en/p/${encodeURIComponent(sku)}/`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  await expect(priceOf(page)).toHaveAttribute('data-price-current', 'true')
})

test('offline after a reload, the product page shows its stored price with the "not current" note', async ({ page, context }) => {
  await openClothingProduct(page)
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim()
  await expect(priceOf(page)).toHaveAttribute('data-price-current', 'true')
  await expect(page.getByTestId('price-not-current')).toHaveCount(0)
  await waitForServiceWorker(page)
  await context.setOffline(true)
  try {
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
    await expect(priceOf(page)).toHaveAttribute('data-price-current', 'false')
    await expect(page.getByTestId('price-not-current')).toHaveText(en.related.priceNotChecked)
    await expect(priceOf(page).getByTestId('price')).toBeVisible()
    // offline the blocks come from the local catalogue
    await expect(page.getByTestId('upsell').getByTestId('product-tile').first()).toBeVisible()
  } finally {
    await context.setOffline(false)
  }
})
