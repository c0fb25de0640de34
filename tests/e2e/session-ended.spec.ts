/**
 * A session that ends by itself (spec §4 "Token handling on a 401"): a shopper logged in in
 * /fr whose login is revoked on the server (logged out elsewhere, its refresh token refused) is
 * logged out silently at the next call, and the sign-up modal says in French that the session ended
 * and offers the login in place; logging in there closes it and the shopper carries on.
 */
import { expect, test } from '@playwright/test'
import fr from '../../locales/fr'
import { seriousViolations, watchCspViolations } from './fixtures/checks'
import { signIn } from './fixtures/account'
import { Shop } from './fixtures/shop'

const PASSWORD = 'polder-motdepasse-1'

test('fr: a revoked login ends the session at the next call, and the sign-up modal offers the login again', async ({ page, request }) => {
  test.setTimeout(120_000)
  const email = `luc-${Date.now()}@example.com`
  const violations = await watchCspViolations(page)
  const created = await request.post('/api/user/create', { data: { customer: { email, firstname: 'Luc', lastname: 'Dubois' }, password: PASSWORD } })
  expect(created.status()).toBe(200)
  // the access token the page's worker sends, as it sends it (?token=)
  let accessToken: string | null = null
  const refreshes: number[] = []
  page.context().on('request', (req) => {
    const token = new URL(req.url()).searchParams.get('token')
    if (token) accessToken = token
  })
  page.context().on('response', (response) => {
    if (response.url().includes('/api/user/refresh')) refreshes.push(response.status())
  })

  const shop = new Shop(page, '/fr')
  await shop.open('/my-account')
  // the login ends with the cart's authorisation (cart/create with the token): the session is settled then
  const authorised = page
    .context()
    .waitForEvent('response', { predicate: (r) => r.url().includes('/api/cart/create') && r.url().includes('token='), timeout: 30_000 })
  await signIn(page.getByRole('main').getByTestId('login-form'), fr, email, PASSWORD)
  await expect(page.getByTestId('profile-firstname')).toHaveText('Luc', { timeout: 30_000 })
  expect((await authorised).status()).toBe(200)
  expect(accessToken).not.toBeNull()
  await expect(page.getByTestId('session-ended-dialog')).toHaveCount(0)

  // logged out elsewhere: the login (its whole token family) is revoked on the server
  const revoked = await request.post(`/api/user/logout?token=${encodeURIComponent(accessToken!)}`, { data: {} })
  expect(revoked.status()).toBe(200)

  // the next call (the profile read again when the page loads) meets a 401 and the refresh is refused:
  // logged out silently, and the modal says so in French
  await page.reload()
  const dialog = page.getByTestId('session-ended-dialog')
  await expect(dialog).toBeVisible({ timeout: 30_000 })
  await expect(dialog.getByRole('heading', { level: 2 }).first()).toHaveText(fr.account.sessionEndedTitle)
  await expect(dialog.getByTestId('session-ended-text')).toHaveText(fr.account.sessionEndedText)
  await expect.poll(() => refreshes).toEqual([401])
  await expect(page.getByTestId('header-account')).toHaveAccessibleName(fr.account.signIn)
  expect(await seriousViolations(page)).toEqual([])

  // the login in the modal: it closes, the shopper is back
  await signIn(dialog.getByTestId('login-form'), fr, email, PASSWORD)
  await expect(dialog).toHaveCount(0, { timeout: 30_000 })
  await expect(page.getByTestId('header-account-name')).toHaveText('Luc')
  expect(await violations.found()).toEqual([])
})
