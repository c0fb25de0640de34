/**
 * The paid status stored on the device: a /be Bancontact order paid on the sandbox comes
 * back to /success, which learns "paid" from the shop; offline afterwards, my orders and the order's
 * page still say it is paid (from the order document, the shop cannot be asked).
 */
import { expect, test } from '@playwright/test'
import nl from '../../locales/nl'
import { waitForServiceWorker } from './fixtures/checks'
import { placeBancontactOrder } from './fixtures/checkout-flow'

test('be: a paid order shows as paid on my orders while offline', async ({ page, context, request }) => {
  const shop = await placeBancontactOrder(page, request, nl.checkout.placeOrder)
  await expect(page).toHaveURL(/\/payment-sandbox\//, { timeout: 30_000 })
  await page.locator('input[name="result"][value="paid"]').check()
  await page.locator('button[type="submit"]').click()
  await expect(page).toHaveURL(/\/be\/success\?order=\d{9}$/)
  await expect(page.locator('[data-payment-outcome="paid"]')).toBeVisible({ timeout: 30_000 })

  await shop.open('/my-account/orders')
  await waitForServiceWorker(page)
  await context.setOffline(true)
  await shop.open('/my-account/orders')
  await expect(page.getByTestId('offline-indicator')).toBeVisible()
  const row = page.getByTestId('orders-row').first()
  await expect(row).toContainText(nl.orders.status_paid)
  await row.getByRole('link').click()
  await expect(page.getByTestId('order-status')).toContainText(nl.orders.status_paid)
})
