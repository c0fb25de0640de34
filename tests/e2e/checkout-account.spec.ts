/**
 * "Create an account" in the checkout's personal details step, in
 * Chromium against the built app and the real server: a too short password is refused in Dutch
 * with the focus on it and nothing ordered; with a good one the account is made first, the order is
 * placed as the new customer's (in their order history on the server) and the shopper is logged in.
 */
import { expect, test } from '@playwright/test'
import nl from '../../locales/nl'
import { signIn } from './fixtures/account'
import { addToCart, BRUSSELS, chooseBankTransferAndAccept, fillCheckout, simpleProduct } from './fixtures/checkout-flow'
import { Shop } from './fixtures/shop'

test('be: a guest ticks "create an account": a short password is refused, a good one makes the account and the order is theirs', async ({ page, request }) => {
  const email = `checkout-${Date.now()}@example.be`
  const password = 'polder wachtwoord 1'
  const shop = await addToCart(page, request, '/be')
  await shop.open('/checkout')
  await fillCheckout(page, BRUSSELS)
  await page.locator('#co-email').fill(email)
  await chooseBankTransferAndAccept(page)

  await page.getByLabel(nl.checkout.createAccount).check()
  const field = page.getByRole('textbox', { name: nl.checkout.password, exact: true })
  await field.fill('kort')
  await page.getByRole('button', { name: nl.checkout.placeOrder }).click()
  await expect(page.locator('#co-password-error')).toHaveText(nl.validation.passwordTooShort)
  await expect(field).toBeFocused()
  await expect(page).toHaveURL(/\/be\/checkout$/)

  await field.fill(password)
  await page.getByRole('button', { name: nl.checkout.placeOrder }).click()
  await expect(page).toHaveURL(/\/be\/success$/, { timeout: 30_000 })
  const number = (await page.getByTestId('order-number').textContent({ timeout: 30_000 }))!.trim()
  // logged in as the new customer (the success page has the minimal layout: the header is on the shop's pages)
  await shop.open('/')
  await expect(page.getByTestId('header-account-name')).toHaveText('Anna')

  // on the server: the account exists with that password, and the order is in its history
  const login = await request.post('/api/user/login', { data: { username: email, password } })
  expect(login.status()).toBe(200)
  const token = ((await login.json()) as { result: string }).result
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/user/order-history?token=${encodeURIComponent(token)}`)
        if (res.status() !== 200) return `HTTP ${res.status()}: ${await res.text()}`
        return ((await res.json()) as { result: { items: { increment_id: string }[] } }).result.items.map((o) => o.increment_id)
      },
      { timeout: 30_000 },
    )
    .toEqual([number])
})

test('nl: a signed-in customer’s checkout starts from their details and default address on file', async ({ page, request }) => {
  const shop = new Shop(page, '/nl')
  await shop.open('/my-account')
  const login = page.getByTestId('login-form')
  await expect(login).toBeVisible({ timeout: 60_000 })
  await signIn(login, nl, 'anna.devries@example.nl', 'Polder-demo-2026')
  await expect(page.getByTestId('profile-firstname')).toHaveText('Anna', { timeout: 30_000 })
  const product = await simpleProduct(request)
  await shop.open(`/p/${encodeURIComponent(String(product.sku))}/${encodeURIComponent(String(product.slug))}`)
  await page.getByTestId('add-to-cart').click()
  await expect.poll(() => shop.microcartCount()).toBeGreaterThanOrEqual(1)
  await page.keyboard.press('Escape')

  await shop.open('/checkout')
  await expect(page.locator('#co-email')).toHaveValue('anna.devries@example.nl')
  await expect(page.locator('#co-firstName')).toHaveValue('Anna')
  await expect(page.locator('#co-lastName')).toHaveValue('de Vries')
  // store pickup (the default) asks the billing address: the one on file
  await expect(page.locator('#bill-street')).toHaveValue('Oudegracht')
  await expect(page.locator('#bill-houseNumber')).toHaveValue('231')
  await expect(page.locator('#bill-country')).toHaveValue('NL')
  // delivered: the default shipping address, billed to the same
  await page.locator('input[name="ship-method"][value="flatrate_flatrate"]').check()
  await expect(page.locator('#ship-street')).toHaveValue('Oudegracht')
  await expect(page.locator('#bill-same')).toBeChecked()
  // what the shopper changes stays theirs after a reload
  await page.locator('#ship-city').fill('Amersfoort')
  await shop.open('/checkout')
  await expect(page.locator('#ship-city')).toHaveValue('Amersfoort')
})
