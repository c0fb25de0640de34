/** Account, recently viewed and the shop's pages are reachable from the footer, in the store view's language; a guest subscribes to the newsletter there. */
import { expect, test } from '@playwright/test'
import nl from '../../locales/nl'
import { seriousViolations } from './fixtures/checks'
import { mailsTo } from './fixtures/outbox'

test('nl: the footer links reach my account and recently viewed, and pass axe', async ({ page }) => {
  await page.goto('/nl/')
  const links = page.getByRole('contentinfo').getByRole('navigation', { name: nl.footer.links })
  await expect(links.getByRole('link')).toHaveCount(7)
  expect(await seriousViolations(page, 'footer')).toEqual([])

  await links.getByRole('link', { name: nl.account.recentlyViewed }).click()
  await expect(page).toHaveURL(/\/nl\/my-account\/recently-viewed$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await links.getByRole('link', { name: nl.account.title }).click()
  await expect(page).toHaveURL(/\/nl\/my-account$/)
})

test("nl: a guest subscribes from the footer's newsletter form: a wrong address is refused beside the field, a good one gets the confirmation mail", async ({
  page,
}) => {
  const email = `footer-${Date.now()}@example.be`
  await page.goto('/nl/')
  const form = page.getByTestId('footer-newsletter')
  await expect(form.getByRole('heading', { name: nl.footer.newsletterTitle })).toBeVisible()
  const field = form.getByLabel(nl.footer.newsletterEmail)

  await field.fill('not-an-address')
  await form.getByRole('button', { name: nl.footer.newsletterSubmit }).click()
  await expect(form.getByRole('alert')).toHaveText(nl.footer.newsletterInvalid)
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(field).toBeFocused()
  expect(mailsTo('not-an-address')).toEqual([])

  await field.fill(email)
  await form.getByRole('button', { name: nl.footer.newsletterSubmit }).click()
  const status = form.getByTestId('footer-newsletter-status')
  await expect(status).toHaveAttribute('data-state', 'pending')
  await expect(status).toHaveText(nl.footer.newsletterPending.replace('{email}', email))
  await expect(form.getByRole('alert')).toHaveCount(0)
  await expect(field).toHaveValue('')
  // the double opt-in's mail, in Dutch, with its confirmation link
  await expect.poll(() => mailsTo(email).length, { timeout: 30_000 }).toBe(1)
  const [mail] = mailsTo(email)
  expect(mail!.subject).toBe(nl.newsletterMail.subject)
  expect(mail!.text).toContain('/api/ext/newsletter/confirm')
  expect(await seriousViolations(page, 'footer')).toEqual([])
})
