/**
 * The MultiSafepay adapter on the real server against a local fake of its JSON API v1 (issue 10):
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
import { json, startFixtureShopWith, useTestServer } from './helpers'
import { BE_ADDRESS } from './order-fixtures'
import { eventually, outboxFiles, PRODUCTS, shopCalls } from './payment-fixtures'

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
