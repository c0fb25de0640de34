/**
 * Two shoppers order in a row on one device while it is offline, in /nl with
 * automatic transmission (the default): each placed order empties the cart, so the second
 * shopper's order holds only their own product; back online both reach the shop once each, in the
 * order placed, each with its own lines and name (the shop's confirmation mails say so), and the
 * cart stays empty. The confirmation page reloads offline from the device.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import nl from '../../locales/nl'
import { waitForServiceWorker } from './fixtures/checks'
import { BRUSSELS, chooseBankTransferAndAccept, fillAddress, simpleProduct, recordOrderPosts } from './fixtures/checkout-flow'
import { productsOfType, sellable, type SourceDoc } from './fixtures/catalog-api'
import { mailsTo } from './fixtures/outbox'
import { Shop } from './fixtures/shop'

interface Shopper {
  email: string
  firstName: string
  lastName: string
}

async function secondProduct(request: APIRequestContext, first: SourceDoc): Promise<SourceDoc> {
  const simples = await productsOfType(request, 'simple')
  const other = simples.find(
    (p) =>
      p.sku !== first.sku &&
      sellable(p) &&
      !(Array.isArray(p.custom_options) && p.custom_options.length > 0) &&
      Number((p.stock as { qty?: number }).qty ?? 100) >= 10,
  )
  expect(other, 'the demo shop has a second simple product in stock').toBeDefined()
  return other!
}

/** Adds the product from its page and answers its name as this store view shows it. */
async function addProduct(page: Page, shop: Shop, product: SourceDoc, count: number): Promise<string> {
  await shop.open(`/p/${encodeURIComponent(String(product.sku))}/${encodeURIComponent(String(product.slug))}`)
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim()
  await page.getByTestId('add-to-cart').click()
  await expect.poll(() => shop.microcartCount()).toBe(count)
  return name
}

async function orderAs(page: Page, shop: Shop, shopper: Shopper): Promise<void> {
  await shop.open('/checkout')
  await page.locator('#co-email').fill(shopper.email)
  await page.locator('#co-firstName').fill(shopper.firstName)
  await page.locator('#co-lastName').fill(shopper.lastName)
  // picked up in the shop: the billing address
  await fillAddress(page, 'bill', BRUSSELS)
  await chooseBankTransferAndAccept(page)
  await page.getByRole('button', { name: nl.checkout.placeOrder }).click()
  await expect(page).toHaveURL(/\/nl\/success$/)
  await expect(page.locator('[data-route="success"]')).toHaveAttribute('data-order-status', 'queued')
}

test('nl: two shoppers order offline in a row: each order holds its own lines and name, both arrive once', async ({ page, context, request }) => {
  const first = await simpleProduct(request)
  const second = await secondProduct(request, first)
  const posts = await recordOrderPosts(context)
  const stamp = Date.now()
  const anna: Shopper = { email: `anna.${stamp}@example.be`, firstName: 'Anna', lastName: 'Peeters' }
  const bram: Shopper = { email: `bram.${stamp}@example.be`, firstName: 'Bram', lastName: 'Janssens' }

  const shop = new Shop(page, '/nl')
  await shop.open('/')
  await expect(shop.categoryLinks().first()).toBeVisible({ timeout: 60_000 })
  const firstName = await addProduct(page, shop, first, 1)
  await shop.open('/checkout')
  await waitForServiceWorker(page)
  await context.setOffline(true)
  await expect(page.getByTestId('offline-indicator')).toBeVisible()

  await orderAs(page, shop, anna)
  // the confirmation reloads offline, from the device (item 8)
  await page.reload()
  await expect(page.locator('[data-route="success"]')).toHaveAttribute('data-order-status', 'queued')
  await expect(page.getByTestId('order-summary')).toContainText(firstName)
  // the order took the cart: the next shopper starts from an empty one
  await shop.open('/')
  await expect.poll(() => shop.microcartCount()).toBe(0)

  const secondName = await addProduct(page, shop, second, 1)
  await orderAs(page, shop, bram)
  await shop.open('/')
  await expect.poll(() => shop.microcartCount()).toBe(0)
  expect(posts).toEqual([])

  await context.setOffline(false)
  await expect.poll(() => posts.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(2)
  await shop.open('/my-account/orders')
  await expect(page.getByTestId('orders-row')).toHaveCount(2)
  for (const row of await page.getByTestId('orders-row').all()) {
    await expect(row).toHaveAttribute('data-order-status', 'placed', { timeout: 45_000 })
  }
  expect(new Set(posts).size).toBe(2)

  // the shop's word: one confirmation each, with that shopper's name and only their product
  expect(firstName).not.toBe(secondName)
  await expect.poll(() => mailsTo(anna.email).length, { timeout: 30_000 }).toBe(1)
  await expect.poll(() => mailsTo(bram.email).length, { timeout: 30_000 }).toBe(1)
  const annaMail = mailsTo(anna.email)[0]!.text
  const bramMail = mailsTo(bram.email)[0]!.text
  expect(annaMail).toContain('Anna')
  expect(annaMail).toContain(firstName)
  expect(annaMail).not.toContain(secondName)
  expect(bramMail).toContain('Bram')
  expect(bramMail).toContain(secondName)
  expect(bramMail).not.toContain(firstName)
  const numberOf = (text: string) => Number(/\b(\d{9})\b/.exec(text)?.[1])
  expect(numberOf(annaMail)).toBeLessThan(numberOf(bramMail))
  await expect.poll(() => shop.microcartCount()).toBe(0)
})
