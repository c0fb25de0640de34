/**
 * The developers' fixture helper (fixture-shop/): a fixture file seeds the browser's local database
 * and the built app opens on it offline from the first page, on an origin no server answers (the
 * suite's server and its demo shop are not used). A bad record in a fixture is refused before the
 * browser is touched, named as the server's seed names it.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { FixtureValidationError, readShopFixture, seedShop } from '../../fixture-shop'
import { plainSpaces } from './fixtures/shop'
import { DIST_DIR } from './playwright.config'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const FIXTURE = join(ROOT, 'fixture-shop/example-shop.json')
const DIST = join(ROOT, DIST_DIR)

test('a seeded shop opens offline with its catalogue, cart and customer', async ({ context, page }) => {
  await context.setOffline(true)
  const origin = await seedShop(context, {
    fixture: FIXTURE,
    store: 'nl',
    cart: [{ sku: 'FX-JACKET-RED-M', qty: 2 }],
    customer: 'sanne.bakker@example.nl',
    distDir: DIST,
  })
  const answeredByAServer: string[] = []
  page.on('requestfinished', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api')) answeredByAServer.push(request.url())
  })

  await page.goto(`${origin}/nl/`)
  await expect(page.getByRole('main')).toBeVisible()
  // the fixture's Dutch top category on the home page, with the count of its listable products
  const outdoor = page.getByRole('main').getByTestId('category-link').filter({ hasText: 'Buiten' })
  await expect(outdoor).toBeVisible({ timeout: 30_000 })
  await expect(outdoor).toContainText('2 producten')
  // the cart line the fixture put on the device: its qty
  await expect(page.getByTestId('microcart-count')).toHaveText('2')

  await outdoor.click()
  const bike = page.getByTestId('product-tile').filter({ hasText: 'Zwarte stadsfiets' })
  const jacket = page.getByTestId('product-tile').filter({ hasText: 'Regenjas' })
  // 100.00 and 50.00 excl. VAT at the Dutch 21 %, priced as the server prices them
  await expect(bike.getByTestId('price').first()).toHaveText(/€\s121,00/)
  await expect(jacket.getByTestId('price').first()).toHaveText(/€\s60,50/)

  // the full document is on the device: the configurable's page offers its choices offline
  await jacket.getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'Regenjas' })).toBeVisible()
  await expect(page.getByTestId('option-size').getByRole('button', { name: 'M' })).toBeVisible()

  // the cart line: the child chosen, its labels and price from the catalogue
  await page.getByTestId('microcart-button').click()
  const microcart = page.getByTestId('microcart')
  await expect(microcart).toContainText('Regenjas - M')
  const line = plainSpaces(await microcart.innerText())
  expect(line).toContain('Maat: M')
  expect(line).toContain('€ 121,00')

  // signed in as the fixture's customer
  await page.goto(`${origin}/nl/my-account`)
  await expect(page.getByTestId('profile-email')).toHaveText('sanne.bakker@example.nl')
  await expect(page.getByTestId('profile-firstname')).toHaveText('Sanne')

  // no call was answered: everything above came from the device
  expect(answeredByAServer).toEqual([])
})

test('a bad record in a fixture is refused, named as the seed names it', async ({ context }, testInfo) => {
  const shop = JSON.parse(JSON.stringify(readShopFixture(FIXTURE, { warn: () => undefined }))) as {
    catalog: Record<string, { products: Record<string, unknown>[] }>
  }
  delete shop.catalog.be
  delete shop.catalog.fr
  shop.catalog.nl!.products[1]!.price = 'vijftig'
  const bad = testInfo.outputPath('bad-shop.json')
  writeFileSync(bad, JSON.stringify(shop))

  const refusal = await seedShop(context, { fixture: bad, store: 'nl', distDir: DIST }).catch((error: unknown) => error)
  expect(refusal).toBeInstanceOf(FixtureValidationError)
  expect((refusal as Error).message).toContain(`${bad}: catalog.nl.products[1] (sku "FX-JACKET"): price:`)
  // refused before the browser was touched: nothing was opened
  expect(context.pages()).toHaveLength(0)
})
