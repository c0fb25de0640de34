/**
 * The newsletter and privacy pages in a real Chromium against the built app and the real server:
 * in /nl a customer subscribes to the newsletter (double opt-in: the page says the mail
 * went out), unsubscribes signed in and subscribes again, downloads their data (a JSON file with
 * their profile), is refused a wrong password in Dutch, and deletes their account (confirmed once
 * more): logged out, and the login is refused. The privacy page passes axe.
 */
import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import nl from '../../locales/nl'
import { seriousViolations, watchCspViolations } from './fixtures/checks'
import { signIn } from './fixtures/account'
import { Shop } from './fixtures/shop'

const PASSWORD = 'polder-wachtwoord-1'

test('newsletter subscribe, download my data, wrong password refused, delete the account (/nl)', async ({ page, request }) => {
  test.setTimeout(150_000)
  // every account page runs under the Content-Security-Policy: not one violation
  const violations = await watchCspViolations(page)
  const email = `privacy-${Date.now()}@example.com`
  const created = await request.post('/api/user/create?storeCode=nl', {
    data: { customer: { email, firstname: 'Sanne', lastname: 'Bakker' }, password: PASSWORD },
  })
  expect(created.status()).toBe(200)

  const shop = new Shop(page, '/nl')
  await shop.open('/my-account')
  const login = page.getByTestId('login-form')
  await expect(login).toBeVisible({ timeout: 60_000 })
  await signIn(login, nl, email, PASSWORD)
  await expect(page.getByTestId('profile-firstname')).toHaveText('Sanne', { timeout: 30_000 })

  // the newsletter: not subscribed, subscribe → the confirmation mail went out
  await page.getByTestId('account-nav').getByRole('link', { name: nl.account.newsletter }).click()
  const state = page.getByTestId('newsletter-state')
  await expect(state).toHaveText(nl.privacyPages.newsletterUnsubscribed)
  await page.getByTestId('newsletter-subscribe').click()
  await expect(state).toHaveText(nl.privacyPages.newsletterPending.replace('{email}', email))
  // her own address: she unsubscribes it signed in (an address alone unsubscribes nothing), then subscribes again
  await page.getByTestId('newsletter-unsubscribe').click()
  await expect(state).toHaveText(`${nl.privacyPages.newsletterUnsubscribed} ${nl.privacyPages.unsubscribed}`)
  await page.getByTestId('newsletter-subscribe').click()
  await expect(state).toHaveText(nl.privacyPages.newsletterPending.replace('{email}', email))

  // privacy: download my data
  await page.getByTestId('account-nav').getByRole('link', { name: nl.account.privacy }).click()
  const download = page.getByTestId('privacy-download')
  await expect(download.getByRole('heading', { level: 2 })).toHaveText(nl.privacyPages.downloadTitle)
  expect(await seriousViolations(page)).toEqual([])
  await download.getByRole('button', { name: nl.privacyPages.download }).click()
  await expect(download.getByText(nl.privacyPages.passwordRequired)).toBeVisible()
  await download.getByLabel(nl.privacyPages.password, { exact: false }).fill('niet het wachtwoord')
  await download.getByRole('button', { name: nl.privacyPages.download }).click()
  await expect(download.getByText(nl.privacyPages.passwordWrong)).toBeVisible()
  await download.getByLabel(nl.privacyPages.password, { exact: false }).fill(PASSWORD)
  const [file] = await Promise.all([page.waitForEvent('download'), download.getByRole('button', { name: nl.privacyPages.download }).click()])
  const data = JSON.parse(readFileSync((await file.path())!, 'utf8')) as { profile: { email: string }; newsletter: { status: string } | null }
  expect(data.profile.email).toBe(email)
  expect(data.newsletter?.status).toBe('pending')

  // delete: the password, then confirmed once more
  const del = page.getByTestId('privacy-delete')
  await del.getByLabel(nl.privacyPages.password, { exact: false }).fill(PASSWORD)
  await del.getByRole('button', { name: nl.privacyPages.delete }).click()
  await expect(del.getByRole('alertdialog')).toContainText(nl.privacyPages.confirmErase)
  await del.getByTestId('privacy-delete-confirm').click()
  await expect(page.getByTestId('privacy-erased')).toHaveText(nl.privacyPages.erased, { timeout: 30_000 })
  await expect(page.getByTestId('header-account')).toHaveAccessibleName(nl.account.signIn)
  const again = await request.post('/api/user/login', { data: { username: email, password: PASSWORD } })
  expect(again.status()).toBe(401)
  expect(await violations.found()).toEqual([])
})
