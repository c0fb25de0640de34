/**
 * Ownership everywhere on the real server: create with a customer's token answers that
 * customer's active cart (numeric id, contract §1.2), the same one at every login until it is
 * ordered; and the whole matrix of customer B's cart, orders, addresses and social login links — with customer A's
 * token, no token (a guest), a forged token and an expired one — answers 401, 403 or 404 and never
 * B's data, while B's own token and a guest's own cart keep working; the same for the payment of B's
 * order (post-payment, get-payment-status), while a guest's order stays reachable by its number.
 * PGlite by default, PostgreSQL with DATABASE_URL.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import type { OrderResult } from '../../domain/api/order.schema'
import { PaymentStatusAnswerSchema, PostPaymentAnswerSchema } from '../../domain/api/payment.schema'
import { LoginEnvelopeSchema, OrderHistoryResultSchema } from '../../domain/api/user.schema'
import type { ServerCartItem } from '../../domain/cart.schema'
import { DEMO_COUPON_CODES } from '../../server/seed/coupons'
import { startCheckoutShop } from './cart-checkout-shop'
import { json, signedUpCustomer, useTestServer } from './helpers'
import { orderBody } from './order-fixtures'

const server = useTestServer(startCheckoutShop)
const PASSWORD = 'correct horse 1'
const HOME = {
  firstname: 'Bram',
  lastname: 'Peeters',
  street: ['Meir', '1'],
  city: 'Antwerpen',
  postcode: '2000',
  country_id: 'BE',
  telephone: '+32 3 123 45 67',
}

let counter = 0
async function customer(firstname: string) {
  const email = `owner${++counter}-${Date.now()}@example.com`
  return { email, ...(await signedUpCustomer(server.app, email, PASSWORD, { firstname, lastname: 'Test' })) }
}
async function login(email: string): Promise<string> {
  const res = await server.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: email, password: PASSWORD } })
  expect(res.statusCode, res.body).toBe(200)
  return LoginEnvelopeSchema.parse(json(res)).result
}

/** Links the stand-in provider's test `user` (google) to the customer: the link's id. */
async function linkSocial(customer: { id: number; token: string }, user: string): Promise<number> {
  const redirect = await server.app.inject({ method: 'GET', url: '/api/ext/social-login/redirect/google?storeCode=nl&mode=link' })
  const cookie = String(redirect.headers['set-cookie']).split(';')[0]!
  const page = await server.app.inject({ method: 'GET', url: String(redirect.headers.location) })
  const href = new RegExp(`<a href="([^"]+)" data-user="${user}">`).exec(page.body)![1]!.replaceAll('&amp;', '&')
  const callback = new URL(String((await server.app.inject({ method: 'GET', url: href })).headers.location))
  const res = await server.app.inject({
    method: 'POST',
    url: `/api/ext/social-login/link-account?token=${encodeURIComponent(customer.token)}`,
    headers: { cookie },
    payload: { type: 'google', customerId: customer.id, storeCode: 'nl', code: callback.searchParams.get('code'), state: callback.searchParams.get('state') },
  })
  expect(res.statusCode, res.body).toBe(200)
  return json<Envelope<{ link_id: number }>>(res).result.link_id
}

type As = string | undefined
const auth = (token: As) => (token ? { authorization: `Bearer ${token}` } : {})
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: As, payload?: unknown) =>
  server.app.inject({
    method,
    url,
    headers: { ...auth(token), 'content-type': 'application/json' },
    ...(payload === undefined ? { body: '' } : { payload: payload as object }),
  })

async function createCart(token: As, storeCode = 'en'): Promise<string> {
  const res = await call('POST', `/api/cart/create?storeCode=${storeCode}`, token)
  expect(res.statusCode, res.body).toBe(200)
  return json<Envelope<string>>(res).result
}

/** Every cart call of the API on `cartId`, sent with `token` (bearer), or with `?token=` when `inQuery`. */
function cartCallsOn(cartId: string, token: As, inQuery = false) {
  const q = `cartId=${cartId}${inQuery && token ? `&token=${encodeURIComponent(token)}` : ''}`
  const as = inQuery ? undefined : token
  const shippingInformation = {
    addressInformation: {
      shippingAddress: { countryId: 'BE', firstname: 'X', lastname: 'Y', street: ['Meir 1'], city: 'Antwerpen', postcode: '2000' },
      billingAddress: { countryId: 'BE', firstname: 'X', lastname: 'Y' },
      shippingCarrierCode: 'flatrate',
      shippingMethodCode: 'flatrate',
    },
  }
  return {
    pull: () => call('GET', `/api/cart/pull?${q}`, as),
    add: () => call('POST', `/api/cart/update?${q}`, as, { cartItem: { sku: 'BOOK', qty: 1, quoteId: cartId } }),
    changeQty: (itemId: number) => call('POST', `/api/cart/update?${q}`, as, { cartItem: { sku: 'LAMP', qty: 5, item_id: itemId, quoteId: cartId } }),
    remove: (itemId: number) => call('POST', `/api/cart/delete?${q}`, as, { cartItem: { sku: 'LAMP', item_id: itemId, quoteId: cartId } }),
    totals: () => call('GET', `/api/cart/totals?${q}`, as),
    applyCoupon: () => call('POST', `/api/cart/apply-coupon?${q}&coupon=${DEMO_COUPON_CODES.percent}`, as),
    deleteCoupon: () => call('POST', `/api/cart/delete-coupon?${q}`, as),
    coupon: () => call('GET', `/api/cart/coupon?${q}`, as),
    shippingMethods: () => call('POST', `/api/cart/shipping-methods?${q}`, as, { address: { country_id: 'BE' } }),
    paymentMethods: () => call('GET', `/api/cart/payment-methods?${q}`, as),
    shippingInformation: () => call('POST', `/api/cart/shipping-information?${q}`, as, shippingInformation),
    collectTotals: () => call('POST', `/api/cart/collect-totals?${q}`, as, { methods: { shippingCarrierCode: 'flatrate', shippingMethodCode: 'flatrate' } }),
    giftCardActivate: () => call('POST', `/api/ext/giftcard/activate/POLDER-NO-CARD?${q}`, as),
    giftCardRemove: () => call('POST', `/api/ext/giftcard/remove/POLDER-NO-CARD?${q}`, as),
    order: () => call('POST', `/api/order${inQuery && token ? `?token=${encodeURIComponent(token)}` : ''}`, as, orderBody(cartId, [{ sku: 'LAMP', qty: 2 }])),
  }
}

/** The payment provider service's calls (spec §7) on an order, with `token` (bearer, or `?token=` when `inQuery`). */
function paymentCalls(orderRef: string, token: As, inQuery = false, orderToken?: string) {
  const q = inQuery && token ? `?token=${encodeURIComponent(token)}` : ''
  const as = inQuery ? undefined : token
  const key = orderToken === undefined ? {} : { order_token: orderToken }
  return {
    pay: () => call('POST', `/api/ext/payment/post-payment${q}`, as, { order_id: orderRef, method: 'banktransfer', ...key }),
    status: () => call('POST', `/api/ext/payment/get-payment-status${q}`, as, { order_id: orderRef, ...key }),
  }
}

/** A refusal that gives nothing away: 401, 403 or 404, and no line, total or name of the cart in it. */
function expectRefused(res: { statusCode: number; body: string }, what: string) {
  expect([401, 403, 404], `${what}: ${res.statusCode} ${res.body}`).toContain(res.statusCode)
  expect(res.body, what).not.toMatch(/LAMP|BOOK|grand_total|item_id|Bram|Antwerpen|payment_gateway_url|order_status|amount/)
}

afterEach(() => {
  vi.useRealTimers()
})

describe('customer carts', () => {
  it('create with a token answers the customer’s active cart, numeric, the same at the next login, per store view; a new one after an order', async () => {
    const anna = await customer('Anna')
    const first = await createCart(anna.token)
    expect(first).toMatch(/^\d+$/)
    expect(await createCart(anna.token)).toBe(first)
    expect(await createCart(await login(anna.email))).toBe(first)
    // ?token= works as the bearer header does (spec §6)
    const byQuery = await server.app.inject({ method: 'POST', url: `/api/cart/create?storeCode=en&token=${encodeURIComponent(anna.token)}` })
    expect(json<Envelope<string>>(byQuery).result).toBe(first)
    const nl = await createCart(anna.token, 'nl')
    expect(nl).not.toBe(first)
    // two logins at once: one cart
    const bram = await customer('Bram')
    const [a, b] = await Promise.all([createCart(bram.token), createCart(bram.token)])
    expect(a).toBe(b)
    // a guest still gets a masked guest cart
    expect(await createCart(undefined)).toMatch(/^[A-Za-z0-9]{32}$/)

    const calls = cartCallsOn(first, anna.token)
    expect((await calls.add()).statusCode).toBe(200)
    const placed = await call('POST', '/api/order', anna.token, orderBody(first, [{ sku: 'BOOK', qty: 1 }]))
    expect(placed.statusCode, placed.body).toBe(200)
    const next = await createCart(anna.token)
    expect(next).not.toBe(first)
    expect(next).toMatch(/^\d+$/)
  })

  it('create with fresh=1 makes a new active cart; the one before stays the customer’s, to be ordered from a device that placed it', async () => {
    const anna = await customer('Anna')
    const taken = await createCart(anna.token)
    expect((await cartCallsOn(taken, anna.token).add()).statusCode).toBe(200)
    const res = await call('POST', '/api/cart/create?storeCode=en&fresh=1', anna.token)
    expect(res.statusCode, res.body).toBe(200)
    const fresh = json<Envelope<string>>(res).result
    expect(fresh).toMatch(/^\d+$/)
    expect(fresh).not.toBe(taken)
    // the new one is the active cart from now on, for every login
    expect(await createCart(anna.token)).toBe(fresh)
    expect(await createCart(await login(anna.email))).toBe(fresh)
    // the cart the order took is still hers to order
    const placed = await call('POST', '/api/order', anna.token, orderBody(taken, [{ sku: 'BOOK', qty: 1 }]))
    expect(placed.statusCode, placed.body).toBe(200)
    expect(await createCart(anna.token)).toBe(fresh)
    // a guest's fresh=1 is an ordinary guest cart
    const guest = await call('POST', '/api/cart/create?fresh=1', undefined)
    expect(json<Envelope<string>>(guest).result).toMatch(/^[A-Za-z0-9]{32}$/)
  })

  it('a customer cart’s id is 15 random digits: carts made one after the other are not numbered in a row', async () => {
    const ids = [await createCart((await customer('Anna')).token), await createCart((await customer('Bram')).token)]
    for (const id of ids) expect(id).toMatch(/^[1-9]\d{14}$/)
    expect(Math.abs(Number(ids[1]) - Number(ids[0]))).toBeGreaterThan(1000)
  })

  it('an order without a token, as VSF1 sends it, on a customer’s random-id cart naming them as user_id is theirs; any other user_id gets the unknown cart’s 404', async () => {
    const anna = await customer('Anna')
    const cartId = await createCart(anna.token)
    expect((await cartCallsOn(cartId, anna.token).add()).statusCode).toBe(200)
    const body = orderBody(cartId, [{ sku: 'BOOK', qty: 1 }])
    // the cart calls still need her token
    expect((await cartCallsOn(cartId, undefined).pull()).statusCode).toBe(401)
    for (const user_id of ['', String(anna.id + 1), undefined]) {
      const refused = await call('POST', '/api/order', undefined, { ...body, order_id: `${body.order_id}-${user_id ?? 'none'}`, user_id })
      expect(refused.statusCode, refused.body).toBe(404)
      expectRefused(refused, `user_id ${user_id}`)
    }
    const placed = await call('POST', '/api/order', undefined, { ...body, user_id: String(anna.id) })
    expect(placed.statusCode, placed.body).toBe(200)
    const history = OrderHistoryResultSchema.parse(json<Envelope<unknown>>(await call('GET', '/api/user/order-history', anna.token)).result)
    expect(history.items.map((o) => o.increment_id)).toEqual([json<Envelope<OrderResult>>(placed).result.orderNumber])
  })

  it('a customer cart numbered in a row (made before random ids) is ordered only with its owner’s token', async () => {
    const anna = await customer('Anna')
    const cartId = '1000123'
    expect(await server.storage.carts.createForCustomer(cartId, 'en', anna.id, new Date().toISOString())).toBe(true)
    expect((await cartCallsOn(cartId, anna.token).add()).statusCode).toBe(200)
    const body = { ...orderBody(cartId, [{ sku: 'BOOK', qty: 1 }]), user_id: String(anna.id) }
    expect((await call('POST', '/api/order', undefined, body)).statusCode).toBe(401)
    expect((await call('POST', '/api/order', anna.token, body)).statusCode).toBe(200)
  })

  it('an expired or refused token on create is a 401 (the client refreshes), never a guest cart', async () => {
    const res = await call('POST', '/api/cart/create', 'forged.token.value')
    expect(res.statusCode).toBe(401)
  })
})

describe('the ownership matrix', () => {
  it('customer B’s cart, order history and addresses: A’s token, a guest, a forged and an expired token get 401/403/404 and never data', async () => {
    const anna = await customer('Anna')
    const bram = await customer('Bram')
    const bramsCart = await createCart(bram.token)
    const own = cartCallsOn(bramsCart, bram.token)
    const lamp = json<Envelope<ServerCartItem>>(
      await call('POST', `/api/cart/update?cartId=${bramsCart}`, bram.token, { cartItem: { sku: 'LAMP', qty: 2, quoteId: bramsCart } }),
    ).result
    expect(lamp.sku).toBe('LAMP')
    expect((await own.applyCoupon()).statusCode).toBe(200)
    const bramsAddress = json<Envelope<{ addresses: { id: number }[] }>>(
      await call('PUT', `/api/ext/address-book/customer/${bram.id}`, bram.token, { customer: { id: bram.id, addresses: [HOME] } }),
    ).result.addresses[0]!
    const bramsOrderCart = await createCart(bram.token, 'nl')
    expect(
      (await call('POST', `/api/cart/update?cartId=${bramsOrderCart}`, bram.token, { cartItem: { sku: 'LAMP', qty: 1, quoteId: bramsOrderCart } })).statusCode,
    ).toBe(200)
    const bramsOrderBody = { ...orderBody(bramsOrderCart, [{ sku: 'LAMP', qty: 1 }]), store_code: 'nl' }
    const bramsOrder = await call('POST', '/api/order', bram.token, bramsOrderBody)
    expect(bramsOrder.statusCode, bramsOrder.body).toBe(200)
    const bramsOrderNumber = json<Envelope<OrderResult>>(bramsOrder).result.orderNumber

    // a social login link of Bram's (the stand-in provider's test user, linked through link-account)
    const bramsLink = await linkSocial(bram, 'google-luc')

    // an expired token: a real one of Bram's, a day later
    const expired = await login(bram.email)
    const strangers: [string, As, boolean][] = [
      ['Anna’s token', anna.token, false],
      ['Anna’s token as ?token=', anna.token, true],
      ['a guest (no token)', undefined, false],
      ['a forged token', `${bram.token.slice(0, -4)}AAAA`, false],
      ['a forged token as ?token=', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.', true],
      ['Bram’s expired token', expired, false],
    ]
    for (const [who, token, inQuery] of strangers) {
      if (token === expired) vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 24 * 3600_000 })
      const calls = cartCallsOn(bramsCart, token, inQuery)
      for (const [name, run] of Object.entries(calls)) {
        if (name === 'changeQty' || name === 'remove') expectRefused(await (run as (id: number) => ReturnType<typeof call>)(lamp.item_id), `${who}: ${name}`)
        else expectRefused(await (run as () => ReturnType<typeof call>)(), `${who}: ${name}`)
      }
      const history = await call('GET', `/api/user/order-history${inQuery && token ? `?token=${encodeURIComponent(token)}` : ''}`, inQuery ? undefined : token)
      if (token === anna.token) {
        // Anna's own history: hers (empty), never Bram's order
        expect(history.statusCode).toBe(200)
        expect(OrderHistoryResultSchema.parse(json<Envelope<unknown>>(history).result).total_count).toBe(0)
      } else expectRefused(history, `${who}: order-history`)
      const asHeader = inQuery ? undefined : token
      const put = await call('PUT', `/api/ext/address-book/customer/${bram.id}`, asHeader, {
        customer: { id: bram.id, addresses: [{ ...HOME, city: 'Gent' }] },
      })
      expectRefused(put, `${who}: address-book PUT on Bram's id`)
      expectRefused(await call('DELETE', `/api/ext/address-book/address/${bramsAddress.id}`, asHeader), `${who}: address DELETE`)
      const me = await call('GET', '/api/user/me', asHeader)
      if (token === anna.token && !inQuery) expect(me.body).not.toMatch(/Bram|Antwerpen/)
      else expectRefused(me, `${who}: me`)
      // Bram's order's payment: neither made nor read, by its number or by the client's order id
      for (const ref of [bramsOrderNumber, bramsOrderBody.order_id]) {
        for (const [name, run] of Object.entries(paymentCalls(ref, token, inQuery))) expectRefused(await run(), `${who}: ${name} of ${ref}`)
      }
      vi.useRealTimers()
    }

    // Bram's own token: everything is still there, untouched
    const pulled = await own.pull()
    expect(pulled.statusCode).toBe(200)
    expect(json<Envelope<ServerCartItem[]>>(pulled).result).toEqual([expect.objectContaining({ sku: 'LAMP', qty: 2 })])
    expect(json<Envelope<string | null>>(await own.coupon()).result).toBe(DEMO_COUPON_CODES.percent)
    const history = OrderHistoryResultSchema.parse(json<Envelope<unknown>>(await call('GET', '/api/user/order-history', bram.token)).result)
    expect(history.total_count).toBe(1)
    const me = json<Envelope<{ addresses: { city: string }[] }>>(await call('GET', '/api/user/me', bram.token)).result
    expect(me.addresses.map((a) => a.city)).toEqual(['Antwerpen'])
    for (const [name, run] of Object.entries(own)) {
      if (name === 'order' || name.startsWith('giftCard') || name === 'changeQty' || name === 'remove') continue
      const res = await (run as () => ReturnType<typeof call>)()
      expect(res.statusCode, `Bram: ${name} ${res.body}`).toBe(200)
    }
    // with ?token= too
    expect((await cartCallsOn(bramsCart, bram.token, true).totals()).statusCode).toBe(200)
    const bramsLinks = await call('POST', '/api/ext/social-login/links', undefined, { token: bram.token })
    expect(json<Envelope<{ link_id: number }[]>>(bramsLinks).result.map((l) => l.link_id)).toEqual([bramsLink])
    // his order's payment: made with his token, its status read with it (bearer and ?token=)
    const payment = await paymentCalls(bramsOrderNumber, bram.token).pay()
    expect(payment.statusCode, payment.body).toBe(200)
    expect(PostPaymentAnswerSchema.parse(json<Envelope<unknown>>(payment).result).order_id).toBe(bramsOrderNumber)
    for (const inQuery of [false, true]) {
      const status = await paymentCalls(bramsOrderNumber, bram.token, inQuery).status()
      expect(status.statusCode, status.body).toBe(200)
      expect(PaymentStatusAnswerSchema.parse(json<Envelope<unknown>>(status).result)).toMatchObject({ order_id: bramsOrderNumber, status: 'pending' })
    }
    // and still nobody else's: Anna gets the unknown order's 404, a guest the 401
    expectRefused(await paymentCalls(bramsOrderNumber, anna.token).status(), 'Anna: status after Bram paid')
    expect((await paymentCalls(bramsOrderNumber, undefined).status()).statusCode).toBe(401)
  })

  it('a guest’s order is reached only with the key its client was given: its number, or its order_id, alone answer as an unknown order', async () => {
    const anna = await customer('Anna')
    const guestCart = await createCart(undefined)
    expect((await cartCallsOn(guestCart, undefined).add()).statusCode).toBe(200)
    const body = orderBody(guestCart, [{ sku: 'BOOK', qty: 1 }])
    const placed = await call('POST', '/api/order', undefined, body)
    expect(placed.statusCode, placed.body).toBe(200)
    const { orderNumber: number, order_token: key } = json<Envelope<OrderResult>>(placed).result
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/)
    // the answer to a resent order (its first answer lost) carries the same key
    expect(json<Envelope<OrderResult>>(await call('POST', '/api/order', undefined, body)).result.order_token).toBe(key)
    const unknown = await paymentCalls('999999999', undefined).status()
    expect(unknown.statusCode).toBe(404)
    // a stranger who counts order numbers: no payment made, no status, no amount
    for (const [ref, token, orderToken] of [
      [number, undefined, undefined],
      [number, anna.token, undefined],
      [number, undefined, 'x'.repeat(32)],
      // one character changed (to another one: a key may end in A)
      [number, undefined, `${key!.slice(0, 31)}${key!.endsWith('A') ? 'B' : 'A'}`],
      [body.order_id, undefined, undefined],
    ] as const) {
      const pay = await paymentCalls(ref, token, false, orderToken).pay()
      expectRefused(pay, `post-payment ${ref} ${orderToken ?? ''}`)
      expect(pay.statusCode).toBe(404)
      expect(pay.body).toBe(unknown.body.replace('999999999', ref))
      const status = await paymentCalls(ref, token, false, orderToken).status()
      expect(status.statusCode).toBe(404)
    }
    expect(await server.storage.payments.findLatest((await server.storage.orders.findByIncrementId(number))!.id)).toBeNull()
    // its client, with the key: with or without a customer's token
    const paid = await paymentCalls(number, undefined, false, key).pay()
    expect(paid.statusCode, paid.body).toBe(200)
    expect(PostPaymentAnswerSchema.parse(json<Envelope<unknown>>(paid).result).order_id).toBe(number)
    for (const token of [undefined, anna.token]) {
      const status = await paymentCalls(number, token, false, key).status()
      expect(status.statusCode, status.body).toBe(200)
      expect(PaymentStatusAnswerSchema.parse(json<Envelope<unknown>>(status).result).order_id).toBe(number)
    }
    // a token that is not valid is still a 401 (the client renews it), even on a guest's order
    expect((await paymentCalls(number, 'forged.token.value', false, key).status()).statusCode).toBe(401)
  })

  it('a customer’s cart without a token answers as a customer’s id that names no cart: its id says nothing', async () => {
    const anna = await customer('Anna')
    const cartId = await createCart(anna.token)
    expect((await cartCallsOn(cartId, anna.token).add()).statusCode).toBe(200)
    const missing = String(Number(cartId) + 100_000)
    const theirs = await cartCallsOn(cartId, undefined).pull()
    const none = await cartCallsOn(missing, undefined).pull()
    // the renewal's 401 for both (the client logs in or renews), never a 404 that says which exists
    expect(theirs.statusCode).toBe(401)
    expect(none.statusCode).toBe(401)
    expect(theirs.body).toBe(none.body)
    // another customer's token: the unknown cart's 404 for both
    const bram = await customer('Bram')
    const asBram = await cartCallsOn(cartId, bram.token).pull()
    const noneAsBram = await cartCallsOn(missing, bram.token).pull()
    expect(asBram.statusCode).toBe(404)
    expect(noneAsBram.statusCode).toBe(404)
    expect(asBram.body).toBe(noneAsBram.body.replace(missing, cartId))
    // with a token that is not valid, both are the renewal's 401
    expect((await cartCallsOn(cartId, 'forged.token.value').pull()).statusCode).toBe(401)
    expect((await cartCallsOn(missing, 'forged.token.value').pull()).statusCode).toBe(401)
  })

  it('a guest cart stays usable without a token, and with any customer’s token', async () => {
    const anna = await customer('Anna')
    const guestCart = await createCart(undefined)
    const guest = cartCallsOn(guestCart, undefined)
    expect((await guest.add()).statusCode).toBe(200)
    expect((await guest.pull()).statusCode).toBe(200)
    expect((await guest.totals()).statusCode).toBe(200)
    expect((await cartCallsOn(guestCart, anna.token).pull()).statusCode).toBe(200)
    const ordered = await guest.order()
    // the guest cart's lines are BOOK, the body says LAMP: refused for that reason, not for ownership
    expect(ordered.statusCode).toBe(409)
  })
})
