/**
 * The data protection extension on the real server (spec §7 "Data protection";
 * be-nl-domain §7): download, anonymise and delete, each with the customer's token and password,
 * each logged without personal data; another customer's token reaches nothing. After anonymise or
 * delete, no row of the database holds the customer's name, e-mail or address (every table read).
 * PGlite by default, PostgreSQL with DATABASE_URL.
 */
import { describe, expect, it } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import { PRIVACY_MESSAGES, PrivacyExportSchema } from '../../domain/api/privacy.schema'
import { startCheckoutShop } from './cart-checkout-shop'
import { cartCalls } from './cart-calls'
import { json, signedUpCustomer, useTestServer } from './helpers'
import { orderBody } from './order-fixtures'

const server = useTestServer(startCheckoutShop)
const { createCart, saved } = cartCalls(server)
const PASSWORD = 'correct horse 1'

let counter = 0
/** A customer with unusual words for a name and address (so a search of the rows finds only theirs), an address in the book and two orders. */
async function customer() {
  const n = ++counter
  const person = {
    email: `privacy${n}-${Date.now()}@example.com`,
    firstname: `Quirina${n}`,
    lastname: `Vandermolenaar${n}`,
    street: [`Klaproosweg${n}`, '77'],
    city: `Zwaagdijk${n}`,
    postcode: `17${n}4 QZ`,
    telephone: `+31 6 5555 01${n}`,
  }
  const { id, token } = await signedUpCustomer(server.app, person.email, PASSWORD, { firstname: person.firstname, lastname: person.lastname })
  const address = {
    firstname: person.firstname,
    lastname: person.lastname,
    street: person.street,
    city: person.city,
    postcode: person.postcode,
    country_id: 'NL',
    telephone: person.telephone,
  }
  const book = await server.app.inject({
    method: 'PUT',
    url: `/api/ext/address-book/customer/${id}`,
    headers: { authorization: `Bearer ${token}` },
    payload: { customer: { id, addresses: [{ ...address, default_shipping: true }] } },
  })
  expect(book.statusCode, book.body).toBe(200)
  const orders: string[] = []
  for (const qty of [1, 2]) {
    const cartId = await createCart()
    await saved(cartId, { sku: 'LAMP', qty })
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { authorization: `Bearer ${token}` },
      payload: orderBody(cartId, [{ sku: 'LAMP', qty }], {
        addressInformation: {
          shippingAddress: { ...address, email: person.email },
          billingAddress: { ...address, email: person.email },
          shipping_method_code: 'flatrate',
          shipping_carrier_code: 'flatrate',
          payment_method_code: 'banktransfer',
          payment_method_additional: {},
        },
      }),
    })
    expect(res.statusCode, res.body).toBe(200)
    orders.push(json<Envelope<{ orderNumber: string }>>(res).result.orderNumber)
  }
  // an open cart of theirs on the server (made with their token)
  const cart = await server.app.inject({ method: 'POST', url: `/api/cart/create?token=${token}` })
  expect(cart.statusCode, cart.body).toBe(200)
  const cartId = json<Envelope<string>>(cart).result
  const line = await server.app.inject({
    method: 'POST',
    url: `/api/cart/update?cartId=${cartId}&token=${token}`,
    payload: { cartItem: { quoteId: cartId, sku: 'LAMP', qty: 3 } },
  })
  expect(line.statusCode, line.body).toBe(200)
  // and the newsletter, subscribed while logged in
  await server.app.inject({
    method: 'POST',
    url: '/api/ext/newsletter/subscribe',
    headers: { authorization: `Bearer ${token}` },
    payload: { email: person.email },
  })
  return { id, token, person, orders }
}

const call = (action: 'download' | 'anonymise' | 'delete', token: string | undefined, password: unknown) =>
  server.app.inject({
    method: 'POST',
    url: `/api/ext/data-protection/${action}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: password === undefined ? {} : { password },
  })

/** The strings that would identify the person. */
const personalWords = (p: Awaited<ReturnType<typeof customer>>['person']) =>
  [p.email, p.firstname, p.lastname, p.street[0]!, p.city, p.postcode, p.telephone].map((w) => w.toLowerCase())

describe('data protection', () => {
  it('download: a JSON export of profile, addresses, orders with lines and the newsletter state; logged', async () => {
    const anna = await customer()
    const res = await call('download', anna.token, PASSWORD)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toBe('no-cache, no-store')
    const data = PrivacyExportSchema.parse(json<Envelope<unknown>>(res).result)
    expect(data.profile).toMatchObject({ id: anna.id, email: anna.person.email, firstname: anna.person.firstname })
    expect(data.addresses).toEqual([expect.objectContaining({ city: anna.person.city, street: anna.person.street })])
    expect(data.orders.map((o) => o.increment_id).sort()).toEqual([...anna.orders].sort())
    for (const order of data.orders) {
      expect(order.items).toEqual([expect.objectContaining({ sku: 'LAMP' })])
      expect(order).toMatchObject({ email: anna.person.email, billing_address: expect.objectContaining({ city: anna.person.city }) })
    }
    expect(data.newsletter).toMatchObject({ email: anna.person.email, status: 'pending', source: 'account' })
    // her open cart on the server, with its line
    expect(data.carts.flatMap((c) => c.items)).toEqual(expect.arrayContaining([expect.objectContaining({ sku: 'LAMP', qty: 3 })]))
    expect(data.privacy_requests).toEqual([expect.objectContaining({ action: 'download', outcome: 'done' })])
    const again = PrivacyExportSchema.parse(json<Envelope<unknown>>(await call('download', anna.token, PASSWORD)).result)
    expect(again.privacy_requests.map((r) => r.action)).toEqual(['download', 'download'])
  })

  it('refuses a wrong password (400 errorMessage, logged as refused), no or a forged token (401), a missing password (400)', async () => {
    const anna = await customer()
    for (const action of ['download', 'anonymise', 'delete'] as const) {
      const wrong = await call(action, anna.token, 'not my password')
      expect(wrong.statusCode, wrong.body).toBe(400)
      expect(json<Envelope<{ errorMessage: string }>>(wrong).result.errorMessage).toBe(PRIVACY_MESSAGES.passwordWrong)
      expect((await call(action, undefined, PASSWORD)).statusCode).toBe(401)
      expect((await call(action, 'forged.token.here', PASSWORD)).statusCode).toBe(401)
      const missing = await call(action, anna.token, undefined)
      expect(missing.statusCode).toBe(400)
      expect(json<Envelope<string>>(missing).result).toMatch(/^password: /)
    }
    // nothing changed
    const me = await server.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${anna.token}` } })
    expect(me.statusCode).toBe(200)
    expect(me.body).toContain(anna.person.email)
    const log = await server.storage.privacy.listRequests(anna.id)
    expect(log.map((r) => `${r.action}:${r.outcome}`)).toEqual(['download:refused', 'anonymise:refused', 'delete:refused'])
    // the log holds no personal data
    expect(JSON.stringify(log).toLowerCase()).not.toContain(anna.person.email.toLowerCase())
  })

  it('another customer’s token cannot touch them: it acts on its own account only', async () => {
    const anna = await customer()
    const bram = await customer()
    // Bram's token with Anna's password: refused (the password is checked against Bram's account)
    expect((await call('anonymise', bram.token, PASSWORD + 'x')).statusCode).toBe(400)
    const bramsExport = PrivacyExportSchema.parse(json<Envelope<unknown>>(await call('download', bram.token, PASSWORD)).result)
    expect(bramsExport.profile.id).toBe(bram.id)
    expect(JSON.stringify(bramsExport)).not.toContain(anna.person.lastname)
    // Bram deletes himself; Anna is untouched
    expect((await call('delete', bram.token, PASSWORD)).statusCode).toBe(200)
    const annasExport = PrivacyExportSchema.parse(json<Envelope<unknown>>(await call('download', anna.token, PASSWORD)).result)
    expect(annasExport.orders).toHaveLength(2)
    expect(annasExport.addresses).toHaveLength(1)
  })

  it('anonymise: orders kept (amounts, lines, country), personal data replaced everywhere; the login ends', async () => {
    const anna = await customer()
    const bram = await customer()
    const before = await Promise.all(anna.orders.map((n) => server.storage.orders.findByIncrementId(n)))
    const res = await call('anonymise', anna.token, PASSWORD)
    expect(res.statusCode, res.body).toBe(200)
    for (const [i, n] of anna.orders.entries()) {
      const after = (await server.storage.orders.findByIncrementId(n))!
      expect(after.grand_total).toBe(before[i]!.grand_total)
      expect(after.totals).toEqual(before[i]!.totals)
      expect(after.customer_id).toBeNull()
      expect(after.billing_address).toMatchObject({ country_id: 'NL', lastname: 'Anonymous' })
      expect(after.email).toMatch(/^anon-[0-9a-f]+@example\.invalid$/)
      expect(await server.storage.orders.listLines(after.id)).toHaveLength(1)
    }
    await expectNoTrace(anna.person)
    // Bram's data is still there (the search finds what is there)
    const brams = await server.storage.privacy.tablesMentioning([bram.person.lastname, bram.person.city])
    expect(brams.map((f) => f.table)).toEqual(expect.arrayContaining(['customers', 'customer_addresses', 'orders']))
    // the session and the password are gone
    expect((await server.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${anna.token}` } })).statusCode).toBe(401)
    expect((await server.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: anna.person.email, password: PASSWORD } })).statusCode).toBe(
      401,
    )
    expect((await server.storage.privacy.listRequests(anna.id)).map((r) => r.action)).toEqual(['anonymise'])
  })

  it('delete: the account is gone, its orders kept anonymised; the log keeps only the number', async () => {
    const anna = await customer()
    const res = await call('delete', anna.token, PASSWORD)
    expect(res.statusCode, res.body).toBe(200)
    expect(await server.storage.customers.findById(anna.id)).toBeNull()
    for (const n of anna.orders) expect((await server.storage.orders.findByIncrementId(n))?.customer_id).toBeNull()
    await expectNoTrace(anna.person)
    expect((await server.storage.privacy.listRequests(anna.id)).map((r) => `${r.action}:${r.outcome}`)).toEqual(['delete:done'])
    expect((await server.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: anna.person.email, password: PASSWORD } })).statusCode).toBe(
      401,
    )
  })
})

describe('an erased customer’s carts', () => {
  for (const action of ['anonymise', 'delete'] as const) {
    it(`${action}: their carts, open and ordered, answer as unknown and no cart row holds their data`, async () => {
      const anna = await customer()
      const openCartId = (await server.storage.privacy.cartsOf(anna.id))[0]!.id
      const orderedCartIds = await Promise.all(anna.orders.map(async (n) => (await server.storage.orders.findByIncrementId(n))!.cart_id))
      // what a shopper leaves on a cart: a gift card for someone, and a VAT number at checkout
      const giftee = { name: `Gijsbertha${counter}`, email: `giftee${counter}-${Date.now()}@example.com` }
      const vatId = `BE0${String(Date.now()).slice(-9)}`
      const gift = { extension_attributes: { mageworx_giftcard_item_option: { card_amount: 25, mail_to: giftee.name, mail_to_email: giftee.email } } }
      const withToken = (url: string, payload: object) =>
        server.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${anna.token}` }, payload })
      const line = await withToken(`/api/cart/update?cartId=${openCartId}`, {
        cartItem: { quoteId: openCartId, sku: 'GIFT-MAIL', qty: 1, product_option: gift },
      })
      expect(line.statusCode, line.body).toBe(200)
      const shipping = await withToken(`/api/cart/shipping-information?cartId=${openCartId}`, {
        addressInformation: { shippingAddress: { countryId: 'NL' }, billingAddress: { countryId: 'NL', vat_id: vatId } },
      })
      expect(shipping.statusCode, shipping.body).toBe(200)
      expect((await server.storage.privacy.tablesMentioning([giftee.email, vatId])).map((f) => f.table)).toEqual(['cart_items', 'carts'])

      expect((await call(action, anna.token, PASSWORD)).statusCode).toBe(200)

      for (const cartId of [openCartId, ...orderedCartIds]) {
        // a cart id is all a guest's call needs: none of them may answer (a guest cart's id: unknown;
        // a customer's numbered id without a token: the renewal's 401, as for a number that never was a cart)
        const unknown = /^\d+$/.test(cartId) ? 401 : 404
        const pull = await server.app.inject({ method: 'GET', url: `/api/cart/pull?cartId=${cartId}` })
        expect(pull.statusCode, `${cartId}: ${pull.body}`).toBe(unknown)
        const write = await server.app.inject({
          method: 'POST',
          url: `/api/cart/update?cartId=${cartId}`,
          payload: { cartItem: { quoteId: cartId, sku: 'LAMP', qty: 1 } },
        })
        expect(write.statusCode, `${cartId}: ${write.body}`).toBe(unknown)
        // and the carts themselves are gone, lines and all
        expect(await server.storage.carts.find(cartId)).toBeNull()
        expect(await server.storage.carts.listItems(cartId)).toEqual([])
      }
      expect(await server.storage.privacy.tablesMentioning([giftee.email, giftee.name, vatId])).toEqual([])
      await expectNoTrace(anna.person)
      // the orders stay for the books
      for (const n of anna.orders) expect(await server.storage.orders.findByIncrementId(n)).not.toBeNull()
    })
  }
})

async function expectNoTrace(person: Awaited<ReturnType<typeof customer>>['person']) {
  expect(await server.storage.privacy.tablesMentioning(personalWords(person))).toEqual([])
}
