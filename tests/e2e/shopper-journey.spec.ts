/**
 * The foundation's shopper journeys, in a real Chromium against the built app and the real server:
 * browse in Dutch, filter, choose a variant, add to the cart, lose the network, reload, change the
 * cart offline, come back online and find the server cart up to date; French formatting; two tabs.
 */
import { expect, test, type Page } from '@playwright/test'
import fr from '../../locales/fr'
import nl from '../../locales/nl'
import { waitForServiceWorker } from './fixtures/checks'
import { plainSpaces, Shop } from './fixtures/shop'

test.describe.configure({ mode: 'serial' })

async function serverCartId(page: Page): Promise<string> {
  const id = await page.getByTestId('microcart').getAttribute('data-server-cart-id')
  expect(id, 'the microcart names the server cart once synced').toMatch(/^[A-Za-z0-9]{32}$/)
  return id!
}

test('nl: category, colour filter, variant, add to cart, offline reload, server cart after reconnect', async ({ page, context, request }) => {
  const shop = new Shop(page, '/nl')
  await shop.open('/')
  await expect(shop.categoryLinks().first()).toBeVisible({ timeout: 60_000 })
  await shop.openCategory(/Kleding/)

  const before = await shop.tiles().count()
  const colourFacet = page.getByTestId('facet-color')
  await colourFacet.getByRole('button').first().click()
  await expect(page).toHaveURL(/[?&]color=\d+/)
  await expect(colourFacet.getByRole('button').first()).toHaveAttribute('aria-pressed', 'true')
  await expect(shop.tiles().first()).toBeVisible()
  expect(before).toBeGreaterThan(0)

  await shop.openFirstConfigurable()
  const productName = (await page.getByRole('heading', { level: 1 }).textContent())!.trim()
  await shop.chooseColourAndSize()
  const childSku = page.url().split('/').pop()!

  await page.getByTestId('add-to-cart').click()
  // the add speaks inside the microcart it opens (the dialog's description), never as a message over it
  await expect(shop.cartMessage()).toHaveText(nl.messages.productAddedToCart)
  await expect(page.getByTestId('microcart')).toHaveAttribute('aria-describedby', 'microcart-message')
  await expect(shop.notifications()).toHaveCount(0)
  await expect(page.getByTestId('microcart-item')).toHaveCount(1)
  await expect.poll(() => shop.microcartCount()).toBe(1)

  // The server cart gets the child sku while online.
  await expect.poll(async () => page.getByTestId('microcart').getAttribute('data-server-cart-id'), { timeout: 30_000 }).toMatch(/^[A-Za-z0-9]{32}$/)
  const cartId = await serverCartId(page)

  // Offline: the product page and the cart come back from the local database after a reload.
  await waitForServiceWorker(page)
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(productName)
  await expect(page.getByTestId('offline-indicator')).toBeVisible()
  await expect.poll(() => shop.microcartCount()).toBe(1)

  // A change made offline waits in the queue …
  await shop.microcartButton().click()
  // the stepper: decrease, quantity, increase
  await page.getByTestId('microcart-item').getByRole('group').getByRole('button').last().click()
  await expect.poll(() => shop.microcartCount()).toBe(2)
  await page.reload()
  await expect.poll(() => shop.microcartCount()).toBe(2)

  // … and reaches the server cart when the network is back.
  await context.setOffline(false)
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/cart/pull?cartId=${cartId}`)
        const body = (await res.json()) as { result: { sku: string; qty: number }[] }
        return body.result.map((i) => `${i.sku}×${i.qty}`)
      },
      { timeout: 45_000 },
    )
    .toEqual([`${childSku}×2`])
})

test('fr: French text and 1 234,56 €-style prices, also on the French host', async ({ page, baseURL }) => {
  const shop = new Shop(page, '/fr')
  await shop.open('/')
  await expect(page.locator('html')).toHaveAttribute('lang', /^fr/)
  await expect(shop.categoryLinks().first()).toBeVisible({ timeout: 60_000 })
  await shop.openCategory(/Vêtements/)
  const price = plainSpaces((await shop.tiles().first().getByTestId('price').first().textContent()) ?? '')
  expect(price).toMatch(/^\d{1,3}( \d{3})*,\d{2} €$/)

  await shop.openFirstConfigurable()
  await shop.chooseColourAndSize()
  expect(plainSpaces((await page.getByTestId('price').first().textContent()) ?? '')).toMatch(/\d,\d{2} €$/)
  await page.getByTestId('add-to-cart').click()
  await expect(shop.cartMessage()).toHaveText(fr.messages.productAddedToCart)

  // The French store view on its own host, without a prefix.
  const frHost = baseURL!.replace('localhost', 'fr.localhost')
  await page.goto(`${frHost}/`)
  await expect(page.locator('html')).toHaveAttribute('lang', /^fr/)
  await expect(
    page
      .getByTestId('category-link')
      .filter({ hasText: /Vêtements/ })
      .first(),
  ).toBeVisible({ timeout: 60_000 })
})

test('two tabs: a product added in one shows in the other tab’s microcart', async ({ context }) => {
  const first = await context.newPage()
  const second = await context.newPage()
  const a = new Shop(first, '/en')
  const b = new Shop(second, '/en')
  await a.open('/')
  await b.open('/')
  await expect(a.categoryLinks().first()).toBeVisible({ timeout: 60_000 })
  const startCount = await b.microcartCount()

  await a.openCategory(/Clothing/)
  await a.openFirstConfigurable()
  await a.chooseColourAndSize()
  await first.getByTestId('add-to-cart').click()
  await expect.poll(() => a.microcartCount()).toBe(startCount + 1)
  await expect.poll(() => b.microcartCount(), { timeout: 15_000 }).toBe(startCount + 1)
})
