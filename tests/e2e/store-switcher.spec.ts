/**
 * The store switcher keeps the page rather than landing on the other language's home: the same
 * product, category or search in the other language; and the cart follows the shopper (it stayed
 * behind in /nl), priced by the other store view.
 */
import { expect, test } from '@playwright/test'
import fr from '../../locales/fr'
import nl from '../../locales/nl'
import { waitForServiceWorker } from './fixtures/checks'
import { plainSpaces, Shop } from './fixtures/shop'

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

test('nl → fr: the cart follows the shopper, priced and written as the French store view does, and /nl keeps none of it', async ({ page, request }) => {
  const shop = new Shop(page, '/nl')
  await shop.open('/')
  await expect(shop.categoryLinks().first()).toBeVisible({ timeout: 60_000 })
  await shop.openCategory(/Kleding/)
  await shop.openFirstConfigurable()
  await shop.chooseColourAndSize()
  const childSku = page.url().split('/').pop()!
  await page.getByTestId('add-to-cart').click()
  await expect(page.getByTestId('microcart-item')).toHaveCount(1)
  // the Dutch line, once on the Dutch server cart
  const microcartCartId = () => page.getByTestId('microcart').getAttribute('data-server-cart-id')
  await expect.poll(microcartCartId, { timeout: 30_000 }).toMatch(/^[A-Za-z0-9]{32}$/)
  const nlCartId = await microcartCartId()
  expect(plainSpaces((await page.getByTestId('microcart-subtotal').textContent()) ?? '')).toMatch(/^€ \d+,\d{2}$/)
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('microcart')).toHaveCount(0)

  await page.locator('.site-header__bar').getByRole('navigation', { name: nl.header.storeSwitcher }).getByRole('link', { name: /^FR/ }).click()
  await expect(page).toHaveURL(/\/fr\/p\//)
  await expect(page.locator('html')).toHaveAttribute('lang', /^fr/)
  await expect.poll(() => shop.microcartCount(), { timeout: 30_000 }).toBe(1)
  await shop.microcartButton().click()
  const line = page.getByTestId('microcart-item')
  await expect(line).toHaveCount(1)
  await expect(line.getByTestId('microcart-item-qty')).toHaveText('1')
  // French price format (1 234,56 €) and French option labels
  await expect.poll(async () => plainSpaces((await page.getByTestId('microcart-subtotal').textContent()) ?? '')).toMatch(/^\d{1,3}( \d{3})*,\d{2} €$/)
  await expect(line).toContainText(/Couleur/)
  // the French server cart gets the same child sku
  await expect.poll(microcartCartId, { timeout: 30_000 }).toMatch(/^[A-Za-z0-9]{32}$/)
  const frCartId = await microcartCartId()
  expect(frCartId).not.toBe(nlCartId)
  const pull = async (cartId: string) => {
    const body = (await (await request.get(`/api/cart/pull?cartId=${cartId}`)).json()) as { result: { sku: string; qty: number }[] }
    return body.result.map((i) => `${i.sku}×${i.qty}`)
  }
  await expect.poll(() => pull(frCartId!), { timeout: 30_000 }).toEqual([`${childSku}×1`])

  // back in /nl: the cart moved, it was not copied (locally and on the Dutch server cart)
  await page.goto('/nl/')
  await expect(page.locator('html')).toHaveAttribute('lang', /^nl/)
  await expect.poll(() => pull(nlCartId!), { timeout: 30_000 }).toEqual([])
  expect(await shop.microcartCount()).toBe(0)
})

test('offline: the cart follows the shopper to a store view visited before, and reaches its server cart when back online', async ({
  page,
  context,
  request,
}) => {
  const shop = new Shop(page, '/nl')
  const switcher = (name: string) => page.locator('.site-header__bar').getByRole('navigation', { name })
  await shop.open('/')
  await expect(shop.categoryLinks().first()).toBeVisible({ timeout: 60_000 })
  await shop.openCategory(/Kleding/)
  await shop.openFirstConfigurable()
  await shop.chooseColourAndSize()
  const childSku = page.url().split('/').pop()!
  // the French page of this product, seen once online (its documents are then on the device)
  await switcher(nl.header.storeSwitcher).getByRole('link', { name: /^FR/ }).click()
  await expect(page).toHaveURL(/\/fr\/p\//)
  await expect(page.getByTestId('add-to-cart')).toBeVisible({ timeout: 60_000 })
  await waitForServiceWorker(page)
  await switcher(fr.header.storeSwitcher).getByRole('link', { name: /^NL/ }).click()
  await expect(page).toHaveURL(new RegExp(`/nl/p/.+/${childSku}$`))
  await expect(page.getByTestId('add-to-cart')).toBeEnabled({ timeout: 60_000 })

  await context.setOffline(true)
  await expect(page.getByTestId('offline-indicator')).toBeVisible()
  await page.getByTestId('add-to-cart').click()
  await expect(page.getByTestId('microcart-item')).toHaveCount(1)
  await page.keyboard.press('Escape')
  await switcher(nl.header.storeSwitcher).getByRole('link', { name: /^FR/ }).click()
  await expect(page).toHaveURL(/\/fr\/p\//)
  await expect(page.getByTestId('offline-indicator')).toBeVisible({ timeout: 30_000 })
  await expect.poll(() => shop.microcartCount(), { timeout: 30_000 }).toBe(1)
  await shop.microcartButton().click()
  await expect(page.getByTestId('microcart-item')).toHaveCount(1)
  await expect.poll(async () => plainSpaces((await page.getByTestId('microcart-subtotal').textContent()) ?? '')).toMatch(/^\d{1,3}( \d{3})*,\d{2} €$/)
  // offline nothing reaches a server cart yet
  expect(await page.getByTestId('microcart').getAttribute('data-server-cart-id')).toBeNull()

  await context.setOffline(false)
  const cartId = () => page.getByTestId('microcart').getAttribute('data-server-cart-id')
  await expect.poll(cartId, { timeout: 45_000 }).toMatch(/^[A-Za-z0-9]{32}$/)
  const body = async () => (await (await request.get(`/api/cart/pull?cartId=${(await cartId())!}`)).json()) as { result: { sku: string; qty: number }[] }
  await expect.poll(async () => (await body()).result.map((i) => `${i.sku}×${i.qty}`), { timeout: 30_000 }).toEqual([`${childSku}×1`])
})
