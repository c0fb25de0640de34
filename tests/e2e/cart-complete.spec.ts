/**
 * The cart, complete, in Chromium against the built app and the real server: a
 * configurable added twice is one line of quantity 2 with "Product quantity has been updated!", the
 * microcart an add opens never says the cart is empty, a discount code in the cart page lowers the
 * total (an expired one is refused with the spec's text), and removing a line asks first.
 */
import { expect, test } from '@playwright/test'
import en from '../../locales/en'
import { seriousViolations } from './fixtures/checks'
import { plainSpaces, Shop } from './fixtures/shop'

test.describe.configure({ mode: 'serial' })

/** Euros of a shown price such as "€ 1.234,56" or "€1,234.56" (the en store view: 1,234.56). */
function euros(text: string | null): number {
  return Number(plainSpaces(text ?? '').replace(/[^0-9.]/g, ''))
}

test('en: a configurable twice, a discount code in the cart, and removing asks first', async ({ page }) => {
  const shop = new Shop(page, '/en')
  await shop.openChosenConfigurable()

  await page.getByTestId('add-to-cart').click()
  const microcart = page.getByTestId('microcart')
  await expect(microcart).toBeVisible()
  // the microcart an add opens shows the line at once, never "your cart is empty"
  await expect(microcart.getByText(en.microcart.empty)).toHaveCount(0)
  await expect(shop.cartMessage()).toHaveText(en.messages.productAddedToCart)
  await expect(page.getByTestId('microcart-item')).toHaveCount(1)
  await page.keyboard.press('Escape')
  await expect(microcart).toBeHidden()

  await page.getByTestId('add-to-cart').click()
  await expect(shop.cartMessage()).toHaveText(en.messages.productQuantityUpdated)
  await expect(page.getByTestId('microcart-item')).toHaveCount(1)
  await expect(page.getByTestId('microcart-item-qty')).toHaveText('2')
  await expect.poll(() => shop.microcartCount()).toBe(2)
  // synced with the server cart before the coupon
  await expect.poll(async () => microcart.getAttribute('data-server-cart-id'), { timeout: 30_000 }).toMatch(/^[A-Za-z0-9]{32}$/)
  await page.keyboard.press('Escape')

  await shop.open('/checkout/cart')
  const grandTotal = page.getByTestId('cart-grand-total')
  await expect(grandTotal).toBeVisible({ timeout: 30_000 })
  // the second add acknowledged: until then the totals are the ones of the last sync (one unit);
  // the server cart's id above was there since the first add
  await expect(page.getByTestId('cart-sync-note')).toHaveCount(0, { timeout: 30_000 })
  const before = euros(await grandTotal.textContent())
  expect(before).toBeGreaterThan(0)

  const code = page.getByLabel(en.cart.couponLabel)
  await code.fill('ZOMER2025')
  await page.getByRole('button', { name: en.cart.couponApply }).click()
  await expect(shop.notifications().filter({ hasText: en.messages.couponInvalid })).toBeVisible()
  await expect(page.getByTestId('cart-discount')).toHaveCount(0)

  await code.fill('POLDER10')
  await page.getByRole('button', { name: en.cart.couponApply }).click()
  await expect(page.getByTestId('cart-discount')).toContainText('POLDER10')
  await expect.poll(async () => euros(await grandTotal.textContent())).toBeLessThan(before)
  expect(await seriousViolations(page, '.cart-page')).toEqual([])

  // removing asks first; Cancel keeps the line
  await page
    .getByTestId('microcart-item')
    .getByRole('button', { name: /^Remove / })
    .click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText('from your cart?')
  await confirm.getByRole('button', { name: en.microcart.cancel }).click()
  await expect(page.getByTestId('microcart-item')).toHaveCount(1)

  // removing the code gives the total back
  await page.getByRole('button', { name: `Remove discount code POLDER10` }).click()
  await expect(page.getByTestId('cart-discount')).toHaveCount(0)
  await expect.poll(async () => euros(await grandTotal.textContent())).toBe(before)
})

test("en offline: a quantity change strikes the shop's last totals until the cart syncs; online they follow", async ({ page }) => {
  const shop = new Shop(page, '/en')
  await shop.openChosenConfigurable()
  await page.getByTestId('add-to-cart').click()
  const microcart = page.getByTestId('microcart')
  await expect.poll(async () => microcart.getAttribute('data-server-cart-id'), { timeout: 30_000 }).toMatch(/^[A-Za-z0-9]{32}$/)
  await page.keyboard.press('Escape')

  await shop.open('/checkout/cart')
  const totals = page.getByTestId('cart-totals')
  const grandTotal = page.getByTestId('cart-grand-total')
  const subtotal = page.getByTestId('cart-subtotal')
  await expect(page.getByTestId('cart-sync-note')).toHaveCount(0, { timeout: 30_000 })
  await expect(grandTotal).toBeVisible({ timeout: 30_000 })
  await expect(totals).not.toHaveAttribute('aria-busy')
  await expect(page.getByTestId('cart-totals-note')).toHaveText(en.cart.inclVat)
  const grandBefore = euros(await grandTotal.textContent())
  const unit = euros(await subtotal.textContent())
  expect(unit).toBeGreaterThan(0)

  await page.context().setOffline(true)
  await page.getByRole('button', { name: /^Increase quantity of / }).click()
  await expect(page.getByTestId('cart-sync-note')).toBeVisible()
  // the lines' own subtotal at once; the shop's totals, of one unit, are marked as not yet counted
  await expect.poll(async () => euros(await subtotal.textContent())).toBeCloseTo(2 * unit, 2)
  await expect(totals).toHaveAttribute('aria-busy', 'true')
  await expect(grandTotal).toHaveCSS('text-decoration-line', 'line-through')
  await expect(page.getByTestId('cart-totals-note')).toHaveText(en.cart.totalsPending)

  await page.context().setOffline(false)
  await expect(page.getByTestId('cart-sync-note')).toHaveCount(0, { timeout: 30_000 })
  await expect(totals).not.toHaveAttribute('aria-busy')
  await expect(grandTotal).toHaveCSS('text-decoration-line', 'none')
  await expect.poll(async () => euros(await grandTotal.textContent())).toBeGreaterThan(grandBefore)
  await expect.poll(async () => euros(await subtotal.textContent())).toBeCloseTo(2 * unit, 2)
})
