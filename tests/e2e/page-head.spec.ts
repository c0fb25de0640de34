/**
 * What crawlers and link previews see, in a real Chromium against the built app: a /nl
 * product page load arrives with its own head (language, title, canonical, hreflang, JSON-LD), the
 * JSON-LD data block runs under the Content-Security-Policy without a violation, and the app keeps
 * the title in step when the shopper moves on inside it. A CMS page and a blog post arrive with
 * theirs (WebPage, BlogPosting) the same way; a draft post is a 404.
 */
import { expect, test, type Page } from '@playwright/test'
import { watchCspViolations } from './fixtures/checks'

test('a /nl product page arrives with its own head, under the CSP, and the title follows client-side moves', async ({ page, request }) => {
  const violations = await watchCspViolations(page)

  // the product's Dutch address, as the server's 301 names it
  const moved = await request.get('/nl/p/PLD-00001/any-slug', { maxRedirects: 0 })
  expect(moved.status()).toBe(301)
  const path = moved.headers()['location']!
  expect(path).toMatch(/^\/nl\/p\/PLD-00001\/[^/]+$/)

  const response = await page.goto(path)
  expect(response?.status()).toBe(200)
  // what a crawler reads before any script runs
  const html = await response!.text()
  expect(html).toContain('<html lang="nl-NL">')
  expect(html).toMatch(/<script type="application\/ld\+json">/)

  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim()
  expect(name.length).toBeGreaterThan(0)
  await expect(page).toHaveTitle(`${name} — Polder`)
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('nl-NL')
  expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(new RegExp(`^http://localhost:\\d+${path}$`))
  expect(await page.locator('link[rel="alternate"][hreflang]').count()).toBe(5)

  const graph = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as { '@graph': Record<string, unknown>[] }
  const product = graph['@graph'].find((n) => n['@type'] === 'Product')!
  expect(product.name).toBe(name)
  expect(product.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'EUR' })
  expect(Number((product.offers as { price: string }).price)).toBeGreaterThan(0)

  // a move inside the app: the title follows (the head's other tags are the first page's until the next load)
  const crumbLinks = page.getByRole('navigation', { name: 'Kruimelpad' }).getByRole('link')
  // Home › the category › its subcategory (the product sits in the deepest one)
  await expect(crumbLinks).toHaveCount(3, { timeout: 30_000 })
  await crumbLinks.last().click()
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).not.toHaveText(name)
  await expect(page).toHaveTitle(`${(await heading.textContent())!.trim()} — Polder`)

  expect(await violations.found()).toEqual([])
})

/** The JSON-LD graph the page's head carries, as the browser has it. */
async function jsonLdGraph(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = page.locator('script[type="application/ld+json"]')
  await expect(blocks).toHaveCount(1)
  return (JSON.parse((await blocks.textContent())!) as { '@graph': Record<string, unknown>[] })['@graph']
}

test('a /nl CMS page arrives with its own head and a WebPage, under the CSP; the app keeps its meta title', async ({ page }) => {
  const violations = await watchCspViolations(page)
  const response = await page.goto('/nl/i/about-us')
  expect(response?.status()).toBe(200)
  const html = await response!.text()
  expect(html).toContain('<html lang="nl-NL">')
  // the demo page's meta title names the shop itself: the server writes it as the app shows it
  const metaTitle = /<title>([^<]*)<\/title>/.exec(html)![1]!
  expect(metaTitle).toMatch(/^Over Polder/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 })
  await expect(page).toHaveTitle(metaTitle)
  expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/^http:\/\/localhost:\d+\/nl\/i\/about-us$/)
  // the demo shop has the page in every store view: four languages and x-default
  expect(await page.locator('link[rel="alternate"][hreflang]').count()).toBe(5)
  const webPage = (await jsonLdGraph(page)).find((n) => n['@type'] === 'WebPage')!
  expect(webPage).toMatchObject({ inLanguage: 'nl-NL', url: expect.stringMatching(/\/nl\/i\/about-us$/) as unknown })
  expect(await violations.found()).toEqual([])
})

test('an /en blog post arrives with a BlogPosting under the CSP; a draft post is a 404', async ({ page, request }) => {
  const violations = await watchCspViolations(page)
  const response = await page.goto('/en/blog/stamppot-for-cold-january-evenings')
  expect(response?.status()).toBe(200)
  expect(await response!.text()).toContain('<title>Stamppot for cold January evenings — Polder</title>')
  expect(await page.locator('meta[property="og:type"]').getAttribute('content')).toBe('article')
  const post = (await jsonLdGraph(page)).find((n) => n['@type'] === 'BlogPosting')!
  expect(post).toMatchObject({ headline: 'Stamppot for cold January evenings', inLanguage: 'en' })
  expect(Date.parse(String(post.datePublished))).toBe(Date.parse('2026-01-14T09:00:00Z'))
  expect(await page.locator('link[rel="alternate"][hreflang]').count()).toBe(5)
  // the demo shop's drafts (status 0) are never answered
  expect((await request.get('/en/blog/looking-after-an-e-bike-battery-in-winter')).status()).toBe(404)
  expect(await violations.found()).toEqual([])
})
