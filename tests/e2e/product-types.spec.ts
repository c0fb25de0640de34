/**
 * Every product type with choices, in a real Chromium against the built app and the real server
 * on the seeded demo shop: a simple product with custom options, a bundle, a gift card and a
 * grouped set. For each: open its page (skus found through the catalogue API), choose, see the
 * price change, add to the cart, and find the line in the microcart at the price the page showed.
 * The bundle's server cart totals are checked too: the server prices options from its catalogue.
 */
import { expect, test, type Page } from '@playwright/test'
import en from '../../locales/en'
import { productsOfType, sellable, type SourceDoc } from './fixtures/catalog-api'
import { seriousViolations } from './fixtures/checks'
import { plainSpaces, Shop } from './fixtures/shop'

async function openProduct(page: Page, product: Record<string, unknown>): Promise<Shop> {
  const shop = new Shop(page, '/en')
  // the first visit replicates the catalogue; a product page opened meanwhile is re-rendered when
  // its document arrives, so wait for the menu (categories stored) first
  await shop.open('/')
  await expect(shop.categoryLinks().first()).toBeVisible({ timeout: 60_000 })
  await shop.open(`/p/${encodeURIComponent(String(product.sku))}/${encodeURIComponent(String(product.slug))}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(String(product.name), { timeout: 60_000 })
  return shop
}

async function pagePrice(page: Page): Promise<string> {
  return plainSpaces((await page.locator('.product-page__price').getByTestId('price').textContent()) ?? '')
}

/** Adds, waits for the success message, and returns the microcart lines' price texts. */
async function addAndReadMicrocart(page: Page, shop: Shop, lines: number): Promise<string[]> {
  await page.getByTestId('add-to-cart').click()
  await expect(shop.cartMessage()).toHaveText(en.messages.productAddedToCart)
  await expect(page.getByTestId('microcart-item')).toHaveCount(lines)
  return (await page.getByTestId('microcart-item').locator('.cart-line__price').allTextContents()).map(plainSpaces)
}

test('a simple product with custom options: gift box (percent) and engraving (fixed) change the price', async ({ page, request }) => {
  const simples = await productsOfType(request, 'simple')
  const product = simples.find((p) => sellable(p) && Array.isArray(p.custom_options) && p.custom_options.length === 2)
  expect(product, 'the demo shop has simple products with custom options').toBeDefined()
  const shop = await openProduct(page, product!)
  const panel = page.getByTestId('custom-options')
  await expect(panel).toBeVisible()

  // the required choice is marked and enforced before anything goes to the cart
  const before = await pagePrice(page)
  await page.getByTestId('add-to-cart').click()
  await expect(panel.getByText(en.productTypes.fieldRequired)).toBeVisible()
  await expect(panel.getByRole('combobox')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByTestId('microcart-item')).toHaveCount(0)
  expect(await seriousViolations(page, '.product-page__info')).toEqual([])

  // the choices: "Choose…", no wrapping, gift paper (fixed), gift box (10 % of the price)
  await expect(panel.getByRole('combobox').locator('option').nth(3)).toHaveText(/^Gift box \+ €/)
  await panel.getByRole('combobox').selectOption({ index: 3 })
  const withBox = await pagePrice(page)
  expect(withBox).not.toBe(before)
  await panel.getByRole('textbox').fill('For Anna')
  const withEngraving = await pagePrice(page)
  expect(withEngraving).not.toBe(withBox)

  const prices = await addAndReadMicrocart(page, shop, 1)
  expect(prices).toEqual([withEngraving])
  const line = page.getByTestId('microcart-item')
  await expect(line).toContainText('Gift wrapping: Gift box')
  await expect(line).toContainText('For Anna')
})

test('a bundle: another selection and an option qty change the live total; the server prices the line the same', async ({ page, request }) => {
  const bundles = await productsOfType(request, 'bundle')
  const bundle = bundles.find(sellable)
  expect(bundle).toBeDefined()
  const shop = await openProduct(page, bundle!)
  const panel = page.getByTestId('bundle-options')
  await expect(panel).toBeVisible()
  const first = panel.locator('[data-option-id]').first()
  // the selections show once the linked products are known
  await expect(first.getByRole('radio').first()).toBeChecked()
  expect(await seriousViolations(page, '.product-page__info')).toEqual([])

  const before = await pagePrice(page)
  const radios = first.getByRole('radio')
  if ((await radios.count()) > 1) {
    await radios.nth(1).check()
    await expect.poll(() => pagePrice(page)).not.toBe(before)
  }
  const chosen = await pagePrice(page)
  await first.getByRole('spinbutton').fill('2')
  await expect.poll(() => pagePrice(page)).not.toBe(chosen)
  const total = await pagePrice(page)

  const prices = await addAndReadMicrocart(page, shop, 1)
  expect(prices).toEqual([total])
  await expect(page.getByTestId('microcart-item')).toContainText('2 ×')

  // the server cart, priced from the server's catalogue, agrees with the page
  await expect.poll(async () => page.getByTestId('microcart').getAttribute('data-server-cart-id'), { timeout: 30_000 }).toMatch(/^[A-Za-z0-9]{32}$/)
  const cartId = await page.getByTestId('microcart').getAttribute('data-server-cart-id')
  const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100)
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/cart/totals?cartId=${cartId}&storeCode=en`)
        const body = (await res.json()) as { result: { items: { price_incl_tax: number }[] } }
        return body.result.items.map((i) => Math.round(i.price_incl_tax * 100))
      },
      { timeout: 30_000 },
    )
    .toEqual([cents(total)])
})

test('a gift card: a listed amount, then an open amount, with sender and recipient', async ({ page, request }) => {
  const cards = await productsOfType(request, 'giftcard')
  const card = cards.find((p) => sellable(p) && p.giftcard_allow_open_amount === true && p.mageworx_gc_type !== 2)
  expect(card).toBeDefined()
  const shop = await openProduct(page, card!)
  const panel = page.getByTestId('giftcard-options')
  await expect(panel).toBeVisible()
  expect(await pagePrice(page)).toBe('€25.00')
  await panel.getByRole('radio', { name: '€50.00' }).check()
  await expect.poll(() => pagePrice(page)).toBe('€50.00')
  await panel.getByRole('radio', { name: en.productTypes.giftcardOther }).check()
  const other = panel.getByLabel(en.productTypes.giftcardOtherLabel)
  await other.fill('5')
  await page.getByTestId('add-to-cart').click()
  await expect(panel.getByText('The amount must be at least €10.00.')).toBeVisible()
  // the refused add takes the shopper to the field to fix
  await expect(other).toBeFocused()
  await other.fill('42')
  await expect.poll(() => pagePrice(page)).toBe('€42.00')
  await panel.getByLabel(en.productTypes.senderName).fill('Bram')
  await panel.getByLabel(en.productTypes.recipientName).fill('Anna')
  await panel.getByLabel(en.productTypes.recipientEmail).fill('anna@example.be')
  await panel.getByLabel(en.productTypes.message).fill('Happy birthday!')
  expect(await seriousViolations(page, '.product-page__info')).toEqual([])

  const prices = await addAndReadMicrocart(page, shop, 1)
  expect(prices).toEqual(['€42.00'])
  await expect(page.getByTestId('microcart-item')).toContainText(`${en.productTypes.recipientName}: Anna`)
  // the line shows all the shopper typed, to check before paying
  await expect(page.getByTestId('microcart-item')).toContainText(`${en.productTypes.recipientEmail}: anna@example.be`)
  await expect(page.getByTestId('microcart-item')).toContainText(`${en.productTypes.message}: Happy birthday!`)
})

test('an e-mailed gift card: a delivery date in the past is refused, the chosen one is on the line in the store view locale', async ({ page, request }) => {
  const cards = await productsOfType(request, 'giftcard')
  const card = cards.find((p) => sellable(p) && p.mageworx_gc_type === 2 && Array.isArray(p.giftcard_amounts) && p.giftcard_amounts.length > 0)
  expect(card).toBeDefined()
  const shop = await openProduct(page, card!)
  const panel = page.getByTestId('giftcard-options')
  await panel.getByLabel(en.productTypes.recipientEmail).fill('anna@example.be')
  const date = panel.getByLabel(en.productTypes.deliveryDate)
  await date.fill('2020-01-01')
  await page.getByTestId('add-to-cart').click()
  await expect(panel.getByText(en.productTypes.dateInPast)).toBeVisible()
  await expect(date).toBeFocused()
  await date.fill('2099-12-24')
  await addAndReadMicrocart(page, shop, 1)
  // in the en store view's locale (en-US)
  await expect(page.getByTestId('microcart-item')).toContainText(`${en.productTypes.deliveryDate}: December 24, 2099`)
})

test('a grouped set: quantities per piece give the total; each piece becomes its own cart line', async ({ page, request }) => {
  const sets = await productsOfType(request, 'grouped')
  const set = sets.find((p) => sellable(p) && Array.isArray(p.product_links) && p.product_links.length >= 3) ?? sets.find(sellable)
  expect(set).toBeDefined()
  const shop = await openProduct(page, set!)
  const table = page.getByTestId('grouped-products')
  await expect(table).toBeVisible()
  // pieces out of stock cannot go into the cart: only pieces in stock get a quantity
  const all = table.locator('tbody tr')
  for (let i = 0; i < (await all.count()); i++) await all.nth(i).getByRole('spinbutton').fill('0')
  const qtys = all.filter({ hasNotText: en.product.outOfStock }).getByRole('spinbutton')
  const rows = Math.min(await qtys.count(), 2)
  expect(rows).toBeGreaterThanOrEqual(1)
  await qtys.first().fill('1')
  const one = await pagePrice(page)
  await qtys.first().fill('3')
  await expect.poll(() => pagePrice(page)).not.toBe(one)
  const three = await pagePrice(page)
  const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100)
  expect(cents(three)).toBe(cents(one) * 3)
  if (rows > 1) await qtys.nth(1).fill('1')
  const total = await pagePrice(page)
  expect(await seriousViolations(page, '.product-page__info')).toEqual([])

  const prices = await addAndReadMicrocart(page, shop, rows > 1 ? 2 : 1)
  expect(prices.reduce((sum, p) => sum + cents(p), 0)).toBe(cents(total))
})

test('a disabled product (status 2) is shown as unavailable, without add to cart', async ({ page, request }) => {
  const query = { _appliedFilters: [{ attribute: 'status', value: { eq: 2 }, scope: 'default' }], _availableFilters: [], _appliedSort: [] }
  const res = await request.post('/api/catalog/polder_en/product/_search?request_format=search-query&response_format=standard&size=20', { data: query })
  const hits = ((await res.json()) as { hits: { hits: { _source: SourceDoc }[] } }).hits.hits.map((h) => h._source)
  const off = hits.find((p) => p.status === 2 && p.type_id !== 'configurable')
  expect(off, 'the demo shop has disabled products').toBeDefined()
  await openProduct(page, off!)
  await expect(page.getByTestId('product-unavailable')).toHaveText(en.productTypes.unavailable)
  await expect(page.getByTestId('add-to-cart')).toHaveCount(0)
})

test('virtual and downloadable products say nothing is shipped', async ({ page, request }) => {
  for (const [type, text] of [
    ['virtual', en.productTypes.virtualNote],
    ['downloadable', en.productTypes.downloadableNote],
  ] as const) {
    const product = (await productsOfType(request, type)).find(sellable)
    expect(product, `the demo shop has ${type} products`).toBeDefined()
    await openProduct(page, product!)
    await expect(page.getByTestId('no-shipping-note')).toHaveText(text)
  }
})
