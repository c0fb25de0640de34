/**
 * One lock order for gift cards and stock (the real server; the deadlock it prevents shows on
 * PostgreSQL, where transactions run side by side: run with DATABASE_URL). Placing an order locks
 * its cart's gift cards, then its stock; cancelling an order's payment gives back its stock and its
 * gift card payment. Both take the cards first, so an order placed with a card while another
 * order paid with that card is cancelled never deadlocks (a 500 to one of them).
 */
import { describe, expect, it } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import { OrderResultSchema, type OrderResult } from '../../domain/api/order.schema'
import { DEFAULT_LIMITS } from '../../server/config'
import { startCheckoutShop } from './cart-checkout-shop'
import { cartCalls } from './cart-calls'
import { json, useTestServer } from './helpers'
import { newOrderId, orderBody } from './order-fixtures'

const server = useTestServer(() => startCheckoutShop({ limits: { ...DEFAULT_LIMITS, codesPerMinute: 0, writesPerMinute: 0 } }))
const { createCart, saved } = cartCalls(server)

function inject(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  return server.app.inject({ method, url, headers: { 'content-type': 'application/json' }, ...(payload ? { payload } : { body: '' }) })
}

/** A cart of one BOOK with the card applied, and the order body for it (paid by iDEAL for what the card leaves). */
async function cartWithCard(code: string) {
  const cartId = await createCart()
  await saved(cartId, { sku: 'BOOK', qty: 1 })
  const applied = await inject('POST', `/api/ext/giftcard/activate/${code}?cartId=${cartId}`)
  expect(applied.statusCode, applied.body).toBe(200)
  const body = orderBody(cartId, [{ sku: 'BOOK', qty: 1 }], { order_id: newOrderId('lock') })
  body.addressInformation.payment_method_code = 'ideal'
  return body
}

describe('gift cards and stock are locked in one order', () => {
  it('placing an order with a card while an order paid with that card is cancelled: no deadlock, in 15 rounds', async () => {
    for (let round = 0; round < 15; round++) {
      const code = `LOCK-GIFT-${round}`
      await server.storage.giftcards.upsert([{ code, balance_cents: 500, currency: 'EUR', expires_at: null, status: 'active' }], new Date().toISOString())
      // both carts carry the card; the first order takes its 5 euros
      const first = await cartWithCard(code)
      const second = await cartWithCard(code)
      const placedFirst = await inject('POST', '/api/order', first)
      expect(placedFirst.statusCode, placedFirst.body).toBe(200)
      const a: OrderResult = OrderResultSchema.parse(json<Envelope<unknown>>(placedFirst).result)
      const payment = await inject('POST', '/api/ext/payment/post-payment', { order_id: a.orderNumber, order_token: a.order_token })
      expect(payment.statusCode, payment.body).toBe(200)
      const page = new URL(json<Envelope<{ payment_gateway_url: string }>>(payment).result.payment_gateway_url).pathname
      // at once: the second order is placed (card, then stock) while the first one's payment is cancelled (its stock and card back)
      const [placedSecond, cancelled] = await Promise.all([
        inject('POST', '/api/order', second),
        server.app.inject({
          method: 'POST',
          url: page,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'method=ideal&result=cancelled',
        }),
      ])
      expect(placedSecond.statusCode, `round ${round}: ${placedSecond.body}`).toBe(200)
      expect(cancelled.statusCode, `round ${round}: ${cancelled.body}`).toBe(303)
      expect((await server.storage.orders.findByIncrementId(a.orderNumber))!.status).toBe('canceled')
    }
  })
})
