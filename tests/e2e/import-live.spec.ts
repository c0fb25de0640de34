/**
 * A running shop changed through the import extension (POST /api/ext/import/batch): open tabs show
 * the new price without a reload, the category listing's tile (the light product the stream
 * brought) and the open product page (its full document fetched again, its price refreshed).
 */
import { expect, test, type APIRequestContext } from '@playwright/test'
import { formatPrice, toCents } from '../../domain/money'
import { STORE_VIEWS } from '../../domain/store-views'
import { E2E_IMPORT_API_KEY } from './playwright.config'
import { plainSpaces, Shop } from './fixtures/shop'
import { type SourceDoc } from './fixtures/catalog-api'

/** A catalogue search; asked again while the server answers 503 (a search past its time budget while the server warms up). */
async function catalog(request: APIRequestContext, type: string, query: object, size = 50): Promise<SourceDoc[]> {
  let docs: SourceDoc[] = []
  await expect(async () => {
    const res = await request.post(`/api/catalog/polder_en/${type}/_search?request_format=search-query&response_format=standard&size=${size}`, {
      data: { _availableFilters: [], _appliedSort: [], _appliedFilters: [], ...query },
    })
    expect(res.ok(), await res.text()).toBe(true)
    docs = ((await res.json()) as { hits: { hits: { _source: SourceDoc }[] } }).hits.hits.map((h) => h._source)
  }).toPass({ timeout: 120_000 })
  return docs
}

/** A plain simple product (no special price) among the first tiles of its category page, and that category. */
async function productOnCategoryPage(request: APIRequestContext): Promise<{ product: SourceDoc; category: SourceDoc }> {
  const categories = (await catalog(request, 'category', {}, 200)).filter((c) => typeof c.level === 'number' && c.level >= 3 && c.is_active !== false)
  for (const category of categories) {
    const first = await catalog(
      request,
      'product',
      {
        _appliedFilters: [
          { attribute: 'category_ids', value: { in: [category.id] }, scope: 'default' },
          { attribute: 'visibility', value: { in: [2, 3, 4] }, scope: 'default' },
          { attribute: 'status', value: { in: [0, 1] }, scope: 'default' },
        ],
        _appliedSort: [{ field: 'position', options: 'asc' }],
      },
      6,
    )
    const product = first.find((p) => p.type_id === 'simple' && p.status === 1 && p.special_price == null && p.final_price_incl_tax === p.price_incl_tax)
    if (product) return { product, category }
  }
  throw new Error('no plain simple product at the top of a category page')
}

async function postPrice(request: APIRequestContext, sku: string, price: number): Promise<void> {
  const res = await request.post('/api/ext/import/batch', {
    headers: { authorization: `Bearer ${E2E_IMPORT_API_KEY}` },
    data: { storeViews: { en: { prices: [{ sku, price }] } } },
  })
  expect(res.status(), await res.text()).toBe(200)
}

test('a price posted to the import extension shows in open tabs without a reload', async ({ page, context, request }) => {
  // a fresh server's first searches wait for its start-up work
  test.setTimeout(240_000)
  const { product, category } = await productOnCategoryPage(request)
  const sku = String(product.sku)
  const shown = (incl: number) => plainSpaces(formatPrice(toCents(incl), STORE_VIEWS.en.i18n))
  const oldPrice = shown(Number(product.final_price_incl_tax))

  const listing = new Shop(page, '/en')
  await listing.open(`/c/${encodeURIComponent(String(category.slug))}`)
  const tilePrice = page.locator(`[data-testid="product-tile"][data-sku="${sku}"] .price__final`)
  await expect(tilePrice).toHaveText(oldPrice, { timeout: 60_000 })

  const productTab = await context.newPage()
  await new Shop(productTab, '/en').open(`/p/${encodeURIComponent(sku)}/${encodeURIComponent(String(product.slug))}`)
  // the product's own price (related products below have theirs)
  const pagePrice = productTab.locator('.price--large').getByTestId('price')
  await expect(pagePrice).toHaveText(oldPrice)

  const price = Math.round((Number(product.price) + 3.21) * 100) / 100
  try {
    await postPrice(request, sku, price)
    const [changed] = await catalog(request, 'product', { _appliedFilters: [{ attribute: 'sku', value: { eq: sku }, scope: 'default' }] }, 1)
    const newPrice = shown(Number(changed!.final_price_incl_tax))
    expect(newPrice).not.toBe(oldPrice)

    // no reload: the replication stream brings it to both tabs
    await expect(pagePrice).toHaveText(newPrice, { timeout: 5_000 })
    await expect(tilePrice).toHaveText(newPrice, { timeout: 5_000 })
    await expect(productTab.locator('.price--large', { hasText: oldPrice })).toHaveCount(0)
    await expect(page.locator(`[data-testid="product-tile"][data-sku="${sku}"] .price`, { hasText: oldPrice })).toHaveCount(0)
  } finally {
    // the other specs meet the demo shop's price again
    await postPrice(request, sku, Number(product.price))
  }
})
