/**
 * Customer accounts in a real Chromium against the built app and the real server:
 * register in /nl (with the guest's cart kept, not doubled), log out (the spec's clearing and
 * confirmation), log in again, the profile shows the name; an access token that expires
 * mid-session (the e2e server's ACCESS_TOKEN_TTL is E2E_ACCESS_TOKEN_TTL_S) is refreshed without the
 * shopper noticing; a new e-mail address takes the current password; the login page passes axe.
 */
import { expect, test, type Page } from '@playwright/test'
import nl from '../../locales/nl'
import { productsOfType, sellable } from './fixtures/catalog-api'
import { seriousViolations, watchCspViolations } from './fixtures/checks'
import { Shop } from './fixtures/shop'
import { E2E_ACCESS_TOKEN_TTL_S } from './playwright.config'

const PASSWORD = 'polder-wachtwoord-1'

function field(page: Page, name: string) {
  return page.getByRole('main').getByLabel(name, { exact: false })
}

test('register in /nl, log out, log in again; an expiring access token is renewed unnoticed', async ({ page, request }) => {
  test.setTimeout(180_000)
  // every account page runs under the Content-Security-Policy: not one violation
  const violations = await watchCspViolations(page)
  const email = `anna-${Date.now()}@example.com`
  const simple = (await productsOfType(request, 'simple')).find((p) => sellable(p) && !(Array.isArray(p.custom_options) && p.custom_options.length > 0))
  expect(simple, 'the demo shop has a simple product without options').toBeDefined()
  const refreshes: number[] = []
  page.context().on('response', (response) => {
    if (response.url().includes('/api/user/refresh')) refreshes.push(response.status())
  })

  // a guest fills the cart first
  const shop = new Shop(page, '/nl')
  await shop.open(`/p/${encodeURIComponent(String(simple!.sku))}/${encodeURIComponent(String(simple!.slug))}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 })
  await page.getByTestId('add-to-cart').click()
  await expect.poll(() => shop.microcartCount()).toBe(1)
  // the add opens the microcart: closed before going on
  await expect(page.getByTestId('microcart')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('microcart')).toHaveCount(0)

  // the way in: the login form, which passes axe; register from it
  await page.getByTestId('header-account').click()
  await expect(page.getByTestId('login-form')).toBeVisible()
  await expect(page.getByTestId('header-account')).toHaveAccessibleName(nl.account.signIn)
  expect(await seriousViolations(page)).toEqual([])
  await page.getByTestId('to-register').click()
  const register = page.getByTestId('register-form')
  await expect(register.getByRole('heading', { level: 2 })).toHaveText(nl.account.registerTitle)

  // the spec's form texts, in Dutch, and focus on the first field with a problem
  await register.getByRole('button', { name: nl.account.register }).click()
  await expect(field(page, nl.account.firstname)).toBeFocused()
  await expect(register.getByText(nl.validation.required).first()).toBeVisible()
  await field(page, nl.account.firstname).fill('Anna')
  await field(page, nl.account.lastname).fill('de Vries')
  await field(page, nl.account.email).fill(email)
  await register.getByRole('textbox', { name: nl.account.password, exact: true }).fill('kort')
  await field(page, nl.account.confirmPassword).fill('anders')
  await register.getByRole('button', { name: nl.account.register }).click()
  await expect(register.getByText(nl.validation.passwordTooShort)).toBeVisible()
  await expect(register.getByRole('textbox', { name: nl.account.password, exact: true })).toBeFocused()
  await register.getByRole('textbox', { name: nl.account.password, exact: true }).fill(PASSWORD)
  await field(page, nl.account.confirmPassword).fill(PASSWORD)
  await register.getByRole('button', { name: nl.account.register }).click()

  const profile = page.getByTestId('account-profile')
  await expect(profile.getByTestId('profile-firstname')).toHaveText('Anna', { timeout: 30_000 })
  await expect(profile.getByTestId('profile-email')).toHaveText(email)
  await expect(page.getByTestId('header-account-name')).toHaveText('Anna')
  await expect(page.getByTestId('header-account')).toHaveAccessibleName(nl.account.accountOf.replace('{name}', 'Anna'))
  // the guest cart is kept with the session, not doubled
  await expect.poll(() => shop.microcartCount()).toBe(1)

  // a reload keeps the shopper logged in
  await page.reload()
  await expect(page.getByTestId('profile-firstname')).toHaveText('Anna', { timeout: 30_000 })

  // logout: confirmed, the cart cleared, the login form back
  await page.getByTestId('logout').click()
  await expect(shop.notifications().filter({ hasText: nl.messages.loggedOut })).toBeVisible()
  await expect(page.getByTestId('login-form')).toBeVisible()
  await expect.poll(() => shop.microcartCount()).toBe(0)

  // a wrong password is refused, in Dutch; the right one logs in
  const login = page.getByTestId('login-form')
  await field(page, nl.account.email).fill(email)
  await login.getByRole('textbox', { name: nl.account.password, exact: true }).fill('niet het wachtwoord')
  await login.getByRole('button', { name: nl.account.signIn }).click()
  await expect(login.getByRole('alert')).toHaveText(nl.account.error_signInIncorrect)
  // a logout of the shopper's own is not a session that ended by itself: no modal over the form
  await expect(page.getByTestId('session-ended-dialog')).toHaveCount(0)
  await login.getByRole('textbox', { name: nl.account.password, exact: true }).fill(PASSWORD)
  await login.getByRole('button', { name: nl.account.signIn }).click()
  await expect(page.getByTestId('profile-firstname')).toHaveText('Anna', { timeout: 30_000 })
  // a slow machine may outlive the first tokens (12 s) before this point and renew them: counted from here
  refreshes.length = 0

  // the access token expires mid-session: saving the profile renews it and goes through
  await page.waitForTimeout((E2E_ACCESS_TOKEN_TTL_S + 2) * 1000)
  await page.getByTestId('profile-edit').click()
  const edit = page.getByTestId('profile-form')
  await edit.getByLabel(nl.account.firstname).fill('Anneke')
  await edit.getByRole('button', { name: nl.account.save }).click()
  await expect(shop.notifications().filter({ hasText: nl.messages.accountUpdated })).toBeVisible()
  await expect(page.getByTestId('profile-firstname')).toHaveText('Anneke')
  await expect(page.getByTestId('header-account-name')).toHaveText('Anneke')
  expect(refreshes).toEqual([200])
  await expect(page.getByTestId('session-ended-dialog')).toHaveCount(0)

  // a new e-mail address asks for the current password: none or a wrong one is refused in Dutch, the right one changes it
  const newEmail = `nieuw-${email}`
  await page.getByTestId('profile-edit').click()
  const change = page.getByTestId('profile-form')
  await expect(change.getByTestId('profile-password-hint')).toHaveCount(0)
  await change.getByLabel(nl.account.email).fill(newEmail)
  await expect(change.getByTestId('profile-password-hint')).toHaveText(nl.account.emailChangeHint)
  const current = change.getByLabel(nl.account.currentPassword)
  await change.getByRole('button', { name: nl.account.save }).click()
  await expect(change.getByText(nl.validation.required)).toBeVisible()
  await expect(current).toBeFocused()
  await current.fill('niet het wachtwoord')
  await change.getByRole('button', { name: nl.account.save }).click()
  await expect(change.getByRole('alert')).toHaveText(nl.account.error_currentPasswordWrong)
  await current.fill(PASSWORD)
  await change.getByRole('button', { name: nl.account.save }).click()
  await expect(shop.notifications().filter({ hasText: nl.messages.accountUpdated }).first()).toBeVisible()
  await expect(page.getByTestId('profile-email')).toHaveText(newEmail)
  expect((await request.post('/api/user/login', { data: { username: newEmail, password: PASSWORD } })).status()).toBe(200)
  expect(await violations.found()).toEqual([])
})
