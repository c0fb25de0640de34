/**
 * Orders and accounts on the real server: POST /api/order with a customer's token binds
 * the order to them (user_id in the body is never trusted); GET /api/user/order-history pages their
 * orders, newest first, and never anyone else's. PGlite by default, PostgreSQL with DATABASE_URL.
 */
import { describe, expect, it } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import { OrderHistoryResultSchema, USER_MESSAGES } from '../../domain/api/user.schema'
import { startCheckoutShop } from './cart-checkout-shop'
import { cartCalls } from './cart-calls'
import { json, signedUpCustomer, useTestServer } from './helpers'
import { orderBody } from './order-fixtures'

const server = useTestServer(startCheckoutShop)
const { createCart, saved } = cartCalls(server)

let counter = 0
async function customer() {
  const email = `orders${++counter}-${Date.now()}@example.com`
  return signedUpCustomer(server.app, email, 'correct horse 1', { firstname: 'Anna', lastname: 'de Vries' })
}

/** Places an order of `qty` LAMPs, with the token when given; the order number. */
async function placeOrder(qty: number, token?: string, extra: Record<string, unknown> = {}): Promise<string> {
  const cartId = await createCart()
  await saved(cartId, { sku: 'LAMP', qty })
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: orderBody(cartId, [{ sku: 'LAMP', qty }], extra),
  })
  expect(res.statusCode, res.body).toBe(200)
  return json<Envelope<{ orderNumber: string }>>(res).result.orderNumber
}

const history = (token: string | undefined, query = '') =>
  server.app.inject({ method: 'GET', url: `/api/user/order-history${query}`, headers: token ? { authorization: `Bearer ${token}` } : {} })

describe('GET /api/user/order-history', () => {
  it('lists the orders placed with the customer’s token, newest first, with lines and totals; not guest orders nor others’', async () => {
    const anna = await customer()
    const bram = await customer()
    const first = await placeOrder(1, anna.token)
    await placeOrder(1) // a guest order
    await placeOrder(1, bram.token)
    // a body naming Anna's id without her token stays a guest order
    await placeOrder(1, undefined, { user_id: String(anna.id) })
    const second = await placeOrder(2, anna.token)

    const res = await history(anna.token)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toBe('no-cache, no-store')
    const result = OrderHistoryResultSchema.parse(json<Envelope<unknown>>(res).result)
    expect(result.total_count).toBe(2)
    expect(result.search_criteria).toEqual({ page_size: 20, current_page: 1 })
    expect(result.items.map((o) => o.increment_id)).toEqual([second, first])
    const newest = result.items[0]!
    expect(newest).toMatchObject({ customer_is_guest: false, status: 'pending', payment: { method: 'banktransfer' }, shipping_method: 'flatrate_flatrate' })
    expect(newest.items).toEqual([expect.objectContaining({ sku: 'LAMP', qty_ordered: 2 })])
    expect(newest.total_due).toBe(newest.grand_total)
    expect(newest.grand_total).toBeGreaterThan(0)

    const bramsOrders = OrderHistoryResultSchema.parse(json<Envelope<unknown>>(await history(bram.token)).result)
    expect(bramsOrders.total_count).toBe(1)
  })

  it('pages with pageSize and currentPage', async () => {
    const shopper = await customer()
    const numbers = [await placeOrder(1, shopper.token), await placeOrder(1, shopper.token), await placeOrder(1, shopper.token)]
    const page2 = OrderHistoryResultSchema.parse(json<Envelope<unknown>>(await history(shopper.token, '?pageSize=2&currentPage=2')).result)
    expect(page2.total_count).toBe(3)
    expect(page2.search_criteria).toEqual({ page_size: 2, current_page: 2 })
    expect(page2.items.map((o) => o.increment_id)).toEqual([numbers[0]])
  })

  it('answers 401 without a valid token and 400 naming a bad page parameter', async () => {
    expect((await history(undefined)).statusCode).toBe(401)
    expect(json(await history('forged.token.value'))).toEqual({ code: 401, result: USER_MESSAGES.notAuthorized })
    const shopper = await customer()
    expect(json(await history(shopper.token, '?pageSize=0'))).toEqual({ code: 400, result: 'pageSize: must be at least 1' })
    expect(json(await history(shopper.token, '?currentPage=abc'))).toEqual({ code: 400, result: 'currentPage: must be number' })
  })
})

describe('POST /api/order with a token', () => {
  it('answers 401 for a token that is not valid, so the client refreshes it, and stores no order', async () => {
    const cartId = await createCart()
    await saved(cartId, { sku: 'LAMP', qty: 1 })
    const body = orderBody(cartId, [{ sku: 'LAMP', qty: 1 }])
    const refused = await server.app.inject({ method: 'POST', url: '/api/order?token=not-a-token', payload: body })
    expect(refused.statusCode, refused.body).toBe(401)
    const shopper = await customer()
    const placed = await server.app.inject({ method: 'POST', url: `/api/order?token=${encodeURIComponent(shopper.token)}`, payload: body })
    expect(placed.statusCode, placed.body).toBe(200)
    expect(OrderHistoryResultSchema.parse(json<Envelope<unknown>>(await history(shopper.token)).result).total_count).toBe(1)
  })
})
