/**
 * The device's orders and the payment's real outcome: a bank-transfer order placed in /be
 * is listed on /my-account/orders with its number, and its row opens the order; a Bancontact payment
 * cancelled on the sandbox page lands on /cancel with the payment failure text and a way home (the
 * shop was asked for the status: the server's order follows it); axe on both pages.
 */
import { expect, test } from '@playwright/test'
import nl from '../../locales/nl'
import { seriousViolations } from './fixtures/checks'
import { BRUSSELS, placeBancontactOrder, placeBankTransferOrder, recordOrderKeys } from './fixtures/checkout-flow'

test.describe.configure({ mode: 'serial' })

test('be: a bank-transfer order is listed on my orders with its number, newest first, and its row opens the order', async ({ page, request }) => {
  const { shop, number } = await placeBankTransferOrder(page, request, '/be', nl.checkout.placeOrder)
  // the confirmation shows the order from the device: its lines, totals and address
  await expect(page.getByTestId('order-summary')).toContainText(BRUSSELS.city)

  await shop.open('/my-account/orders')
  await expect(page.getByRole('main').getByRole('status')).toHaveText(nl.orders.deviceNote)
  const first = page.getByTestId('orders-row').first()
  await expect(first.getByRole('link')).toHaveText(number)
  await expect(first).toContainText(nl.orders.status_placed)
  await expect(first).toContainText(/€\s?\d/)
  expect(await seriousViolations(page)).toEqual([])

  await first.getByRole('link').click()
  await expect(page).toHaveURL(/\/be\/my-account\/orders\/[\w-]+$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.account.order.replace(/\{orderId(:string)?\}/, number))
  await expect(page.getByTestId('order-status')).toContainText(nl.orders.status_placed)
  await expect(page.getByTestId('order-summary')).toContainText(BRUSSELS.street)
})

test('be: a Bancontact payment cancelled on the sandbox lands on /cancel with the failure text and a way home', async ({ page, context, request }) => {
  const keys = await recordOrderKeys(context)
  const shop = await placeBancontactOrder(page, request, nl.checkout.placeOrder)
  await expect(page).toHaveURL(/\/payment-sandbox\//, { timeout: 30_000 })
  await page.locator('input[name="result"][value="cancelled"]').check()
  await page.locator('button[type="submit"]').click()
  await expect(page).toHaveURL(/\/be\/cancel\?order=\d{9}$/)
  const number = new URL(page.url()).searchParams.get('order')!

  await expect(page.getByRole('alert')).toHaveText(nl.orders.paymentFailed)
  const home = page.getByTestId('payment-failed-home')
  await expect(home).toHaveText(nl.orders.backHome)
  await expect(page.getByRole('link', { name: nl.orders.backToCart })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // the shop says so too: the payment is cancelled and so is the order
  const status = await request.post('/api/ext/payment/get-payment-status', { data: { order_id: number, order_token: keys.get(number) } })
  expect(((await status.json()) as { result: { status: string; order_status: string } }).result).toMatchObject({ status: 'cancelled' })

  // my orders tells it in words once the shop answered
  await shop.open('/my-account/orders')
  const row = page.getByTestId('orders-row').filter({ hasText: number })
  await row.getByRole('link').click()
  await expect(page.getByTestId('order-status')).toContainText(nl.orders.status_paymentFailed)

  await shop.open(`/cancel?order=${number}`)
  await home.click()
  await expect(page).toHaveURL(/\/be\/?$/)
})
