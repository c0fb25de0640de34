/**
 * The shop the cart checkout tests (coupons, shipping, payment) run on: the fixture shop with the
 * demo shop's coupons and products of known prices, physical and virtual, on the real server for
 * the enclosing test file (PGlite by default, PostgreSQL with DATABASE_URL).
 */
import { expect } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import type { Product } from '../../domain/product.schema'
import { STORE_CODES } from '../../domain/store-views'
import { TaxClass } from '../../domain/tax-rule.schema'
import { demoCoupons } from '../../server/seed/coupons'
import { importShop } from '../../server/services/catalog-import'
import { testProduct } from '../fixtures/catalog'
import { cartCalls } from './cart-calls'
import { CLOTHING } from './fixtures'
import { buildFixtureShop } from './fixtures'
import { json, startTestServer, type TestServerOptions, useTestServer } from './helpers'

const T = '2026-01-01T00:00:00.000Z'
const product = (id: number, sku: string, extra: Partial<Product>): Product =>
  testProduct(sku, {
    id,
    category_ids: [CLOTHING],
    category: [{ category_id: CLOTHING, name: 'Clothing' }],
    stock: { qty: 100, is_in_stock: true, manage_stock: true },
    created_at: T,
    updated_at: T,
    ...extra,
  })

/**
 * LAMP 50.00 excl. (21 %: 60.50 in NL and BE), BOOK 20.00 excl. (reduced: 21.80 in NL at 9 %,
 * 21.20 in BE at 6 %), EBOOK virtual 10.00 excl. (reduced), GIFT-MAIL an e-mailed gift card of 25.
 */
export const CHECKOUT_PRODUCTS: Product[] = [
  product(970, 'LAMP', { price: 50 }),
  product(971, 'BOOK', { price: 20, tax_class_id: TaxClass.Reduced }),
  product(972, 'EBOOK', { type_id: 'virtual', price: 10, tax_class_id: TaxClass.Reduced }),
  product(973, 'GIFT-MAIL', { type_id: 'giftcard', price: 25, tax_class_id: 0, giftcard_amounts: [25], mageworx_gc_type: 1 }),
]

/** `options`: the test server's (an outbox for mails, the shop's details), beyond its own catalogue. */
export async function startCheckoutShop(options: Omit<TestServerOptions, 'seed'> = {}) {
  const server = await startTestServer({ ...options, seed: false })
  const shop = buildFixtureShop()
  for (const code of STORE_CODES) shop.catalog[code].products.push(...structuredClone(CHECKOUT_PRODUCTS))
  shop.coupons = demoCoupons()
  await importShop(server.storage, shop, new Date('2026-06-15T12:00:00Z'))
  return server
}

/** The real server on that shop for the enclosing test file, its cart calls and the checkout's. */
export function useCheckoutServer() {
  const server = useTestServer(startCheckoutShop)
  const calls = cartCalls(server)

  async function createCart(storeCode = 'en'): Promise<string> {
    const res = await server.app.inject({ method: 'POST', url: `/api/cart/create?storeCode=${storeCode}` })
    expect(res.statusCode, res.body).toBe(200)
    return json<Envelope<string>>(res).result
  }

  /** A POST as VSF1 sends it: content-type json and an empty body, or the given JSON body. */
  function post(url: string, payload?: unknown) {
    return server.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      ...(payload === undefined ? { body: '' } : { payload: payload as Record<string, unknown> }),
    })
  }

  return { server, ...calls, createCart, post }
}
