/** Account, recently viewed and the shop's pages are reachable from the footer, in the store view's language. */
import { expect, test } from '@playwright/test'
import nl from '../../locales/nl'
import { seriousViolations } from './fixtures/checks'

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
