/**
 * No English method name and no raw code where a Dutch or French shopper reads:
 * in /nl and /fr, the checkout (every shipping and payment method offered), the thank-you page, my
 * orders, the order's page and the confirmation mail are scanned for the shop's English method
 * names and its codes.
 */
import { expect, test, type Page } from '@playwright/test'
import fr from '../../locales/fr'
import nl from '../../locales/nl'
import { addToCart, BRUSSELS, fillCheckout } from './fixtures/checkout-flow'
import { mailsTo } from './fixtures/outbox'

/** What must never show in nl or fr: the English names and the codes of methods. */
const ENGLISH = [
  'Credit or debit card',
  'KBC/CBC Payment Button',
  'Belfius Pay Button',
  'Flat rate',
  'Store pickup',
  'Pay at pickup',
  'Cash on delivery',
  'Bank transfer',
  'Shipping & Handling',
  'Grand Total',
]
const CODES = /\b(?:flatrate|storepickup|banktransfer|payatpickup|cashondelivery|creditcard|bancontact_|ideal|kbc|belfius)(?:_\w+)?\b/

async function visibleText(page: Page): Promise<string> {
  return page.locator('body').innerText()
}

function expectNoEnglishNorCodes(where: string, text: string): void {
  for (const english of ENGLISH) expect(text, `${where} says "${english}"`).not.toContain(english)
  expect(CODES.exec(text)?.[0], `${where} shows a code`).toBeUndefined()
}

for (const [prefix, words] of [
  ['/nl', nl],
  ['/fr', fr],
] as const) {
  test(`${prefix}: the checkout, thank-you page, my orders, the order's page and the mail name every method in ${prefix.slice(1)}`, async ({
    page,
    request,
  }) => {
    const shop = await addToCart(page, request, prefix)
    await shop.open('/checkout')
    const email = `scan.${prefix.slice(1)}.${Date.now()}@example.be`
    await fillCheckout(page, BRUSSELS)
    await page.locator('#co-email').fill(email)
    // flat rate offered too: every method's name on screen
    await page.locator('input[name="ship-method"][value="flatrate_flatrate"]').check()
    await expect(page.locator('input[name="pay-method"][value="cashondelivery"]')).toHaveCount(1)
    await page.locator('input[name="ship-method"][value="storepickup_storepickup"]').check()
    await expect(page.locator('input[name="pay-method"][value="payatpickup"]')).toHaveCount(1)
    expectNoEnglishNorCodes(`${prefix} checkout`, await visibleText(page))

    await page.locator('input[name="pay-method"][value="banktransfer"]').check()
    await page.locator('#co-terms').check()
    await page.getByRole('button', { name: words.checkout.placeOrder }).click()
    await expect(page).toHaveURL(new RegExp(`\\${prefix}/success$`))
    const number = (await page.getByTestId('order-number').textContent({ timeout: 30_000 }))!.trim()
    await expect(page.getByTestId('order-summary')).toBeVisible()
    expectNoEnglishNorCodes(`${prefix} thank-you page`, await visibleText(page))

    await shop.open('/my-account/orders')
    await expect(page.getByTestId('orders-row').first().getByRole('link')).toHaveText(number)
    expectNoEnglishNorCodes(`${prefix} my orders`, await visibleText(page))
    await page.getByTestId('orders-row').first().getByRole('link').click()
    await expect(page.getByTestId('order-summary')).toBeVisible()
    expectNoEnglishNorCodes(`${prefix} order page`, await visibleText(page))

    await expect.poll(() => mailsTo(email).length, { timeout: 30_000 }).toBe(1)
    const mail = mailsTo(email)[0]!
    expectNoEnglishNorCodes(`${prefix} mail`, `${mail.subject}\n${mail.text}`)
    expect(mail.text).toContain(words.checkout.pay_banktransfer)
  })
}
