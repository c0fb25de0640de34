/**
 * The payment provider service and the order confirmation mail on the real server (issue 10).
 * Sandbox (the default): post-payment → the sandbox's page → the shopper's choice → our webhook →
 * the order's status, asked of the provider; the browser cannot set a status. MultiSafepay: the
 * adapter against a local fake of its JSON API v1 (request shape, api_key header, gateway code,
 * status fetched on notification, a forged notification body ignored). The outbox: one file per
 * mail in the store view's language. PGlite by default, PostgreSQL with DATABASE_URL.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import type { OrderResult } from '../../domain/api/order.schema'
import {
  MspCreateOrderRequestSchema,
  PaymentMethodsAnswerSchema,
  PaymentStatusAnswerSchema,
  PostPaymentAnswerSchema,
  type PaymentStatusAnswer,
  type PostPaymentAnswer,
} from '../../domain/api/payment.schema'
import type { Product } from '../../domain/product.schema'
import type { TestServerOptions } from './helpers'
import { testProduct } from '../fixtures/catalog'
import { CLOTHING } from './fixtures'
import { json, startFixtureShopWith, useTestServer, type TestServer } from './helpers'
import { BE_ADDRESS, NL_ADDRESS } from './order-fixtures'

const T = '2026-01-01T00:00:00.000Z'
const PRODUCTS: Product[] = [
  testProduct('PAY-MUG', {
    id: 980,
    price: 12,
    category_ids: [CLOTHING],
    category: [{ category_id: CLOTHING, name: 'Clothing' }],
    stock: { qty: 1000, is_in_stock: true, manage_stock: true },
    created_at: T,
    updated_at: T,
  }),
]

let sequence = 0

function outboxFiles(dir: string): { file: string; mail: { subject: string; text: string; html: string; to: unknown } }[] {
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return []
  }
  return names
    .filter((n) => n.endsWith('.json'))
    .map((file) => ({ file, mail: JSON.parse(readFileSync(join(dir, file), 'utf8')) as { subject: string; text: string; html: string; to: unknown } }))
}

async function eventually<T>(read: () => T | undefined, ms = 5_000): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const value = read()
    if (value !== undefined) return value
    if (Date.now() > until) throw new Error('not within time')
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** Calls of the shop as a client makes them, against one test server. */
function shopCalls(server: TestServer) {
  async function placeOrder(store: 'en' | 'nl' | 'be' | 'fr', method: string, address = NL_ADDRESS, carrier = 'flatrate'): Promise<OrderResult> {
    const created = await server.app.inject({ method: 'POST', url: `/api/cart/create?storeCode=${store}` })
    expect(created.statusCode, created.body).toBe(200)
    const cartId = json<Envelope<string>>(created).result
    const added = await server.app.inject({
      method: 'POST',
      url: `/api/cart/update?cartId=${cartId}`,
      payload: { cartItem: { quoteId: cartId, sku: 'PAY-MUG', qty: 2 } },
    })
    expect(added.statusCode, added.body).toBe(200)
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        order_id: `pay-${Date.now()}-${++sequence}`,
        cart_id: cartId,
        store_code: store,
        products: [{ sku: 'PAY-MUG', qty: 2, price: 0.01, name: 'Mug', product_type: 'simple' }],
        addressInformation: {
          shippingAddress: address,
          billingAddress: address,
          shipping_carrier_code: carrier,
          shipping_method_code: carrier,
          payment_method_code: method,
        },
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    return json<Envelope<OrderResult>>(res).result
  }

  async function postPayment(orderId: string, extra: Record<string, unknown> = {}) {
    return server.app.inject({ method: 'POST', url: '/api/ext/payment/post-payment', payload: { order_id: orderId, ...extra } })
  }

  async function created(orderId: string): Promise<PostPaymentAnswer> {
    const res = await postPayment(orderId)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toContain('no-store')
    return PostPaymentAnswerSchema.parse(json<Envelope<PostPaymentAnswer>>(res).result)
  }

  async function status(orderId: string, extra: Record<string, unknown> = {}): Promise<PaymentStatusAnswer> {
    const res = await server.app.inject({ method: 'POST', url: '/api/ext/payment/get-payment-status', payload: { order_id: orderId, ...extra } })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toContain('no-store')
    return PaymentStatusAnswerSchema.parse(json<Envelope<PaymentStatusAnswer>>(res).result)
  }

  async function order(orderNumber: string) {
    return (await server.storage.orders.findByIncrementId(orderNumber))!
  }

  async function comments(orderNumber: string) {
    return (await server.storage.payments.listComments((await order(orderNumber)).id)).map((c) => c.status)
  }

  return { placeOrder, postPayment, created, status, order, comments }
}

describe('sandbox payment provider', () => {
  const outbox = mkdtempSync(join(tmpdir(), 'polder-outbox-'))
  const options: TestServerOptions = { mail: { from: 'Polder <shop@polder.example>', smtpUrl: undefined, outboxDir: outbox } }
  const server = useTestServer(() => startFixtureShopWith(PRODUCTS, options))
  const calls = () => shopCalls(server)
  const pathOf = (url: string) => new URL(url).pathname

  it('lists the eight methods, Bancontact first for Belgium, never cached', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/ext/payment/payment-methods?country=BE' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toContain('no-store')
    const { data } = PaymentMethodsAnswerSchema.parse(json<Envelope<unknown>>(res).result)
    expect(data).toHaveLength(8)
    expect(data[0]).toEqual({ id: 'bancontact', description: 'Bancontact' })
  })

  it('pays a Dutch Bancontact order on the sandbox page: webhook, order processing, status paid, mail in Dutch', async () => {
    const { placeOrder, postPayment, created, status, order, comments } = calls()
    const placed = await placeOrder('nl', 'bancontact')
    expect(placed.status).toBe('pending_payment')

    const payment = await created(placed.orderNumber)
    expect(payment.order_id).toBe(placed.orderNumber)
    expect(payment.amount).toBe(placed.grand_total)
    expect(pathOf(payment.payment_gateway_url)).toMatch(/^\/payment-sandbox\/sbx_[0-9a-f]{32}$/)
    // a second request answers the same payment (the client's amount and addresses are ignored)
    const again = await postPayment(placed.orderNumber, { amount: 0.01, redirectUrl: 'https://evil.example/' })
    expect(json<Envelope<PostPaymentAnswer>>(again).result).toEqual(payment)
    expect(await comments(placed.orderNumber)).toEqual(['pending_payment'])

    const page = await server.app.inject({ method: 'GET', url: pathOf(payment.payment_gateway_url) })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.headers['cache-control']).toContain('no-store')
    expect(page.body).toContain('<html lang="nl-NL">')
    expect(page.body).toContain('Testbetaling')
    expect(page.body).toContain(`Bestelling ${placed.orderNumber}`)
    for (const method of ['ideal', 'bancontact', 'kbc', 'belfius', 'creditcard', 'paypal', 'wallet', 'banktransfer']) {
      expect(page.body).toContain(`value="${method}"`)
    }
    expect(page.body).toMatch(/value="bancontact" checked/)
    expect(page.body).toContain('Bankoverschrijving')

    expect((await status(placed.orderNumber)).status).toBe('pending')

    const submit = await server.app.inject({
      method: 'POST',
      url: pathOf(payment.payment_gateway_url),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'method=bancontact&result=paid',
    })
    expect(submit.statusCode, submit.body).toBe(303)
    expect(submit.headers.location).toBe(`http://localhost/nl/success?order=${placed.orderNumber}`)

    expect((await order(placed.orderNumber)).status).toBe('processing')
    expect(await status(placed.orderNumber)).toEqual({ order_id: placed.orderNumber, status: 'paid', order_status: 'processing' })
    expect(await comments(placed.orderNumber)).toEqual(['pending_payment', 'processing'])

    // the page of a finished payment offers no choice any more, and a second submit changes nothing
    const finished = await server.app.inject({ method: 'GET', url: pathOf(payment.payment_gateway_url) })
    expect(finished.body).toContain('Deze betaling is al afgerond.')
    expect(finished.body).not.toContain('<form')
    const late = await server.app.inject({
      method: 'POST',
      url: pathOf(payment.payment_gateway_url),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'method=bancontact&result=cancelled',
    })
    expect(late.statusCode).toBe(303)
    expect((await order(placed.orderNumber)).status).toBe('processing')

    const mail = await eventually(() => outboxFiles(outbox).find((f) => f.mail.subject.includes(placed.orderNumber)))
    expect(mail.file).toContain(`order-${placed.orderNumber}`)
    expect(mail.mail.subject).toBe(`Je bestelling ${placed.orderNumber} bij Polder`)
    expect(mail.mail.text).toContain(`Bestelnummer: ${placed.orderNumber}`)
    expect(mail.mail.text).toContain('We hebben je betaling ontvangen')
    expect(mail.mail.text).toContain('2 × ')
    expect(mail.mail.text).toContain('Totaal te betalen')
    expect(mail.mail.text).toContain('Dorpsstraat 12')
    expect(mail.mail.html).toContain(`Bestelnummer: ${placed.orderNumber}`)
    // once: a second notification does not send it again
    await server.app.inject({ method: 'POST', url: `/api/ext/payment/notification?transactionid=${pathOf(payment.payment_gateway_url).split('/').pop()}` })
    await new Promise((r) => setTimeout(r, 200))
    expect(outboxFiles(outbox).filter((f) => f.mail.subject.includes(placed.orderNumber))).toHaveLength(1)
  })

  it('cancels a French order cancelled on the sandbox page, and sends no confirmation', async () => {
    const { placeOrder, created, status, order, comments } = calls()
    const placed = await placeOrder('fr', 'kbc', BE_ADDRESS)
    const payment = await created(placed.orderNumber)
    const page = await server.app.inject({ method: 'GET', url: pathOf(payment.payment_gateway_url) })
    expect(page.body).toContain('<html lang="fr-BE">')
    expect(page.body).toContain('Paiement de test')

    const submit = await server.app.inject({
      method: 'POST',
      url: pathOf(payment.payment_gateway_url),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'method=kbc&result=cancelled',
    })
    expect(submit.statusCode).toBe(303)
    expect(submit.headers.location).toBe(`http://localhost/fr/cancel?order=${placed.orderNumber}`)
    expect((await order(placed.orderNumber)).status).toBe('canceled')
    expect(await status(placed.orderNumber)).toEqual({ order_id: placed.orderNumber, status: 'cancelled', order_status: 'canceled' })
    expect(await comments(placed.orderNumber)).toEqual(['pending_payment', 'canceled'])
    // a cancelled order takes no new payment
    expect((await calls().postPayment(placed.orderNumber)).statusCode).toBe(409)
    await new Promise((r) => setTimeout(r, 200))
    expect(outboxFiles(outbox).some((f) => f.mail.subject.includes(placed.orderNumber))).toBe(false)
  })

  it('a failed payment cancels the order and sends the shopper to the cancel page', async () => {
    const { placeOrder, created, order } = calls()
    const placed = await placeOrder('en', 'ideal')
    const payment = await created(placed.orderNumber)
    const submit = await server.app.inject({
      method: 'POST',
      url: pathOf(payment.payment_gateway_url),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'method=creditcard&result=failed',
    })
    expect(submit.headers.location).toBe(`http://localhost/en/cancel?order=${placed.orderNumber}`)
    expect((await order(placed.orderNumber)).status).toBe('canceled')
  })

  it('a pending result keeps the order waiting and sends the shopper to the success page', async () => {
    const { placeOrder, created, status } = calls()
    const placed = await placeOrder('be', 'banktransfer', BE_ADDRESS)
    const payment = await created(placed.orderNumber)
    const submit = await server.app.inject({
      method: 'POST',
      url: pathOf(payment.payment_gateway_url),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'method=banktransfer&result=pending',
    })
    expect(submit.headers.location).toBe(`http://localhost/be/success?order=${placed.orderNumber}`)
    expect(await status(placed.orderNumber)).toEqual({ order_id: placed.orderNumber, status: 'pending', order_status: 'pending' })
  })

  it('the browser cannot set a status: get-payment-status and a forged notification body change nothing', async () => {
    const { placeOrder, created, status, order } = calls()
    const placed = await placeOrder('en', 'paypal')
    const payment = await created(placed.orderNumber)
    expect(await status(placed.orderNumber, { status: 'paid', order_status: 'processing' })).toMatchObject({
      status: 'pending',
      order_status: 'pending_payment',
    })
    const paymentId = pathOf(payment.payment_gateway_url).split('/').pop()!
    const forged = await server.app.inject({
      method: 'POST',
      url: `/api/ext/payment/notification?transactionid=${paymentId}`,
      payload: { status: 'completed', financial_status: 'completed', transactionid: paymentId },
    })
    expect(forged.statusCode).toBe(200)
    expect((await order(placed.orderNumber)).status).toBe('pending_payment')
    const unknown = await server.app.inject({ method: 'POST', url: '/api/ext/payment/notification?transactionid=sbx_nothing' })
    expect(unknown.statusCode).toBe(404)
    // there is no route that takes a status from the browser
    const put = await server.app.inject({ method: 'POST', url: '/api/ext/payment/set-status', payload: { order_id: placed.orderNumber, status: 'paid' } })
    expect(put.statusCode).toBe(404)
    expect((await order(placed.orderNumber)).status).toBe('pending_payment')
  })

  it('refuses a payment for an order paid outside the provider, and mails that order at once in English', async () => {
    const { placeOrder, postPayment } = calls()
    const placed = await placeOrder('en', 'payatpickup', NL_ADDRESS, 'storepickup')
    expect(placed.status).toBe('pending')
    const res = await postPayment(placed.orderNumber)
    expect(res.statusCode, res.body).toBe(409)
    const mail = await eventually(() => outboxFiles(outbox).find((f) => f.mail.subject.includes(placed.orderNumber)))
    expect(mail.mail.subject).toBe(`Your order ${placed.orderNumber} at Polder`)
    expect(mail.mail.text).toContain(`Order number: ${placed.orderNumber}`)
    expect(mail.mail.to).toBeTruthy()
    expect((await postPayment('999999999')).statusCode).toBe(404)
    expect((await postPayment('')).statusCode).toBe(400)
  })
})

interface FakeMsp {
  url: string
  requests: { method: string; path: string; headers: IncomingMessage['headers']; body: unknown }[]
  statuses: Map<string, string>
  refuse: Set<string>
  close(): Promise<void>
}

/** A local fake of MultiSafepay's JSON API v1: POST /orders and GET /orders/{id}, api_key checked. */
async function startFakeMsp(): Promise<FakeMsp> {
  const requests: FakeMsp['requests'] = []
  const statuses = new Map<string, string>()
  const refuse = new Set<string>()
  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')))
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined
      const path = req.url ?? ''
      requests.push({ method: req.method ?? '', path, headers: req.headers, body })
      const send = (code: number, payload: unknown) => {
        res.writeHead(code, { 'content-type': 'application/json' })
        res.end(JSON.stringify(payload))
      }
      if (req.headers.api_key !== 'test-api-key') return send(401, { success: false, data: {}, error_code: 1032, error_info: 'Invalid API key' })
      if (req.method === 'POST' && path === '/v1/json/orders') {
        const orderId = String(body?.order_id)
        if (refuse.has(orderId)) return send(200, { success: false, data: {}, error_code: 1023, error_info: 'Gateway unavailable' })
        statuses.set(orderId, 'initialized')
        return send(200, { success: true, data: { order_id: orderId, payment_url: `https://payv2.multisafepay.test/connect/${orderId}` } })
      }
      const match = /^\/v1\/json\/orders\/([^/?]+)$/.exec(path)
      if (req.method === 'GET' && match) {
        const id = decodeURIComponent(match[1]!)
        const status = statuses.get(id)
        if (!status) return send(200, { success: false, data: {}, error_code: 1006, error_info: 'Invalid transaction ID' })
        return send(200, { success: true, data: { order_id: id, status, financial_status: status, amount: 100, currency: 'EUR' } })
      }
      send(404, { success: false, data: {}, error_code: 404, error_info: 'Not found' })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/v1/json`,
    requests,
    statuses,
    refuse,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('MultiSafepay adapter against a fake of its API', () => {
  const outbox = mkdtempSync(join(tmpdir(), 'polder-outbox-msp-'))
  let fake: FakeMsp
  beforeAll(async () => {
    fake = await startFakeMsp()
  })
  afterAll(async () => {
    await fake.close()
  })
  const server = useTestServer(() =>
    startFixtureShopWith(PRODUCTS, {
      payment: { provider: 'multisafepay', apiKey: 'test-api-key', baseUrl: fake.url, timeoutMs: 5_000 },
      publicUrl: 'https://shop.example',
      mail: { from: 'Polder <shop@polder.example>', smtpUrl: undefined, outboxDir: outbox },
    }),
  )
  const calls = () => shopCalls(server)

  it('creates a redirect order with the api_key header, the gateway code, cents and our addresses', async () => {
    const { placeOrder, created } = calls()
    const placed = await placeOrder('be', 'bancontact', BE_ADDRESS)
    const payment = await created(placed.orderNumber)
    expect(payment.payment_gateway_url).toBe(`https://payv2.multisafepay.test/connect/${placed.orderNumber}`)
    const sent = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/json/orders')
    expect(sent).toHaveLength(1)
    expect(sent[0]!.headers.api_key).toBe('test-api-key')
    const body = MspCreateOrderRequestSchema.parse(sent[0]!.body)
    expect(body).toMatchObject({
      type: 'redirect',
      order_id: placed.orderNumber,
      gateway: 'MISTERCASH',
      currency: 'EUR',
      amount: Math.round(placed.grand_total * 100),
      payment_options: {
        notification_url: 'https://shop.example/api/ext/payment/notification',
        notification_method: 'POST',
        redirect_url: `https://shop.example/be/success?order=${placed.orderNumber}`,
        cancel_url: `https://shop.example/be/cancel?order=${placed.orderNumber}`,
      },
      customer: { locale: 'nl_BE', email: 'luc@example.be', country: 'BE' },
    })
  })

  it('on a notification asks the API for the status: a forged body is ignored, completed makes the order paid', async () => {
    const { placeOrder, created, order, status, comments } = calls()
    const placed = await placeOrder('nl', 'ideal')
    await created(placed.orderNumber)
    const fetchesBefore = fake.requests.filter((r) => r.method === 'GET').length
    const forged = await server.app.inject({
      method: 'POST',
      url: `/api/ext/payment/notification?transactionid=${placed.orderNumber}&timestamp=1767225600`,
      payload: { order_id: placed.orderNumber, status: 'completed', financial_status: 'completed' },
    })
    expect(forged.statusCode).toBe(200)
    expect(forged.body).toBe('OK')
    const fetches = fake.requests.filter((r) => r.method === 'GET')
    expect(fetches.length).toBe(fetchesBefore + 1)
    expect(fetches.at(-1)!.path).toBe(`/v1/json/orders/${placed.orderNumber}`)
    expect(fetches.at(-1)!.headers.api_key).toBe('test-api-key')
    expect((await order(placed.orderNumber)).status).toBe('pending_payment')

    fake.statuses.set(placed.orderNumber, 'completed')
    const real = await server.app.inject({ method: 'GET', url: `/api/ext/payment/notification?transactionid=${placed.orderNumber}&timestamp=1767225660` })
    expect(real.body).toBe('OK')
    expect((await order(placed.orderNumber)).status).toBe('processing')
    expect(await status(placed.orderNumber)).toEqual({ order_id: placed.orderNumber, status: 'paid', order_status: 'processing' })
    expect(await comments(placed.orderNumber)).toEqual(['pending_payment', 'processing'])
    const mail = await eventually(() => outboxFiles(outbox).find((f) => f.mail.subject.includes(placed.orderNumber)))
    expect(mail.mail.subject).toBe(`Je bestelling ${placed.orderNumber} bij Polder`)
  })

  it('a declined payment cancels the order; get-payment-status asks the API too', async () => {
    const { placeOrder, created, status, order } = calls()
    const placed = await placeOrder('fr', 'creditcard', BE_ADDRESS)
    await created(placed.orderNumber)
    fake.statuses.set(placed.orderNumber, 'declined')
    expect(await status(placed.orderNumber)).toEqual({ order_id: placed.orderNumber, status: 'failed', order_status: 'canceled' })
    expect((await order(placed.orderNumber)).status).toBe('canceled')
  })

  it('a refused create answers 502 "Payment is not created - …" and cancels the order with the reason', async () => {
    const { placeOrder, postPayment, order, comments } = calls()
    const placed = await placeOrder('nl', 'wallet')
    fake.refuse.add(placed.orderNumber)
    const res = await postPayment(placed.orderNumber)
    expect(res.statusCode, res.body).toBe(502)
    expect(json<Envelope<string>>(res).result).toMatch(/^Payment is not created - MultiSafepay refused: Gateway unavailable \(1023\)$/)
    expect((await order(placed.orderNumber)).status).toBe('canceled')
    expect(await comments(placed.orderNumber)).toEqual(['canceled'])
    const comment = (await server.storage.payments.listComments((await order(placed.orderNumber)).id))[0]!
    expect(comment.comment).toMatch(/^Payment could not be created: /)
  })
})

describe('a mail that cannot be sent', () => {
  // an outbox under a file cannot be created: every send fails
  const server = useTestServer(() =>
    startFixtureShopWith(PRODUCTS, { mail: { from: 'Polder <shop@polder.example>', smtpUrl: undefined, outboxDir: '/dev/null/outbox' } }),
  )

  it('never fails the order: the failure is recorded for the retry', async () => {
    const { placeOrder, order } = shopCalls(server)
    const placed = await placeOrder('nl', 'cashondelivery')
    expect(placed.status).toBe('pending')
    const id = (await order(placed.orderNumber)).id
    const [mail] = await eventuallyAsync(async () => {
      const mails = await server.storage.orderMails.listForOrder(id)
      return mails[0]?.status === 'failed' ? mails : undefined
    })
    expect(mail).toMatchObject({ kind: 'order_confirmation', status: 'failed', attempts: 1 })
    expect(mail!.last_error).toContain('outbox')
    expect(await server.storage.orderMails.listRetryable(5, 10)).toHaveLength(1)
  })
})

async function eventuallyAsync<T>(read: () => Promise<T | undefined>, ms = 5_000): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const value = await read()
    if (value !== undefined) return value
    if (Date.now() > until) throw new Error('not within time')
    await new Promise((r) => setTimeout(r, 50))
  }
}
