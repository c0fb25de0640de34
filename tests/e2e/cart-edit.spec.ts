/**
 * Cart edit mode (spec §4) in Chromium against the built app and the real server: a
 * configurable line's colour and qty are changed from the microcart, the line becomes the other
 * child (one line, the new qty, the new colour in its options) and the server cart follows it.
 */
import { expect, test } from '@playwright/test'
import nl from '../../locales/nl'
import { seriousViolations } from './fixtures/checks'
import { Shop } from './fixtures/shop'

type ServerLines = { result: { sku: string; qty: number }[] }

test('nl: a configurable line changed to another colour and qty from the microcart, and the server cart follows', async ({ page, request }) => {
  const shop = new Shop(page, '/nl')
  await shop.open('/')
  await expect(shop.categoryLinks().first()).toBeVisible({ timeout: 60_000 })
  await shop.openCategory(/Kleding/)
  await shop.openFirstConfigurable()
  await shop.chooseColourAndSize()
  await page.getByTestId('add-to-cart').click()

  const microcart = page.getByTestId('microcart')
  await expect(page.getByTestId('microcart-item')).toHaveCount(1)
  await expect.poll(async () => microcart.getAttribute('data-server-cart-id'), { timeout: 30_000 }).toMatch(/^[A-Za-z0-9]{32}$/)
  const cartId = await microcart.getAttribute('data-server-cart-id')
  const serverLines = async () => ((await (await request.get(`/api/cart/pull?cartId=${cartId!}`)).json()) as ServerLines).result
  await expect.poll(async () => (await serverLines()).length, { timeout: 30_000 }).toBe(1)
  const [before] = await serverLines()

  const line = page.getByTestId('microcart-item')
  const colourBefore = await line.locator('.cart-line__options li').first().textContent()
  // the line's buttons say what they show (axe: label-content-name-mismatch)
  expect(await seriousViolations(page, '.microcart')).toEqual([])
  await line.getByRole('button', { name: /^Opties wijzigen van / }).click()
  const editor = page.getByTestId('cart-line-editor')
  await expect(editor).toBeVisible()
  // another colour than the line's, then qty 3
  await editor.getByTestId('option-color').locator('button[aria-pressed="false"]:not([disabled])').first().click()
  await editor.getByLabel(nl.product.qty).fill('3')
  expect(await seriousViolations(page, '.microcart')).toEqual([])
  await editor.getByRole('button', { name: nl.microcart.update }).click()

  await expect(editor).toHaveCount(0)
  await expect(shop.notifications().filter({ hasText: nl.messages.cartLineChanged })).toBeVisible()
  await expect(page.getByTestId('microcart-item')).toHaveCount(1)
  await expect(page.getByTestId('microcart-item-qty')).toHaveText('3')
  await expect(line.locator('.cart-line__options li').first()).not.toHaveText(colourBefore ?? '')

  // the server cart holds the new child once, with qty 3, and not the old one
  await expect.poll(async () => (await serverLines()).map((l) => [l.sku === before!.sku ? 'old' : 'new', l.qty]), { timeout: 30_000 }).toEqual([['new', 3]])
})
