/**
 * The home page's banners and the info banner on the real app, from the demo shop's banners
 * (server/seed/content/banners.ts): the head image, the main and small banners with their drawn
 * pictures and shop links, read offline after one visit; the info banner, closed by the shopper,
 * stays closed after a reload; the VSF1 banner files are never cached by the service worker. Under
 * the products, the home-page CMS block and the blog feed (spec §9: the 8 newest posts) in each
 * language; the product banners under a product page.
 */
import { expect, test, type Page } from '@playwright/test'
import type { StoreCode } from '../../domain/store-views'
import en from '../../locales/en'
import fr from '../../locales/fr'
import nl from '../../locales/nl'
import { demoBlogPosts } from '../../server/seed/content/blog'
import { findShopperPages } from '../fixtures/shopper-pages'
import { seriousViolations, waitForServiceWorker } from './fixtures/checks'
import { Shop } from './fixtures/shop'
import { E2E_STORAGE_STATE } from './playwright.config'

const MAIN_TITLES = ['Ride the polder', 'Light for long evenings', 'A taste of the Low Countries']
const SMALL_TITLES = ['Clogs and walking shoes', 'Rain? No problem.', /% off with code /]
const HEAD_TITLE = 'Dutch and Belgian design, delivered'

async function expectBanners(page: Page): Promise<void> {
  const head = page.getByTestId('banner-head')
  // the first test of a run may meet the server still seeding the demo shop
  await expect(head).toContainText(HEAD_TITLE, { timeout: 60_000 })
  await expect(head).toHaveAttribute('href', /^\/en\/c\/[a-z0-9-]+$/)
  const main = page.getByTestId('banner-row-main').getByTestId('banner-main')
  await expect(main).toHaveCount(3)
  for (const [i, title] of MAIN_TITLES.entries()) await expect(main.nth(i)).toContainText(title)
  const small = page.getByTestId('banner-row-small').getByTestId('banner-small')
  await expect(small).toHaveCount(3)
  for (const [i, title] of SMALL_TITLES.entries()) await expect(small.nth(i)).toContainText(title)
  // the head image is drawn, at its slot's size, and is loaded at once
  const picture = head.locator('img')
  await expect(picture).toHaveAttribute('src', /^\/img\/banners\/[a-z]+\/[0-9a-f]{6}\/head\.webp$/)
  await expect(picture).toHaveAttribute('width', '1600')
  await expect(picture).toHaveAttribute('loading', 'eager')
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1600)
  await expect(main.first().locator('img')).toHaveAttribute('loading', 'lazy')
}

test('en: the home page shows the head image, main and small banners, and they lead to their categories', async ({ page }) => {
  const shop = new Shop(page, '/en')
  await shop.open('/')
  await expectBanners(page)
  const first = page.getByTestId('banner-main').first()
  const href = await first.getAttribute('href')
  await first.click()
  await expect(page).toHaveURL(new RegExp(`${href}$`))
  await expect(page.locator('main h1')).toBeVisible()
})

test('en: after one visit the banners read offline, the head picture with them', async ({ page, context }) => {
  const shop = new Shop(page, '/en')
  await shop.open('/')
  await expectBanners(page)
  await waitForServiceWorker(page)
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByTestId('offline-indicator')).toBeVisible()
  await expectBanners(page)
})

test('en: the info banner is a named region; closed, it stays closed after a reload', async ({ page }) => {
  const shop = new Shop(page, '/en')
  await shop.open('/')
  const region = page.getByRole('region', { name: en.infoBanner.label })
  await expect(region).toContainText('Delivered in 1–2 working days', { timeout: 30_000 })
  await expect(region.getByRole('link', { name: en.infoBanner.readMore })).toHaveAttribute('href', '/en/i/shipping')
  expect(await seriousViolations(page)).toEqual([])

  await region.getByRole('button', { name: en.infoBanner.dismiss }).click()
  await expect(region).toHaveCount(0)

  await page.reload()
  await expectBanners(page)
  // the footer's blocks come in with the same later chunks and the same pull as the info banner
  await expect(page.getByTestId('footer-blocks').getByRole('link').first()).toBeVisible({ timeout: 30_000 })
  await page.waitForLoadState('networkidle')
  await expect(region).toHaveCount(0)

  // another device (a fresh profile) still shows it
  const other = await page.context().browser()!.newContext({ storageState: E2E_STORAGE_STATE })
  try {
    const otherPage = await other.newPage()
    await new Shop(otherPage, '/en').open('/')
    await expect(otherPage.getByRole('region', { name: en.infoBanner.label })).toContainText('Delivered in 1–2 working days', { timeout: 30_000 })
  } finally {
    await other.close()
  }
})

test('the service worker neither precaches nor caches the VSF1 banner files', async ({ page }) => {
  const shop = new Shop(page, '/en')
  await shop.open('/')
  await waitForServiceWorker(page)
  const cached = () =>
    page.evaluate(async () => {
      const urls: string[] = []
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url)
      return urls
    })
  // the precache is there (the shell), so a banner file among it would be found
  await expect.poll(async () => (await cached()).some((url) => /\/index\.html/.test(url))).toBe(true)

  const answer = await page.evaluate(async () => {
    const [offers, head] = await Promise.all(['/assets/banners/en_promoted_offers.json', '/assets/banners/en_main-image.json'].map((path) => fetch(path)))
    return { offers: (await offers!.json()) as { mainBanners: unknown[] }, headOk: head!.ok, controlled: navigator.serviceWorker.controller !== null }
  })
  expect(answer.controlled).toBe(true)
  expect(answer.offers.mainBanners).toHaveLength(3)
  expect(answer.headOk).toBe(true)
  expect((await cached()).filter((url) => url.includes('/assets/banners/'))).toEqual([])
})

const HOME_BLOCK: Record<'en' | 'nl' | 'fr', { heading: string; words: typeof en }> = {
  en: { heading: 'Welcome to Polder', words: en },
  nl: { heading: 'Welkom bij Polder', words: nl },
  fr: { heading: 'Bienvenue chez Polder', words: fr },
}

/** A store view's published posts, newest first, as the seed makes them. */
const newestPosts = (code: StoreCode) =>
  demoBlogPosts(code)
    .filter((p) => p.status === 1)
    .sort((a, b) => b.publish_date.localeCompare(a.publish_date) || b.id - a.id)

for (const code of ['en', 'nl', 'fr'] as const) {
  test(`${code}: under the products, the home page's CMS block and the blog feed's 8 newest posts`, async ({ page }) => {
    const { heading, words } = HOME_BLOCK[code]
    const shop = new Shop(page, `/${code}`)
    await shop.open('/')
    const block = page.getByTestId('home-blocks')
    await expect(block.getByRole('heading', { level: 2 })).toHaveText(heading, { timeout: 60_000 })
    // its links lead into the same store view
    await expect(block.getByRole('link').first()).toHaveAttribute('href', `/${code}/i/shipping`)

    const feed = page.getByRole('region', { name: words.blog.fromOurBlog })
    const posts = newestPosts(code).slice(0, 8)
    const links = feed.getByRole('listitem').getByRole('link')
    await expect(links).toHaveCount(8, { timeout: 30_000 })
    await expect(links).toHaveText(posts.map((p) => p.title))
    for (const [i, post] of posts.entries()) await expect(links.nth(i)).toHaveAttribute('href', `/${code}/blog/${post.url_key}`)
    await expect(feed.getByRole('link', { name: words.blog.feedAll })).toHaveAttribute('href', `/${code}/blog`)
    expect(await seriousViolations(page)).toEqual([])

    await links.first().click()
    await expect(page).toHaveURL(new RegExp(`/${code}/blog/${posts[0]!.url_key}$`))
    await expect(page.locator('[data-route="blog-post"]').getByRole('heading', { level: 1 })).toHaveText(posts[0]!.title)
  })
}

test('en: a product page shows the product banners under its details, each leading to its product', async ({ page }) => {
  const { product } = await findShopperPages(page, '', 'en')
  await page.goto(product)
  await expect(page.locator('main h1')).toBeVisible({ timeout: 60_000 })
  const banners = page.getByTestId('product-banners').getByTestId('banner-product')
  await expect(banners).toHaveCount(2, { timeout: 30_000 })
  await expect(banners.first()).toHaveAttribute('href', /^\/en\/p\/[^/]+\/[a-z0-9-]+/)
  await expect(banners.first().locator('img')).toHaveAttribute('loading', 'lazy')
  const href = await banners.first().getAttribute('href')
  await banners.first().click()
  await expect(page).toHaveURL(new RegExp(`${href}$`))
  await expect(page.locator('main h1')).toBeVisible()
})
