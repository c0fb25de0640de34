/**
 * Gift cards on the client, in Chromium against the built app and the real server with
 * its seeded cards: in /nl a card redeemed on the cart page says so in Dutch and lowers the total
 * by its balance, an unknown code gets the Dutch refusal, and removing the card gives the total
 * back; an order a card pays in full asks for no payment method and ends on /success as paid,
 * without going to the payment provider.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import nl from '../../locales/nl'
import { productsOfType, sellable, type SourceDoc } from './fixtures/catalog-api'
import { BRUSSELS, addToCart, fillCheckout } from './fixtures/checkout-flow'
import { Shop } from './fixtures/shop'
import { dutchCents as cents } from '../fixtures/dutch-amounts'

test.describe.configure({ mode: 'serial' })

/** A simple product in stock without options that a €100 card pays in full (store pickup: no shipping). */
async function cheapProduct(request: APIRequestContext): Promise<SourceDoc> {
  const price = (p: SourceDoc) => Number(p.final_price_incl_tax ?? p.price_incl_tax ?? Infinity)
  const cheap = (await productsOfType(request, 'simple')).find(
    (p) => sellable(p) && !(Array.isArray(p.custom_options) && p.custom_options.length > 0) && price(p) > 0 && price(p) < 60,
  )
  expect(cheap, 'the demo shop has a simple product under €60').toBeDefined()
  return cheap!
}

/** A product in the /nl cart (the first simple one, or a cheap one), synced to the server cart (gift cards are applied there). */
async function cartWithProduct(page: Page, request: APIRequestContext, product?: SourceDoc): Promise<Shop> {
  let shop: Shop
  if (product) {
    shop = new Shop(page, '/nl')
    await shop.open('/')
    await expect(shop.categoryLinks().first()).toBeVisible({ timeout: 60_000 })
    await shop.open(`/p/${encodeURIComponent(String(product.sku))}/${encodeURIComponent(String(product.slug))}`)
    await page.getByTestId('add-to-cart').click()
    await expect.poll(() => shop.microcartCount()).toBe(1)
  } else shop = await addToCart(page, request, '/nl')
  await expect.poll(async () => page.getByTestId('microcart').getAttribute('data-server-cart-id'), { timeout: 30_000 }).toMatch(/^[A-Za-z0-9]{32}$/)
  await page.keyboard.press('Escape')
  await shop.open('/checkout/cart')
  await expect(page.getByTestId('cart-grand-total')).toBeVisible({ timeout: 30_000 })
  return shop
}

async function redeem(page: Page, code: string): Promise<void> {
  await page.getByLabel(nl.cart.giftCardLabel, { exact: true }).fill(code)
  await page.getByRole('button', { name: nl.cart.giftCardApply }).click()
}

test('nl: a gift card lowers the total with the Dutch notice, an unknown code is refused in Dutch, removing gives the total back', async ({
  page,
  request,
}) => {
  const shop = await cartWithProduct(page, request)
  const grandTotal = page.getByTestId('cart-grand-total')
  const before = cents(await grandTotal.textContent())
  expect(before).toBeGreaterThan(0)

  await redeem(page, 'GEEN-CADEAUKAART')
  await expect(shop.notifications().filter({ hasText: nl.messages.giftCardUnknown })).toBeVisible()
  await expect(page.getByTestId('cart-gift-card')).toHaveCount(0)

  await redeem(page, 'polder-gift-25')
  await expect(shop.notifications().filter({ hasText: nl.messages.giftCardApplied })).toBeVisible()
  await expect(page.getByTestId('cart-gift-card')).toContainText('POLDER-GIFT-25')
  await expect(page.getByTestId('cart-gift-card-total')).toContainText('Cadeaukaart POLDER-GIFT-25')
  await expect.poll(async () => cents(await grandTotal.textContent())).toBe(Math.max(0, before - 2500))

  await page.getByRole('button', { name: 'Cadeaukaart POLDER-GIFT-25 verwijderen' }).click()
  await expect(shop.notifications().filter({ hasText: nl.messages.giftCardRemoved })).toBeVisible()
  await expect(page.getByTestId('cart-gift-card')).toHaveCount(0)
  await expect.poll(async () => cents(await grandTotal.textContent())).toBe(before)
})

test('nl: an order the gift card pays in full asks for no payment and is paid on /success', async ({ page, request }) => {
  const shop = await cartWithProduct(page, request, await cheapProduct(request))
  await redeem(page, 'POLDER-GIFT-100')
  await expect(shop.notifications().filter({ hasText: nl.messages.giftCardApplied })).toBeVisible()
  await expect.poll(async () => cents(await page.getByTestId('cart-grand-total').textContent())).toBe(0)

  await shop.open('/checkout')
  await fillCheckout(page, BRUSSELS)
  await expect(page.getByTestId('paid-by-gift-card')).toHaveText(nl.checkout.paidByGiftCard)
  await expect(page.locator('input[name="pay-method"]')).toHaveCount(0)
  await expect(page.getByTestId('checkout-gift-card')).toContainText('POLDER-GIFT-100')
  await expect.poll(async () => cents(await page.getByTestId('checkout-grand-total').textContent())).toBe(0)
  await page.locator('#co-terms').check()
  await page.getByRole('button', { name: nl.checkout.placeOrder }).click()

  await expect(page).toHaveURL(/\/nl\/success$/)
  await expect(page.getByTestId('order-number')).toHaveText(/^\d{9}$/, { timeout: 30_000 })
  await expect(page.getByTestId('paid-by-gift-card')).toHaveText(nl.order.paidByGiftCard)
  await expect(page.getByText(nl.order.creatingPayment)).toHaveCount(0)
  // stays on /success: no payment provider page
  await page.waitForLoadState('networkidle')
  await expect(page).toHaveURL(/\/nl\/success$/)
})
