/**
 * Checkout and orders in a real Chromium against the built app and the real server: a
 * guest checkout in /be with bank transfer ends with the order number and the order stored on the
 * server; a wrong Dutch postcode in /nl shows the Dutch text on the field, which gets the focus; an
 * order placed offline in /fr reaches the server exactly once after reconnect, also when the
 * answer to its first send is dropped after the server stored it; axe on the checkout page.
 *
 * "On the server": the recorded POST /api/order body is sent again and the server, idempotent by
 * order_id, answers the same order number. "Exactly once": every send carried one order_id, and the
 * next order of the store view is numbered right after it (a second order would have taken a number).
 */
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'
import fr from '../../locales/fr'
import nl from '../../locales/nl'
import { seriousViolations, waitForServiceWorker } from './fixtures/checks'
import {
  addToCart,
  BRUSSELS,
  chooseBankTransferAndAccept,
  fillCheckout,
  placeBancontactOrder,
  placeBankTransferOrder,
  recordOrderKeys,
} from './fixtures/checkout-flow'
import { Shop } from './fixtures/shop'

test.describe.configure({ mode: 'serial' })

/** Records every POST /api/order body; `dropNext` lets the server handle the next one and then breaks the connection. */
async function recordOrders(context: BrowserContext): Promise<{ bodies: Record<string, unknown>[]; dropNext: () => void }> {
  const bodies: Record<string, unknown>[] = []
  let drop = false
  await context.route('**/api/order?*', async (route) => {
    if (route.request().method() !== 'POST') return route.continue()
    bodies.push(route.request().postDataJSON() as Record<string, unknown>)
    if (!drop) return route.continue()
    drop = false
    const handled = await route.fetch()
    expect(handled.status(), 'the server stored the order whose answer is dropped').toBe(200)
    await route.abort('connectionreset')
  })
  return { bodies, dropNext: () => (drop = true) }
}

async function serverOrderNumber(request: APIRequestContext, storeCode: string, body: Record<string, unknown>): Promise<string> {
  const res = await request.post(`/api/order?storeCode=${storeCode}`, { data: body })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { result: { orderNumber: string } }).result.orderNumber
}

/** A new order of the store view through the API alone: its number is the next of the sequence. */
async function nextOrderNumber(request: APIRequestContext, storeCode: string, body: Record<string, unknown>): Promise<string> {
  const created = await request.post(`/api/cart/create?storeCode=${storeCode}`, { data: {} })
  const cartId = ((await created.json()) as { result: string }).result
  const products = body.products as { sku: string; qty: number }[]
  for (const line of products) {
    const res = await request.post(`/api/cart/update?cartId=${cartId}&storeCode=${storeCode}`, {
      data: { cartItem: { sku: line.sku, qty: line.qty, quoteId: cartId } },
    })
    expect(res.ok()).toBe(true)
  }
  return serverOrderNumber(request, storeCode, { ...body, order_id: `${Date.now()}-e2e-next`, cart_id: cartId })
}

test('be: a guest checkout with bank transfer ends with the order number, and the order is on the server', async ({ page, context, request }) => {
  const orders = await recordOrders(context)
  const { shop, number: shown } = await placeBankTransferOrder(page, request, '/be', nl.checkout.placeOrder)
  expect(orders.bodies).toHaveLength(1)
  expect(orders.bodies[0]).toMatchObject({
    store_code: 'be',
    addressInformation: { payment_method_code: 'banktransfer', shipping_carrier_code: 'storepickup' },
  })
  expect(await serverOrderNumber(request, 'be', orders.bodies[0]!)).toBe(shown)
  // the ordered lines left the cart
  await shop.open('/')
  await expect(shop.microcartButton()).toBeVisible()
  await expect.poll(() => shop.microcartCount()).toBe(0)
})

test('be: Bancontact goes to the sandbox payment page after the order is placed, comes back to /success, and the order is paid', async ({
  page,
  context,
  request,
}) => {
  const keys = await recordOrderKeys(context)
  await placeBancontactOrder(page, request, nl.checkout.placeOrder)
  await expect(page).toHaveURL(/\/payment-sandbox\//, { timeout: 30_000 })
  await expect(page.locator('input[name="method"][value="bancontact"]')).toBeChecked()
  await page.locator('input[name="result"][value="paid"]').check()
  await page.locator('button[type="submit"]').click()
  await expect(page).toHaveURL(/\/be\/success\?order=\d{9}$/)
  const number = new URL(page.url()).searchParams.get('order')!
  await expect(page.getByTestId('order-number')).toHaveText(number)
  const status = await request.post('/api/ext/payment/get-payment-status', { data: { order_id: number, order_token: keys.get(number) } })
  expect(((await status.json()) as { result: { status: string; order_status: string } }).result).toMatchObject({ status: 'paid', order_status: 'processing' })
})

test('be: the provider is down when the order is placed: the order is kept, and "try paying again" pays it on the sandbox', async ({
  page,
  context,
  request,
}) => {
  const keys = await recordOrderKeys(context)
  const shop = await addToCart(page, request, '/be')
  // the sandbox's stand-in for the provider being down: the next payment create is refused
  expect((await request.post('/payment-sandbox/outage', { data: { creates: 1 } })).status()).toBe(200)
  await shop.open('/checkout')
  await fillCheckout(page, BRUSSELS)
  await page.locator('input[name="pay-method"][value="bancontact"]').check()
  await page.locator('#co-terms').check()
  await page.getByRole('button', { name: nl.checkout.placeOrder }).click()
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('Betaling is niet aangemaakt - The sandbox is unavailable', { timeout: 30_000 })
  await expect(alert).toContainText('Er is niets afgeschreven.')
  await expect(page).toHaveURL(/\/be\/success/)
  await page.getByRole('button', { name: nl.order.paymentRetry }).click()
  await expect(page).toHaveURL(/\/payment-sandbox\//, { timeout: 30_000 })
  await page.locator('input[name="result"][value="paid"]').check()
  await page.locator('button[type="submit"]').click()
  await expect(page).toHaveURL(/\/be\/success\?order=\d{9}$/)
  const number = new URL(page.url()).searchParams.get('order')!
  const status = await request.post('/api/ext/payment/get-payment-status', { data: { order_id: number, order_token: keys.get(number) } })
  expect(((await status.json()) as { result: { status: string; order_status: string } }).result).toMatchObject({ status: 'paid', order_status: 'processing' })
})

test('be: a Bancontact order whose first send is lost is sent again; its payment carries the key the device kept, and its number alone reaches nothing', async ({
  page,
  context,
  request,
}) => {
  let lost = false
  const answers: { orderNumber: string; order_token?: string }[] = []
  await context.route('**/api/order?*', async (route) => {
    if (route.request().method() !== 'POST') return route.continue()
    // the first send never reaches the shop (the connection dropped): the order waits on the device
    if (!lost) {
      lost = true
      return route.abort('connectionreset')
    }
    const answer = await route.fetch()
    answers.push(((await answer.json()) as { result: { orderNumber: string; order_token?: string } }).result)
    return route.fulfill({ response: answer })
  })
  const paymentBodies: Record<string, unknown>[] = []
  await context.route('**/api/ext/payment/post-payment*', async (route) => {
    paymentBodies.push(route.request().postDataJSON() as Record<string, unknown>)
    return route.continue()
  })
  await placeBancontactOrder(page, request, nl.checkout.placeOrder)
  await expect(page).toHaveURL(/\/payment-sandbox\//, { timeout: 60_000 })
  expect(lost).toBe(true)
  const placed = answers[0]!
  expect(placed.order_token).toMatch(/^[A-Za-z0-9_-]{32}$/)
  expect(paymentBodies.at(-1)).toMatchObject({ order_id: placed.orderNumber, order_token: placed.order_token })
  // a stranger who knows (or counts to) the number: the unknown order's answer, no payment made
  const stranger = await request.post('/api/ext/payment/post-payment', { data: { order_id: placed.orderNumber } })
  expect(stranger.status()).toBe(404)
  const peek = await request.post('/api/ext/payment/get-payment-status', { data: { order_id: placed.orderNumber } })
  expect(peek.status()).toBe(404)
  // the shopper pays: back on /success, the device asks the status with its key and is told paid
  await page.locator('input[name="result"][value="paid"]').check()
  await page.locator('button[type="submit"]').click()
  await expect(page).toHaveURL(/\/be\/success\?order=\d{9}$/)
  await expect(page.locator('[data-payment-outcome="paid"]')).toBeVisible({ timeout: 30_000 })
})

test('nl: a wrong Dutch postcode shows the Dutch text on the field, which gets the focus', async ({ page, request }) => {
  const shop = await addToCart(page, request, '/nl')
  await shop.open('/checkout')
  await fillCheckout(page, { country: 'NL', street: 'Damrak', houseNumber: '70', postcode: '12345', city: 'Amsterdam', phone: '06 12345678' })
  await chooseBankTransferAndAccept(page)
  await page.getByRole('button', { name: nl.checkout.placeOrder }).click()
  // picked up (the default): the address is the billing address
  const postcode = page.locator('#bill-postcode')
  await expect(page.locator('#bill-postcode-error')).toHaveText(nl.validation.postcodeInvalidNl)
  await expect(postcode).toHaveAttribute('aria-invalid', 'true')
  await expect(postcode).toHaveAttribute('aria-describedby', /bill-postcode-error/)
  await expect(postcode).toBeFocused()
  await expect(page).toHaveURL(/\/nl\/checkout$/)
  // corrected, the error goes away
  await postcode.fill('1012 LM')
  await expect(page.locator('#bill-postcode-error')).toHaveCount(0)
})

test('nl: two tabs, offline: the order placed in the second tab reaches the server once after reconnect, and the first tab’s cart follows', async ({
  page,
  context,
  request,
}) => {
  const orders = await recordOrders(context)
  const shop = await addToCart(page, request, '/nl')
  await waitForServiceWorker(page)
  const second = await context.newPage()
  const secondShop = new Shop(second, '/nl')
  await secondShop.open('/checkout')
  await fillCheckout(second, { country: 'NL', street: 'Damrak', houseNumber: '70', postcode: '1012 LM', city: 'Amsterdam', phone: '06 12345678' })
  await context.setOffline(true)
  await expect(second.getByTestId('offline-indicator')).toBeVisible()
  await chooseBankTransferAndAccept(second)
  await second.getByRole('button', { name: nl.checkout.placeOrder }).click()
  await expect(second).toHaveURL(/\/nl\/success$/)
  await expect(second.getByTestId('order-pending')).toBeVisible()

  await context.setOffline(false)
  const shown = (await second.getByTestId('order-number').textContent({ timeout: 45_000 }))!.trim()
  // the first tab's cart follows: the ordered line left it
  await shop.open('/')
  await expect.poll(() => shop.microcartCount(), { timeout: 30_000 }).toBe(0)
  expect(new Set(orders.bodies.map((b) => b.order_id)).size).toBe(1)
  expect(await serverOrderNumber(request, 'nl', orders.bodies[0]!)).toBe(shown)
  expect(Number(await nextOrderNumber(request, 'nl', orders.bodies[0]!))).toBe(Number(shown) + 1)
})

test('axe: the checkout page, empty and with its errors shown, has no serious violations', async ({ page, request }) => {
  const shop = await addToCart(page, request, '/en')
  await shop.open('/checkout')
  await expect(page.locator('#co-email')).toBeVisible()
  await expect(page.locator('input[name="pay-method"]').first()).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole('button', { name: 'Place order' }).click()
  await expect(page.locator('#co-email')).toBeFocused()
  expect(await seriousViolations(page)).toEqual([])
})

let firstFrenchOrder: { number: string; body: Record<string, unknown> } | null = null

async function placeOfflineInFrench(page: Page, context: BrowserContext, request: APIRequestContext): Promise<Shop> {
  const shop = await addToCart(page, request, '/fr')
  await shop.open('/checkout')
  await fillCheckout(page, BRUSSELS)
  await waitForServiceWorker(page)
  await context.setOffline(true)
  await expect(page.getByTestId('offline-indicator')).toBeVisible()
  await chooseBankTransferAndAccept(page)
  await page.getByRole('button', { name: 'Passer la commande' }).click()
  await expect(page).toHaveURL(/\/fr\/success$/)
  await expect(page.getByTestId('order-pending')).toBeVisible()
  await expect(page.locator('[data-route="success"]')).toHaveAttribute('data-order-status', /queued|sending/)
  return shop
}

test('fr: an order placed offline reaches the server exactly once after reconnect', async ({ page, context, request }) => {
  const orders = await recordOrders(context)
  const shop = await placeOfflineInFrench(page, context, request)
  // offline, nothing was sent; the order took the cart: back at the checkout there is nothing to
  // place again (so no second order), and the waiting order is in my orders
  await shop.open('/checkout')
  await expect(page.getByRole('status').filter({ hasText: fr.checkout.emptyCart })).toBeVisible()
  await expect(page.getByRole('button', { name: fr.checkout.placeOrder })).toHaveCount(0)
  await shop.open('/my-account/orders')
  const row = page.getByTestId('orders-row')
  await expect(row).toHaveCount(1)
  await expect(row).toHaveAttribute('data-order-status', /queued|sending/)
  // still waiting: nothing reached the shop (a send tried by the worker before it knew it was
  // offline failed, and carried the same order_id)
  expect(new Set(orders.bodies.map((b) => b.order_id)).size).toBeLessThanOrEqual(1)

  await context.setOffline(false)
  await expect(row).toHaveAttribute('data-order-status', 'placed', { timeout: 45_000 })
  const shown = (await row.getByRole('link').textContent())!.trim()
  expect(new Set(orders.bodies.map((b) => b.order_id)).size).toBe(1)
  expect(await serverOrderNumber(request, 'fr', orders.bodies[0]!)).toBe(shown)
  firstFrenchOrder = { number: shown, body: orders.bodies[0]! }

  // the guest order's key came with the shop's answer when the order was sent, and the device kept
  // it: asked about the order (back on /success?order=N), it sends the key; without it the shop says nothing
  const replay = await request.post('/api/order?storeCode=fr', { data: orders.bodies[0] })
  const key = ((await replay.json()) as { result: { order_token?: string } }).result.order_token
  expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/)
  const asked: Record<string, unknown>[] = []
  await context.route('**/api/ext/payment/get-payment-status*', async (route) => {
    asked.push(route.request().postDataJSON() as Record<string, unknown>)
    await route.continue()
  })
  await shop.open(`/success?order=${shown}`)
  await expect.poll(() => asked.length, { timeout: 30_000 }).toBeGreaterThan(0)
  expect(asked[0]).toEqual({ order_id: shown, order_token: key })
  const stranger = await request.post('/api/ext/payment/get-payment-status', { data: { order_id: shown } })
  expect(((await stranger.json()) as { result: string }).result).toBe(`No order ${shown}`)
})

test('fr: the first send’s answer is dropped after the server stored the order: resent with the same order_id, one order', async ({
  page,
  context,
  request,
}) => {
  expect(firstFrenchOrder, 'the previous test placed the first French order').not.toBeNull()
  const orders = await recordOrders(context)
  await placeOfflineInFrench(page, context, request)
  orders.dropNext()
  await context.setOffline(false)
  const shown = (await page.getByTestId('order-number').textContent({ timeout: 60_000 }))!.trim()
  expect(orders.bodies.length, 'sent again after the dropped answer').toBeGreaterThanOrEqual(2)
  expect(new Set(orders.bodies.map((b) => b.order_id)).size).toBe(1)
  expect(await serverOrderNumber(request, 'fr', orders.bodies[0]!)).toBe(shown)
  // exactly one order: this one is the first French order's successor, and the next one follows it
  expect(Number(shown)).toBe(Number(firstFrenchOrder!.number) + 1)
  expect(Number(await nextOrderNumber(request, 'fr', orders.bodies[0]!))).toBe(Number(shown) + 1)
})
