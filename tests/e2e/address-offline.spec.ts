/**
 * An address added offline (spec §4 "Address save", "Coming back online") in a real
 * Chromium against the built app and the real server, in /nl: a logged-in customer on the address
 * book goes offline, adds an address (the Dutch postcode rule refuses a Belgian one, in Dutch); it
 * is listed at once as pending, and still after a reload served by the service worker; back online
 * (the access token expired meanwhile) it reaches the server exactly once (the customer's book on
 * GET /api/user/me holds it once), the shopper is told it was saved and the page no longer shows it
 * as pending. Once also when the answer to its send is lost after the server stored it: the queue
 * sends it again, and its Idempotency-Key keeps the server from adding it twice.
 */
import { expect, test, type APIRequestContext } from '@playwright/test'
import nl from '../../locales/nl'
import { waitForServiceWorker } from './fixtures/checks'
import { signIn } from './fixtures/account'
import { Shop } from './fixtures/shop'
import { E2E_ACCESS_TOKEN_TTL_S } from './playwright.config'

const PASSWORD = 'polder-wachtwoord-1'

interface ServerAddress {
  street: string[]
  postcode: string
  city: string
  country_id: string
}

/** The customer's address book as the server holds it. */
async function serverAddresses(request: APIRequestContext, email: string): Promise<ServerAddress[]> {
  const login = await request.post('/api/user/login', { data: { username: email, password: PASSWORD } })
  expect(login.status()).toBe(200)
  const token = ((await login.json()) as { result: string }).result
  const me = await request.get(`/api/user/me?token=${encodeURIComponent(token)}`)
  expect(me.status()).toBe(200)
  return ((await me.json()) as { result: { addresses: ServerAddress[] } }).result.addresses
}

test('nl: an address added offline is pending, kept across an offline reload, and reaches the server once', async ({ page, context, request }) => {
  test.setTimeout(150_000)
  const email = `adres-${Date.now()}@example.nl`
  const created = await request.post('/api/user/create?storeCode=nl', {
    data: { customer: { email, firstname: 'Femke', lastname: 'Jansen' }, password: PASSWORD },
  })
  expect(created.status()).toBe(200)
  // every answered save of an address (the worker's calls and queued tasks)
  const saves: number[] = []
  context.on('response', (response) => {
    if (response.request().method() === 'PUT' && response.url().includes('/api/ext/address-book/customer/')) saves.push(response.status())
  })

  const shop = new Shop(page, '/nl')
  await shop.open('/my-account')
  const login = page.getByTestId('login-form')
  await expect(login).toBeVisible({ timeout: 60_000 })
  await signIn(login, nl, email, PASSWORD)
  await expect(page.getByTestId('profile-firstname')).toHaveText('Femke', { timeout: 30_000 })
  await page.getByTestId('account-nav').getByRole('link', { name: nl.account.shippingDetails }).click()
  await expect(page).toHaveURL(/\/nl\/my-account\/shipping-details$/)
  await expect(page.getByTestId('addresses-empty')).toHaveText(nl.account.addressesEmpty)
  await waitForServiceWorker(page)

  await context.setOffline(true)
  await expect(page.getByTestId('offline-indicator')).toBeVisible()
  await page.getByTestId('address-add').click()
  const form = page.getByTestId('address-form')
  await expect(form.locator('#book-firstname')).toHaveValue('Femke')
  await expect(form.locator('#book-country')).toHaveValue('NL')
  await form.locator('#book-street').fill('Damrak')
  await form.locator('#book-houseNumber').fill('70')
  await form.locator('#book-city').fill('Amsterdam')
  await form.locator('#book-phone').fill('06 12345678')
  // a Belgian postcode in the Netherlands: refused in Dutch, focus on the field
  await form.locator('#book-postcode').fill('1000')
  await form.getByRole('button', { name: nl.account.save }).click()
  await expect(form.locator('#book-postcode-error')).toHaveText(nl.validation.postcodeInvalidNl)
  await expect(form.locator('#book-postcode')).toBeFocused()
  await form.locator('#book-postcode').fill('1012lm')
  await form.getByRole('button', { name: nl.account.save }).click()

  // listed at once, pending, with the postcode as the Dutch rule writes it
  await expect(shop.notifications().filter({ hasText: nl.messages.addressQueued })).toBeVisible()
  const entries = page.getByTestId('address-entry')
  await expect(entries).toHaveCount(1)
  await expect(entries).toHaveAttribute('data-pending', 'save')
  await expect(entries).toContainText('Damrak 70')
  await expect(entries).toContainText('1012 LM Amsterdam')
  await expect(entries.getByTestId('address-pending')).toHaveText(nl.account.addressPending)

  // a reload while offline: the service worker serves the app, the device still has the address
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.account.shippingDetails, { timeout: 60_000 })
  await expect(page.getByTestId('offline-indicator')).toBeVisible({ timeout: 30_000 })
  await expect(entries).toHaveCount(1)
  await expect(entries).toHaveAttribute('data-pending', 'save')
  await expect(entries.getByTestId('address-pending')).toHaveText(nl.account.addressPending)
  expect(saves.filter((s) => s === 200)).toEqual([])
  // offline for longer than an access token lives: the queued save meets an expired token when sent
  await page.waitForTimeout((E2E_ACCESS_TOKEN_TTL_S + 2) * 1000)

  // back online: sent, the server's book replaces the pending entry, and the shopper is told (spec §4)
  await context.setOffline(false)
  await expect(shop.notifications().filter({ hasText: nl.messages.addressSaved })).toBeVisible({ timeout: 45_000 })
  await expect(entries.getByTestId('address-pending')).toHaveCount(0)
  await expect(entries).toHaveCount(1)
  await expect(entries).not.toHaveAttribute('data-pending', /.+/)
  await expect(entries).toContainText('1012 LM Amsterdam')
  await expect(page.getByRole('button', { name: nl.account.editAddressOf.replace('{street}', 'Damrak 70') })).toBeVisible()

  // on the server exactly once, and it stays once (no second send after the answer)
  const once = (addresses: ServerAddress[]) => addresses.filter((a) => a.street[0] === 'Damrak' && a.postcode === '1012 LM')
  expect(once(await serverAddresses(request, email))).toHaveLength(1)
  await page.reload()
  await expect(entries).toHaveCount(1, { timeout: 30_000 })
  await expect(entries.getByTestId('address-pending')).toHaveCount(0)
  const book = await serverAddresses(request, email)
  expect(book).toHaveLength(1)
  expect(once(book)).toEqual([expect.objectContaining({ city: 'Amsterdam', country_id: 'NL', street: ['Damrak', '70'] })])
  expect(saves.filter((s) => s === 200)).toHaveLength(1)
})

test('nl: the answer to an address sent after reconnect is lost after the server stored it: sent again, stored once', async ({ page, context, request }) => {
  test.setTimeout(150_000)
  const email = `adres-verloren-${Date.now()}@example.nl`
  const created = await request.post('/api/user/create?storeCode=nl', {
    data: { customer: { email, firstname: 'Joris', lastname: 'Smit' }, password: PASSWORD },
  })
  expect(created.status()).toBe(200)
  // the first save reaches the server, which stores it; its answer never reaches the browser
  let dropped = 0
  // the Idempotency-Key of each send: the same save sent again carries the same one
  const sent: (string | undefined)[] = []
  await context.route('**/api/ext/address-book/customer/*', async (route) => {
    if (route.request().method() !== 'PUT') return route.continue()
    sent.push((await route.request().allHeaders())['idempotency-key'])
    if (dropped > 0) return route.continue()
    dropped += 1
    const handled = await route.fetch()
    expect(handled.status(), 'the server stored the address whose answer is dropped').toBe(200)
    await route.abort('connectionreset')
  })

  const shop = new Shop(page, '/nl')
  await shop.open('/my-account')
  const login = page.getByTestId('login-form')
  await expect(login).toBeVisible({ timeout: 60_000 })
  await signIn(login, nl, email, PASSWORD)
  await expect(page.getByTestId('profile-firstname')).toHaveText('Joris', { timeout: 30_000 })
  await shop.open('/my-account/shipping-details')
  await expect(page.getByTestId('addresses-empty')).toBeVisible()
  await waitForServiceWorker(page)

  await context.setOffline(true)
  await expect(page.getByTestId('offline-indicator')).toBeVisible()
  await page.getByTestId('address-add').click()
  const form = page.getByTestId('address-form')
  await form.locator('#book-street').fill('Coolsingel')
  await form.locator('#book-houseNumber').fill('40')
  await form.locator('#book-postcode').fill('3011 AD')
  await form.locator('#book-city').fill('Rotterdam')
  await form.locator('#book-phone').fill('010 4172222')
  await form.getByRole('button', { name: nl.account.save }).click()
  const entries = page.getByTestId('address-entry')
  await expect(entries).toHaveAttribute('data-pending', 'save')

  await context.setOffline(false)
  await expect(entries.getByTestId('address-pending')).toHaveCount(0, { timeout: 60_000 })
  expect(sent.length, 'sent again after the lost answer').toBeGreaterThanOrEqual(2)
  expect(new Set(sent).size, `one key for every send: ${sent.join(', ')}`).toBe(1)
  await expect(entries).toHaveCount(1)
  const book = await serverAddresses(request, email)
  expect(book.filter((a) => a.street[0] === 'Coolsingel')).toHaveLength(1)
})
