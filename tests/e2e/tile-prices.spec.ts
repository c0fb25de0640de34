/**
 * Tiles price what the shopper will pay: a grouped set or a bundle costs what is chosen,
 * so its tile shows its lowest price as "From …", and a simple product's tile a plain price.
 */
import { expect, test, type APIRequestContext } from '@playwright/test'
import en from '../../locales/en'
import { plainSpaces, Shop } from './fixtures/shop'

async function listedOfType(request: APIRequestContext, typeId: string): Promise<{ sku: string; name: string }> {
  const query = {
    _appliedFilters: [
      { attribute: 'type_id', value: { eq: typeId }, scope: 'default' },
      { attribute: 'visibility', value: { in: [4] }, scope: 'default' },
    ],
    _availableFilters: [],
    _appliedSort: [],
  }
  const res = await request.post('/api/catalog/polder_en/product/_search?request_format=search-query&response_format=standard&size=1', { data: query })
  expect(res.ok()).toBe(true)
  const body = (await res.json()) as { hits: { hits: { _source: { sku: string; name: string } }[] } }
  return body.hits.hits[0]!._source
}

test('grouped and bundle tiles say "From", a simple product tile does not', async ({ page, request }) => {
  const shop = new Shop(page, '/en')
  for (const [typeId, from] of [
    ['grouped', true],
    ['bundle', true],
    ['simple', false],
  ] as const) {
    const product = await listedOfType(request, typeId)
    await shop.open(`/search/${encodeURIComponent(product.name)}`)
    const tile = page.locator(`[data-testid="product-tile"][data-sku="${product.sku}"]`)
    await expect(tile).toBeVisible({ timeout: 60_000 })
    const text = plainSpaces((await tile.locator('.price').textContent()) ?? '')
    expect(text.startsWith(`${en.listing.priceFrom} €`), `${typeId}: ${text}`).toBe(from)
  }
})
