/**
 * Store codes on every VSF1 call (contract §1.2, §4.6). A multistore VSF1 client appends
 * `storeCode=<code>` to every API call (adjustMultistoreApiUrl, core/lib/sync/task.ts); a caller
 * on the server side may send the `x-vs-store-code` header instead; a single-store client sends
 * neither. Every non-catalogue route of server/routes is called here under each of these, as VSF1
 * sends it (JSON, no body where VSF1 sends none, `token=` left empty by its {{token}} placeholder for
 * a guest), and answers as the contract says: never a 400 for the extra parameter; where the store
 * view changes the answer (a cart's VAT country, an order's store view, a mail's language,
 * url/map's and render-list's store view) it follows the code; a code that is not one of the
 * shop's is ignored, the answer being the one without it.
 * Not here: /api/catalog (its index names the store view; another test's), the social login (its
 * storeCode belongs to the sign-in itself, and VSF1 never calls it), the payment provider's callbacks
 * (called by the provider, about an order whose store view is known).
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { RenderListResult } from '../../domain/api/catalog.schema'
import type { Envelope } from '../../domain/api/envelope'
import { NEWSLETTER_SUBSCRIBE_PATHS } from '../../domain/api/newsletter.schema'
import type { OrderResult } from '../../domain/api/order.schema'
import type { UrlMapHit } from '../../domain/api/url.schema'
import { LoginEnvelopeSchema, type Customer } from '../../domain/api/user.schema'
import type { ServerCartItem, Totals } from '../../domain/cart.schema'
import { STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import { wordsFor } from '../../server/payments/payment-words'
import { DEMO_COUPON_CODES } from '../../server/seed/coupons'
import { startCheckoutShop } from './cart-checkout-shop'
import { json, useTestServer } from './helpers'
import { NL_ADDRESS, orderBody } from './order-fixtures'
import { outboxFiles } from './payment-fixtures'

const outbox = mkdtempSync(join(tmpdir(), 'polder-outbox-store-codes-'))
const server = useTestServer(() =>
  startCheckoutShop({ publicUrl: 'https://shop.example', mail: { from: 'Polder <shop@polder.example>', smtpUrl: undefined, outboxDir: outbox } }),
)

/** How a call names its store view, and the store view that must answer it. */
interface Variant {
  name: string
  store: StoreCode
  query?: string
  header?: string
}

const NONE: Variant = { name: 'no store code', store: 'en' }
const VARIANTS: Variant[] = [
  NONE,
  { name: 'storeCode=nl', store: 'nl', query: 'nl' },
  { name: 'storeCode=fr', store: 'fr', query: 'fr' },
  { name: 'storeCode=xx, not the shop’s: as without it', store: 'en', query: 'xx' },
  { name: 'x-vs-store-code: nl', store: 'nl', header: 'nl' },
  { name: 'storeCode=xx and x-vs-store-code: fr', store: 'fr', query: 'xx', header: 'fr' },
]

/** Reduced VAT (food, books) in each country: the cart's VAT country shows in its totals. */
const REDUCED_VAT = { NL: 9, BE: 6 } as const

/**
 * A call as VSF1 sends it under `v`: `storeCode=` appended as adjustMultistoreApiUrl does, or the
 * header; `token` goes in `Authorization: Bearer` (VSF1's users.tokenInHeader), empty for a guest.
 */
function call(v: Variant, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, opts: { body?: unknown; token?: string } = {}) {
  const url = v.query ? `${path}${path.includes('?') ? '&' : '?'}storeCode=${v.query}` : path
  return server.app.inject({
    method,
    url,
    headers: {
      'content-type': 'application/json',
      ...(v.header ? { 'x-vs-store-code': v.header } : {}),
      ...(opts.token !== undefined ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    ...(opts.body === undefined ? {} : { payload: JSON.stringify(opts.body) }),
  })
}

/** The result of a 200 envelope. */
function ok<T = unknown>(res: { statusCode: number; body: string }): T {
  expect(res.statusCode, res.body).toBe(200)
  const envelope = json<Envelope<T>>(res)
  expect(envelope.code).toBe(200)
  return envelope.result
}

let counter = 0
const newEmail = () => `codes${++counter}-${Date.now()}@example.com`
const mailsTo = (email: string) => outboxFiles(outbox).filter((f) => JSON.stringify(f.mail.to).includes(email))
const subjectsTo = (email: string) => mailsTo(email).map((f) => f.mail.subject)

/** The reset link mailed to `email`: the store view it opens and its token. */
function resetLink(email: string) {
  const text = mailsTo(email).find((f) => f.mail.text.includes('/create-password/'))?.mail.text ?? ''
  const link = /https:\/\/shop\.example\/(\w+)\/create-password\/token\/([A-Za-z0-9_-]+)\//.exec(text)
  expect(link, text).not.toBeNull()
  return { store: link![1], token: link![2]! }
}

describe.each(VARIANTS)('every API call with $name', (v) => {
  const country = STORE_VIEWS[v.store].tax.defaultCountry

  it('a guest cart (token= empty), its checkout calls and its order: the cart, its VAT and the order are the store view’s', async () => {
    const cartId = ok<string>(await call(v, 'POST', '/api/cart/create?token='))
    const q = `token=&cartId=${cartId}`
    ok(await call(v, 'POST', `/api/cart/update?${q}`, { body: { cartItem: { sku: 'WAFEL', qty: 2, quoteId: cartId } } }))
    const lamp = ok<ServerCartItem>(await call(v, 'POST', `/api/cart/update?${q}`, { body: { cartItem: { sku: 'LAMP', qty: 1, quoteId: cartId } } }))
    expect(ok(await call(v, 'POST', `/api/cart/delete?${q}`, { body: { cartItem: { sku: 'LAMP', item_id: lamp.item_id, quoteId: cartId } } }))).toBe(true)
    expect(ok<ServerCartItem[]>(await call(v, 'GET', `/api/cart/pull?${q}`)).map((i) => [i.sku, i.qty])).toEqual([['WAFEL', 2]])
    // with users.tokenInHeader a guest's empty token goes in the header instead: no token either
    expect(ok<ServerCartItem[]>(await call(v, 'GET', `/api/cart/pull?cartId=${cartId}`, { token: '' }))).toHaveLength(1)
    const totals = ok<Totals>(await call(v, 'GET', `/api/cart/totals?${q}`))
    expect(totals.items[0]!.tax_percent).toBe(REDUCED_VAT[country])

    expect(ok(await call(v, 'POST', `/api/cart/apply-coupon?${q}&coupon=${DEMO_COUPON_CODES.percent}`))).toBe(true)
    expect(ok(await call(v, 'GET', `/api/cart/coupon?${q}`))).toBe(DEMO_COUPON_CODES.percent)
    expect(ok(await call(v, 'POST', `/api/cart/delete-coupon?${q}`))).toBe(true)
    expect(ok<unknown[]>(await call(v, 'POST', `/api/cart/shipping-methods?${q}`, { body: { address: { country_id: country } } }))).not.toHaveLength(0)
    expect(ok<unknown[]>(await call(v, 'GET', `/api/cart/payment-methods?${q}`))).not.toHaveLength(0)
    const flat = { shippingCarrierCode: 'flatrate', shippingMethodCode: 'flatrate' }
    const address = { countryId: country }
    const details = ok<{ totals: Totals }>(
      await call(v, 'POST', `/api/cart/shipping-information?${q}`, {
        body: { addressInformation: { shippingAddress: address, billingAddress: address, ...flat } },
      }),
    )
    expect(details.totals.items[0]!.tax_percent).toBe(REDUCED_VAT[country])
    ok(await call(v, 'POST', `/api/cart/collect-totals?${q}`, { body: { methods: { ...flat, paymentMethod: { method: 'banktransfer' } } } }))

    const shipTo = { ...NL_ADDRESS, country_id: country }
    const body = orderBody(cartId, [{ sku: 'WAFEL', qty: 2 }], { store_code: undefined })
    body.addressInformation = { ...body.addressInformation, shippingAddress: shipTo, billingAddress: shipTo }
    const placed = ok<OrderResult>(await call(v, 'POST', '/api/order?token=', { body }))
    expect((await server.storage.orders.findByIncrementId(placed.orderNumber))?.store_code).toBe(v.store)
  })

  it('a customer’s account calls, their cart and address book; the welcome and reset mails in the store view’s language', async () => {
    const email = newEmail()
    const created = ok<Customer>(
      await call(v, 'POST', '/api/user/create', { body: { customer: { email, firstname: 'Lotte', lastname: 'Jansen' }, password: 'correct horse 1' } }),
    )
    expect(subjectsTo(email)).toEqual([wordsFor(v.store).accountMail.welcomeSubject()])
    const login = LoginEnvelopeSchema.parse(json(await call(v, 'POST', '/api/user/login', { body: { username: email, password: 'correct horse 1' } })))
    const session = LoginEnvelopeSchema.parse(json(await call(v, 'POST', '/api/user/refresh', { body: { refreshToken: login.meta.refreshToken } })))
    const token = session.result
    const t = `token=${encodeURIComponent(token)}`

    expect(ok<Customer>(await call(v, 'GET', `/api/user/me?${t}`)).email).toBe(email)
    const renamed = ok<Customer>(await call(v, 'POST', `/api/user/me?${t}`, { body: { customer: { email, firstname: 'Lot', lastname: 'Jansen' } } }))
    expect(renamed.firstname).toBe('Lot')
    expect(ok<{ items: unknown[] }>(await call(v, 'GET', `/api/user/order-history?${t}&pageSize=20&currentPage=1`)).items).toEqual([])
    const home = { firstname: 'Lot', lastname: 'Jansen', street: ['Dorpsstraat', '12'], city: 'Utrecht', postcode: '3511 AB', country_id: 'NL' }
    const book = ok<Customer>(
      await call(v, 'PUT', `/api/ext/address-book/customer/${created.id}`, { token, body: { customer: { id: created.id, addresses: [home] } } }),
    )
    expect(ok(await call(v, 'DELETE', `/api/ext/address-book/address/${book.addresses[0]!.id}`, { token, body: {} }))).toBe(true)

    const cartId = ok<string>(await call(v, 'POST', `/api/cart/create?${t}`))
    ok(await call(v, 'POST', `/api/cart/update?${t}&cartId=${cartId}`, { body: { cartItem: { sku: 'WAFEL', qty: 1, quoteId: String(cartId) } } }))
    expect(ok<Totals>(await call(v, 'GET', `/api/cart/totals?${t}&cartId=${cartId}`)).items[0]!.tax_percent).toBe(REDUCED_VAT[country])

    const changed = await call(v, 'POST', `/api/user/change-password?${t}`, { body: { currentPassword: 'correct horse 1', newPassword: 'battery staple 2' } })
    expect(ok(changed)).toBe(true)
    expect(ok(await call(v, 'POST', `/api/user/logout?${t}`, { body: { refreshToken: session.meta.refreshToken } }))).toBe(true)

    expect(ok(await call(v, 'POST', '/api/user/reset-password', { body: { email } }))).toBe(true)
    expect(subjectsTo(email)[1]).toBe(wordsFor(v.store).accountMail.resetSubject())
    const reset = resetLink(email)
    expect(reset.store).toBe(v.store)
    const newPassword = 'correct horse 3'
    expect(ok(await call(v, 'POST', '/api/user/create-password', { body: { email, resetToken: reset.token, newPassword } }))).toBe(true)
    LoginEnvelopeSchema.parse(json(await call(v, 'POST', '/api/user/login', { body: { username: email, password: newPassword } })))
  })

  it('the newsletter at Polder’s and VSF1’s address: its mails in the store view’s language', async () => {
    const words = wordsFor(v.store).newsletterMail
    for (const path of NEWSLETTER_SUBSCRIBE_PATHS) {
      const email = newEmail()
      expect(ok(await call(v, 'POST', path, { body: { email } }))).toBe('pending')
      expect(ok(await call(v, 'GET', `${path}?email=${encodeURIComponent(email)}`))).toBe('pending')
      expect(ok(await call(v, 'DELETE', `${path}?token=`, { body: { email } }))).toBe('unsubscribe-mail-sent')
      expect(subjectsTo(email)).toEqual([words.subject(), words.unsubscribeRequestSubject()])
    }
  })

  it('render-list and url/map answer for the store view', async () => {
    const list = ok<RenderListResult>(await call(v, 'GET', '/api/product/render-list?skus=WAFEL&currencyCode=EUR'))
    expect(list.items.map((i) => [i.sku, i.store_id])).toEqual([['WAFEL', STORE_VIEWS[v.store].storeId]])
    const mapped = await call(v, 'POST', '/api/url/map', { body: { url: 'wafel-200.html' } })
    expect(mapped.statusCode, mapped.body).toBe(200)
    expect(json<UrlMapHit>(mapped)).toMatchObject({ _index: `${STORE_VIEWS[v.store].index}_product`, _source: { sku: 'WAFEL' } })
  })
})

describe('the calls whose answer has no store view', () => {
  const CALLS: [method: 'GET' | 'POST', path: string, body?: unknown][] = [
    ['GET', '/api'],
    ['GET', '/api/health'],
    ['GET', '/api/stock/check?sku=WAFEL'],
    ['GET', '/api/stock/check/WAFEL'],
    ['GET', '/api/stock/list?skus=WAFEL,LAMP'],
    ['GET', '/api/ext/shop-details'],
    ['GET', '/api/ext/payment/payment-methods?country=BE'],
    ['GET', '/api/ext/giftcard/check/NO-SUCH-CARD'],
    ['GET', '/img/150/150/resize/catalog/product/tshirt/222428/1.png'],
    ['GET', '/img/banners/bike/2e5aac/small.webp'],
    ['GET', '/assets/banners/nl_promoted_offers.json'],
  ]

  it.each(CALLS)('%s %s: the same answer under every code as without one', async (method, path, body) => {
    const without = await call(NONE, method, path, { body })
    expect(without.statusCode, without.body).toBeLessThan(500)
    expect(without.statusCode, without.body).not.toBe(400)
    for (const v of VARIANTS) {
      const res = await call(v, method, path, { body })
      expect(res.statusCode, `${v.name}: ${res.body}`).toBe(without.statusCode)
      expect(res.rawPayload.equals(without.rawPayload), v.name).toBe(true)
    }
  })

  it('the VAT number check and a recommendation visitor key answer every code alike', async () => {
    for (const v of VARIANTS) {
      const vat = ok<{ valid: boolean | null }>(await call(v, 'GET', '/api/ext/vat-check/check?countryCode=BE&vatNumber=0403019261'))
      expect(vat.valid, v.name).toBe(true)
      const key = JSON.parse(ok<string>(await call(v, 'GET', '/api/ext/recommendations/visitor/key/'))) as { status: string }
      expect(key.status, v.name).toBe('ok')
    }
  })
})
