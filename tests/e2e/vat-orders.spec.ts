/**
 * The shop's VAT decision as buyers meet it: a Belgian company with a confirmed VAT number buying in
 * /nl sees the VAT come off in the review as soon as its number is checked, is charged 0 % by the
 * server, and its order page and mail show both VAT ids and the note; a Belgian consumer in /be
 * whose goods go to the Netherlands pays the Dutch rate (the shop is past the OSS threshold).
 */
import { expect, test, type Page } from '@playwright/test'
import nl from '../../locales/nl'
import { productsOfType, sellable, type SourceDoc } from './fixtures/catalog-api'
import { addToCart, BRUSSELS, fillAddress } from './fixtures/checkout-flow'
import { mailMatching } from './fixtures/outbox'
import { Shop } from './fixtures/shop'
import { dutchCents as cents } from '../fixtures/dutch-amounts'

const shown = async (page: Page, testId: string) => cents(await page.getByTestId(testId).textContent())

async function personal(page: Page, email: string) {
  await page.locator('#co-email').fill(email)
  await page.locator('#co-firstName').fill('An')
  await page.locator('#co-lastName').fill('Peeters')
}

test('nl: a Belgian company with a confirmed VAT number pays no VAT, shipping included; its order page and mail show both VAT ids and the note', async ({
  page,
  request,
}) => {
  const email = `inkoop.${Date.now()}@peeters.example.be`
  const shop = await addToCart(page, request, '/nl')
  await shop.open('/checkout')
  await personal(page, email)
  await page.locator('input[name="ship-method"][value="flatrate_flatrate"]').check()
  await fillAddress(page, 'ship', BRUSSELS)
  await page.locator('input[name="pay-method"][value="banktransfer"]').check()
  await expect(page.getByTestId('checkout-shipping')).toHaveText(/5,99/)
  const withVat = await shown(page, 'checkout-subtotal')

  await page.locator('#bill-company').fill('Brouwerij Peeters BV')
  // a number that cannot be one is told on leaving the field, before any order
  await page.locator('#bill-vatId').fill('BE0403019262')
  await page.locator('#bill-vatId').blur()
  await expect(page.locator('#bill-vatId')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText(nl.validation.vatNumberInvalid)).toBeVisible()
  await page.locator('#bill-vatId').fill('BE0403019261')
  await page.locator('#bill-vatId').blur()
  await expect(page.getByText(nl.vatCheck.valid)).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('reverse-charge')).toHaveText(nl.vatCheck.reverseChargeNotice)
  // the shop's totals follow at once: the goods without their 21 %, shipping without its VAT
  await expect.poll(() => shown(page, 'checkout-subtotal'), { timeout: 15_000 }).not.toBe(withVat)
  const withoutVat = await shown(page, 'checkout-subtotal')
  expect(Math.abs(withoutVat - withVat / 1.21)).toBeLessThanOrEqual(1)
  await expect(page.getByTestId('checkout-shipping')).toHaveText(/4,95/)
  await expect(page.getByTestId('review-vat')).toHaveText(nl.vatCheck.reverseChargeNotice)
  const total = await shown(page, 'checkout-grand-total')
  expect(total).toBe(withoutVat + 495)

  await page.locator('#co-terms').check()
  await page.getByRole('button', { name: nl.checkout.placeOrder }).click()
  await expect(page).toHaveURL(/\/nl\/success$/)
  const number = (await page.getByTestId('order-number').textContent({ timeout: 30_000 }))!.trim()
  // the server charged it: the success page shows the shop's total and its decision
  expect(await shown(page, 'order-grand-total')).toBe(total)
  const note = page.getByTestId('order-reverse-charge')
  await expect(note).toContainText(nl.orders.reverseChargeNL)
  await expect(note).toContainText('Je btw-nummer: BE0403019261')
  await expect(note).toContainText('Ons btw-nummer: NL004495445B01')

  const mail = await mailMatching(email, new RegExp(number))
  expect(mail.text).toContain('Intracommunautaire levering: btw verlegd (0%).\nJe btw-nummer: BE0403019261\nOns btw-nummer: NL004495445B01')
  expect(mail.text).not.toMatch(/Waarvan \d+% btw/)
})

/** A simple product at the reduced rate (6 % in Belgium, 9 % in the Netherlands), in stock, without options or a special price. */
async function reducedRateProduct(request: Parameters<typeof productsOfType>[0]): Promise<SourceDoc> {
  const simples = await productsOfType(request, 'simple')
  const found = simples.find(
    (p) =>
      sellable(p) &&
      p.tax_class_id === 5 &&
      !(Array.isArray(p.custom_options) && p.custom_options.length > 0) &&
      (p.special_price === null || p.special_price === undefined) &&
      Number((p.stock as { qty?: number }).qty ?? 100) >= 5,
  )
  expect(found, 'the demo shop sells a simple product at the reduced rate').toBeDefined()
  return found!
}

test('be: a Belgian consumer whose goods go to the Netherlands pays the Dutch rate (the shop is past the OSS threshold)', async ({ page, request }) => {
  const product = await reducedRateProduct(request)
  const excl = Math.round(Number(product.price) * 100)
  const shop = new Shop(page, '/be')
  await shop.open('/')
  await expect(shop.categoryLinks().first()).toBeVisible({ timeout: 60_000 })
  await shop.open(`/p/${encodeURIComponent(String(product.sku))}/${encodeURIComponent(String(product.slug))}`)
  await page.getByTestId('add-to-cart').click()
  await expect.poll(() => shop.microcartCount()).toBe(1)
  await shop.open('/checkout')
  await personal(page, `an.${Date.now()}@example.be`)
  await page.locator('input[name="ship-method"][value="flatrate_flatrate"]').check()
  // the /be price: 6 %
  await expect.poll(() => shown(page, 'checkout-subtotal')).toBe(Math.round(excl * 1.06))
  await fillAddress(page, 'ship', { country: 'NL', street: 'Damrak', houseNumber: '70', postcode: '1012lm', city: 'Amsterdam', phone: '+31 6 12345678' })
  // the postcode as the post writes it, once typed
  await expect(page.locator('#ship-postcode')).toHaveValue('1012 LM')
  await page.locator('input[name="pay-method"][value="banktransfer"]').check()
  // sent to the Netherlands: the Dutch 9 %, and the order the server places charges the same
  await expect.poll(() => shown(page, 'checkout-subtotal'), { timeout: 15_000 }).toBe(Math.round(excl * 1.09))
  const total = await shown(page, 'checkout-grand-total')
  expect(total).toBe(Math.round(excl * 1.09) + 599)
  await page.locator('#co-terms').check()
  await page.getByRole('button', { name: nl.checkout.placeOrder }).click()
  await expect(page).toHaveURL(/\/be\/success$/)
  await expect(page.getByTestId('order-number')).toHaveText(/^\s*\d{9}\s*$/, { timeout: 30_000 })
  expect(await shown(page, 'order-grand-total')).toBe(total)
  await expect(page.getByTestId('order-reverse-charge')).toHaveCount(0)
  // the country by its name, not its code
  await expect(page.getByTestId('order-summary').locator('address')).toContainText('1012 LM Amsterdam, Nederland')
})
