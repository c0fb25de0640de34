/**
 * The GA4 e-commerce events on the real built app, the e2e server with a test container
 * (playwright.config.ts E2E_GTM_ID). The container's script is a stub that does what the real one
 * does with the dataLayer: it reads what is there when it loads and every push after, and "sends"
 * each e-commerce event, here into localStorage, so what was sent is counted across page loads.
 * Before consent nothing is recorded; after "Accept all" a shopper's journey from search results to
 * a placed order sends the ten events in order, each once. An offline spell's event is not sent
 * while offline, goes out once back online, and a reload does not send it again.
 */
import { expect, test, type Page } from '@playwright/test'
import en from '../../locales/en'
import { ECOMMERCE_EVENTS, type EcommerceEvent } from '../../domain/analytics'
import { CONSENT_KEY } from '../../src/consent/consent-record'
import { BRUSSELS, chooseBankTransferAndAccept, fillAddress, simpleProduct } from './fixtures/checkout-flow'
import { Shop } from './fixtures/shop'
import { E2E_STORAGE_STATE_WITHOUT } from './playwright.config'

test.use({ storageState: E2E_STORAGE_STATE_WITHOUT(CONSENT_KEY) })

const SENT_KEY = 'gtm-stub-sent'

/** The stub container: every e-commerce entry of the dataLayer, at its load and pushed later, "sent" once. */
const STUB_CONTAINER = `(function () {
  var KEY = ${JSON.stringify(SENT_KEY)};
  function send(entry) {
    if (!entry || typeof entry.event !== 'string' || !entry.ecommerce) return;
    var sent = JSON.parse(localStorage.getItem(KEY) || '[]');
    sent.push({ event: entry.event, ecommerce: entry.ecommerce });
    localStorage.setItem(KEY, JSON.stringify(sent));
  }
  var layer = (window.dataLayer = window.dataLayer || []);
  layer.forEach(send);
  var push = layer.push;
  layer.push = function () {
    for (var i = 0; i < arguments.length; i++) send(arguments[i]);
    return push.apply(layer, arguments);
  };
})();`

async function stubContainer(page: Page): Promise<void> {
  await page.route('https://www.googletagmanager.com/**', (route) => route.fulfill({ contentType: 'application/javascript', body: STUB_CONTAINER }))
}

function sent(page: Page): Promise<EcommerceEvent[]> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as EcommerceEvent[], SENT_KEY)
}

const sentNames = async (page: Page) => (await sent(page)).map((event) => event.event)

/** The e-commerce events in this page's dataLayer. */
function pushed(page: Page): Promise<string[]> {
  return page.evaluate(
    (names) =>
      (window.dataLayer ?? []).flatMap((entry) => (names.includes((entry as { event?: string }).event ?? '') ? [(entry as { event: string }).event] : [])),
    [...ECOMMERCE_EVENTS] as string[],
  )
}

test('after consent, a journey from search results to a placed order sends the ten events in order, once each; offline events go out once, online', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(240_000)
  await stubContainer(page)
  const product = await simpleProduct(request)
  const sku = String(product.sku)
  const shop = new Shop(page, '/en')

  // before an answer: the product shown (its view told to the worker) records nothing, sends nothing;
  // the catalogue's products are held until after the answer, as on a slow first visit: their
  // arrival loads the page's view again, which is still the one view, not a new one after consent
  let releaseFeed = () => {}
  const feedHeld = new Promise<void>((resolve) => (releaseFeed = resolve))
  await context.route('**/api/ext/replication/v1/*/products/**', async (route) => {
    await feedHeld
    await route.continue().catch(() => undefined)
  })
  await shop.open(`/p/${encodeURIComponent(sku)}/${encodeURIComponent(String(product.slug))}`)
  await expect(page.getByTestId('add-to-cart')).toBeEnabled({ timeout: 60_000 })
  await page.waitForTimeout(500)
  const banner = page.getByRole('region', { name: en.consent.title })
  await expect(banner).toBeVisible({ timeout: 60_000 })
  await banner.getByRole('button', { name: en.consent.acceptAll }).click()
  await expect(banner).toBeHidden()
  let fed = 0
  context.on('requestfinished', (request) => {
    if (/\/api\/ext\/replication\/v1\/[^/]+\/products\//.test(request.url())) fed += 1
  })
  releaseFeed()
  await expect.poll(() => fed, { timeout: 60_000 }).toBeGreaterThan(0)
  await page.waitForTimeout(3000)
  expect(await sent(page), 'the product page seen before consent').toEqual([])

  // the journey: search results, the product chosen from them, two added and one taken away
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim()
  await shop.open(`/search/${encodeURIComponent(name)}`)
  const tile = page.locator(`[data-testid="product-tile"][data-sku="${sku}"]`)
  await expect(tile).toBeVisible({ timeout: 30_000 })
  await expect.poll(() => sentNames(page), { timeout: 30_000 }).toEqual(['view_item_list'])
  await tile.locator('a').first().click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  await page.getByLabel(en.product.qty, { exact: true }).fill('2')
  await page.getByTestId('add-to-cart').click()
  const line = page.getByTestId('microcart-item')
  await expect(line.getByTestId('microcart-item-qty')).toHaveText('2')
  await line.getByRole('button', { name: en.microcart.decrease.replace('{name:string}', name) }).click()
  await expect(line.getByTestId('microcart-item-qty')).toHaveText('1')
  await expect.poll(() => sentNames(page), { timeout: 30_000 }).toEqual(['view_item_list', 'select_item', 'view_item', 'add_to_cart', 'remove_from_cart'])

  // the cart, the checkout (store pickup, the default, is the shipping chosen), bank transfer, the order;
  // from page to page as a shopper goes, through the app's links
  await page.getByTestId('microcart').getByRole('link', { name: en.microcart.viewCart }).click()
  await expect(page).toHaveURL(/\/en\/checkout\/cart$/)
  await expect.poll(() => sentNames(page), { timeout: 30_000 }).toHaveLength(6)
  await page.getByRole('main').getByRole('link', { name: en.microcart.goToCheckout }).click()
  await expect(page).toHaveURL(/\/en\/checkout$/)
  await page.locator('#co-email').fill('ga4@example.be')
  await page.locator('#co-firstName').fill('Anna')
  await page.locator('#co-lastName').fill('Peeters')
  await expect(page.locator('input[name="ship-method"][value="storepickup_storepickup"]')).toBeChecked()
  await fillAddress(page, 'bill', BRUSSELS)
  await chooseBankTransferAndAccept(page)
  await page.getByRole('button', { name: en.checkout.placeOrder }).click()
  await expect(page).toHaveURL(/\/en\/success$/)
  const number = (await page.getByTestId('order-number').textContent({ timeout: 30_000 }))!.trim()

  await expect.poll(() => sentNames(page), { timeout: 30_000 }).toHaveLength(10)
  const events = await sent(page)
  expect(events.map((event) => event.event)).toEqual([...ECOMMERCE_EVENTS])
  const byName = Object.fromEntries(events.map((event) => [event.event, event.ecommerce]))
  expect(byName.view_item_list!.items).toEqual(expect.arrayContaining([expect.objectContaining({ item_id: sku, item_name: name })]))
  expect(byName.select_item!.items).toEqual([expect.objectContaining({ item_id: sku, item_list_name: byName.view_item_list!.item_list_name })])
  expect(byName.add_to_cart!.items).toEqual([expect.objectContaining({ item_id: sku, quantity: 2 })])
  expect(byName.remove_from_cart!.items).toEqual([expect.objectContaining({ item_id: sku, quantity: 1 })])
  expect(byName.view_cart!.items).toEqual([expect.objectContaining({ item_id: sku, quantity: 1 })])
  expect(byName.add_shipping_info!.shipping_tier).toBe('storepickup_storepickup')
  expect(byName.add_payment_info!.payment_type).toBe('banktransfer')
  expect(byName.purchase).toMatchObject({ transaction_id: number, currency: 'EUR', items: [{ item_id: sku, quantity: 1 }] })
  expect(byName.purchase!.value).toBe(byName.view_cart!.value)

  // offline: the product page's add waits on the device, goes out once back online, and never again
  await shop.open(`/p/${encodeURIComponent(sku)}/${encodeURIComponent(String(product.slug))}`)
  await expect.poll(() => sentNames(page), { timeout: 30_000 }).toHaveLength(11)
  await context.setOffline(true)
  await page.getByTestId('add-to-cart').click()
  await expect(page.getByTestId('microcart-item-qty').first()).toHaveText('1')
  await page.waitForTimeout(1500)
  expect(await sentNames(page), 'nothing goes out offline').toHaveLength(11)
  expect(await pushed(page), 'nor into the dataLayer').not.toContain('add_to_cart')
  await context.setOffline(false)
  await expect.poll(() => sentNames(page), { timeout: 30_000 }).toHaveLength(12)
  expect((await sentNames(page)).slice(10)).toEqual(['view_item', 'add_to_cart'])
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  // the reload is a new view of the product, and nothing of before again
  await expect.poll(() => sentNames(page), { timeout: 30_000 }).toHaveLength(13)
  await page.waitForTimeout(1500)
  const after = await sentNames(page)
  expect(after.slice(12)).toEqual(['view_item'])
  expect(after.filter((event) => event === 'add_to_cart')).toHaveLength(2)
})
