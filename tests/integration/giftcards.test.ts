/**
 * The gift card extension on the real server: check, activate on a cart, the
 * mageworx_giftcards totals segment, remove, the refusals of unknown, used and expired codes, and
 * an order paid partly or wholly by a card taking its balance once, also when the order is retried,
 * and giving it back once when the order's payment is cancelled.
 * PGlite by default, PostgreSQL with DATABASE_URL.
 */
import { DEFAULT_LIMITS } from '../../server/config'
import { describe, expect, it } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import { GiftCardCheckResultSchema, GiftCardErrorResultSchema } from '../../domain/api/giftcard.schema'
import { OrderResultSchema, type OrderResult } from '../../domain/api/order.schema'
import type { Totals } from '../../domain/cart.schema'
import { DEMO_GIFT_CARD_CODES, seedDemoGiftCards } from '../../server/seed/giftcards'
import { startCheckoutShop } from './cart-checkout-shop'
import { cartCalls } from './cart-calls'
import { json, useTestServer } from './helpers'
import { newOrderId, orderBody as sharedOrderBody } from './order-fixtures'

// these tests try many codes from one address within a minute; the limit on that is edge-hardening's
const server = useTestServer(async () => {
  const started = await startCheckoutShop({ limits: { ...DEFAULT_LIMITS, codesPerMinute: 0 } })
  await seedDemoGiftCards(started.storage)
  return started
})
const { createCart, saved, totals } = cartCalls(server)

const segment = (t: Totals, code: string) => t.total_segments.find((s) => s.code === code)

function inject(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) {
  return server.app.inject({ method, url, headers: { 'content-type': 'application/json' }, ...(payload ? { payload } : { body: '' }) })
}

const check = (code: string) => inject('GET', `/api/ext/giftcard/check/${encodeURIComponent(code)}`)
const activate = (cartId: string, code: string) => inject('POST', `/api/ext/giftcard/activate/${encodeURIComponent(code)}?cartId=${cartId}`)
const remove = (cartId: string, code: string, method: 'POST' | 'DELETE' = 'POST') =>
  inject(method, `/api/ext/giftcard/remove/${encodeURIComponent(code)}?cartId=${cartId}`)

/** An en (NL) cart with LAMP 60.50 and 2 × BOOK 21.80: 104.10 incl. tax, store pickup. */
async function lampAndBooks(): Promise<string> {
  const cartId = await createCart()
  await saved(cartId, { sku: 'LAMP', qty: 1 })
  await saved(cartId, { sku: 'BOOK', qty: 2 })
  return cartId
}

async function balanceOf(code: string): Promise<number> {
  const res = await check(code)
  expect(res.statusCode, res.body).toBe(200)
  return GiftCardCheckResultSchema.parse(json<Envelope<unknown>>(res).result).balance
}

describe('GET /api/ext/giftcard/check', () => {
  it('answers a card’s balance and state (any case, in the path or as ?code=), never cached', async () => {
    const res = await check('polder-gift-25')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toBe('no-cache, no-store')
    expect(json(res)).toEqual({ code: 200, result: { code: 'POLDER-GIFT-25', balance: 25, currency: 'EUR', expires_at: null, status: 'active' } })
    const byQuery = await inject('GET', '/api/ext/giftcard/check?code=POLDER-GIFT-100')
    expect(json<Envelope<{ balance: number }>>(byQuery).result.balance).toBe(100)
  })

  it('answers a used or expired card with its state and the spec’s message; an unknown code is a 404', async () => {
    expect(json(await check(DEMO_GIFT_CARD_CODES.used))).toMatchObject({
      code: 200,
      result: { balance: 0, status: 'used', errorMessage: 'This gift card has no balance left.' },
    })
    expect(json(await check(DEMO_GIFT_CARD_CODES.expired))).toMatchObject({
      code: 200,
      result: { balance: 50, status: 'expired', errorMessage: 'This gift card has expired.' },
    })
    const unknown = await check('NOPE-NOT-A-CARD')
    expect(unknown.statusCode).toBe(404)
    expect(json(unknown)).toEqual({
      code: 404,
      result: { errorMessage: 'This gift card code is not valid. Verify the code and try again.', reason: 'unknown' },
    })
  })

  it('names a missing code', async () => {
    const res = await inject('GET', '/api/ext/giftcard/check')
    expect(res.statusCode).toBe(400)
    expect(json(res)).toEqual({ code: 400, result: 'code: is required' })
  })
})

describe('activate and remove on a cart, and the totals', () => {
  it('activates a card: the totals’ grand total is lowered by it, shown as the mageworx_giftcards segment', async () => {
    const cartId = await lampAndBooks()
    const res = await activate(cartId, 'polder-gift-25')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toBe('no-cache, no-store')
    expect(json(res)).toMatchObject({ code: 200, result: { code: 'POLDER-GIFT-25', balance: 25, status: 'active' } })

    const t = await totals(cartId)
    expect(t).toMatchObject({ subtotal_incl_tax: 104.1, discount_amount: 0, grand_total: 79.1, base_grand_total: 79.1 })
    expect(segment(t, 'mageworx_giftcards')).toEqual({
      code: 'mageworx_giftcards',
      title: 'Gift Cards (POLDER-GIFT-25)',
      value: -25,
      extension_attributes: { front_options: '{"POLDER-GIFT-25":25}' },
    })
    expect(segment(t, 'grand_total')!.value).toBe(79.1)
    // a card is a means of payment: VAT as without it (10.50 + 2 × 1.80); activating does not spend the card
    expect(t.tax_amount).toBe(14.1)
    expect(await balanceOf('POLDER-GIFT-25')).toBe(25)
  })

  it('applies after the coupon’s discount and the shipping, and never below 0', async () => {
    const cartId = await lampAndBooks()
    expect((await inject('POST', `/api/cart/apply-coupon?cartId=${cartId}&coupon=WELKOM5`)).statusCode).toBe(200)
    expect(
      (await inject('POST', `/api/cart/collect-totals?cartId=${cartId}`, { methods: { shippingCarrierCode: 'flatrate', shippingMethodCode: 'flatrate' } }))
        .statusCode,
    ).toBe(200)
    expect((await activate(cartId, DEMO_GIFT_CARD_CODES.large)).statusCode).toBe(200)
    const t = await totals(cartId)
    // 104.10 + 5.99 − 5.00 = 105.09: the €100 card pays 100, 5.09 is left
    expect(t).toMatchObject({ discount_amount: -5, shipping_incl_tax: 5.99, grand_total: 5.09 })
    expect(segment(t, 'mageworx_giftcards')!.value).toBe(-100)

    // with a second card the rest is paid: 0, the second card pays only what was left
    expect((await activate(cartId, DEMO_GIFT_CARD_CODES.small)).statusCode).toBe(200)
    const both = await totals(cartId)
    expect(both.grand_total).toBe(0)
    expect(segment(both, 'mageworx_giftcards')).toMatchObject({
      value: -105.09,
      extension_attributes: { front_options: JSON.stringify({ 'POLDER-GIFT-100': 100, 'POLDER-GIFT-25': 5.09 }) },
    })
  })

  it('removes a card (POST or DELETE, again is true as well): the totals are back to without it', async () => {
    const cartId = await lampAndBooks()
    await activate(cartId, DEMO_GIFT_CARD_CODES.small)
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await remove(cartId, DEMO_GIFT_CARD_CODES.small, method)
      expect(res.statusCode, res.body).toBe(200)
      expect(json(res)).toEqual({ code: 200, result: true })
    }
    const t = await totals(cartId)
    expect(t.grand_total).toBe(104.1)
    expect(segment(t, 'mageworx_giftcards')).toBeUndefined()
  })

  it('refuses unknown (404), used and expired (400) cards with the spec’s messages, keeping the cards the cart had', async () => {
    const cartId = await lampAndBooks()
    await activate(cartId, DEMO_GIFT_CARD_CODES.small)
    const cases = [
      ['NOPE-NOT-A-CARD', 404, 'unknown', 'This gift card code is not valid. Verify the code and try again.'],
      [DEMO_GIFT_CARD_CODES.used, 400, 'used', 'This gift card has no balance left.'],
      [DEMO_GIFT_CARD_CODES.expired, 400, 'expired', 'This gift card has expired.'],
    ] as const
    for (const [code, status, reason, errorMessage] of cases) {
      const res = await activate(cartId, code)
      expect(res.statusCode, res.body).toBe(status)
      expect(GiftCardErrorResultSchema.parse(json<Envelope<unknown>>(res).result)).toEqual({ errorMessage, reason })
    }
    expect((await totals(cartId)).grand_total).toBe(79.1)
  })

  it('names a missing cart and answers an unknown cart 404', async () => {
    const missing = await inject('POST', '/api/ext/giftcard/activate/POLDER-GIFT-25')
    expect(missing.statusCode).toBe(400)
    expect(json(missing)).toEqual({ code: 400, result: 'cartId: is required' })
    const unknown = await activate('no-such-cart', DEMO_GIFT_CARD_CODES.small)
    expect(unknown.statusCode).toBe(404)
    const byBody = await inject('POST', '/api/ext/giftcard/activate', { cartId: 'no-such-cart', code: DEMO_GIFT_CARD_CODES.small })
    expect(byBody.statusCode).toBe(404)
  })
})

describe('an order paid with a gift card', () => {
  const orderBody = (cartId: string, products: { sku: string; qty: number }[]) => sharedOrderBody(cartId, products, { order_id: newOrderId('gift') })
  async function place(body: Record<string, unknown>): Promise<OrderResult> {
    const res = await inject('POST', '/api/order', body)
    expect(res.statusCode, res.body).toBe(200)
    return OrderResultSchema.parse(json<Envelope<unknown>>(res).result)
  }
  async function cardOf(code: string, euros: number): Promise<string> {
    await server.storage.giftcards.upsert([{ code, balance_cents: euros * 100, currency: 'EUR', expires_at: null, status: 'active' }], new Date().toISOString())
    return code
  }

  it('charges what the card leaves and takes the card’s part off its balance once, also when the order is sent again', async () => {
    const code = await cardOf('ORDER-GIFT-25', 25)
    const cartId = await createCart()
    await saved(cartId, { sku: 'LAMP', qty: 1 })
    expect((await activate(cartId, code)).statusCode).toBe(200)
    const body = orderBody(cartId, [{ sku: 'LAMP', qty: 1 }])
    const first = await place(body)
    // 60.50 + 5.99 flat rate = 66.49; the card pays 25
    expect(first.grand_total).toBe(41.49)
    expect(await balanceOf(code)).toBe(0)
    const again = await place(body)
    expect(again).toEqual(first)
    expect(await balanceOf(code)).toBe(0)
    const stored = await server.storage.orders.findByClientOrderId(body.order_id)
    const t = stored!.totals as unknown as Totals
    expect(segment(t, 'mageworx_giftcards')).toMatchObject({ value: -25 })
  })

  it('a card larger than the order keeps the rest, under concurrent retries of the same order', async () => {
    const code = await cardOf('ORDER-GIFT-50', 50)
    const cartId = await createCart()
    await saved(cartId, { sku: 'BOOK', qty: 1 })
    expect((await activate(cartId, code)).statusCode).toBe(200)
    const body = orderBody(cartId, [{ sku: 'BOOK', qty: 1 }])
    const answers = await Promise.all(Array.from({ length: 8 }, () => place(body)))
    expect(new Set(answers.map((a) => a.orderNumber)).size).toBe(1)
    // 21.80 + 5.99 = 27.79, all paid by the card: 0 to charge, 22.21 left on it
    expect(answers[0]!.grand_total).toBe(0)
    expect(await balanceOf(code)).toBe(22.21)
  })

  it('an order the card pays in full needs no payment: paid at once, and no provider payment is made for it', async () => {
    const code = await cardOf('ORDER-GIFT-FULL', 100)
    const cartId = await createCart()
    await saved(cartId, { sku: 'BOOK', qty: 1 })
    expect((await activate(cartId, code)).statusCode).toBe(200)
    // a provider's method chosen: the card leaves nothing for it to charge
    const body = sharedOrderBody(cartId, [{ sku: 'BOOK', qty: 1 }], { order_id: newOrderId('gift-full') })
    body.addressInformation.payment_method_code = 'ideal'
    const placed = await place(body)
    expect(placed.grand_total).toBe(0)
    expect(placed.status).toBe('processing')
    const payment = await inject('POST', '/api/ext/payment/post-payment', { order_id: placed.orderNumber, order_token: placed.order_token })
    expect(payment.statusCode, payment.body).toBe(409)
    expect(json<Envelope<string>>(payment).result).toContain('nothing left to pay')
    const stored = await server.storage.orders.findByClientOrderId(body.order_id)
    expect(stored?.status).toBe('processing')
    expect(await server.storage.payments.findLatest(stored!.id)).toBeNull()
  })

  it('an order the card pays in part still waits for the provider', async () => {
    const code = await cardOf('ORDER-GIFT-PART', 10)
    const cartId = await createCart()
    await saved(cartId, { sku: 'BOOK', qty: 1 })
    expect((await activate(cartId, code)).statusCode).toBe(200)
    const body = sharedOrderBody(cartId, [{ sku: 'BOOK', qty: 1 }], { order_id: newOrderId('gift-part') })
    body.addressInformation.payment_method_code = 'ideal'
    const placed = await place(body)
    expect(placed.grand_total).toBe(17.79)
    expect(placed.status).toBe('pending_payment')
  })

  it('a cancelled payment gives the card its part back, once (a repeated notification gives nothing more)', async () => {
    const code = await cardOf('ORDER-GIFT-REFUND', 10)
    const cartId = await createCart()
    await saved(cartId, { sku: 'BOOK', qty: 1 })
    expect((await activate(cartId, code)).statusCode).toBe(200)
    const body = sharedOrderBody(cartId, [{ sku: 'BOOK', qty: 1 }], { order_id: newOrderId('gift-refund') })
    body.addressInformation.payment_method_code = 'ideal'
    const placed = await place(body)
    expect(placed.status).toBe('pending_payment')
    expect(await balanceOf(code)).toBe(0)

    const created = await inject('POST', '/api/ext/payment/post-payment', { order_id: placed.orderNumber, order_token: placed.order_token })
    expect(created.statusCode, created.body).toBe(200)
    const gateway = new URL(json<Envelope<{ payment_gateway_url: string }>>(created).result.payment_gateway_url)
    const chose = await server.app.inject({
      method: 'POST',
      url: gateway.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'method=ideal&result=cancelled',
    })
    expect(chose.statusCode, chose.body).toBe(303)
    expect((await server.storage.orders.findByClientOrderId(body.order_id))?.status).toBe('canceled')
    expect(await balanceOf(code)).toBe(10)
    const again = await inject('POST', `/api/ext/payment/notification?transactionid=${gateway.pathname.split('/').pop()!}`)
    expect(again.statusCode, again.body).toBe(200)
    expect(await balanceOf(code)).toBe(10)
  })

  it('an order sent as paid by its cards (method free) that they no longer pay in full is refused, the card untouched', async () => {
    const code = await cardOf('ORDER-GIFT-SPENT', 100)
    const cartId = await createCart()
    await saved(cartId, { sku: 'BOOK', qty: 1 })
    expect((await activate(cartId, code)).statusCode).toBe(200)
    // spent elsewhere after the shopper's review: 10 left of the 27.79
    await cardOf(code, 10)
    const body = sharedOrderBody(cartId, [{ sku: 'BOOK', qty: 1 }], { order_id: newOrderId('gift-free') })
    body.addressInformation.payment_method_code = 'free'
    const res = await inject('POST', '/api/order', body)
    expect(res.statusCode, res.body).toBe(409)
    expect(json<Envelope<{ reason: string }>>(res).result.reason).toBe('payment_required')
    expect(await balanceOf(code)).toBe(10)
    expect(await server.storage.orders.findByClientOrderId(body.order_id)).toBeNull()
    // with the card paying it all again, the same order goes through as paid
    await cardOf(code, 100)
    const placed = await place(body)
    expect(placed).toMatchObject({ grand_total: 0, status: 'processing' })
  })

  it('two carts paying with one card never take more than its balance', async () => {
    const code = await cardOf('ORDER-GIFT-SHARED', 30)
    const carts = await Promise.all([createCart(), createCart()])
    for (const cartId of carts) {
      await saved(cartId, { sku: 'BOOK', qty: 1 })
      expect((await activate(cartId, code)).statusCode).toBe(200)
    }
    const [a, b] = await Promise.all(carts.map((cartId) => place(orderBody(cartId, [{ sku: 'BOOK', qty: 1 }]))))
    // 27.79 each: the first pays it all from the card, the second gets what is left (2.21)
    expect([a!.grand_total, b!.grand_total].sort((x, y) => x - y)).toEqual([0, 25.58])
    expect(await balanceOf(code)).toBe(0)
  })
})
