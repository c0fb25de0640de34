/**
 * Filters on a phone (open inline, the chips would push the grid off the screen): a bottom
 * sheet over the page, keyboard-usable, ending with "Toon N producten" that shows the count the
 * chosen filters give.
 */
import { expect, test } from '@playwright/test'
import nl from '../../locales/nl'
import { seriousViolations } from './fixtures/checks'

const digits = (text: string | null) => Number((text ?? '').replace(/\D/g, ''))

test.use({ viewport: { width: 390, height: 844 } })

test('nl 390×844: the filters open as a bottom sheet; a colour and "Toon N producten" filter the grid; Escape closes', async ({ page }) => {
  await page.goto('/nl/c/kleding-3')
  await expect(page.locator('[data-catalog="ready"]')).toBeVisible({ timeout: 120_000 })
  const toggle = page.getByRole('button', { name: nl.category.filters })
  const sheet = page.getByTestId('filters-sheet')
  // closed: the grid starts on the first screen, no chip above it
  await expect(sheet).toBeHidden()
  const firstTile = await page.getByTestId('product-tile').first().boundingBox()
  expect(firstTile!.y).toBeLessThan(844)

  await toggle.click()
  await expect(sheet).toBeVisible()
  const box = (await sheet.boundingBox())!
  expect(Math.round(box.y + box.height)).toBe(844)
  expect(box.height).toBeLessThanOrEqual(844 * 0.85 + 1)
  // focus moved into the sheet
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="filters-sheet"]')))).toBe(true)
  expect(await seriousViolations(page, '[data-testid="filters-sheet"]')).toEqual([])

  const chip = page.getByTestId('facet-color').getByRole('button').first()
  const count = digits(await chip.locator('.chip__count > span').first().textContent())
  await chip.click()
  const show = page.getByTestId('filters-show')
  await expect(show).toHaveText(new RegExp(`^Toon ${count} product`))
  await show.click()
  await expect(sheet).toBeHidden()
  await expect(toggle).toBeFocused()
  await expect(toggle).toHaveText(`${nl.category.filters} (1)`)
  await expect(page).toHaveURL(/color=/)
  await expect.poll(async () => digits(await page.getByTestId('category-total').textContent())).toBe(count)

  // Escape closes it too, focus back on the toggle
  await toggle.click()
  await expect(sheet).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(sheet).toBeHidden()
  await expect(toggle).toBeFocused()
})
