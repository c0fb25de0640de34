/**
 * Returns on the real server (domain/api/return.schema.ts): a delivered order's lines sent back within
 * the withdrawal period (the day-14 edge taken, day 15 refused), never more than ordered less what
 * earlier returns hold, only by the order's customer or a guest with the order's key; the shopper's
 * mail in the order's language; the shop's decisions through the import endpoint (received: the
 * stock back, once, and a back-in-stock mail; refused: the quantities free again). PGlite by
 * default, PostgreSQL with DATABASE_URL.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import type { OrderResult } from '../../domain/api/order.schema'
import { RETURN_CREATE_PATH, RETURN_MESSAGES, RETURNABLE_PATH, ReturnableResultSchema, ReturnResultSchema } from '../../domain/api/return.schema'
import { STOCK_SUBSCRIPTION_PATH } from '../../domain/api/stock-alert.schema'
import { STORE_CODES } from '../../domain/store-views'
import { createMailer } from '../../server/mail/mailer'
import { createOrderMailService } from '../../server/services/order-mail-service'
import { createReturnService } from '../../server/services/return-service'
import { startCheckoutShop } from './cart-checkout-shop'
import { json, postImportBatch, signedUpCustomer, useDataWorker, useTestServer } from './helpers'
import { orderBody } from './order-fixtures'
import { outboxFiles } from './payment-fixtures'

const KEY = 'test-import-key-returns-0123456789'
const DAY = 24 * 60 * 60 * 1000
const outbox = mkdtempSync(join(tmpdir(), 'polder-outbox-returns-'))
const server = useTestServer(() =>
  startCheckoutShop({ importApiKey: KEY, mail: { from: 'Polder <shop@polder.example>', smtpUrl: undefined, outboxDir: outbox } }),
)

let counter = 0
const newEmail = () => `returns${++counter}-${Date.now()}@example.com`

/** Places an order of `products` in `store` (a customer's with `token`); its answer. */
async function placeOrder(
  products: { sku: string; qty: number }[],
  opts: { token?: string; store?: 'en' | 'nl' | 'fr'; email?: string } = {},
): Promise<OrderResult> {
  const store = opts.store ?? 'en'
  const created = await server.app.inject({ method: 'POST', url: `/api/cart/create?storeCode=${store}` })
  const cartId = json<Envelope<string>>(created).result
  for (const p of products) {
    const added = await server.app.inject({ method: 'POST', url: `/api/cart/update?cartId=${cartId}`, payload: { cartItem: { quoteId: cartId, ...p } } })
    expect(added.statusCode, added.body).toBe(200)
  }
  const body = orderBody(cartId, products, { store_code: store })
  const address = { ...body.addressInformation.billingAddress, email: opts.email ?? newEmail() }
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    payload: { ...body, addressInformation: { ...body.addressInformation, billingAddress: address, shippingAddress: address } },
  })
  expect(res.statusCode, res.body).toBe(200)
  return json<Envelope<OrderResult>>(res).result
}

/** Marks the order delivered `ago` ms before now (the repository's status change, as the deliveries import makes it). */
async function deliveredAgo(orderNumber: string, ago: number) {
  const order = (await server.storage.orders.findByIncrementId(orderNumber))!
  const moved = await server.storage.orders.changeStatus(order.id, ['pending', 'processing', 'complete'], 'complete', new Date(Date.now() - ago).toISOString())
  expect(moved).not.toBeNull()
}

const importBatch = async (body: unknown) => postImportBatch(server, body, { authorization: `Bearer ${KEY}` })

function sendReturn(payload: Record<string, unknown>, token?: string) {
  return server.app.inject({ method: 'POST', url: RETURN_CREATE_PATH, headers: token ? { authorization: `Bearer ${token}` } : {}, payload })
}

async function returned(payload: Record<string, unknown>, token?: string): Promise<string> {
  const res = await sendReturn(payload, token)
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['cache-control']).toContain('no-store')
  return ReturnResultSchema.parse(json<Envelope<unknown>>(res).result).return_number
}

/** Whether each store view's stored document of `sku` says it can be ordered. */
const docInStock = async (sku: string) =>
  Promise.all(STORE_CODES.map(async (code) => ((await server.storage.products.findBySku(code, sku))!.stock as { is_in_stock: boolean }).is_in_stock))
const stockOf = async (sku: string) => (await server.storage.stock.findBySkus([sku]))[0]!
const mailsTo = (email: string) => outboxFiles(outbox).filter((f) => JSON.stringify(f.mail.to).includes(email))

describe('returns: who, when and how many', () => {
  it('takes a return on day 14 after delivery and refuses it on day 15, and before delivery', async () => {
    const anna = await signedUpCustomer(server.app, newEmail())
    const order = await placeOrder([{ sku: 'LAMP', qty: 1 }], { token: anna.token })
    const line = { order_id: order.orderNumber, reason: 'changed_mind', lines: [{ sku: 'LAMP', qty: 1 }] }

    const early = await sendReturn(line, anna.token)
    expect(early.statusCode).toBe(409)
    expect(json<Envelope<string>>(early).result).toBe(RETURN_MESSAGES.notDelivered)

    await deliveredAgo(order.orderNumber, 15 * DAY - 60_000)
    const late = await sendReturn(line, anna.token)
    expect(late.statusCode).toBe(409)
    expect(json<Envelope<string>>(late).result).toBe(RETURN_MESSAGES.periodOver)

    await deliveredAgo(order.orderNumber, 14 * DAY - 60 * 60_000)
    expect(await returned(line, anna.token)).toBe(`R${order.orderNumber}-1`)
  })

  it('refuses more than ordered, more than is left after an earlier return, other skus and virtual lines', async () => {
    const anna = await signedUpCustomer(server.app, newEmail())
    const order = await placeOrder(
      [
        { sku: 'LAMP', qty: 3 },
        { sku: 'EBOOK', qty: 1 },
      ],
      { token: anna.token },
    )
    await deliveredAgo(order.orderNumber, DAY)
    const ask = (sku: string, qty: number) => sendReturn({ order_id: order.orderNumber, reason: 'damaged', lines: [{ sku, qty }] }, anna.token)
    const refusal = async (sku: string, qty: number) => {
      const res = await ask(sku, qty)
      expect(res.statusCode, res.body).toBe(400)
      return json<Envelope<string>>(res).result
    }

    expect(await refusal('LAMP', 4)).toBe(`lines (LAMP): ${RETURN_MESSAGES.tooMany}`)
    expect(await refusal('BOOK', 1)).toBe(`lines (BOOK): ${RETURN_MESSAGES.notOfOrder}`)
    expect(await refusal('EBOOK', 1)).toBe(`lines (EBOOK): ${RETURN_MESSAGES.notReturnable}`)
    // two lines of one sku count together
    const split = await sendReturn(
      {
        order_id: order.orderNumber,
        reason: 'damaged',
        lines: [
          { sku: 'LAMP', qty: 2 },
          { sku: 'LAMP', qty: 2 },
        ],
      },
      anna.token,
    )
    expect(split.statusCode).toBe(400)

    expect(await returned({ order_id: order.orderNumber, reason: 'damaged', lines: [{ sku: 'LAMP', qty: 2 }] }, anna.token)).toBe(`R${order.orderNumber}-1`)
    expect(await refusal('LAMP', 2)).toBe(`lines (LAMP): ${RETURN_MESSAGES.tooMany}`)

    const left = await server.app.inject({
      method: 'POST',
      url: RETURNABLE_PATH,
      headers: { authorization: `Bearer ${anna.token}` },
      payload: { order_id: order.orderNumber },
    })
    expect(left.statusCode, left.body).toBe(200)
    const result = ReturnableResultSchema.parse(json<Envelope<unknown>>(left).result)
    expect(result.lines.map((l) => [l.sku, l.ordered, l.returnable])).toEqual([['LAMP', 3, 1]])
    expect(Date.parse(result.return_until)).toBeGreaterThan(Date.now() + 12 * DAY)

    expect(await returned({ order_id: order.orderNumber, reason: 'other', lines: [{ sku: 'LAMP', qty: 1 }] }, anna.token)).toBe(`R${order.orderNumber}-2`)
    expect(await refusal('LAMP', 1)).toBe(`lines (LAMP): ${RETURN_MESSAGES.tooMany}`)
  })

  it("refuses another customer's order as unknown, and a customer's order without a token", async () => {
    const anna = await signedUpCustomer(server.app, newEmail())
    const bram = await signedUpCustomer(server.app, newEmail())
    const order = await placeOrder([{ sku: 'LAMP', qty: 1 }], { token: anna.token })
    await deliveredAgo(order.orderNumber, DAY)
    const line = { order_id: order.orderNumber, reason: 'wrong_item', lines: [{ sku: 'LAMP', qty: 1 }] }
    expect((await sendReturn(line, bram.token)).statusCode).toBe(404)
    expect((await sendReturn(line)).statusCode).toBe(401)
    // a guest's key does not open a customer's order
    expect((await sendReturn({ ...line, order_token: 'x'.repeat(32) })).statusCode).toBe(401)
    expect((await sendReturn({ ...line, order_id: '999999999' }, anna.token)).statusCode).toBe(404)
    expect(await server.storage.returns.listForOrder((await server.storage.orders.findByIncrementId(order.orderNumber))!.id)).toEqual([])
  })

  it("takes a guest's return with the order's key and refuses it without or with another key", async () => {
    const order = await placeOrder([{ sku: 'LAMP', qty: 1 }])
    expect(order.order_token).toBeTruthy()
    await deliveredAgo(order.orderNumber, DAY)
    const line = { order_id: order.orderNumber, reason: 'wrong_size', lines: [{ sku: 'LAMP', qty: 1 }] }
    expect((await sendReturn(line)).statusCode).toBe(404)
    expect((await sendReturn({ ...line, order_token: `${order.order_token!.slice(0, -1)}${order.order_token!.endsWith('A') ? 'B' : 'A'}` })).statusCode).toBe(
      404,
    )
    // a customer's token gives no one a guest's order
    const anna = await signedUpCustomer(server.app, newEmail())
    expect((await sendReturn(line, anna.token)).statusCode).toBe(404)
    expect(await returned({ ...line, order_token: order.order_token })).toBe(`R${order.orderNumber}-1`)
  })
})

describe('returns: the mail and the shop’s decisions', () => {
  it("mails the return number and what to do in the order's language", async () => {
    const email = newEmail()
    const order = await placeOrder([{ sku: 'LAMP', qty: 2 }], { store: 'nl', email })
    await deliveredAgo(order.orderNumber, DAY)
    const number = await returned({ order_id: order.orderNumber, order_token: order.order_token, reason: 'damaged', lines: [{ sku: 'LAMP', qty: 2 }] })
    const [mail, ...more] = mailsTo(email).filter((f) => f.mail.subject.includes(number))
    expect(more).toEqual([])
    expect(mail!.mail.subject).toBe(`Je retour ${number} voor bestelling ${order.orderNumber}`)
    expect(mail!.mail.text).toContain('Reden: Beschadigd of defect')
    expect(mail!.mail.text).toContain(`Stuur deze artikelen binnen 14 dagen, met het retournummer ${number} in het pakket, naar:`)
    expect(mail!.mail.text).toContain('Oudegracht 100')
    expect(mail!.mail.text).toMatch(/2 × \S/)
    expect(mail!.mail.html).toContain('<html lang="nl-NL"')

    const frEmail = newEmail()
    const frOrder = await placeOrder([{ sku: 'LAMP', qty: 1 }], { store: 'fr', email: frEmail })
    await deliveredAgo(frOrder.orderNumber, DAY)
    const frNumber = await returned({ order_id: frOrder.orderNumber, order_token: frOrder.order_token, reason: 'other', lines: [{ sku: 'LAMP', qty: 1 }] })
    // the order's own confirmation went to the same address
    const [frMail] = mailsTo(frEmail).filter((f) => f.mail.subject.includes(frNumber))
    expect(frMail!.mail.subject).toBe(`Votre retour ${frNumber} pour la commande ${frOrder.orderNumber}`)
    expect(frMail!.mail.text).toContain('Motif\u202f: Une autre raison')
  })

  it('marks an order delivered and a return received through the import endpoint: the stock comes back once, with its back-in-stock mail', async () => {
    const anna = await signedUpCustomer(server.app, newEmail())
    const all = (await stockOf('BOOK')).qty
    const order = await placeOrder([{ sku: 'BOOK', qty: all }], { token: anna.token })
    expect(await stockOf('BOOK')).toMatchObject({ qty: 0, is_in_stock: false })
    expect(await docInStock('BOOK')).toEqual([false, false, false, false])
    const watcher = newEmail()
    const subscribed = await server.app.inject({ method: 'POST', url: STOCK_SUBSCRIPTION_PATH, payload: { email: watcher, sku: 'BOOK' } })
    expect(subscribed.statusCode, subscribed.body).toBe(200)

    const delivered = await importBatch({ storeViews: { en: { deliveries: [{ order_number: order.orderNumber }] } } })
    expect(delivered.statusCode, delivered.body).toBe(200)
    expect((await server.storage.orders.findByIncrementId(order.orderNumber))!.status).toBe('complete')
    // another store view's order number is not this one's
    expect((await importBatch({ storeViews: { nl: { deliveries: [{ order_number: order.orderNumber }] } } })).statusCode).toBe(400)

    const number = await returned({ order_id: order.orderNumber, reason: 'changed_mind', lines: [{ sku: 'BOOK', qty: 2 }] }, anna.token)
    expect((await stockOf('BOOK')).qty).toBe(0)
    const received = await importBatch({ storeViews: { en: { returns: [{ return_number: number, status: 'received' }] } } })
    expect(received.statusCode, received.body).toBe(200)
    expect(await stockOf('BOOK')).toMatchObject({ qty: 2, is_in_stock: true })
    // the catalogue's documents say so in every store view: the product page offers it again
    expect(await docInStock('BOOK')).toEqual([true, true, true, true])
    expect(mailsTo(watcher)).toHaveLength(1)

    // a decision sent again gives nothing back a second time
    expect((await importBatch({ storeViews: { en: { returns: [{ return_number: number, status: 'received' }] } } })).statusCode).toBe(200)
    expect((await stockOf('BOOK')).qty).toBe(2)
    // an unknown return refuses the batch; a return is never deleted
    expect((await importBatch({ storeViews: { en: { returns: [{ return_number: 'R1-1', status: 'received' }] } } })).statusCode).toBe(400)
    expect((await importBatch({ storeViews: { en: { delete: { returns: [number] } } } })).statusCode).toBe(400)
  })

  it('frees the quantities of a refused return, and gives no stock back for it', async () => {
    const anna = await signedUpCustomer(server.app, newEmail())
    const order = await placeOrder([{ sku: 'LAMP', qty: 1 }], { token: anna.token })
    await deliveredAgo(order.orderNumber, DAY)
    const line = { order_id: order.orderNumber, reason: 'damaged', lines: [{ sku: 'LAMP', qty: 1 }] }
    const first = await returned(line, anna.token)
    expect((await sendReturn(line, anna.token)).statusCode).toBe(400)
    const before = (await stockOf('LAMP')).qty
    expect((await importBatch({ storeViews: { en: { returns: [{ return_number: first, status: 'refused' }] } } })).statusCode).toBe(200)
    expect((await stockOf('LAMP')).qty).toBe(before)
    expect(await returned(line, anna.token)).toBe(`R${order.orderNumber}-2`)
  })
})

describe('returns: the links that lead to it', () => {
  /** The order confirmation mailed to `email` for order `number` (sent after the order's commit). */
  async function confirmation(email: string, number: string) {
    await expect.poll(() => mailsTo(email).filter((f) => f.mail.subject.includes(number)).length, { timeout: 10_000 }).toBe(1)
    return mailsTo(email).find((f) => f.mail.subject.includes(number))!.mail
  }

  it("a guest's order confirmation links to the returns form with the order's number and key; a customer's to their orders", async () => {
    const email = newEmail()
    const order = await placeOrder([{ sku: 'LAMP', qty: 1 }], { store: 'nl', email })
    expect(order.order_token).toBeTruthy()
    const mail = await confirmation(email, order.orderNumber)
    const link = `/nl/submit-return?order=${order.orderNumber}&token=${order.order_token}`
    expect(mail.text).toMatch(new RegExp(`Je kunt artikelen tot 14 dagen na de levering terugsturen: http://localhost(:\\d+)?${link.replace(/[?]/g, '\\?')}`))
    expect(mail.html).toContain(link.replace('&', '&amp;'))

    const customerEmail = newEmail()
    const { token } = await signedUpCustomer(server.app, customerEmail)
    const own = await placeOrder([{ sku: 'LAMP', qty: 1 }], { token, email: customerEmail })
    const customerMail = await confirmation(customerEmail, own.orderNumber)
    expect(customerMail.text).toMatch(/You can return items within 14 days of delivery: http:\/\/localhost(:\d+)?\/en\/my-account\/orders\n/)
    // no key of a customer's order in a mail: they sign in
    expect(customerMail.text).not.toContain('submit-return')
  })

  it("the spec's shop-side returns links lead to the storefront's returns pages, in the shopper's store view", async () => {
    const go = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers })
    const guest = await go('/rma/vue/guest', { 'accept-language': 'nl-BE,nl;q=0.9' })
    expect(guest.statusCode).toBe(302)
    expect(guest.headers.location).toBe('/nl/submit-return')
    expect((await go('/rma/vue/guest?storeCode=be')).headers.location).toBe('/be/submit-return')
    expect((await go('/rma/vue/guest', { host: 'fr.localhost:3000' })).headers.location).toBe('/submit-return')
    for (const url of ['/rma/vue/login/token/abc123/customer_id/7', '/rma/vue/login/token/abc123/customer_id/', '/rma/vue/login/token/abc123/']) {
      const customer = await go(url)
      expect(customer.statusCode, url).toBe(302)
      expect(customer.headers.location, url).toBe('/en/my-account/orders')
      expect(customer.headers['cache-control'], url).toContain('no-store')
    }
    expect((await go('/rma/vue/somewhere-else')).statusCode).toBe(404)
  })
})

describe('returns: a mail never lost', () => {
  it('a return whose process died before mailing: its mail was recorded with it, and the mail sweep sends it, once', async () => {
    const email = newEmail()
    const order = await placeOrder([{ sku: 'LAMP', qty: 1 }], { store: 'nl', email })
    await deliveredAgo(order.orderNumber, DAY)
    // the process that stores the return dies before it mails: nothing runs after the commit
    const dying = createReturnService(server.storage, { mails: { due: async () => undefined }, returnDays: 14 })
    const { return_number: number } = await dying.create(
      { order_id: order.orderNumber, order_token: order.order_token, reason: 'damaged', lines: [{ sku: 'LAMP', qty: 1 }] },
      { customerId: null, orderToken: order.order_token },
    )
    const stored = (await server.storage.orders.findByIncrementId(order.orderNumber))!
    expect((await server.storage.orderMails.listForOrder(stored.id)).find((m) => m.kind === `return:${number}`)?.status).toBe('due')
    expect(mailsTo(email).filter((f) => f.mail.subject.includes(number))).toEqual([])

    const mails = createOrderMailService(server.storage, createMailer({ from: 'Polder <shop@polder.example>', smtpUrl: undefined, outboxDir: outbox }), {
      warn: () => undefined,
      error: () => undefined,
    })
    await mails.sweep()
    await mails.sweep()
    const sent = mailsTo(email).filter((f) => f.mail.subject.includes(number))
    expect(sent).toHaveLength(1)
    expect(sent[0]!.mail.subject).toBe(`Je retour ${number} voor bestelling ${order.orderNumber}`)
    expect(sent[0]!.mail.text).toMatch(/1 × \S/)
    expect((await server.storage.orderMails.listForOrder(stored.id)).find((m) => m.kind === `return:${number}`)?.status).toBe('sent')
  })
})

// last: its shop of its own starts on PostgreSQL from a new schema, under the first shop's feet
describe('returns through the data worker (the form’s calls)', () => {
  const shop = useTestServer(() => startCheckoutShop({ listen: true, mail: { from: 'Polder <shop@polder.example>', smtpUrl: undefined, outboxDir: outbox } }))
  const { service } = useDataWorker(shop, 'polder-returns')

  it("answers what a guest's delivered order may return, sends the return with its key, and words the refusals as keys", async () => {
    const created = await shop.app.inject({ method: 'POST', url: '/api/cart/create?storeCode=nl' })
    const cartId = json<Envelope<string>>(created).result
    await shop.app.inject({ method: 'POST', url: `/api/cart/update?cartId=${cartId}`, payload: { cartItem: { quoteId: cartId, sku: 'LAMP', qty: 2 } } })
    const res = await shop.app.inject({ method: 'POST', url: '/api/order', payload: orderBody(cartId, [{ sku: 'LAMP', qty: 2 }], { store_code: 'nl' }) })
    const order = json<Envelope<OrderResult>>(res).result
    const ref = { orderNumber: order.orderNumber, orderToken: order.order_token }

    expect(await service.applyReturnCommand({ type: 'returnable', ...ref })).toEqual({ ok: false, error: 'notDelivered' })
    const row = (await shop.storage.orders.findByIncrementId(order.orderNumber))!
    await shop.storage.orders.changeStatus(row.id, ['pending'], 'complete', new Date(Date.now() - DAY).toISOString())

    const answer = await service.applyReturnCommand({ type: 'returnable', ...ref })
    expect(answer.ok).toBe(true)
    expect(answer.returnable!.lines.map((l) => [l.sku, l.returnable])).toEqual([['LAMP', 2]])
    expect(await service.applyReturnCommand({ type: 'returnable', orderNumber: order.orderNumber, orderToken: 'wrong-key' })).toEqual({
      ok: false,
      error: 'notFound',
    })
    expect(await service.applyReturnCommand({ type: 'send', ...ref, reason: 'damaged', lines: [{ sku: 'LAMP', qty: 3 }] })).toEqual({
      ok: false,
      error: 'invalid',
    })
    expect(await service.applyReturnCommand({ type: 'send', ...ref, reason: 'damaged', lines: [{ sku: 'LAMP', qty: 1 }] })).toEqual({
      ok: true,
      returnNumber: `R${order.orderNumber}-1`,
    })
  })
})
