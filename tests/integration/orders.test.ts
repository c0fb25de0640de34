/**
 * POST /api/order on the real server: the order stored with the catalogue's prices and
 * the stock taken in the same transaction, exactly once per client order_id (also under 20
 * concurrent retries), refusals that change nothing, and bad bodies named. PGlite by default,
 * PostgreSQL with DATABASE_URL (where concurrent transactions really race).
 */
import { describe, expect, it } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import { OrderRefusalSchema, OrderResultSchema, type OrderRefusal, type OrderResult } from '../../domain/api/order.schema'
import type { Product } from '../../domain/product.schema'
import { DEMO_COUPON_CODES, demoCoupons } from '../../server/seed/coupons'
import { testProduct } from '../fixtures/catalog'
import { cartCalls } from './cart-calls'
import { CLOTHING } from './fixtures'
import { json, startFixtureShopWith, useTestServer } from './helpers'
import { BE_ADDRESS, NL_ADDRESS, orderBody } from './order-fixtures'

const T = '2026-01-01T00:00:00.000Z'
const product = (id: number, sku: string, stock: Product['stock'], price = 10): Product =>
  testProduct(sku, { id, price, category_ids: [CLOTHING], category: [{ category_id: CLOTHING, name: 'Clothing' }], stock, created_at: T, updated_at: T })
const managed = (qty: number): Product['stock'] => ({ qty, is_in_stock: qty > 0, manage_stock: true })

const ORDER_PRODUCTS: Product[] = [
  product(970, 'ORDER-COFFEE', managed(100), 8),
  product(971, 'ORDER-TEA', managed(100), 4),
  product(972, 'ORDER-SCARCE', managed(3)),
  product(973, 'ORDER-POSTER', { qty: 0, is_in_stock: true, manage_stock: false }),
  product(974, 'ORDER-LAST', managed(2)),
  { ...product(975, 'ORDER-EBOOK', { qty: 0, is_in_stock: true, manage_stock: false }, 10), type_id: 'virtual' },
]

const server = useTestServer(() => startFixtureShopWith(ORDER_PRODUCTS))
const { createCart, saved, pull, totals } = cartCalls(server)

const address = NL_ADDRESS

function placeOrder(body: unknown, url = '/api/order') {
  return server.app.inject({ method: 'POST', url, payload: body as Record<string, unknown> })
}

async function placed(body: unknown): Promise<OrderResult> {
  const res = await placeOrder(body)
  expect(res.statusCode, res.body).toBe(200)
  const envelope = json<Envelope<OrderResult>>(res)
  expect(envelope.code).toBe(200)
  return OrderResultSchema.parse(envelope.result)
}

async function refused(body: unknown): Promise<OrderRefusal> {
  const res = await placeOrder(body)
  expect(res.statusCode, res.body).toBe(409)
  const envelope = json<Envelope<OrderRefusal>>(res)
  expect(envelope.code).toBe(409)
  return OrderRefusalSchema.parse(envelope.result)
}

async function invalid(body: unknown, status = 400): Promise<string> {
  const res = await placeOrder(body)
  expect(res.statusCode, res.body).toBe(status)
  const envelope = json<Envelope<string>>(res)
  expect(envelope.code).toBe(status)
  return envelope.result
}

async function stockOf(sku: string): Promise<number> {
  const [row] = await server.storage.stock.findBySkus([sku])
  return row!.qty
}

async function setStock(sku: string, qty: number): Promise<void> {
  const [row] = await server.storage.stock.findBySkus([sku])
  await server.storage.stock.upsertMany([{ ...row!, qty, is_in_stock: qty > 0 }])
}

async function cartWith(lines: { sku: string; qty: number }[], storeCode?: string): Promise<string> {
  let cartId: string
  if (storeCode) {
    const res = await server.app.inject({ method: 'POST', url: `/api/cart/create?storeCode=${storeCode}` })
    expect(res.statusCode).toBe(200)
    cartId = json<Envelope<string>>(res).result
  } else {
    cartId = await createCart()
  }
  for (const line of lines) await saved(cartId, line)
  return cartId
}

describe('POST /api/order', () => {
  it('stores the order with the catalogue prices, answers as vue-storefront-api and takes the stock', async () => {
    const lines = [
      { sku: 'ORDER-COFFEE', qty: 2 },
      { sku: 'ORDER-TEA', qty: 3 },
    ]
    const cartId = await cartWith(lines)
    const cartTotals = await totals(cartId)
    const [coffee, tea] = [await stockOf('ORDER-COFFEE'), await stockOf('ORDER-TEA')]

    const body = orderBody(cartId, lines)
    const result = await placed(body)
    expect(result.orderNumber).toMatch(/^1\d{8}$/)
    expect(result.backendOrderId).toBe(result.magentoOrderId)
    expect(result.status).toBe('pending')
    // the cart's totals (store pickup) plus flat rate shipping; the client's 0.01 prices are ignored
    expect(result.grand_total).toBeCloseTo(cartTotals.grand_total + 5.99, 2)

    expect(await stockOf('ORDER-COFFEE')).toBe(coffee - 2)
    expect(await stockOf('ORDER-TEA')).toBe(tea - 3)

    const order = await server.storage.orders.findByClientOrderId(body.order_id)
    expect(order).toMatchObject({ cart_id: cartId, store_code: 'en', customer_id: null, email: 'anna@example.nl', country_id: 'NL' })
    const stored = await server.storage.orders.listLines(order!.id)
    expect(stored.map((l) => [l.sku, l.qty])).toEqual([
      ['ORDER-COFFEE', 2],
      ['ORDER-TEA', 3],
    ])
    expect(stored[0]!.price).toBe(8)

    // a retry later, with other transmission timestamps, gets the same answer and takes nothing
    const again = await placed({ ...body, created_at: new Date(Date.now() + 60_000).toISOString(), transmited: false })
    expect(again).toEqual(result)
    expect(await stockOf('ORDER-COFFEE')).toBe(coffee - 2)
  })

  it('takes a virtual order without a shipping method or delivery address, with the VAT of the billing country; a physical one still needs both', async () => {
    const cartId = await cartWith([{ sku: 'ORDER-EBOOK', qty: 1 }])
    const base = orderBody(cartId, [{ sku: 'ORDER-EBOOK', qty: 1 }])
    const { shippingAddress: _a, shipping_method_code: _m, shipping_carrier_code: _c, ...billingOnly } = base.addressInformation
    const body = { ...base, addressInformation: { ...billingOnly, billingAddress: BE_ADDRESS } }
    const result = await placed(body)
    const order = await server.storage.orders.findByClientOrderId(body.order_id)
    expect(order).toMatchObject({ shipping_address: null, shipping_carrier_code: '', shipping_method_code: '', country_id: 'BE' })
    // 10.00 excl. at Belgium's 21 %, no shipping
    expect(result.grand_total).toBe(12.1)
    expect(order!.totals).toMatchObject({ shipping_incl_tax: 0 })

    const physical = await cartWith([{ sku: 'ORDER-TEA', qty: 1 }])
    const noMethod = orderBody(physical, [{ sku: 'ORDER-TEA', qty: 1 }])
    const { shipping_method_code: _pm, shipping_carrier_code: _pc, ...rest } = noMethod.addressInformation
    expect(await invalid({ ...noMethod, addressInformation: rest })).toMatch(/shipping_method_code/)
  })

  it("takes the cart's coupon off the order as the cart's totals do", async () => {
    await server.storage.coupons.replaceAll(demoCoupons(), new Date().toISOString())
    const lines = [{ sku: 'ORDER-COFFEE', qty: 5 }]
    const cartId = await cartWith(lines)
    const res = await server.app.inject({ method: 'POST', url: `/api/cart/apply-coupon?cartId=${cartId}&coupon=${DEMO_COUPON_CODES.percent}` })
    expect(res.statusCode, res.body).toBe(200)
    const cartTotals = await totals(cartId)
    expect(cartTotals.discount_amount).toBeLessThan(0)

    const result = await placed(orderBody(cartId, lines))
    expect(result.grand_total).toBeCloseTo(cartTotals.grand_total + 5.99, 2)
    const order = await server.storage.orders.findById(Number(result.backendOrderId))
    expect(order!.totals).toMatchObject({ coupon_code: DEMO_COUPON_CODES.percent, discount_amount: cartTotals.discount_amount })
  })

  it('numbers orders per store view: a Dutch order starts its own sequence with the store view id', async () => {
    const cartId = await cartWith([{ sku: 'ORDER-TEA', qty: 1 }], 'nl')
    const result = await placed(orderBody(cartId, [{ sku: 'ORDER-TEA', qty: 1 }], { store_code: 'nl' }))
    expect(result.orderNumber).toBe('200000001')
  })

  it('makes exactly one order of 20 concurrent identical requests, with identical answers and the stock taken once', async () => {
    const lines = [{ sku: 'ORDER-COFFEE', qty: 4 }]
    const cartId = await cartWith(lines)
    const before = await stockOf('ORDER-COFFEE')
    const ordersBefore = await server.storage.orders.count()
    const body = orderBody(cartId, lines)

    const answers = await Promise.all(Array.from({ length: 20 }, () => placeOrder(body)))
    for (const res of answers) expect(res.statusCode, res.body).toBe(200)
    const results = answers.map((res) => json<Envelope<OrderResult>>(res).result)
    for (const result of results) expect(result).toEqual(results[0])

    expect(await server.storage.orders.count()).toBe(ordersBefore + 1)
    expect(await stockOf('ORDER-COFFEE')).toBe(before - 4)
  })

  it('stores one order when one order_id comes with two carts at once: the other is refused, the stock taken once', async () => {
    const lines = [{ sku: 'ORDER-TEA', qty: 1 }]
    const [first, second] = [await cartWith(lines), await cartWith(lines)]
    const before = await stockOf('ORDER-TEA')
    const body = orderBody(first, lines)
    const answers = await Promise.all([placeOrder(body), placeOrder({ ...body, cart_id: second })])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
    const loser = json<Envelope<OrderRefusal>>(answers.find((a) => a.statusCode === 409)!).result
    expect(loser.reason).toBe('order_id_reused')
    expect(await stockOf('ORDER-TEA')).toBe(before - 1)
    expect(await server.storage.orders.findByClientOrderId(body.order_id)).not.toBeNull()
  })

  it('sells the last units once when two carts order them at the same moment', async () => {
    await setStock('ORDER-LAST', 2)
    const lines = [{ sku: 'ORDER-LAST', qty: 2 }]
    const first = await cartWith(lines)
    const second = await cartWith(lines)
    const answers = await Promise.all([placeOrder(orderBody(first, lines)), placeOrder(orderBody(second, lines))])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
    const loser = json<Envelope<OrderRefusal>>(answers.find((a) => a.statusCode === 409)!).result
    expect(loser).toMatchObject({ reason: 'out_of_stock', items: [{ sku: 'ORDER-LAST', requested: 2, available: 0 }] })
    expect(await stockOf('ORDER-LAST')).toBe(0)
  })

  it("refuses an order the stock cannot serve with the spec's message, and changes nothing", async () => {
    await setStock('ORDER-SCARCE', 3)
    const lines = [
      { sku: 'ORDER-TEA', qty: 1 },
      { sku: 'ORDER-SCARCE', qty: 2 },
    ]
    const cartId = await cartWith(lines)
    // the stock ran out after the shopper filled the cart (another shop, an offline spell)
    await setStock('ORDER-SCARCE', 1)
    const tea = await stockOf('ORDER-TEA')
    const cartLines = await pull(cartId)
    const ordersBefore = await server.storage.orders.count()

    const body = orderBody(cartId, lines)
    const refusal = await refused(body)
    expect(refusal).toEqual({
      reason: 'out_of_stock',
      errorMessage: 'The product is out of stock and cannot be added to the cart!',
      items: [{ sku: 'ORDER-SCARCE', requested: 2, available: 1 }],
    })
    expect(await stockOf('ORDER-SCARCE')).toBe(1)
    expect(await stockOf('ORDER-TEA')).toBe(tea)
    expect(await pull(cartId)).toEqual(cartLines)
    expect(await server.storage.orders.count()).toBe(ordersBefore)

    // a refusal is not remembered: the same order goes through once the stock is back
    await setStock('ORDER-SCARCE', 5)
    await placed(body)
    expect(await stockOf('ORDER-SCARCE')).toBe(3)
  })

  it('sells a product whose stock is not managed without counting it', async () => {
    const lines = [{ sku: 'ORDER-POSTER', qty: 3 }]
    const cartId = await cartWith(lines)
    await placed(orderBody(cartId, lines))
    const [row] = await server.storage.stock.findBySkus(['ORDER-POSTER'])
    expect(row).toMatchObject({ qty: 0, is_in_stock: true, manage_stock: false })
  })

  it('refuses the same order_id with another body (409), and a second order of an ordered cart', async () => {
    const lines = [{ sku: 'ORDER-TEA', qty: 1 }]
    const cartId = await cartWith(lines)
    const body = orderBody(cartId, lines)
    const first = await placed(body)

    const other = { ...body, addressInformation: { ...body.addressInformation, payment_method_code: 'ideal' } }
    expect(await refused(other)).toMatchObject({ reason: 'order_id_reused', orderNumber: first.orderNumber })

    expect(await refused(orderBody(cartId, lines))).toMatchObject({ reason: 'cart_already_ordered', orderNumber: first.orderNumber })
  })

  it("refuses products that are not the cart's lines, naming the differences", async () => {
    const cartId = await cartWith([{ sku: 'ORDER-TEA', qty: 2 }])
    const refusal = await refused(orderBody(cartId, [{ sku: 'ORDER-TEA', qty: 3 }]))
    expect(refusal).toMatchObject({ reason: 'cart_changed', items: [{ sku: 'ORDER-TEA', requested: 3, available: 2 }] })
  })

  it('answers a bad body 400 with the field named', async () => {
    const cartId = await cartWith([{ sku: 'ORDER-TEA', qty: 1 }])
    const body = orderBody(cartId, [{ sku: 'ORDER-TEA', qty: 1 }])
    const noEmail = { ...body, addressInformation: { ...body.addressInformation, billingAddress: { ...address, email: undefined } } }
    expect(await invalid(noEmail)).toBe('addressInformation.billingAddress.email: is required')
    expect(await invalid({ ...body, products: [] })).toBe('products: must have at least 1 items')
    expect(await invalid({ ...body, products: [{ sku: 'ORDER-TEA', qty: 0 }] })).toBe('products.0.qty: must be greater than 0')
    const { order_id: _, ...noId } = body
    expect(await invalid(noId)).toBe('order_id: is required')
    const abroad = { ...body, addressInformation: { ...body.addressInformation, shippingAddress: { ...address, country_id: 'DE' } } }
    expect(await invalid(abroad)).toMatch(/^addressInformation\.shippingAddress\.country_id: /)
    const boat = { ...body, addressInformation: { ...body.addressInformation, shipping_carrier_code: 'boat', shipping_method_code: 'boat' } }
    expect(await invalid(boat)).toBe('addressInformation.shipping_method_code: the shop has no shipping method "boat_boat"')
    // a payment method the shop does not offer for this order, made up or of another shipping method
    const madeUp = { ...body, addressInformation: { ...body.addressInformation, payment_method_code: 'iou' } }
    expect(await invalid(madeUp)).toMatch(/^addressInformation\.payment_method_code: "iou" is not offered for this order \(ideal, /)
    const pickupPay = { ...body, addressInformation: { ...body.addressInformation, payment_method_code: 'payatpickup' } }
    expect(await invalid(pickupPay)).toMatch(/^addressInformation\.payment_method_code: "payatpickup" is not offered/)
    // nothing of it was stored
    expect(await server.storage.orders.findByClientOrderId(body.order_id)).toBeNull()
  })

  it('answers an unknown cart 404 and a cart of another store view 400', async () => {
    const lines = [{ sku: 'ORDER-TEA', qty: 1 }]
    expect(await invalid(orderBody('NoSuchCartNoSuchCartNoSuchCart00', lines), 404)).toBe('No such entity with cartId = NoSuchCartNoSuchCartNoSuchCart00')

    const dutch = await cartWith(lines, 'nl')
    expect(await invalid(orderBody(dutch, lines, { store_code: 'be' }))).toBe(`cart_id: cart ${dutch} belongs to store view "nl", not "be"`)
    // the store view may also come as the query parameter or header VSF1 sends
    const { store_code: _, ...noStore } = orderBody(dutch, lines)
    const res = await placeOrder(noStore, '/api/order?storeCode=fr')
    expect(res.statusCode, res.body).toBe(400)
  })
})
