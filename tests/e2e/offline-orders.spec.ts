/**
 * The offline-order confirmation (spec §4 "Coming back online") in a real Chromium: a
 * device set to confirm (localStorage polder-order-transmission=confirm, the build's default being
 * automatic) places a bank-transfer order in /nl while offline, goes to the home page, comes back
 * online: nothing is sent, a modal dialog lists the order; the keyboard answers it (focus is on
 * "send", Enter sends it), the order reaches the server once and my-orders shows it placed. A second
 * order is cancelled from the dialog: never sent, its product stays in the cart. axe on the dialog.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import nl from '../../locales/nl'
import { seriousViolations, waitForServiceWorker } from './fixtures/checks'
import { addToCart, BRUSSELS, chooseBankTransferAndAccept, fillCheckout, recordOrderPosts } from './fixtures/checkout-flow'
import type { Shop } from './fixtures/shop'

test.describe.configure({ mode: 'serial' })

async function placeOffline(page: Page, context: BrowserContext, shop: Shop): Promise<void> {
  await shop.open('/checkout')
  await fillCheckout(page, BRUSSELS)
  await waitForServiceWorker(page)
  await context.setOffline(true)
  await expect(page.getByTestId('offline-indicator')).toBeVisible()
  await chooseBankTransferAndAccept(page)
  await page.getByRole('button', { name: nl.checkout.placeOrder }).click()
  await expect(page).toHaveURL(/\/nl\/success$/)
  await expect(page.locator('[data-route="success"]')).toHaveAttribute('data-order-status', 'queued')
  // away from the thank-you page (which would send it at once), still offline
  await shop.open('/')
}

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem('polder-order-transmission', 'confirm'))
})

test('nl: an order placed offline waits for the shopper’s confirmation, then is sent once (keyboard)', async ({ page, context, request }) => {
  const posts = await recordOrderPosts(context)
  const shop = await addToCart(page, request, '/nl')
  await placeOffline(page, context, shop)
  await context.setOffline(false)
  const dialog = page.getByRole('dialog', { name: nl.orders.offlineConfirmTitle })
  await expect(dialog).toBeVisible({ timeout: 45_000 })
  await expect(dialog.getByTestId('offline-orders-item')).toHaveCount(1)
  expect(posts).toEqual([])
  expect(await seriousViolations(page, '[data-testid="offline-orders-dialog"]')).toEqual([])
  await expect(dialog.getByRole('button', { name: nl.orders.offlineConfirmSend })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect.poll(() => posts.length, { timeout: 45_000 }).toBe(1)
  await shop.open('/my-account/orders')
  await expect(page.getByTestId('orders-row').first()).toHaveAttribute('data-order-status', 'placed', { timeout: 45_000 })
  expect(new Set(posts).size).toBe(1)
})

test('nl: the shopper cancels an order placed offline: never sent, the product stays in the cart', async ({ page, context, request }) => {
  const posts = await recordOrderPosts(context)
  const shop = await addToCart(page, request, '/nl')
  await placeOffline(page, context, shop)
  await context.setOffline(false)
  const dialog = page.getByRole('dialog', { name: nl.orders.offlineConfirmTitle })
  await expect(dialog).toBeVisible({ timeout: 45_000 })
  await dialog.getByRole('button', { name: nl.orders.offlineConfirmCancel }).click()
  await expect(dialog).toBeHidden()
  await expect.poll(() => shop.microcartCount()).toBe(1)
  await shop.open('/my-account/orders')
  await expect(page.getByText(nl.orders.empty)).toBeVisible()
  expect(posts).toEqual([])
})
