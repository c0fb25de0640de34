/**
 * Honest sale prices (the Omnibus rule) in the built app: a sale product whose price history backs
 * the reduction shows its reference price struck through with the line "lowest price of the last 30
 * days" in each language, formatted by the store view; a sale product whose price was raised just
 * before the sale shows no struck-through price and no such line.
 */
import { expect, test, type APIRequestContext } from '@playwright/test'
import { formatPrice, toCents } from '../../domain/money'
import { isReductionBacked } from '../../domain/omnibus'
import { STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import en from '../../locales/en'
import fr from '../../locales/fr'
import nl from '../../locales/nl'
import { type SourceDoc } from './fixtures/catalog-api'
import { plainSpaces, Shop } from './fixtures/shop'

/** The store view's simple sale products that are on sale now (the catalogue priced them so). */
async function saleProducts(request: APIRequestContext, store: StoreCode): Promise<SourceDoc[]> {
  let docs: SourceDoc[] = []
  await expect(async () => {
    const res = await request.post(`/api/catalog/polder_${store}/product/_search?request_format=search-query&response_format=standard&size=500`, {
      data: {
        _availableFilters: [],
        _appliedSort: [],
        _appliedFilters: [
          { attribute: 'type_id', value: { eq: 'simple' }, scope: 'default' },
          { attribute: 'visibility', value: { in: [4] }, scope: 'default' },
        ],
      },
    })
    expect(res.ok(), await res.text()).toBe(true)
    docs = ((await res.json()) as { hits: { hits: { _source: SourceDoc }[] } }).hits.hits.map((h) => h._source)
  }).toPass({ timeout: 120_000 })
  return docs.filter((p) => typeof p.special_price === 'number' && Number(p.final_price_incl_tax) < Number(p.original_price_incl_tax))
}

const LINES = { en: en.product.lowestPrice30Days, nl: nl.product.lowestPrice30Days, fr: fr.product.lowestPrice30Days }

for (const store of ['en', 'nl', 'fr'] as const) {
  test(`${store}: a backed sale shows its reference price struck through and the lowest-price line`, async ({ page, request }) => {
    const product = (await saleProducts(request, store)).find((p) => isReductionBacked(p))
    expect(product, 'a sale product with a backed reduction').toBeDefined()
    const shown = (incl: number) => plainSpaces(formatPrice(toCents(incl), STORE_VIEWS[store].i18n))
    const reference = shown(Number(product!.omnibus_price_incl_tax))

    await new Shop(page, `/${store}`).open(`/p/${encodeURIComponent(String(product!.sku))}/${encodeURIComponent(String(product!.slug))}`)
    const price = page.locator('.price--large')
    await expect(price.getByTestId('price')).toHaveText(shown(Number(product!.final_price_incl_tax)), { timeout: 60_000 })
    await expect(price.locator('del.price__old')).toContainText(reference)
    const line = price.locator('.price__reference')
    await expect(line).toBeVisible()
    expect(plainSpaces((await line.textContent()) ?? '')).toBe(plainSpaces(LINES[store].replace(/\{price(:string)?\}/, reference)))
  })
}

test('en: a sale after a price raise shows no struck-through price and no lowest-price line', async ({ page, request }) => {
  const product = (await saleProducts(request, 'en')).find((p) => !isReductionBacked(p))
  expect(product, 'a sale product whose history does not back the reduction').toBeDefined()
  await new Shop(page, '/en').open(`/p/${encodeURIComponent(String(product!.sku))}/${encodeURIComponent(String(product!.slug))}`)
  const price = page.locator('.price--large')
  await expect(price.getByTestId('price')).toHaveText(plainSpaces(formatPrice(toCents(Number(product!.final_price_incl_tax)), STORE_VIEWS.en.i18n)), {
    timeout: 60_000,
  })
  await expect(price.locator('del')).toHaveCount(0)
  await expect(price.locator('.price__reference')).toHaveCount(0)
})
