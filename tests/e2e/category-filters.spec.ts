/**
 * Category listing filters in a real Chromium against the built app and the real server (a VSF-style
 * journey): colour (count follows the chip, the URL carries it), size and a brand on top, a price
 * bucket that finds nothing (the empty message), back in history brings the products back, removing a filter too;
 * price sort changes the first tile; load more, then a filter change resets the page; a filterAttribute
 * link (labels) chooses the option; the brands page leads to a listing of only that brand; in French
 * and offline, the brands page and a brand listing come from the local database.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import en from '../../locales/en'
import fr from '../../locales/fr'
import { seriousViolations, waitForServiceWorker } from './fixtures/checks'
import { plainSpaces, Shop } from './fixtures/shop'

test.describe.configure({ mode: 'serial' })

const digits = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''))

/** Waits until the catalogue pull has finished, so counts no longer grow while the test reads them. */
async function catalogReady(page: Page): Promise<void> {
  await expect(page.locator('.category-page[data-catalog="ready"]')).toBeVisible({ timeout: 60_000 })
}

/** Opens the store view's home, then its clothing category, and waits for the catalogue pull. */
async function openClothing(page: Page, storeView: '/en' | '/fr'): Promise<Shop> {
  const shop = new Shop(page, storeView)
  await shop.open('/')
  await expect(shop.categoryLinks().first()).toBeVisible({ timeout: 60_000 })
  await shop.openCategory(storeView === '/fr' ? /Vêtements/ : /Clothing/)
  await catalogReady(page)
  return shop
}

async function total(page: Page): Promise<number> {
  return digits(await page.getByTestId('category-total').textContent())
}

/** The count a facet chip shows (its visible number). */
async function chipCount(chip: Locator): Promise<number> {
  return digits(await chip.locator('.chip__count > span').first().textContent())
}

async function productsBySku(request: APIRequestContext, skus: string[]): Promise<Record<string, unknown>[]> {
  const res = await request.post(`/api/catalog/polder_en/product/_search?request_format=search-query&response_format=standard&size=${skus.length}`, {
    data: { _appliedFilters: [{ attribute: 'sku', value: { in: skus }, scope: 'default' }] },
  })
  expect(res.ok()).toBe(true)
  const body = (await res.json()) as { hits: { hits: { _source: Record<string, unknown> }[] } }
  return body.hits.hits.map((hit) => hit._source)
}

test('en: colour, size, an empty price bucket, back, sort and load more on a category page', async ({ page }) => {
  const shop = await openClothing(page, '/en')
  await expect(page.getByTestId('category-total')).toHaveText(/\d+ products?/)
  const all = await total(page)
  expect(all).toBeGreaterThan(18)
  await expect(page.getByTestId('category-price-range')).toHaveText(/Prices from €\d+ to €\d+/)

  // colour: the total becomes the chip's count and the URL carries the option id
  const colour = page.getByTestId('facet-color').getByRole('button').first()
  const colourId = await colour.getAttribute('data-value')
  const colourCount = await chipCount(colour)
  expect(colourCount).toBeLessThan(all)
  await colour.click()
  await expect(page).toHaveURL(new RegExp(`[?&]color=${colourId}(&|$)`))
  await expect(colour).toHaveAttribute('aria-pressed', 'true')
  await expect.poll(() => total(page)).toBe(colourCount)

  // size on top of it: the rarest size of that colour (so that some price bucket has none of it)
  const sizes = page.getByTestId('facet-size').getByRole('button')
  const sizeCounts: number[] = []
  for (let i = 0; i < (await sizes.count()); i++) sizeCounts.push(await chipCount(sizes.nth(i)))
  const sizeCount = Math.min(...sizeCounts.filter((n) => n > 0))
  const size = sizes.nth(sizeCounts.indexOf(sizeCount))
  expect(sizeCount).toBeGreaterThan(0)
  await size.click()
  await expect(page).toHaveURL(/[?&]size=\d+/)
  await expect.poll(() => total(page)).toBe(sizeCount)
  const filteredFirst = await shop.tiles().first().getAttribute('data-sku')

  // and the rarest brand among them: few products, so some price bucket has none
  const brands = page.getByTestId('facet-manufacturer').getByRole('button')
  const brandCounts: number[] = []
  for (let i = 0; i < (await brands.count()); i++) brandCounts.push(await chipCount(brands.nth(i)))
  const brandCount = Math.min(...brandCounts.filter((n) => n > 0))
  await brands.nth(brandCounts.indexOf(brandCount)).click()
  await expect(page).toHaveURL(/[?&]manufacturer=\d+/)
  await expect.poll(() => total(page)).toBe(brandCount)

  // a price bucket with no product: none found, the spec's "No products" message
  const buckets = page.getByTestId('facet-price').getByRole('button')
  await expect(buckets).toHaveCount(4)
  let empty: Locator | null = null
  for (let i = 0; i < 4; i++) {
    if ((await chipCount(buckets.nth(i))) === 0) {
      empty = buckets.nth(i)
      break
    }
  }
  expect(empty, 'a price bucket without products for this colour and size').not.toBeNull()
  await expect(buckets.first()).toContainText('< €50')
  await expect(buckets.last()).toContainText('> €150')
  await empty!.click()
  await expect(page).toHaveURL(/[?&]price=\d+-\d*/)
  await expect(page.getByText(en.category.empty)).toBeVisible()
  await expect(shop.tiles()).toHaveCount(0)
  expect(await seriousViolations(page)).toEqual([])

  // back in history: the products return
  await page.goBack()
  await expect(page).not.toHaveURL(/price=/)
  await expect.poll(() => total(page)).toBe(brandCount)
  await expect(shop.tiles().first()).toBeVisible()
  await page.goBack()
  await expect(page).not.toHaveURL(/manufacturer=/)
  await expect(shop.tiles().first()).toHaveAttribute('data-sku', filteredFirst!)
  await expect.poll(() => total(page)).toBe(sizeCount)

  // removing a filter: back to the colour's products
  await size.click()
  await expect(page).not.toHaveURL(/size=/)
  await expect.poll(() => total(page)).toBe(colourCount)

  // sort by price ascending: another first tile, prices rising
  const positionFirst = await shop.tiles().first().getAttribute('data-sku')
  await page.getByLabel(en.category.sortBy).selectOption('price_asc')
  await expect(page).toHaveURL(/[?&]sort=price_asc/)
  await expect(shop.tiles().first()).not.toHaveAttribute('data-sku', positionFirst!)

  // load more, then a filter change starts again at page 1
  await page.getByTestId('facet-color').getByRole('button').first().click() // colour off
  await expect.poll(() => total(page)).toBe(all)
  await page.getByRole('button', { name: en.category.loadMore }).click()
  await expect(page).toHaveURL(/[?&]page=2/)
  await expect(page.getByText(/Showing 36 of/)).toBeVisible()
  await page.getByTestId('facet-color').getByRole('button').first().click()
  await expect(page).not.toHaveURL(/page=/)
  await expect.poll(() => total(page)).toBe(colourCount)
})

test('en: a filterAttribute link (option labels) chooses those options', async ({ page }) => {
  const shop = await openClothing(page, '/en')
  const colour = page.getByTestId('facet-color').getByRole('button').nth(1)
  const label = (await colour.locator('span').nth(1).textContent())!.trim()
  const count = await chipCount(colour)
  const path = new URL(page.url()).pathname.replace(/^\/en/, '')
  await shop.open(`${path}?filterAttribute=${label.toLowerCase().replace(/\s+/g, '_')}`)
  await expect(page.getByTestId('facet-color').getByRole('button').nth(1)).toHaveAttribute('aria-pressed', 'true')
  await expect.poll(() => total(page)).toBe(count)
})

test('en: the brands page leads to a listing of only that brand', async ({ page, request }) => {
  const shop = await openClothing(page, '/en')
  await shop.open('/brands')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.contentPages.brands)
  const link = page.getByTestId('brand-list').getByRole('link').first()
  await expect(link).toBeVisible({ timeout: 60_000 })
  const brandId = await link.getAttribute('data-brand-id')
  const brand = (await link.locator('.brands-page__name').textContent())!.trim()
  const count = digits(await link.locator('.muted').textContent())
  expect(count).toBeGreaterThan(0)
  expect(await seriousViolations(page)).toEqual([])

  await link.click()
  await catalogReady(page)
  await expect(page).toHaveURL(new RegExp(`[?&]manufacturer=${brandId}(&|$)`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(brand)
  await expect.poll(() => total(page)).toBe(count)
  await expect(shop.tiles().first()).toBeVisible()
  const skus = await shop.tiles().evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-sku')!))
  expect(skus.length).toBeGreaterThan(0)
  const products = await productsBySku(request, skus)
  expect(products).toHaveLength(skus.length)
  for (const product of products) expect(product.manufacturer).toBe(Number(brandId))
})

test('fr offline: the brands page and a brand listing come from the local database, in French', async ({ page, context }) => {
  const shop = await openClothing(page, '/fr')
  const buckets = page.getByTestId('facet-price').getByRole('button')
  await expect.poll(async () => plainSpaces((await buckets.first().textContent()) ?? '')).toMatch(/^< 50 €/)
  await expect.poll(async () => plainSpaces((await buckets.last().textContent()) ?? '')).toMatch(/^> 150 €/)
  await expect(page.getByTestId('facet-manufacturer').locator('xpath=preceding-sibling::h3[1]')).toHaveText(fr.listing.brand)
  await waitForServiceWorker(page)

  await context.setOffline(true)
  try {
    await page.goto('/fr/brands')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr.contentPages.brands)
    const link = page.getByTestId('brand-list').getByRole('link').last()
    await expect(link).toBeVisible({ timeout: 30_000 })
    const brand = (await link.locator('.brands-page__name').textContent())!.trim()
    const count = digits(await link.locator('.muted').textContent())
    await link.click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(brand)
    await expect.poll(() => total(page)).toBe(count)
    await expect(shop.tiles().first()).toBeVisible()
  } finally {
    await context.setOffline(false)
  }
})

test('en: a colour-filtered listing opens a configurable on that colour, not its first one', async ({ page }) => {
  const shop = await openClothing(page, '/en')
  // the second colour of the facet: the first is often each product's first child anyway
  const chip = page.getByTestId('facet-color').getByRole('button').nth(1)
  await chip.click()
  await expect(page).toHaveURL(/[?&]color=\d+/)
  const colour = new URL(page.url()).searchParams.get('color')!
  // a configurable tile links with the colour; a simple one has none to carry
  const link = shop
    .tiles()
    .getByRole('link')
    .and(page.locator(`a[href*="color=${colour}"]`))
    .first()
  await expect(link).toBeVisible()
  await link.click()
  await expect(page).toHaveURL(new RegExp(`/en/p/[^/]+/[^/?]+\\?color=${colour}$`))
  await expect(page.getByTestId('option-color').locator(`button[data-value="${colour}"]`)).toHaveAttribute('aria-pressed', 'true')
})
