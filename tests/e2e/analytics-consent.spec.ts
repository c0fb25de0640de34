/**
 * Cookie consent and the tag manager on the real built app, the e2e server with a test container
 * (playwright.config.ts E2E_GTM_ID). These contexts start with no cookie answer (every other spec
 * starts with "necessary only"); the container's script is answered here with a stub, so nothing
 * leaves the machine. Before an answer: the banner, the consent defaults (all denied) and no request
 * to the tag manager. "Accept all" loads the container after a consent update; "Necessary only"
 * never does, and the footer's Cookie settings change the answer later.
 */
import { expect, test, type Page } from '@playwright/test'
import en from '../../locales/en'
import nl from '../../locales/nl'
import { CONSENT_KEY } from '../../src/consent/consent-record'
import { seriousViolations } from './fixtures/checks'
import { E2E_GTM_ID, E2E_STORAGE_STATE_WITHOUT } from './playwright.config'

test.use({ storageState: E2E_STORAGE_STATE_WITHOUT(CONSENT_KEY) })

/** Answers the tag manager's requests with a stub script and counts them. */
async function stubTagManager(page: Page): Promise<string[]> {
  const requests: string[] = []
  await page.route('https://www.googletagmanager.com/**', async (route) => {
    requests.push(route.request().url())
    await route.fulfill({ contentType: 'application/javascript', body: 'window.polderGtmStub = (window.polderGtmStub || 0) + 1' })
  })
  return requests
}

/** The dataLayer's entries, gtag's Arguments objects as arrays. */
function dataLayer(page: Page): Promise<unknown[] | null> {
  return page.evaluate(() =>
    window.dataLayer
      ? window.dataLayer.map((entry) => (Object.prototype.toString.call(entry) === '[object Arguments]' ? Array.from(entry as ArrayLike<unknown>) : entry))
      : null,
  )
}

const DENIED = { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' }
const GRANTED = { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted', analytics_storage: 'granted' }

test('no tag before an answer; "Accept all" pushes the consent update, then loads the container, and is remembered', async ({ page }) => {
  const requests = await stubTagManager(page)
  const response = await page.goto('/en/')
  const csp = response?.headers()['content-security-policy'] ?? ''
  expect(csp).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com/)

  const banner = page.getByRole('region', { name: en.consent.title })
  await expect(banner).toBeVisible({ timeout: 60_000 })
  expect(await seriousViolations(page, '[data-testid="consent-banner"]')).toEqual([])
  // the defaults only, first; nothing asked of the tag manager
  await expect.poll(() => dataLayer(page)).toEqual([['consent', 'default', DENIED]])
  expect(requests).toEqual([])

  await banner.getByRole('button', { name: en.consent.acceptAll }).click()
  await expect(banner).toBeHidden()
  await expect.poll(() => requests.length).toBe(1)
  expect(new URL(requests[0]!).searchParams.get('id')).toBe(E2E_GTM_ID)
  const entries = await dataLayer(page)
  expect(entries?.slice(0, 3)).toEqual([['consent', 'default', DENIED], ['consent', 'update', GRANTED], expect.objectContaining({ event: 'gtm.js' })])
  await expect.poll(() => page.evaluate(() => (window as unknown as { polderGtmStub?: number }).polderGtmStub)).toBe(1)
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('polder-consent'))) ?? 'null') as Record<string, unknown>
  expect(stored).toMatchObject({ version: 1, analytics: true, marketing: true })

  // remembered: no banner on the next page load, and the container loads again with the update
  await page.reload()
  await expect(page.getByRole('contentinfo').getByRole('button', { name: en.consent.settings })).toBeVisible({ timeout: 60_000 })
  await expect.poll(() => requests.length).toBe(2)
  await expect(banner).toHaveCount(0)
})

test('"Necessary only": no tag, also on the next page; Cookie settings reopen the banner, and a choice of analytics loads the container', async ({ page }) => {
  const requests = await stubTagManager(page)
  await page.goto('/nl/')
  const banner = page.getByRole('region', { name: nl.consent.title })
  await expect(banner).toBeVisible({ timeout: 60_000 })

  // the choice per category, by keyboard: Choose moves the focus to the first toggle
  await banner.getByRole('button', { name: nl.consent.choose }).focus()
  await page.keyboard.press('Enter')
  await expect(banner.getByRole('checkbox', { name: new RegExp(nl.consent.analytics) })).toBeFocused()
  await expect(banner.getByRole('checkbox', { name: new RegExp(nl.consent.necessary) })).toBeDisabled()
  expect(await seriousViolations(page, '[data-testid="consent-banner"]')).toEqual([])
  await banner.getByRole('button', { name: nl.consent.necessaryOnly }).click()
  await expect(banner).toBeHidden()
  await expect(page.locator('#main')).toBeFocused()

  await page.reload()
  const settings = page.getByRole('contentinfo').getByRole('button', { name: nl.consent.settings })
  await expect(settings).toBeVisible({ timeout: 60_000 })
  await expect(banner).toHaveCount(0)
  // the defaults and the update that denies, and never the container
  await expect
    .poll(() => dataLayer(page))
    .toEqual([
      ['consent', 'default', DENIED],
      ['consent', 'update', DENIED],
    ])
  expect(requests).toEqual([])

  // Cookie settings: the banner with the answer given, the focus on its heading; Escape gives it back
  await settings.click()
  await expect(banner.getByRole('heading', { name: nl.consent.title })).toBeFocused()
  await expect(banner.getByRole('checkbox', { name: new RegExp(nl.consent.analytics) })).not.toBeChecked()
  await page.keyboard.press('Escape')
  await expect(banner).toBeHidden()
  await expect(settings).toBeFocused()
  expect(requests).toEqual([])

  await settings.click()
  await banner.getByRole('checkbox', { name: new RegExp(nl.consent.analytics) }).check()
  await banner.getByRole('button', { name: nl.consent.save }).click()
  await expect(banner).toBeHidden()
  await expect(settings).toBeFocused()
  await expect.poll(() => requests.length).toBe(1)
  const entries = await dataLayer(page)
  expect(entries?.at(-2)).toEqual([
    'consent',
    'update',
    { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'granted' },
  ])
  expect(entries?.at(-1)).toMatchObject({ event: 'gtm.js' })
})
