/**
 * A cancelled, failed or expired payment gives the order's stock back, once, on the real
 * server: PGlite by default, PostgreSQL with DATABASE_URL. Placing the order takes the stock; the
 * provider's "cancelled" (through our webhook) gives it back; a repeated webhook, a status call and
 * two notifications at the same time give nothing more; a paid order keeps its stock taken.
 */
import { describe, expect, it } from 'vitest'
import { startFixtureShopWith, useTestServer } from './helpers'
import { BE_ADDRESS } from './order-fixtures'
import { PRODUCTS, shopCalls } from './payment-fixtures'

const SKU = 'PAY-MUG'
/** what shopCalls().placeOrder puts in the order */
const ORDERED = 2

describe('stock of a cancelled payment', () => {
  const server = useTestServer(() => startFixtureShopWith(PRODUCTS))
  const calls = () => shopCalls(server)
  const pathOf = (url: string) => new URL(url).pathname
  const paymentIdOf = (url: string) => pathOf(url).split('/').pop()!

  async function stockQty(): Promise<number> {
    const [row] = await server.storage.stock.findBySkus([SKU])
    return row!.qty
  }

  async function choose(url: string, result: 'paid' | 'cancelled' | 'failed') {
    const res = await server.app.inject({
      method: 'POST',
      url: pathOf(url),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `method=ideal&result=${result}`,
    })
    expect(res.statusCode, res.body).toBe(303)
  }

  async function notify(url: string) {
    const res = await server.app.inject({ method: 'POST', url: `/api/ext/payment/notification?transactionid=${paymentIdOf(url)}` })
    expect(res.statusCode, res.body).toBe(200)
  }

  it('the order takes the stock, the cancel webhook returns it, a second webhook and a status call do not', async () => {
    const { placeOrder, created, status, order, comments } = calls()
    const before = await stockQty()
    const placed = await placeOrder('be', 'bancontact', BE_ADDRESS)
    expect(await stockQty()).toBe(before - ORDERED)

    const payment = await created(placed.orderNumber)
    await choose(payment.payment_gateway_url, 'cancelled')
    expect((await order(placed.orderNumber)).status).toBe('canceled')
    expect(await stockQty()).toBe(before)

    await notify(payment.payment_gateway_url)
    await notify(payment.payment_gateway_url)
    expect(await status(placed.orderNumber)).toMatchObject({ status: 'cancelled', order_status: 'canceled' })
    expect(await stockQty()).toBe(before)
    expect(await comments(placed.orderNumber)).toEqual(['pending_payment', 'canceled'])
  })

  it('a failed payment returns the stock once even when notifications arrive together', async () => {
    const { placeOrder, created, order } = calls()
    const before = await stockQty()
    const placed = await placeOrder('nl', 'ideal')
    const payment = await created(placed.orderNumber)
    expect(await stockQty()).toBe(before - ORDERED)
    // the sandbox records the result and calls the webhook; three more notifications race with the status call
    await choose(payment.payment_gateway_url, 'failed')
    await Promise.all([
      notify(payment.payment_gateway_url),
      notify(payment.payment_gateway_url),
      notify(payment.payment_gateway_url),
      calls().status(placed.orderNumber),
    ])
    expect((await order(placed.orderNumber)).status).toBe('canceled')
    expect(await stockQty()).toBe(before)
  })

  it('a paid order keeps its stock taken, and a late "cancelled" gives nothing back', async () => {
    const { placeOrder, created, order } = calls()
    const before = await stockQty()
    const placed = await placeOrder('en', 'paypal')
    const payment = await created(placed.orderNumber)
    await choose(payment.payment_gateway_url, 'paid')
    await choose(payment.payment_gateway_url, 'cancelled')
    await notify(payment.payment_gateway_url)
    expect((await order(placed.orderNumber)).status).toBe('processing')
    expect(await stockQty()).toBe(before - ORDERED)
  })

  it('an order that took the last pieces puts the sku back in stock when cancelled', async () => {
    const { placeOrder, created, order } = calls()
    const now = new Date().toISOString()
    const [row] = await server.storage.stock.findBySkus([SKU])
    await server.storage.stock.upsertMany([{ ...row!, qty: ORDERED, is_in_stock: true, updated_at: now }])
    const placed = await placeOrder('nl', 'kbc')
    expect((await server.storage.stock.findBySkus([SKU]))[0]).toMatchObject({ qty: 0, is_in_stock: false })
    const payment = await created(placed.orderNumber)
    await choose(payment.payment_gateway_url, 'cancelled')
    expect((await order(placed.orderNumber)).status).toBe('canceled')
    expect((await server.storage.stock.findBySkus([SKU]))[0]).toMatchObject({ qty: ORDERED, is_in_stock: true })
  })
})
