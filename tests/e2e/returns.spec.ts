/**
 * A return from my-account on the real app and server: a guest's bank-transfer order placed in /be
 * is delivered (the import endpoint's `deliveries`), then its page on the device offers "Return
 * items"; the shopper returns one of the line's units with a reason and reads the return number, and
 * the mail with it and what to do is in the outbox in Dutch. A second return of the same line finds
 * nothing left to return. axe on the form.
 */
import { expect, test } from '@playwright/test'
import nl from '../../locales/nl'
import nlServer from '../../locales/nl/server'
import { seriousViolations } from './fixtures/checks'
import { placeBankTransferOrder } from './fixtures/checkout-flow'
import { mailMatching } from './fixtures/outbox'
import { E2E_IMPORT_API_KEY } from './playwright.config'

/** the address fillCheckout types into the checkout (tests/e2e/fixtures/checkout-flow.ts) */
const EMAIL = 'anna@example.be'

test('be: a delivered order returns a unit from my-account, with its number on the page and in the mail', async ({ page, request }) => {
  test.setTimeout(180_000)
  const { shop, number } = await placeBankTransferOrder(page, request, '/be', nl.checkout.placeOrder)
  const delivered = await request.post('/api/ext/import/batch', {
    headers: { authorization: `Bearer ${E2E_IMPORT_API_KEY}` },
    data: { storeViews: { be: { deliveries: [{ order_number: number }] } } },
  })
  expect(delivered.status(), await delivered.text()).toBe(200)

  await shop.open('/my-account/orders')
  await page.getByTestId('orders-row').filter({ hasText: number }).getByRole('link').click()
  await page.getByTestId('order-return-open').click()
  const form = page.getByTestId('return-form')
  await expect(form).toBeVisible({ timeout: 30_000 })
  expect(await seriousViolations(page)).toEqual([])

  // nothing chosen: said beside the button, nothing sent
  await page.getByTestId('return-submit').click()
  await expect(page.getByTestId('return-error')).toHaveText(nl.returns.nothingChosen)

  const qty = page.getByTestId('return-qty').first()
  const most = Number(await qty.locator('option').last().getAttribute('value'))
  expect(most).toBeGreaterThan(0)
  await qty.selectOption(String(most))
  await page.getByTestId('return-reason').selectOption('wrong_size')
  await page.getByTestId('return-submit').click()
  const sent = page.getByTestId('return-sent')
  await expect(sent).toBeVisible({ timeout: 30_000 })
  const returnNumber = (await sent.getAttribute('data-return-number'))!
  expect(returnNumber).toContain(number)
  await expect(sent).toHaveText(nl.returns.sent.replace(/\{number(:string)?\}/, returnNumber))

  const mail = await mailMatching(EMAIL, new RegExp(returnNumber))
  expect(mail.subject).toBe(nlServer.returnMail.subject.replace(/\{returnNumber(:string)?\}/, returnNumber).replace(/\{orderNumber(:string)?\}/, number))

  // every unit is on its way back: the order has nothing left to return
  await page.reload()
  await page.getByTestId('order-return-open').click()
  await expect(page.getByTestId('order-return').getByRole('status')).toHaveText(nl.returns.nothingLeft, { timeout: 30_000 })
})
