/**
 * CMS pages (/i/{slug}) and the footer's CMS blocks on the real app: each store view's own text,
 * links inside the shop's HTML followed by the router (no page load), the checkout's terms and
 * privacy links, an unknown page's not-found (404 on a page load), and offline: a page opened once
 * reads offline, one never opened shows the spec's offline notice.
 */
import { expect, test, type Page } from '@playwright/test'
import en from '../../locales/en'
import { addToCart } from './fixtures/checkout-flow'
import { Shop } from './fixtures/shop'
import { E2E_IMPORT_API_KEY } from './playwright.config'

/** Arrives at `path` through history, as back/forward would: the app stays loaded (offline, a page load would fail). */
async function arrive(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(history.state, '', to)
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }))
  }, path)
}

const TERMS: Record<'en' | 'nl' | 'fr', { title: string; metaTitle: string; text: string }> = {
  en: { title: 'Terms and conditions', metaTitle: 'Terms and conditions | Polder', text: 'Who we are' },
  nl: { title: 'Algemene voorwaarden', metaTitle: 'Algemene voorwaarden | Polder', text: 'Wie we zijn' },
  fr: { title: 'Conditions générales', metaTitle: 'Conditions générales de vente | Polder', text: 'Qui sommes-nous' },
}

for (const code of ['en', 'nl', 'fr'] as const) {
  test(`${code}: a CMS page shows its own language's title and text, its meta title in the tab`, async ({ page }) => {
    const shop = new Shop(page, `/${code}`)
    await shop.open('/i/terms-and-conditions')
    const article = page.locator('[data-route="cms-page"]')
    await expect(article.getByRole('heading', { level: 1 })).toHaveText(TERMS[code].title)
    await expect(article).toContainText(TERMS[code].text)
    await expect(page).toHaveTitle(TERMS[code].metaTitle)
    await expect(page.getByTestId('breadcrumbs')).toContainText(TERMS[code].title)
  })
}

test('en: the footer’s legal links open the terms, privacy and cookie pages through the router', async ({ page }) => {
  const shop = new Shop(page, '/en')
  await shop.open('/')
  const blocks = page.getByTestId('footer-blocks')
  await expect(blocks.getByRole('link', { name: 'Terms and conditions' })).toBeVisible({ timeout: 30_000 })
  // a page load would drop this mark
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
  for (const [name, path] of [
    ['Terms and conditions', '/en/i/terms-and-conditions'],
    ['Privacy policy', '/en/i/privacy-policy'],
    ['Cookie policy', '/en/i/cookie-policy'],
  ] as const) {
    await blocks.getByRole('link', { name }).click()
    await expect(page).toHaveURL(new RegExp(`${path}$`))
    await expect(page.locator('[data-route="cms-page"]').getByRole('heading', { level: 1 })).toHaveText(name)
  }
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
})

test('en: the checkout’s terms and privacy links open the CMS pages', async ({ page, request }) => {
  const shop = await addToCart(page, request, '/en')
  await shop.open('/checkout')
  const label = page.locator('label[for="co-terms"]')
  await expect(label.getByRole('link', { name: en.checkout.termsLink })).toHaveAttribute('href', '/en/i/terms-and-conditions')
  await expect(label.getByRole('link', { name: en.checkout.privacyLink })).toHaveAttribute('href', '/en/i/privacy-policy')
})

test('en: an unknown CMS page is not found (404 on a page load)', async ({ page }) => {
  const response = await page.goto('/en/i/no-such-page')
  expect(response?.status()).toBe(404)
  await expect(page.locator('[data-route="page-not-found"]')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.notFound.title)
})

test('en: offline, a page opened once reads from the device; one never opened shows the offline notice', async ({ page, context }) => {
  const shop = new Shop(page, '/en')
  await shop.open('/i/about-us')
  await expect(page.locator('[data-route="cms-page"]').getByRole('heading', { level: 1 })).toHaveText('About Polder')
  await shop.open('/')
  // the content pulled (the footer's blocks come with it), so the device knows which pages exist
  await expect(page.getByTestId('footer-blocks').getByRole('link').first()).toBeVisible({ timeout: 30_000 })
  await context.setOffline(true)
  await expect(page.getByTestId('offline-indicator')).toBeVisible()
  await arrive(page, '/en/i/about-us')
  const article = page.locator('[data-route="cms-page"]')
  await expect(article.getByRole('heading', { level: 1 })).toHaveText('About Polder')
  await expect(article.locator('.cms-page__content p').first()).toBeVisible()

  await arrive(page, '/en/i/faq')
  const notice = shop.notifications().filter({ hasText: en.messages.offlineNotAvailable })
  await expect(notice).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.offlineUnavailable.title)
  await context.setOffline(false)
})

test('nl: a page whose identifier holds a slash, imported into the running shop, opens on a page load and through the router', async ({ page, request }) => {
  const id = 9301
  const identifier = 'klantenservice/cadeauverpakking'
  const post = (storeView: Record<string, unknown>) =>
    request.post('/api/ext/import/batch', { headers: { authorization: `Bearer ${E2E_IMPORT_API_KEY}` }, data: { storeViews: { nl: storeView } } })
  const added = await post({ cms_pages: [{ id, identifier, title: 'Cadeauverpakking', content: '<p>Wij pakken het voor je in.</p>', active: true }] })
  expect(added.status(), await added.text()).toBe(200)
  try {
    const response = await page.goto(`/nl/i/${identifier}`)
    expect(response?.status()).toBe(200)
    const article = page.locator('[data-route="cms-page"]')
    await expect(article.getByRole('heading', { level: 1 })).toHaveText('Cadeauverpakking', { timeout: 30_000 })
    await expect(article).toContainText('Wij pakken het voor je in.')
    // the router's own way there, from another page: the whole identifier is the page's, not a path below it
    const shop = new Shop(page, '/nl')
    await shop.open('/i/terms-and-conditions')
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
    await arrive(page, `/nl/i/${identifier}`)
    await expect(article.getByRole('heading', { level: 1 })).toHaveText('Cadeauverpakking')
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
  } finally {
    const removed = await post({ delete: { cms_pages: [id] } })
    expect(removed.status(), await removed.text()).toBe(200)
  }
})
