/**
 * The Content-Security-Policy the server sends in force on the real built app: a
 * shopper's journey — home, category, product, add to cart, search, cart — works, and the browser
 * reports no violation in the page or its workers.
 */
import { expect, test } from '@playwright/test'
import { watchCspViolations } from './fixtures/checks'
import en from '../../locales/en'
import { Shop } from './fixtures/shop'

test('the app runs under its Content-Security-Policy without a single violation', async ({ page }) => {
  const violations = await watchCspViolations(page)

  const shop = new Shop(page, '/en')
  const response = await page.goto(shop.url('/'))
  const csp = response?.headers()['content-security-policy'] ?? ''
  expect(csp).toContain("script-src 'self'")
  expect(csp).toContain("frame-ancestors 'none'")
  await expect(shop.categoryLinks().first()).toBeVisible({ timeout: 60_000 })

  await shop.openCategory(/Clothing/)
  await shop.openFirstConfigurable()
  await shop.chooseColourAndSize()
  await page.getByTestId('add-to-cart').click()
  await expect(shop.cartMessage()).toHaveText(en.messages.productAddedToCart)
  await expect.poll(async () => page.getByTestId('microcart').getAttribute('data-server-cart-id'), { timeout: 30_000 }).toMatch(/^[A-Za-z0-9]{32}$/)
  // pictures are drawn (img-src), the service worker is registered (worker-src)
  await expect.poll(() => page.evaluate(() => [...document.images].filter((i) => i.complete && i.naturalWidth > 0).length)).toBeGreaterThan(0)
  await expect.poll(() => page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration())), { timeout: 30_000 }).toBe(true)

  await shop.open('/search/shirt')
  await expect(shop.tiles().first()).toBeVisible()

  expect(await violations.found()).toEqual([])
})
