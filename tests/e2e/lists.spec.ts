/**
 * Wishlist, compare and recently viewed in a real Chromium against the built app and the real
 * server: lists are filled from a category page and a product page, shown on their pages, and kept
 * in the store view's local database across reloads.
 */
import { expect, test, type Locator, type Page } from '@playwright/test'
import en from '../../locales/en'
import { productsOfType, sellable } from './fixtures/catalog-api'
import { seriousViolations } from './fixtures/checks'
import { Shop } from './fixtures/shop'

async function openClothing(page: Page): Promise<Shop> {
  const shop = new Shop(page, '/en')
  await shop.open('/')
  await expect(shop.categoryLinks().first()).toBeVisible({ timeout: 60_000 })
  await shop.openCategory(/Clothing/)
  return shop
}

async function tileName(tile: Locator): Promise<string> {
  return (await tile.getByRole('heading', { level: 3 }).textContent())!.trim()
}

const headerCount = (page: Page, list: 'wishlist' | 'compare') => page.getByTestId(`header-${list}-count`)

test('compare two products from a category page: two columns, kept across a reload, remove one', async ({ page }) => {
  const shop = await openClothing(page)
  const first = shop.tiles().nth(0)
  const second = shop.tiles().nth(1)
  const names = [await tileName(first), await tileName(second)]

  await expect(headerCount(page, 'compare')).toHaveText('0')
  await first.getByTestId('compare-toggle').click()
  await expect(first.getByTestId('compare-toggle')).toHaveAttribute('aria-pressed', 'true')
  await expect(shop.notifications().filter({ hasText: `Product ${names[0]} has been added to the comparison!` })).toBeVisible()
  await second.getByTestId('compare-toggle').click()
  await expect(second.getByTestId('compare-toggle')).toHaveAttribute('aria-pressed', 'true')
  await expect(headerCount(page, 'compare')).toHaveText('2')
  // the wishlist is a separate list
  await expect(first.getByTestId('wishlist-toggle')).toHaveAttribute('aria-pressed', 'false')

  await page.getByTestId('header-compare').click()
  await expect(page).toHaveURL(/\/en\/compare$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.lists.compareTitle)
  const columns = page.getByRole('columnheader').filter({ has: page.getByTestId('compare-remove') })
  await expect(columns).toHaveCount(2)
  await expect(columns.nth(0)).toContainText(names[0]!)
  await expect(columns.nth(1)).toContainText(names[1]!)
  await expect(page.getByRole('rowheader', { name: en.lists.price })).toBeVisible()
  await expect(
    page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: en.lists.price }) })
      .getByTestId('price'),
  ).toHaveCount(2)
  // comparable attributes come with their option labels (the demo clothing has colours)
  await expect(page.getByTestId('compare-attribute').first()).toBeVisible()
  expect(await seriousViolations(page, 'main')).toEqual([])

  await page.reload()
  await expect(columns).toHaveCount(2)
  await expect(headerCount(page, 'compare')).toHaveText('2')

  await page.getByRole('button', { name: `Remove ${names[0]} from compare` }).click()
  await expect(columns).toHaveCount(1)
  await expect(columns.first()).toContainText(names[1]!)
  await expect(headerCount(page, 'compare')).toHaveText('1')
  await page.reload()
  await expect(columns).toHaveCount(1)
})

test('compare holds 5 products: the 6th is refused with the spec message', async ({ page }) => {
  const shop = await openClothing(page)
  expect(await shop.tiles().count()).toBeGreaterThanOrEqual(6)
  for (let i = 0; i < 5; i++) {
    await shop.tiles().nth(i).getByTestId('compare-toggle').click()
    await expect(shop.tiles().nth(i).getByTestId('compare-toggle')).toHaveAttribute('aria-pressed', 'true')
  }
  await shop.tiles().nth(5).getByTestId('compare-toggle').click()
  await expect(shop.notifications().filter({ hasText: "Can't compare more than 5 products" })).toBeVisible()
  await expect(shop.tiles().nth(5).getByTestId('compare-toggle')).toHaveAttribute('aria-pressed', 'false')
  await expect(headerCount(page, 'compare')).toHaveText('5')
})

test('wishlist: add from a tile, kept across a reload, listed on its page, removed', async ({ page }) => {
  const shop = await openClothing(page)
  const tile = shop.tiles().nth(2)
  const name = await tileName(tile)
  const toggle = tile.getByTestId('wishlist-toggle')
  await expect(toggle).toHaveAccessibleName(`Add ${name} to wishlist`)
  await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  await expect(headerCount(page, 'wishlist')).toHaveText('1')

  await page.reload()
  await expect(shop.tiles().nth(2).getByTestId('wishlist-toggle')).toHaveAttribute('aria-pressed', 'true')
  await expect(headerCount(page, 'wishlist')).toHaveText('1')

  await page.getByTestId('header-wishlist').click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.lists.wishlist)
  await expect(page.getByTestId('wishlist-item')).toHaveCount(1)
  await expect(page.getByTestId('wishlist-item')).toContainText(name)
  await page.getByRole('button', { name: `Remove ${name} from wishlist` }).click()
  await expect(page.getByTestId('wishlist-item')).toHaveCount(0)
  await expect(page.getByText(en.lists.wishlistEmpty)).toBeVisible()
  await expect(headerCount(page, 'wishlist')).toHaveText('0')
  await page.reload()
  await expect(page.getByText(en.lists.wishlistEmpty)).toBeVisible()
  await expect(page.getByTestId('wishlist-item')).toHaveCount(0)
})

test('product page: toggles and the recently viewed page, newest first', async ({ page }) => {
  const shop = await openClothing(page)
  const names: string[] = []
  for (const index of [0, 1]) {
    await shop.tiles().nth(index).getByRole('link').first().click()
    const heading = page.getByRole('heading', { level: 1 })
    await expect(heading).toBeVisible()
    names.push((await heading.textContent())!.trim())
    if (index === 1) {
      // the product's own toggle, not those of the up-sell / cross-sell tiles below it
      const wish = page.locator('.product-page__info').getByTestId('wishlist-toggle')
      await expect(wish).toHaveAccessibleName(en.lists.addToWishlist)
      await wish.click()
      await expect(wish).toHaveAttribute('aria-pressed', 'true')
      await expect(headerCount(page, 'wishlist')).toHaveText('1')
    }
    await page.goBack()
    await expect(shop.tiles().first()).toBeVisible()
  }
  await shop.open('/my-account/recently-viewed')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.lists.recentlyViewed)
  const rows = page.getByTestId('recently-viewed-item')
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(0)).toContainText(names[1]!)
  await expect(rows.nth(1)).toContainText(names[0]!)
})

test('wishlist and compare put a product in the cart: a simple one as it is, a configurable through its page', async ({ page, request }) => {
  const simple = (await productsOfType(request, 'simple')).find((p) => sellable(p) && !(Array.isArray(p.custom_options) && p.custom_options.length > 0))
  expect(simple, 'the demo shop has a simple product without options').toBeDefined()
  const configurable = (await productsOfType(request, 'configurable')).find(sellable)
  expect(configurable, 'the demo shop has a configurable product in stock').toBeDefined()
  const shop = await openClothing(page)
  const info = page.locator('.product-page__info')
  await shop.open(`/p/${encodeURIComponent(String(configurable!.sku))}/${encodeURIComponent(String(configurable!.slug))}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(String(configurable!.name), { timeout: 60_000 })
  await info.getByTestId('compare-toggle').click()
  await expect(headerCount(page, 'compare')).toHaveText('1')

  await shop.open(`/p/${encodeURIComponent(String(simple!.sku))}/${encodeURIComponent(String(simple!.slug))}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(String(simple!.name), { timeout: 60_000 })
  await info.getByTestId('wishlist-toggle').click()
  await expect(headerCount(page, 'wishlist')).toHaveText('1')

  await page.getByTestId('header-wishlist').click()
  await expect(page.getByTestId('wishlist-item')).toHaveCount(1)
  expect(await seriousViolations(page, 'main')).toEqual([])
  await page.getByRole('button', { name: `Add to cart: ${String(simple!.name)}` }).click()
  await expect(shop.cartMessage()).toHaveText(en.messages.productAddedToCart)
  await expect(page.getByTestId('microcart-item')).toHaveCount(1)
  await expect(page.getByTestId('microcart-item')).toContainText(String(simple!.name))
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('microcart')).toHaveCount(0)

  // the configurable needs a size and a colour: its column links to its page
  await page.getByTestId('header-compare').click()
  const choose = page.getByRole('link', { name: `Choose options for ${String(configurable!.name)}` })
  await expect(choose).toBeVisible()
  expect(await seriousViolations(page, 'main')).toEqual([])
  await choose.click()
  await expect(page).toHaveURL(/\/en\/p\//)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(String(configurable!.name))
  expect(await shop.microcartCount()).toBe(1)
})
