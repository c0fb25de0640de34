/**
 * The shop the server-cart rule tests run on: the fixture shop plus products with the stock rules,
 * decimals, custom options and gift card those tests are about, on the real server for the
 * enclosing test file (PGlite by default, PostgreSQL with DATABASE_URL).
 */
import type { Product } from '../../domain/product.schema'
import { ENGRAVING, GIFT_WRAP, testProduct } from '../fixtures/catalog'
import { cartCalls } from './cart-calls'
import { CLOTHING } from './fixtures'
import { startFixtureShopWith, useTestServer } from './helpers'

const T = '2026-01-01T00:00:00.000Z'
const product = (id: number, sku: string, stock: Product['stock'], extra: Partial<Product> = {}): Product =>
  testProduct(sku, { id, category_ids: [CLOTHING], category: [{ category_id: CLOTHING, name: 'Clothing' }], stock, created_at: T, updated_at: T, ...extra })
const managed = (qty: number, extra: Partial<Product['stock']> = {}): Product['stock'] => ({ qty, is_in_stock: qty > 0, manage_stock: true, ...extra })

/** COFFEE 500 and CHEESE 170 in stock, POSTER unmanaged, CANDLE sold 2 to 6, LOOSE-TEA by decimals, MUG with options, GIFT. */
export const CART_RULE_PRODUCTS: Product[] = [
  product(950, 'COFFEE', managed(500)),
  product(951, 'CHEESE', managed(170)),
  product(952, 'POSTER', { qty: 0, is_in_stock: true, manage_stock: false }),
  product(953, 'CANDLE', managed(100, { min_sale_qty: 2, max_sale_qty: 6 })),
  product(954, 'LOOSE-TEA', managed(25.5, { is_qty_decimal: true })),
  product(955, 'MUG', managed(500), { custom_options: [GIFT_WRAP, { ...ENGRAVING, max_characters: 20 }] }),
  product(956, 'GIFT', managed(10), {
    type_id: 'giftcard',
    price: 25,
    tax_class_id: 0,
    giftcard_amounts: [25, 50],
    giftcard_allow_open_amount: false,
    mageworx_gc_type: 1,
  }),
]

/** The real server on that shop for the enclosing test file, and its cart calls. */
export function useCartRulesServer() {
  const server = useTestServer(() => startFixtureShopWith(CART_RULE_PRODUCTS))
  return { server, ...cartCalls(server) }
}
