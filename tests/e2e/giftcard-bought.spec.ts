/**
 * A gift card bought alone in /nl: the checkout of an e-mailed gift card
 * asks no delivery address and no shipping method, only the billing details; paid with iDEAL on the
 * sandbox, the recipient's mail with the code is in the outbox in Dutch, and the code pays part of
 * the recipient's next order.
 */
import { expect, test } from '@playwright/test'
import nl from '../../locales/nl'
import { seriousViolations } from './fixtures/checks'
import { productsOfType, sellable } from './fixtures/catalog-api'
import { BRUSSELS, simpleProduct } from './fixtures/checkout-flow'
import { mailsTo } from './fixtures/outbox'
import { Shop } from './fixtures/shop'
import { dutchCents as cents } from '../fixtures/dutch-amounts'

test('nl: an e-mailed gift card alone: no delivery address, paid, its code mailed to the recipient, and it pays part of the next order', async ({
  page,
  request,
}) => {
  const cards = await productsOfType(request, 'giftcard')
  const card = cards.find((p) => sellable(p) && p.mageworx_gc_type === 2 && Array.isArray(p.giftcard_amounts) && p.giftcard_amounts.length > 0)
  expect(card, 'the demo shop sells an e-mailed gift card').toBeDefined()
  const recipient = `bram.${Date.now()}@example.nl`

  const shop = new Shop(page, '/nl')
  await shop.open('/')
  await expect(shop.categoryLinks().first()).toBeVisible({ timeout: 60_000 })
  await shop.open(`/p/${encodeURIComponent(String(card!.sku))}/${encodeURIComponent(String(card!.slug))}`)
  const panel = page.getByTestId('giftcard-options')
  await panel.getByRole('radio').first().check()
  await panel.getByLabel(nl.productTypes.senderName).fill('Anna')
  await panel.getByLabel(nl.productTypes.recipientName).fill('Bram')
  await panel.getByLabel(nl.productTypes.recipientEmail).fill(recipient)
  await panel.getByLabel(nl.productTypes.message).fill('Veel plezier!')
  await page.getByTestId('add-to-cart').click()
  await expect.poll(() => shop.microcartCount()).toBe(1)
  await page.keyboard.press('Escape')

  await shop.open('/checkout')
  // nothing is shipped: no shipping step, no delivery address, no "same as shipping" box
  await expect(page.getByRole('heading', { name: `2. ${nl.checkout.stepPayment}` })).toBeVisible()
  await expect(page.locator('#ship-street')).toHaveCount(0)
  await expect(page.locator('input[name="ship-method"]')).toHaveCount(0)
  await expect(page.locator('#bill-same')).toHaveCount(0)
  await expect(page.getByText(nl.checkout.noShippingMethods)).toHaveCount(0)
  await page.locator('#co-email').fill('anna.buyer@example.nl')
  await page.locator('#co-firstName').fill('Anna')
  await page.locator('#co-lastName').fill('Peeters')
  // placing without the billing address names its fields
  await page.locator('input[name="pay-method"][value="ideal"]').check()
  await page.locator('#co-terms').check()
  await page.getByRole('button', { name: nl.checkout.placeOrder }).click()
  await expect(page.locator('#bill-street')).toBeFocused()
  await page.locator('#bill-country').selectOption(BRUSSELS.country)
  await page.locator('#bill-street').fill(BRUSSELS.street)
  await page.locator('#bill-houseNumber').fill(BRUSSELS.houseNumber)
  await page.locator('#bill-postcode').fill(BRUSSELS.postcode)
  await page.locator('#bill-city').fill(BRUSSELS.city)
  await page.locator('#bill-phone').fill(BRUSSELS.phone)
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole('button', { name: nl.checkout.placeOrder }).click()

  await expect(page).toHaveURL(/\/payment-sandbox\//, { timeout: 30_000 })
  await page.locator('input[name="result"][value="paid"]').check()
  await page.locator('button[type="submit"]').click()
  await expect(page).toHaveURL(/\/nl\/success\?order=\d{9}$/)
  await expect(page.locator('[data-payment-outcome="paid"]')).toBeVisible({ timeout: 30_000 })

  await expect.poll(() => mailsTo(recipient).length, { timeout: 30_000 }).toBe(1)
  const mail = mailsTo(recipient)[0]!
  expect(mail.subject).toMatch(/^Een Polder-cadeaubon van €\s?\d/u)
  expect(mail.text).toContain('Anna geeft je een Polder-cadeaubon.')
  expect(mail.text).toContain('Veel plezier!')
  const code = /PLD-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/.exec(mail.text)?.[0]
  expect(code).toBeDefined()
  const value = cents(/Waarde: (.+)/.exec(mail.text)?.[1] ?? '')
  expect(value).toBeGreaterThan(0)

  // the recipient's next order: the card pays part of it
  const product = await simpleProduct(request)
  await shop.open(`/p/${encodeURIComponent(String(product.sku))}/${encodeURIComponent(String(product.slug))}`)
  await page.getByTestId('add-to-cart').click()
  await expect.poll(() => shop.microcartCount()).toBe(1)
  await expect.poll(async () => page.getByTestId('microcart').getAttribute('data-server-cart-id'), { timeout: 30_000 }).toMatch(/^[A-Za-z0-9]{32}$/)
  await page.keyboard.press('Escape')
  await shop.open('/checkout/cart')
  const grandTotal = page.getByTestId('cart-grand-total')
  await expect(grandTotal).toBeVisible({ timeout: 30_000 })
  const before = cents(await grandTotal.textContent())
  await page.getByLabel(nl.cart.giftCardLabel, { exact: true }).fill(code!)
  await page.getByRole('button', { name: nl.cart.giftCardApply }).click()
  await expect(shop.notifications().filter({ hasText: nl.messages.giftCardApplied })).toBeVisible()
  await expect.poll(async () => cents(await grandTotal.textContent())).toBe(Math.max(0, before - value))
})
