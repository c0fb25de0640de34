/** axe on the main pages: no serious or critical violations. */
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { Shop } from './fixtures/shop'

async function seriousViolations(page: import('@playwright/test').Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`)
}

test('home, category and product pages have no serious accessibility violations', async ({ page }) => {
  const shop = new Shop(page, '/en')
  await shop.open('/')
  await expect(shop.categoryLinks().first()).toBeVisible({ timeout: 60_000 })
  expect(await seriousViolations(page)).toEqual([])

  await shop.openCategory(/Clothing/)
  expect(await seriousViolations(page)).toEqual([])

  await shop.openFirstConfigurable()
  expect(await seriousViolations(page)).toEqual([])
})
