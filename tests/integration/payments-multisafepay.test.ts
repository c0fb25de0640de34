/**
 * The MultiSafepay adapter on the real server against a local fake of its JSON API v1:
 * request shape, api_key header, gateway code, status fetched on notification, a forged
 * notification body ignored. PGlite by default, PostgreSQL with DATABASE_URL.
 */
import { mkdtempSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import { MspCreateOrderRequestSchema } from '../../domain/api/payment.schema'
import { createMultiSafepayProvider } from '../../server/payments/multisafepay-provider'
import { createPaymentService } from '../../server/services/payment-service'
import { json, startFixtureShopWith, useTestServer } from './helpers'
import { BE_ADDRESS } from './order-fixtures'
import { eventually, outboxFiles, PRODUCTS, shopCalls } from './payment-fixtures'

interface FakeMsp {
  url: string
  requests: { method: string; path: string; headers: IncomingMessage['headers']; body: unknown }[]
  statuses: Map<string, string>
  refuse: Set<string>
  /** order ids whose create is answered only after this many ms (a slow provider) */
  slow: Map<string, number>
  close(): Promise<void>
}

/** A local fake of MultiSafepay's JSON API v1: POST /orders and GET /orders/{id}, api_key checked. */
async function startFakeMsp(): Promise<FakeMsp> {
  const requests: FakeMsp['requests'] = []
  const statuses = new Map<string, string>()
  const refuse = new Set<string>()
  const slow = new Map<string, number>()
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
        // as MultiSafepay: an order id is taken once, also when its creator never heard the answer
        if (statuses.has(orderId)) return send(200, { success: false, data: {}, error_code: 1006, error_info: 'Duplicate order_id' })
        statuses.set(orderId, 'initialized')
        const answer = () => send(200, { success: true, data: { order_id: orderId, payment_url: `https://payv2.multisafepay.test/connect/${orderId}` } })
        const delay = slow.get(orderId)
        if (delay) return void setTimeout(answer, delay)
        return answer()
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
    slow,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Inside a describe: a fake MultiSafepay for its tests, and the shop using it with `timeoutMs`. */
function useMspShop(timeoutMs: number, outboxDir = mkdtempSync(join(tmpdir(), 'polder-outbox-msp-'))) {
  const fake = {} as { current: FakeMsp }
  beforeAll(async () => {
    fake.current = await startFakeMsp()
  })
  afterAll(async () => {
    await fake.current.close()
  })
  const server = useTestServer(() =>
    startFixtureShopWith(PRODUCTS, {
      payment: { provider: 'multisafepay', apiKey: 'test-api-key', baseUrl: fake.current.url, timeoutMs },
      publicUrl: 'https://shop.example',
      mail: { from: 'Polder <shop@polder.example>', smtpUrl: undefined, outboxDir },
    }),
  )
  return { fake, server }
}

describe('MultiSafepay adapter against a fake of its API', () => {
  const outbox = mkdtempSync(join(tmpdir(), 'polder-outbox-msp-'))
  const shop = useMspShop(5_000, outbox)
  const server = shop.server
  let fake: FakeMsp
  beforeAll(() => {
    fake = shop.fake.current
  })
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

  it('a refused create answers 502 "Payment is not created - …" and keeps the order waiting: the next try makes the next attempt', async () => {
    const { placeOrder, postPayment, created, order, comments } = calls()
    const placed = await placeOrder('nl', 'wallet')
    fake.refuse.add(placed.orderNumber)
    const res = await postPayment(placed.orderNumber)
    expect(res.statusCode, res.body).toBe(502)
    expect(json<Envelope<string>>(res).result).toMatch(/^Payment is not created - MultiSafepay refused: Gateway unavailable \(1023\)$/)
    expect((await order(placed.orderNumber)).status).toBe('pending_payment')
    expect(await comments(placed.orderNumber)).toEqual(['pending_payment'])
    const comment = (await server.storage.payments.listComments((await order(placed.orderNumber)).id))[0]!
    expect(comment.comment).toMatch(/^Payment could not be created: MultiSafepay refused/)
    // the shopper tries again: MultiSafepay would refuse the order number twice, so the attempt has its own
    const retried = await created(placed.orderNumber)
    expect(retried.payment_gateway_url).toBe(`https://payv2.multisafepay.test/connect/${placed.orderNumber}-2`)
    expect((await order(placed.orderNumber)).status).toBe('pending_payment')
    // the paid second attempt pays the order
    fake.statuses.set(`${placed.orderNumber}-2`, 'completed')
    await server.app.inject({ method: 'POST', url: `/api/ext/payment/notification?transactionid=${placed.orderNumber}-2&timestamp=1` })
    expect((await order(placed.orderNumber)).status).toBe('processing')
  })

  it('a double click: concurrent post-payments make one payment and all answer its page', async () => {
    const { placeOrder, postPayment, order } = calls()
    const placed = await placeOrder('be', 'bancontact', BE_ADDRESS)
    fake.slow.set(placed.orderNumber, 400)
    const creates = () =>
      fake.requests.filter((r) => r.method === 'POST' && (r.body as { order_id?: string } | undefined)?.order_id?.startsWith(placed.orderNumber))
    const answers = await Promise.all([postPayment(placed.orderNumber), postPayment(placed.orderNumber), postPayment(placed.orderNumber)])
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200)
    const pages = new Set(answers.map((a) => json<Envelope<{ payment_gateway_url: string }>>(a).result.payment_gateway_url))
    expect([...pages]).toEqual([`https://payv2.multisafepay.test/connect/${placed.orderNumber}`])
    expect(creates()).toHaveLength(1)
    expect((await order(placed.orderNumber)).status).toBe('pending_payment')
    // and again later: the same page, no new payment
    const later = await postPayment(placed.orderNumber)
    expect(json<Envelope<{ payment_gateway_url: string }>>(later).result.payment_gateway_url).toBe(
      `https://payv2.multisafepay.test/connect/${placed.orderNumber}`,
    )
    expect(creates()).toHaveLength(1)
  })

  it('a payment that settles after its order was cancelled is recorded on the order and reported to the shop', async () => {
    const { placeOrder, created, status, order, comments } = calls()
    const placed = await placeOrder('nl', 'ideal')
    await created(placed.orderNumber)
    fake.statuses.set(placed.orderNumber, 'cancelled')
    expect((await status(placed.orderNumber)).order_status).toBe('canceled')
    // the bank confirms after all
    fake.statuses.set(placed.orderNumber, 'completed')
    const res = await server.app.inject({ method: 'POST', url: `/api/ext/payment/notification?transactionid=${placed.orderNumber}&timestamp=2` })
    expect(res.body).toBe('OK')
    expect((await order(placed.orderNumber)).status).toBe('canceled')
    expect(await comments(placed.orderNumber)).toEqual(['pending_payment', 'canceled', 'canceled'])
    const notes = await server.storage.payments.listComments((await order(placed.orderNumber)).id)
    expect(notes.at(-1)!.comment).toBe(`Payment received while the order is canceled (multisafepay ${placed.orderNumber}): refund it or reinstate the order`)
    const alert = await eventually(() => outboxFiles(outbox).find((f) => f.mail.subject === `Payment received for canceled order ${placed.orderNumber}`))
    expect(JSON.stringify(alert.mail.to)).toContain('shop@polder.example')
    // a second notification reports nothing more
    await server.app.inject({ method: 'POST', url: `/api/ext/payment/notification?transactionid=${placed.orderNumber}&timestamp=3` })
    expect(await comments(placed.orderNumber)).toHaveLength(3)
  })

  it('payments open at the provider are asked about again, so a lost notification leaves no settled payment unseen', async () => {
    const { placeOrder, created, order } = calls()
    const paid = await placeOrder('nl', 'ideal')
    const open = await placeOrder('nl', 'ideal')
    await created(paid.orderNumber)
    await created(open.orderNumber)
    // paid at MultiSafepay; its notification never arrived (the shop was down)
    fake.statuses.set(paid.orderNumber, 'completed')
    const provider = createMultiSafepayProvider({ apiKey: 'test-api-key', baseUrl: fake.url, timeoutMs: 5_000, fetch })
    // a process started two minutes on: both payments are old enough to be asked about
    const later = () => new Date(Date.now() + 120_000)
    const recheck = createPaymentService(server.storage, { provider, clock: later })
    expect(await recheck.recheckOpen(500)).toBeGreaterThanOrEqual(1)
    expect((await order(paid.orderNumber)).status).toBe('processing')
    expect((await order(open.orderNumber)).status).toBe('pending_payment')
  })
})

describe('MultiSafepay that does not answer in time', () => {
  const shop = useMspShop(300)
  const server = shop.server
  let fake: FakeMsp
  beforeAll(() => {
    fake = shop.fake.current
  })

  it('never cancels the order: it keeps waiting, and the shopper can try again', async () => {
    const { placeOrder, postPayment, created, order } = shopCalls(server)
    const placed = await placeOrder('nl', 'ideal')
    fake.slow.set(placed.orderNumber, 1_000)
    const res = await postPayment(placed.orderNumber)
    expect(res.statusCode, res.body).toBe(502)
    expect(json<Envelope<string>>(res).result).toBe('Payment is not created - MultiSafepay did not answer within 300 ms')
    expect((await order(placed.orderNumber)).status).toBe('pending_payment')
    const retried = await created(placed.orderNumber)
    expect(retried.payment_gateway_url).toBe(`https://payv2.multisafepay.test/connect/${placed.orderNumber}-2`)
    expect((await order(placed.orderNumber)).status).toBe('pending_payment')
  })
})
