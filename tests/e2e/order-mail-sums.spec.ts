/**
 * A coupon order's confirmation mail adds up, read back from the outbox as a shopper reads it: a
 * /nl shopper applies POLDER10 in the cart, checks out with flat-rate delivery and bank transfer;
 * in the mail the lines add up to the subtotal, subtotal + discount + shipping is the total to pay,
 * which is what the thank-you page said, and the VAT per rate is named.
 */
import { expect, test } from '@playwright/test'
import nl from '../../locales/nl'
import { DEMO_COUPON_CODES } from '../../server/seed/coupons'
import { addToCart, fillAddress } from './fixtures/checkout-flow'
import { mailMatching } from './fixtures/outbox'
import { dutchCents as cents, mailAmounts } from '../fixtures/dutch-amounts'

test('nl: the mail of a coupon order adds up line by line, to the total the thank-you page showed', async ({ page, request }) => {
  const email = `sommen.${Date.now()}@example.nl`
  const shop = await addToCart(page, request, '/nl')
  await expect.poll(async () => page.getByTestId('microcart').getAttribute('data-server-cart-id'), { timeout: 30_000 }).toMatch(/^[A-Za-z0-9]{32}$/)
  await page.keyboard.press('Escape')
  await shop.open('/checkout/cart')
  await expect(page.getByTestId('cart-grand-total')).toBeVisible({ timeout: 30_000 })
  await page.getByLabel(nl.cart.couponLabel).fill(DEMO_COUPON_CODES.percent)
  await page.getByRole('button', { name: nl.cart.couponApply }).click()
  await expect(page.getByTestId('cart-discount')).toContainText(DEMO_COUPON_CODES.percent)

  await shop.open('/checkout')
  await page.locator('#co-email').fill(email)
  await page.locator('#co-firstName').fill('Sanne')
  await page.locator('#co-lastName').fill('de Boer')
  await page.locator('input[name="ship-method"][value="flatrate_flatrate"]').check()
  await fillAddress(page, 'ship', { country: 'NL', street: 'Oudegracht', houseNumber: '12', postcode: '3511 AB', city: 'Utrecht', phone: '+31 6 12345678' })
  await page.locator('input[name="pay-method"][value="banktransfer"]').check()
  await page.locator('#co-terms').check()
  await page.getByRole('button', { name: nl.checkout.placeOrder }).click()
  await expect(page).toHaveURL(/\/nl\/success$/)
  const number = (await page.getByTestId('order-number').textContent({ timeout: 30_000 }))!.trim()
  const shown = cents((await page.getByTestId('order-grand-total').textContent())!)

  const text = (await mailMatching(email, new RegExp(number))).text
  const { rows, lines } = mailAmounts(text)
  expect(lines).toHaveLength(1)
  const subtotal = rows.get('Subtotaal')!
  const discount = rows.get(`Korting (${DEMO_COUPON_CODES.percent})`)!
  const shipping = rows.get('Verzendkosten')!
  const total = rows.get('Totaal te betalen')!
  expect(lines[0]).toBe(subtotal)
  expect(discount).toBe(-Math.round(subtotal / 10))
  expect(shipping).toBe(599)
  expect(subtotal + discount + shipping).toBe(total)
  expect(total).toBe(shown)
  // the VAT in it, per rate, in Dutch; the method by its Dutch name
  expect(text).toMatch(/^Waarvan \d+% btw: €\s?[\d.]+,\d\d$/m)
  expect(text).toContain('Betaalmethode: Bankoverschrijving')
  expect(text).toContain('3511 AB Utrecht\nNederland')
})
