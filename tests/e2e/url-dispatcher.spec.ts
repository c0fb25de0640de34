/**
 * The URL dispatcher in a real Chromium against the built app and the real server: a path no app
 * route matches is resolved through /api/url/map before "not found" is shown. A legacy Magento
 * product path (a 301) and a category's url_path land on the entity's own page with the history
 * entry replaced; an unknown path shows the not-found page. Ids and paths come from the catalogue
 * API, so the test follows the seeded demo shop.
 */
import { expect, test, type APIRequestContext } from '@playwright/test'
import en from '../../locales/en'
import { Shop } from './fixtures/shop'

interface Hit {
  _source: Record<string, unknown>
}

async function search(request: APIRequestContext, type: 'product' | 'category', query: unknown, size: number): Promise<Record<string, unknown>[]> {
  const res = await request.post(`/api/catalog/polder_en/${type}/_search?request_format=search-query&response_format=standard&size=${size}`, {
    data: query,
  })
  expect(res.ok()).toBe(true)
  const body = (await res.json()) as { hits: { hits: Hit[] } }
  return body.hits.hits.map((hit) => hit._source)
}

test('a legacy product path (catalog/product/view/id/{n}) lands on that product, the URL replaced', async ({ page, request }) => {
  const products = await search(request, 'product', {}, 50)
  const product = products.find((p) => p.type_id === 'simple' && p.visibility === 4 && typeof p.name === 'string')
  expect(product).toBeDefined()
  const id = Number(product!.id)
  const name = String(product!.name)
  const sku = String(product!.sku)
  expect(id).toBeGreaterThan(0)

  const shop = new Shop(page, '/en')
  await shop.open(`/catalog/product/view/id/${id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  await expect(page).toHaveURL(new RegExp(`/en/p/${encodeURIComponent(sku)}/[^/]+$`))
})

test('a category url_path lands on the category page', async ({ page, request }) => {
  const categories = await search(request, 'category', {}, 200)
  const category = categories.find((c) => c.level === 3 && typeof c.url_path === 'string' && String(c.url_path).includes('/') && c.is_active !== false)
  expect(category, 'a level-3 category with a nested url_path').toBeDefined()
  const urlPath = String(category!.url_path).replace(/^\/+/, '')

  const shop = new Shop(page, '/en')
  await shop.open(`/${urlPath}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(String(category!.name))
  await expect(page).toHaveURL(/\/en\/c\/[^/?]+/)
})

test('an unknown path shows the not-found page, answered 404 (no soft 404)', async ({ page }) => {
  const response = await page.goto('/en/no-such-page/anywhere-42')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.notFound.title)
  await expect(page).toHaveURL(/\/en\/no-such-page\/anywhere-42$/)
})

test("a product's wrong slug lands on its canonical address (301)", async ({ page, request }) => {
  const first = await request.get('/en/p/PLD-00002/wrong-slug', { maxRedirects: 0 })
  expect(first.status()).toBe(301)
  const canonical = first.headers().location!
  expect(canonical).toMatch(/^\/en\/p\/PLD-00002\/[a-z0-9-]+$/)
  expect(canonical).not.toContain('wrong-slug')
  await page.goto('/en/p/PLD-00002/wrong-slug')
  await expect(page).toHaveURL(new RegExp(`${canonical}$`))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})
