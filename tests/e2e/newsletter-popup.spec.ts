/**
 * The newsletter popup (spec §2 "Panels"): a guest's browser starts without the remembered answer
 * the other specs get (playwright.config.ts E2E_STORAGE_STATE). It comes once per shopper: on the
 * second page of a visit, never on the cart or the checkout; subscribing or closing it is remembered
 * on the device, so it never comes back.
 */
import { expect, test, type Page } from '@playwright/test'
import en from '../../locales/en'
import { NEWSLETTER_POPUP_KEY } from '../../src/ui/newsletter-popup-rule'
import { seriousViolations } from './fixtures/checks'
import { mailsTo } from './fixtures/outbox'
import { Shop } from './fixtures/shop'
import { E2E_STORAGE_STATE_WITHOUT } from './playwright.config'

test.use({ storageState: E2E_STORAGE_STATE_WITHOUT(NEWSLETTER_POPUP_KEY) })

const stored = (page: Page) => page.evaluate((key) => localStorage.getItem(key), NEWSLETTER_POPUP_KEY)

/** The popup's host has run on this page: it comes with the footer's chunk, as the footer's form does. */
async function footerIn(page: Page): Promise<void> {
  await expect(page.getByTestId('footer-newsletter')).toBeVisible()
}

function popup(page: Page) {
  return page.getByRole('dialog', { name: en.footer.popupTitle })
}

test('a guest gets the popup on the second page, not on the first nor on the cart or checkout, subscribes, and never sees it again', async ({ page }) => {
  const shop = new Shop(page, '/en')
  await shop.open('/')
  await footerIn(page)
  await expect(popup(page)).toHaveCount(0)
  expect(await stored(page)).toBeNull()

  // the cart and the checkout: the shopper is busy there
  for (const path of ['/checkout/cart', '/checkout']) {
    await shop.open(path)
    await expect(popup(page)).toHaveCount(0)
    expect(await stored(page)).toBeNull()
  }

  // the second page of the visit (the same tab): it opens, modal, over the overlay, with focus in it
  await shop.open('/')
  const dialog = popup(page)
  await expect(dialog).toBeVisible()
  await expect(dialog).toHaveAttribute('aria-modal', 'true')
  await expect(page.getByTestId('overlay')).toBeVisible()
  const close = dialog.getByRole('button', { name: en.footer.popupClose })
  await expect(close).toBeFocused()
  expect(await stored(page)).toBe('shown')
  expect(await seriousViolations(page, '[data-testid="newsletter-popup"]')).toEqual([])

  const email = `popup-${Date.now()}@example.be`
  await dialog.getByLabel(en.footer.newsletterEmail).fill(email)
  await dialog.getByRole('button', { name: en.footer.newsletterSubmit }).click()
  const status = dialog.getByTestId('newsletter-popup-status')
  await expect(status).toHaveAttribute('data-state', 'pending')
  await expect(status).toHaveText(en.footer.newsletterPending.replace('{email:string}', email))
  expect(await stored(page)).toBe('subscribed')
  // the double opt-in's mail, with its confirmation link
  await expect.poll(() => mailsTo(email).length, { timeout: 30_000 }).toBe(1)
  const [mail] = mailsTo(email)
  expect(mail!.subject).toBe(en.newsletterMail.subject)
  expect(mail!.text).toContain('/api/ext/newsletter/confirm')

  await close.click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByTestId('overlay')).toHaveCount(0)
  await expect(page.locator('#main')).toBeFocused()
  // closing after subscribing keeps the answer
  expect(await stored(page)).toBe('subscribed')

  // never again: further pages in the app, and a reload
  await shop.openCategory(/./)
  await footerIn(page)
  await page.reload()
  await footerIn(page)
  await shop.open('/')
  await footerIn(page)
  await expect(popup(page)).toHaveCount(0)
  expect(await stored(page)).toBe('subscribed')
})

test('a second guest closes it with Escape: focus goes back, and it does not return', async ({ page }) => {
  const shop = new Shop(page, '/en')
  await shop.open('/')
  await footerIn(page)
  await expect(popup(page)).toHaveCount(0)

  // a move in the app is the second page
  await shop.openCategory(/./)
  const dialog = popup(page)
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: en.footer.popupClose })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(page.getByTestId('overlay')).toHaveCount(0)
  // where focus was before it opened: the page's main region, after the move
  await expect(page.locator('#main')).toBeFocused()
  expect(await stored(page)).toBe('closed')

  await shop.tiles().first().click()
  await expect(page).toHaveURL(/\/en\/p\//)
  await footerIn(page)
  await page.reload()
  await footerIn(page)
  await expect(popup(page)).toHaveCount(0)
  expect(await stored(page)).toBe('closed')
})
