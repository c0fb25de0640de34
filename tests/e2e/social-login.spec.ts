/**
 * Social login in a real Chromium against the built app and the real server with its local OpenID
 * Connect stand-in (be-nl-domain §6): in /nl "Doorgaan met Google" opens the provider in a
 * pop-up; picking the stand-in's new verified user closes it and the shopper is logged in with that
 * name; on my-social-profiles Facebook is linked (another pop-up) and unlinked, and offline the
 * links stay listed while linking and unlinking wait for a connection. A cancel on the provider's
 * page leaves the shopper logged out with a quiet notice; the server's refusals (no e-mail, an
 * unverified e-mail of an existing account) are told in Dutch. With pop-ups blocked the round runs in
 * the tab itself and the callback page finishes it. No CSP violation on the way.
 */
import { expect, test, type Page } from '@playwright/test'
import nl from '../../locales/nl'
import { seriousViolations, watchCspViolations } from './fixtures/checks'
import { Shop } from './fixtures/shop'

/** Opens the account's way in from the header (the login form). */
async function openLogin(page: Page, shop: Shop): Promise<void> {
  await shop.open('/')
  await page.getByTestId('header-account').click()
  await expect(page.getByTestId('login-form')).toBeVisible({ timeout: 60_000 })
}

/** Clicks `button`, then on the stand-in's page in the pop-up picks `choice` (a user's id, or cancel); the pop-up closes. */
async function throughPopup(page: Page, button: ReturnType<Page['getByRole']>, choice: string): Promise<void> {
  const opened = page.waitForEvent('popup')
  await button.click()
  const popup = await opened
  const closed = popup.waitForEvent('close', { timeout: 60_000 })
  const pick = choice === 'cancel' ? popup.locator('[data-action="cancel"]') : popup.locator(`[data-user="${choice}"]`)
  await pick.click()
  await closed
}

test('nl: log in with Google in a pop-up, then link and unlink Facebook on my-social-profiles', async ({ page }) => {
  test.setTimeout(180_000)
  const violations = await watchCspViolations(page)
  const shop = new Shop(page, '/nl')
  await openLogin(page, shop)
  const google = page.getByRole('button', { name: nl.socialLogin.continueWith.replace('{provider}', 'Google') })
  await expect(page.getByRole('button', { name: nl.socialLogin.continueWith.replace('{provider}', 'Facebook') })).toBeVisible()
  expect(await seriousViolations(page, '[data-testid="login-form"]')).toEqual([])

  await throughPopup(page, google, 'google-noor')
  await expect(page.getByTestId('profile-firstname')).toHaveText('Noor', { timeout: 30_000 })
  await expect(page.getByTestId('profile-email')).toHaveText('noor.jansen@example.com')
  await expect(page.getByTestId('header-account-name')).toHaveText('Noor')

  // my-social-profiles: the Google link the login made, with its e-mail address
  await page.getByRole('navigation', { name: nl.account.nav }).getByRole('link', { name: nl.account.social }).click()
  const googleLink = page.getByTestId('social-link-item-google')
  await expect(googleLink).toContainText('noor.jansen@example.com', { timeout: 30_000 })
  await expect(googleLink).toContainText(nl.socialLogin.linkedOn.replace('{date}', ''))
  await expect(page.getByTestId('social-link-google')).toHaveCount(0)
  expect(await seriousViolations(page, '[data-testid="social-profiles"]')).toEqual([])

  // link Facebook: another pop-up, in link mode
  await throughPopup(page, page.getByRole('button', { name: nl.socialLogin.linkWith.replace('{provider}', 'Facebook') }), 'facebook-daan')
  await expect(shop.notifications().filter({ hasText: nl.messages.socialLinked })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('social-link-item-facebook')).toContainText('daan.visser@example.nl')
  // still Noor: linking does not log in as someone else
  await expect(page.getByTestId('header-account-name')).toHaveText('Noor')

  // unlink it again (its button is named by the provider)
  await page.getByRole('button', { name: nl.socialLogin.unlinkOf.replace('{provider}', 'Facebook') }).click()
  await expect(shop.notifications().filter({ hasText: nl.messages.socialUnlinked })).toBeVisible()
  await expect(page.getByTestId('social-link-item-facebook')).toHaveCount(0)
  await expect(page.getByTestId('social-link-facebook')).toBeEnabled()
  // the list as the server has it after a reload
  await page.reload()
  await expect(page.getByTestId('social-link-item-google')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('social-link-item-facebook')).toHaveCount(0)
  expect(await violations.found()).toEqual([])

  // offline: the links as last seen, and linking and unlinking need a connection
  await page.context().setOffline(true)
  await expect(page.getByTestId('social-offline')).toHaveText(nl.socialLogin.offline)
  await expect(page.getByTestId('social-link-item-google')).toContainText('noor.jansen@example.com')
  await expect(page.getByTestId('social-link-facebook')).toBeDisabled()
  await expect(page.getByRole('button', { name: nl.socialLogin.unlinkOf.replace('{provider}', 'Google') })).toBeDisabled()
  await page.context().setOffline(false)
  await expect(page.getByTestId('social-link-facebook')).toBeEnabled({ timeout: 30_000 })
})

test('nl: a cancel on the provider’s page leaves the shopper logged out, with a quiet notice; refusals are told in Dutch', async ({ page }) => {
  test.setTimeout(120_000)
  const shop = new Shop(page, '/nl')
  await openLogin(page, shop)
  const facebook = page.getByRole('button', { name: nl.socialLogin.continueWith.replace('{provider}', 'Facebook') })
  await throughPopup(page, facebook, 'cancel')
  await expect(page.getByTestId('social-status')).toHaveText(nl.account.error_socialCancelled)
  await expect(page.getByTestId('social-failure')).toHaveCount(0)
  await expect(page.getByTestId('login-form')).toBeVisible()
  await expect(page.getByTestId('header-account')).toHaveAccessibleName(nl.account.signIn)

  // a Facebook account without an e-mail address, and an unverified address of an existing account: refused, still logged out
  await throughPopup(page, facebook, 'facebook-sem')
  await expect(page.getByTestId('social-failure')).toHaveText(nl.account.error_socialEmailMissing)
  await throughPopup(page, page.getByRole('button', { name: nl.socialLogin.continueWith.replace('{provider}', 'Google') }), 'google-luc')
  await expect(page.getByTestId('social-failure')).toHaveText(nl.account.error_socialEmailUnverified)
  await expect(page.getByTestId('social-status')).toHaveText('')
  await expect(page.getByTestId('header-account')).toHaveAccessibleName(nl.account.signIn)
})

test('nl: with pop-ups blocked the round runs in the tab and the callback page logs in', async ({ page }) => {
  test.setTimeout(120_000)
  await page.addInitScript(() => {
    window.open = () => null
  })
  const shop = new Shop(page, '/nl')
  await openLogin(page, shop)
  await page.getByRole('button', { name: nl.socialLogin.continueWith.replace('{provider}', 'Google') }).click()
  await page.locator('[data-user="google-eva"]').click()
  await expect(page).toHaveURL(/\/nl\/my-account$/, { timeout: 30_000 })
  await expect(page.getByTestId('profile-firstname')).toHaveText('Eva', { timeout: 30_000 })
  await expect(page.getByTestId('header-account-name')).toHaveText('Eva')
})
