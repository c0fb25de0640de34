/**
 * Navigation (spec §2) in a real Chromium against the built app and the real server: the mega menu
 * by keyboard, back from a product to a category after "load more" (the pages loaded and the
 * scroll position come back), the overlay closing the microcart, a breadcrumb link back to the
 * category, the URL dispatcher replacing the history entry, and offline navigation to a category
 * this device does not have (the offline notice, OK goes home).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import en from '../../locales/en'
import { seriousViolations } from './fixtures/checks'
import { Shop } from './fixtures/shop'

async function openHome(page: Page): Promise<Shop> {
  const shop = new Shop(page, '/en')
  await shop.open('/')
  await expect(shop.categoryLinks().first()).toBeVisible({ timeout: 60_000 })
  return shop
}

test('the mega menu opens by keyboard and a subcategory link opens its page', async ({ page }) => {
  await openHome(page)
  const toggle = page.getByRole('button', { name: en.navigation.showSubcategories.replace('{name:string}', 'Clothing') })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await toggle.focus()
  await page.keyboard.press('Enter')
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  const menu = page.getByTestId('mega-menu')
  await expect(menu).toBeVisible()
  await expect(menu.getByTestId('mega-menu-link')).toHaveCount(4)

  // Escape closes it and focus goes back to the toggle
  await page.keyboard.press('Escape')
  await expect(menu).toHaveCount(0)
  await expect(toggle).toBeFocused()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')

  // open again, Tab into the columns ("All Clothing", then the first subcategory), Enter follows it
  await page.keyboard.press('Enter')
  await page.keyboard.press('Tab')
  await expect(menu.getByRole('link', { name: en.navigation.allIn.replace('{name:string}', 'Clothing') })).toBeFocused()
  await page.keyboard.press('Tab')
  const first = menu.getByTestId('mega-menu-link').first()
  await expect(first).toBeFocused()
  const name = (await first.textContent())!.trim()
  expect(name).toBe('Jackets & coats')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  await expect(page).toHaveURL(/\/en\/c\/[^/?]+$/)
  // the page change closed the menu
  await expect(menu).toHaveCount(0)
})

test('back from a product restores the loaded products and the scroll position of the category', async ({ page }) => {
  const shop = await openHome(page)
  await shop.openCategory(/Clothing/)
  // the whole catalogue is on the device: the listing no longer grows under the test
  await expect(page.locator('.category-page[data-catalog="ready"]')).toBeVisible({ timeout: 60_000 })
  await expect(shop.tiles().first()).toBeVisible()
  // the grid is virtualised: "Showing N of M" counts the loaded products, not the tiles in the DOM
  const showing = page.getByText(/^Showing \d+ of \d+ products?$/)
  const firstPage = await showing.textContent()
  await page.getByRole('button', { name: en.category.loadMore }).click()
  await expect(page).toHaveURL(/[?&]page=2/)
  await expect(showing).not.toHaveText(firstPage!)
  const loaded = await showing.textContent()

  // scroll well into the second page and open the product in the middle of the screen
  await page.evaluate(() => window.scrollTo(0, Math.round(document.documentElement.scrollHeight * 0.6)))
  // the virtualised grid has drawn the rows now under the middle of the screen
  await expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('[data-testid="product-tile"]')).some((t) => {
          const box = t.getBoundingClientRect()
          return box.top < window.innerHeight / 2 && box.bottom > window.innerHeight / 2
        }),
      ),
    )
    .toBe(true)
  const scrolled = await page.evaluate(() => Math.round(window.scrollY))
  expect(scrolled).toBeGreaterThan(800)
  const sku = await page.evaluate(() => {
    const tiles = Array.from(document.querySelectorAll<HTMLElement>('[data-testid="product-tile"]'))
    const middle = window.innerHeight / 2
    const inView = tiles.filter((t) => {
      const box = t.getBoundingClientRect()
      return box.top < middle && box.bottom > 0
    })
    return inView[inView.length - 1]?.dataset.sku ?? null
  })
  expect(sku).not.toBeNull()
  await page.locator(`[data-testid="product-tile"][data-sku="${sku}"]`).getByRole('link').first().click()
  await expect(page).toHaveURL(new RegExp(`/en/p/${encodeURIComponent(sku!)}/`))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  await page.goBack()
  await expect(page).toHaveURL(/[?&]page=2/)
  await expect(showing).toHaveText(loaded!)
  // back where it was (the virtualised rows re-measure, so within a row's height)
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBeGreaterThan(scrolled - 200)
  expect(await page.evaluate(() => Math.round(window.scrollY))).toBeLessThan(scrolled + 200)
  await expect(page.locator(`[data-testid="product-tile"][data-sku="${sku}"]`)).toBeInViewport()
})

test('the overlay closes the microcart', async ({ page }) => {
  const shop = await openHome(page)
  await shop.microcartButton().click()
  const microcart = page.getByTestId('microcart')
  const overlay = page.getByTestId('overlay')
  await expect(microcart).toBeVisible()
  await expect(overlay).toHaveCount(1)
  await overlay.click({ position: { x: 10, y: 300 } })
  await expect(microcart).toHaveCount(0)
  await expect(overlay).toHaveCount(0)
  await expect(shop.microcartButton()).toHaveAttribute('aria-expanded', 'false')
  await expect(shop.microcartButton()).toBeFocused()
})

/** The first product of Clothing, opened from its tile, with its whole trail: Home › Clothing › its subcategory › it (no link). */
async function openClothingProduct(page: Page) {
  const shop = await openHome(page)
  await shop.openCategory(/Clothing/)
  await shop.tiles().first().getByRole('link').first().click()
  await expect(page).toHaveURL(/\/en\/p\//)
  const crumbs = page.getByTestId('breadcrumbs')
  await expect(crumbs.getByRole('link')).toHaveCount(3)
  return crumbs
}

test("a product's breadcrumbs go through its subcategory and link back to it", async ({ page }) => {
  const crumbs = await openClothingProduct(page)
  await expect(crumbs.getByRole('link').nth(1)).toHaveText(/Clothing/)
  const link = crumbs.getByRole('link').nth(2)
  const label = (await link.textContent())!.trim()
  expect(label.length).toBeGreaterThan(0)
  await link.click()
  await expect(page).toHaveURL(/\/en\/c\/[^/?]+$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(label)
  // the category's own trail ends in itself, not a link
  await expect(page.getByTestId('breadcrumbs').locator('[aria-current="page"]')).toHaveText(label)
})

test("a product's breadcrumbs stay one line on a narrow phone, so the page does not move when the trail arrives", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 })
  const crumbs = await openClothingProduct(page)
  // the product page is on screen (not hidden behind a loading part of it)
  await expect(page.getByTestId('add-to-cart')).toBeVisible()
  await expect(crumbs).toBeVisible()
  const heights = await crumbs.evaluate((nav) => ({
    trail: nav.querySelector('ol')!.getBoundingClientRect().height,
    crumb: nav.querySelector('li')!.getBoundingClientRect().height,
  }))
  // at 320 px the trail is wider than the screen: it wrapped to two lines (and pushed the page down
  // as it grew) before it was held to one
  expect(heights.crumb).toBeGreaterThan(0)
  expect(heights.trail).toBeLessThan(heights.crumb * 1.5)
  // the current page's name gives way (ellipsis) but stays whole for assistive technology
  const current = crumbs.locator('[aria-current="page"]')
  await expect(current).toHaveText((await page.getByRole('heading', { level: 1 }).textContent())!.trim())
})
async function nestedCategoryPath(request: APIRequestContext): Promise<{ urlPath: string; name: string }> {
  const res = await request.post('/api/catalog/polder_en/category/_search?request_format=search-query&response_format=standard&size=200', { data: {} })
  expect(res.ok()).toBe(true)
  const body = (await res.json()) as { hits: { hits: { _source: Record<string, unknown> }[] } }
  const category = body.hits.hits.map((h) => h._source).find((c) => c.level === 3 && typeof c.url_path === 'string' && String(c.url_path).includes('/'))
  expect(category).toBeDefined()
  return { urlPath: String(category!.url_path).replace(/^\/+/, ''), name: String(category!.name) }
}

test('the URL dispatcher replaces the history entry: back and forward skip the shop path', async ({ page, request }) => {
  const { urlPath, name } = await nestedCategoryPath(request)
  await openHome(page)
  await page.goto(`/en/${urlPath}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  await expect(page).toHaveURL(/\/en\/c\/[^/?]+$/)
  const resolved = page.url()
  await page.goBack()
  await expect(page).toHaveURL(/\/en\/$/)
  await page.goForward()
  await expect(page).toHaveURL(resolved)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
})

test('offline, a category this device does not have shows the notice; OK goes home', async ({ page, context }) => {
  const shop = await openHome(page)
  await context.setOffline(true)
  await expect(page.getByTestId('offline-indicator')).toBeVisible()
  // this Chromium reports itself online again after an offline reload, so the app stays loaded and
  // the shopper arrives through history (as with back/forward): the router follows popstate
  await page.evaluate(() => {
    history.pushState(history.state, '', '/en/c/no-such-category-999')
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }))
  })
  const notice = shop.notifications().filter({ hasText: en.messages.offlineNotAvailable })
  await expect(notice).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.offlineUnavailable.title)
  await notice.getByRole('button', { name: en.actions.ok }).click()
  await expect(page).toHaveURL(/\/en\/$/)
  await expect(shop.categoryLinks().first()).toBeVisible()
  await context.setOffline(false)
})

test('phones: the sidebar holds the category tree (drill down, back) and opens the wishlist panel', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await openHome(page)
  const menuButton = page.getByTestId('sidebar-button')
  await menuButton.click()
  const sidebar = page.getByTestId('sidebar')
  await expect(sidebar).toBeVisible()
  await expect(page.getByTestId('overlay')).toHaveCount(1)
  expect(await seriousViolations(page, '[data-testid="sidebar"]')).toEqual([])

  await sidebar.getByRole('button', { name: en.navigation.showSubcategories.replace('{name:string}', 'Clothing') }).click()
  await expect(sidebar.getByRole('link', { name: en.navigation.allIn.replace('{name:string}', 'Clothing') })).toBeVisible()
  await expect(sidebar.getByRole('link', { name: 'Jackets & coats' })).toBeVisible()
  await sidebar.getByRole('button', { name: en.navigation.backToAll }).click()
  await expect(sidebar.getByRole('link', { name: 'Shoes' })).toBeVisible()

  // Escape closes it and focus goes back to the menu button
  await page.keyboard.press('Escape')
  await expect(sidebar).toHaveCount(0)
  await expect(page.getByTestId('overlay')).toHaveCount(0)
  await expect(menuButton).toBeFocused()

  await menuButton.click()
  await page.getByTestId('open-wishlist-panel').click()
  const wishlist = page.getByTestId('wishlist-panel')
  await expect(wishlist).toBeVisible()
  await expect(page.getByTestId('sidebar')).toHaveCount(0)
  await expect(wishlist.getByText(en.lists.wishlistEmpty)).toBeVisible()
  await wishlist.getByRole('link', { name: en.navigation.viewWishlist }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.lists.wishlist)
  await expect(wishlist).toHaveCount(0)
})

test('axe: no serious violations with the mega menu open', async ({ page }) => {
  await openHome(page)
  await page.getByRole('button', { name: en.navigation.showSubcategories.replace('{name:string}', 'Shoes') }).click()
  await expect(page.getByTestId('mega-menu')).toBeVisible()
  expect(await seriousViolations(page, '.site-header')).toEqual([])
})

test('pointer: hovering a category opens its mega menu after the delay, leaving closes it; a clicked category does not pop it open', async ({ page }) => {
  await openHome(page)
  const mainMenu = page.getByRole('navigation', { name: en.header.mainMenu })
  const menu = page.getByTestId('mega-menu')
  await mainMenu.getByRole('link', { name: 'Shoes', exact: true }).hover()
  await expect(menu).toHaveCount(0)
  await expect(menu).toBeVisible()
  await expect(menu.getByTestId('mega-menu-link').first()).toHaveText('Sneakers')
  await page.mouse.move(640, 650)
  await expect(menu).toHaveCount(0)

  await mainMenu.getByRole('link', { name: 'Clothing', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Clothing')
  // the pointer still rests on the bar: watched through past the 500 ms hover delay, the menu
  // never appears, not even for a moment
  const opened = await page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const shown = () => document.querySelector('[data-testid="mega-menu"]') !== null
        if (shown()) return resolve(true)
        const observer = new MutationObserver(() => {
          if (!shown()) return
          observer.disconnect()
          resolve(true)
        })
        observer.observe(document.body, { childList: true, subtree: true })
        setTimeout(() => {
          observer.disconnect()
          resolve(shown())
        }, 900)
      }),
  )
  expect(opened).toBe(false)
  await expect(menu).toHaveCount(0)
})
