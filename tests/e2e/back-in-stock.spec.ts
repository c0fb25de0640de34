/**
 * Back in stock, end to end: a shopper on an out-of-stock product page leaves their address in the
 * "Notify me when it is back" form (its own chunk, sent through the data worker's queue); the import
 * extension restocks the product; the server's outbox then holds one mail to that address with the
 * product's link, and a second restock adds none.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { E2E_IMPORT_API_KEY } from './playwright.config'
import { mailsTo } from './fixtures/outbox'
import { productsOfType, sellable } from './fixtures/catalog-api'
import { Shop } from './fixtures/shop'

async function setStock(request: APIRequestContext, sku: string, qty: number, isInStock: boolean): Promise<void> {
  const res = await request.post('/api/ext/import/batch', {
    headers: { authorization: `Bearer ${E2E_IMPORT_API_KEY}` },
    data: { storeViews: { en: { stock: [{ sku, qty, is_in_stock: isInStock }] } } },
  })
  expect(res.status(), await res.text()).toBe(200)
}

test('a shopper asks to be told when a product is back; the restock through the import extension mails them once, with its link', async ({ page, request }) => {
  // a fresh server's first searches wait for its start-up work
  test.setTimeout(240_000)
  let product: Record<string, unknown> | undefined
  await expect(async () => {
    // the last sellable one: the other specs buy the first (tests/e2e/fixtures/checkout-flow.ts), and a
    // product this test sells out and restocks must not be one they count on
    product = (await productsOfType(request, 'simple')).filter(sellable).at(-1)
    expect(product).toBeDefined()
  }).toPass({ timeout: 120_000 })
  const sku = String(product!.sku)
  const slug = String(product!.slug)
  const email = `back-in-stock-${Date.now()}@example.com`
  const stockBefore = Number((product!.stock as { qty?: number } | undefined)?.qty ?? 100)
  try {
    await askAndRestock(page, request, { sku, slug, email, name: String(product!.name) })
  } finally {
    // the shop as it was for the specs after this one
    await setStock(request, sku, stockBefore, true)
  }
})

/** The shopper's ask on the sold-out product page, then two restocks through the import extension: one mail. */
async function askAndRestock(
  page: Page,
  request: APIRequestContext,
  { sku, slug, email, name }: { sku: string; slug: string; email: string; name: string },
): Promise<void> {
  await setStock(request, sku, 0, false)
  const shop = new Shop(page, '/en')
  await shop.open(`/p/${encodeURIComponent(sku)}/${encodeURIComponent(slug)}`)
  await expect(page.getByTestId('stock')).toHaveText('Out of stock')
  await expect(page.getByTestId('add-to-cart')).toBeDisabled()

  const form = page.getByTestId('stock-alert')
  await expect(form.getByRole('heading', { name: 'Notify me when it is back' })).toBeVisible({ timeout: 30_000 })
  // a refused address is said beside the field, and announced
  const field = form.getByLabel('E-mail address')
  await field.fill('not an address')
  await form.getByRole('button', { name: 'Notify me' }).click()
  await expect(form.getByRole('alert')).toHaveText(/valid e-mail address/)
  await expect(field).toHaveAttribute('aria-invalid', 'true')

  await field.fill(email)
  // the data worker sends the queued request (the page itself never calls the API)
  const sent = page.waitForResponse((r) => r.url().includes('/api/ext/stock-notification/stockSubscription') && r.request().method() === 'POST', {
    timeout: 30_000,
  })
  await form.getByRole('button', { name: 'Notify me' }).click()
  await expect(form.getByRole('status')).toHaveText(`Thank you. We will mail ${email} once when it is back in stock.`)
  const answer = await sent
  expect(answer.status()).toBe(200)
  expect(answer.request().postDataJSON()).toEqual({ email, sku })
  expect(mailsTo(email)).toEqual([])

  await setStock(request, sku, 25, true)
  await expect.poll(() => mailsTo(email).length, { timeout: 30_000 }).toBe(1)
  const [mail] = mailsTo(email)
  expect(mail!.subject).toBe(`Back in stock: ${name}`)
  expect(mail!.text).toContain(`/en/p/${encodeURIComponent(sku)}/${encodeURIComponent(slug)}`)

  // sold out and restocked again: the subscription ended with its mail
  await setStock(request, sku, 0, false)
  await setStock(request, sku, 10, true)
  expect(mailsTo(email)).toHaveLength(1)
}
