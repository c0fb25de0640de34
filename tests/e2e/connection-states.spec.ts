/**
 * Offline, server trouble and slow are three states with their own words and actions,
 * in a real Chromium against the built app and the real server: the API answering 500 on a product
 * never visited shows the retry state (never offline words) and Retry shows the product once the
 * server answers; offline, a product listed in a category but never opened opens from its light
 * document and a simple one goes into the cart; the full details replace it back online; and stock
 * is told before the click (an out-of-stock add-to-cart is disabled, the quantity capped at stock).
 */
import { expect, test, type Page } from '@playwright/test'
import en from '../../locales/en'
import { productsOfType, sellable, type SourceDoc } from './fixtures/catalog-api'
import { seriousViolations } from './fixtures/checks'
import { Shop } from './fixtures/shop'

const productPath = (p: SourceDoc) => `/p/${encodeURIComponent(String(p.sku))}/${encodeURIComponent(String(p.slug))}`
const stockOf = (p: SourceDoc) => p.stock as { qty: number; is_in_stock: boolean; manage_stock?: boolean }

/** The offline wordings a page or message may use: none may show for server trouble. */
const OFFLINE_WORDS = [en.offlineUnavailable.title, en.messages.offlineNotAvailable, en.sync.offline, en.connection.offlineTitle, en.connection.offlineProduct]

/** The page and its messages (the footer's tagline speaks of offline shopping in general). */
async function expectNoOfflineWords(page: Page): Promise<void> {
  const text = [await page.getByRole('main').innerText(), await page.getByRole('region', { name: en.notifications }).innerText()].join('\n')
  for (const words of OFFLINE_WORDS) expect(text).not.toContain(words)
  await expect(page.getByTestId('offline-indicator')).toHaveCount(0)
}

test.describe('server trouble', () => {
  // the service worker's API fallbacks would answer instead of the route below
  test.use({ serviceWorkers: 'block' })

  test('/api answering 500 on a product never visited: the retry state, not offline; Retry shows the product', async ({ page, request }) => {
    const product = (await productsOfType(request, 'simple')).find(sellable)
    expect(product, 'the demo shop has a sellable simple product').toBeDefined()
    await page.route('**/api/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":500,"result":"boom"}' }))

    await page.goto(`/en${productPath(product!)}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.connection.serverTroubleTitle, { timeout: 30_000 })
    await expect(page.getByText(en.connection.serverTroubleText)).toBeVisible()
    const retry = page.getByRole('button', { name: en.connection.retry })
    await expect(retry).toBeVisible()
    await expectNoOfflineWords(page)
    expect(await seriousViolations(page)).toEqual([])

    // Retry while the server still fails: the same state again, still not offline
    await retry.click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.connection.serverTroubleTitle)
    await expectNoOfflineWords(page)

    await page.unroute('**/api/**')
    await page.getByRole('button', { name: en.connection.retry }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(String(product!.name), { timeout: 30_000 })
    await expect(page.getByTestId('add-to-cart')).toBeEnabled()
    await expect(page.getByRole('button', { name: en.connection.retry })).toHaveCount(0)

    // the server fails again: an add is kept on the device, and the cart says the shop is not answering
    await page.route('**/api/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":500,"result":"boom"}' }))
    await page.getByTestId('add-to-cart').click()
    const microcart = page.getByTestId('microcart')
    await expect(microcart.getByTestId('microcart-item')).toHaveCount(1)
    const note = microcart.getByTestId('cart-sync-note')
    await expect(note).toHaveAttribute('data-state', 'server-trouble', { timeout: 30_000 })
    await expect(note).toHaveText(en.microcart.pendingSyncServerTrouble)
    await expect(microcart).not.toContainText(en.microcart.pendingSync)
  })
})

test.describe('server trouble on a shop address', () => {
  test.use({ serviceWorkers: 'block' })

  test('/api answering 500 on an address the device has not resolved: the retry state, not "page not found" or offline', async ({ page, request }) => {
    const product = (await productsOfType(request, 'simple')).find((p) => sellable(p) && typeof p.url_path === 'string')
    expect(product, 'a sellable simple product with a url_path').toBeDefined()
    const shop = new Shop(page, '/en')
    await shop.open('/')
    await page.route('**/api/**', (route) => route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Internal Server Error</h1>' }))
    // reached in the app (a link with the shop's url_path), so the URL dispatcher asks the server
    await page.evaluate(
      (path) => {
        history.pushState(history.state, '', path)
        dispatchEvent(new PopStateEvent('popstate', { state: history.state }))
      },
      `/en/${String(product!.url_path)}`,
    )
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.connection.serverTroubleTitle)
    await expectNoOfflineWords(page)
    await expect(page.getByRole('main')).not.toContainText(en.notFound.title)

    await page.unroute('**/api/**')
    await page.getByRole('button', { name: en.connection.retry }).click()
    await expect(page).toHaveURL(new RegExp(`/en/p/${encodeURIComponent(String(product!.sku))}/`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(String(product!.name), { timeout: 30_000 })
  })
})

test.describe('slow', () => {
  test.use({ serviceWorkers: 'block' })

  test('a slow server: a listed product shows its light document at once, "Still loading…", then the full one', async ({ page }) => {
    const shop = new Shop(page, '/en')
    await shop.open('/')
    await expect(shop.categoryLinks().first()).toBeVisible({ timeout: 60_000 })
    await shop.openCategory(/Food/)
    await expect(page.locator('[data-catalog="ready"]')).toBeVisible({ timeout: 120_000 })
    // the product's full document takes 6 s: past SLOW_AFTER_MS (src/ui/slow.ts), so "Still loading…" shows first
    let delayed = 0
    await page.route('**/api/catalog/**', async (route) => {
      delayed++
      await new Promise((resolve) => setTimeout(resolve, 6000))
      await route.continue()
    })
    const name = (await shop.tiles().first().getByRole('heading').textContent())?.trim()
    await shop.tiles().first().getByRole('link').first().click()
    await expect(page.getByTestId('product-light')).toBeVisible({ timeout: 2000 })
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name!)
    await expect(page.getByTestId('product-light-note')).toHaveText(en.connection.lightLoading)
    await expect(page.getByTestId('product-light-note')).toHaveText(en.connection.stillLoading, { timeout: 5000 })
    await expect(page.getByTestId('product-light')).toHaveCount(0, { timeout: 15_000 })
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name!)
    expect(delayed).toBeGreaterThan(0)
  })
})

test('offline, a product listed in a category and never opened opens from the device; a simple one goes into the cart', async ({ page, context, request }) => {
  const simples = new Map((await productsOfType(request, 'simple')).filter(sellable).map((p) => [String(p.sku), p]))
  const shop = new Shop(page, '/en')
  await shop.open('/')
  await expect(shop.categoryLinks().first()).toBeVisible({ timeout: 60_000 })
  await shop.openCategory(/Food/)
  await expect(page.locator('[data-catalog="ready"]')).toBeVisible({ timeout: 120_000 })

  await context.setOffline(true)
  await expect(page.getByTestId('offline-indicator')).toBeVisible()
  // the first tile of a simple product in stock (its page was never opened)
  const hrefs = await shop
    .tiles()
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
  const href = hrefs.find((h) => simples.has(decodeURIComponent(h.split('/p/')[1]?.split('/')[0] ?? '')))
  expect(href, 'the category lists a simple product in stock').toBeDefined()
  const product = simples.get(decodeURIComponent(href!.split('/p/')[1]!.split('/')[0]!))!
  await shop.tiles().locator(`a[href="${href}"]`).first().click()

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(String(product.name))
  await expect(page.getByTestId('product-light')).toBeVisible()
  await expect(page.getByTestId('product-light-note')).toHaveText(en.connection.lightOffline)
  await expect(page.getByTestId('stock')).toHaveText(en.product.inStock)
  expect(await seriousViolations(page, 'main')).toEqual([])

  await page.getByTestId('add-to-cart').click()
  await expect(shop.cartMessage()).toHaveText(en.messages.productAddedToCart)
  await expect(page.getByTestId('microcart-item')).toHaveCount(1)
  await expect(page.getByTestId('microcart-item')).toContainText(String(product.name))
  await expect.poll(() => shop.microcartCount()).toBe(1)
  await expect(page.getByTestId('cart-sync-note')).toHaveAttribute('data-state', 'offline')
  await page.keyboard.press('Escape')

  // back online, the full details replace the light document on the open page
  await context.setOffline(false)
  await expect(page.getByTestId('product-light')).toHaveCount(0, { timeout: 30_000 })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(String(product.name))
  await expect(page.locator('.product-page')).toBeVisible()
})

test('stock before the click: out of stock disables add-to-cart with the reason; the quantity is capped at a low stock', async ({ page, request }) => {
  const simples = await productsOfType(request, 'simple')
  const listed = (p: SourceDoc) => p.status === 1 && p.visibility === 4
  const out = simples.find((p) => listed(p) && !stockOf(p).is_in_stock)
  const low = simples.find((p) => listed(p) && stockOf(p).is_in_stock && stockOf(p).manage_stock !== false && stockOf(p).qty >= 1 && stockOf(p).qty <= 3)
  expect(out, 'the demo shop has an out-of-stock simple product').toBeDefined()
  expect(low, 'the demo shop has a simple product with 1 to 3 left').toBeDefined()

  const shop = new Shop(page, '/en')
  await shop.open('/')
  await expect(shop.categoryLinks().first()).toBeVisible({ timeout: 60_000 })
  await shop.open(productPath(out!))
  await expect(page.getByTestId('product-light')).toHaveCount(0, { timeout: 30_000 })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(String(out!.name))
  await expect(page.getByTestId('stock')).toHaveText(en.product.outOfStock)
  const button = page.getByTestId('add-to-cart')
  await expect(button).toBeDisabled()
  await expect(page.getByTestId('add-to-cart-reason')).toHaveText(en.product.outOfStockNote)
  await expect(button).toHaveAccessibleDescription(en.product.outOfStockNote)
  expect(await seriousViolations(page, 'main')).toEqual([])

  // a configurable's chosen child that is out of stock: the same, before any click
  const configurables = await productsOfType(request, 'configurable')
  const withOutChild = configurables.find((p) => listed(p) && (p.configurable_children as SourceDoc[] | undefined)?.some((c) => !stockOf(c).is_in_stock))
  expect(withOutChild, 'the demo shop has a configurable with an out-of-stock child').toBeDefined()
  const outChild = (withOutChild!.configurable_children as SourceDoc[]).find((c) => !stockOf(c).is_in_stock)!
  await shop.open(`${productPath(withOutChild!)}/${encodeURIComponent(String(outChild.sku))}`)
  await expect(page.getByTestId('product-light')).toHaveCount(0, { timeout: 30_000 })
  await expect(page.getByText(en.product.sku.replace('{sku:string}', String(outChild.sku)))).toBeVisible()
  await expect(page.getByTestId('stock')).toHaveText(en.product.outOfStock)
  await expect(page.getByTestId('add-to-cart')).toBeDisabled()
  await expect(page.getByTestId('add-to-cart-reason')).toHaveText(en.product.outOfStockNote)

  const qty = stockOf(low!).qty
  await shop.open(productPath(low!))
  await expect(page.getByTestId('product-light')).toHaveCount(0, { timeout: 30_000 })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(String(low!.name))
  const input = page.getByLabel(en.product.qty)
  await expect(input).toHaveAttribute('max', String(qty))
  await input.fill('9')
  await expect(input).toHaveValue(String(qty))
  await expect(page.getByTestId('qty-max')).toHaveText(en.product.qtyMax.replace('{qty:number}', String(qty)))
  await page.getByTestId('add-to-cart').click()
  // the line holds what the stock allows (the shop may still call so few "volatile")
  await expect(page.getByTestId('microcart-item-qty')).toHaveText(String(qty))
})
