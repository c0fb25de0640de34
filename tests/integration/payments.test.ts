/**
 * The payment provider service and the order confirmation mail on the real server.
 * Sandbox (the default): post-payment → the sandbox's page → the shopper's choice → our webhook →
 * the order's status, asked of the provider; the browser cannot set a status. The outbox: one file
 * per mail in the store view's language; a mail that cannot be sent never fails the order.
 * MultiSafepay: payments-multisafepay.test.ts. PGlite by default, PostgreSQL with DATABASE_URL.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import { PaymentMethodsAnswerSchema, type PostPaymentAnswer } from '../../domain/api/payment.schema'
import type { TestServerOptions } from './helpers'
import { json, startFixtureShopWith, useTestServer } from './helpers'
import { BE_ADDRESS, NL_ADDRESS } from './order-fixtures'
import { eventually, eventuallyAsync, outboxFiles, PRODUCTS, shopCalls } from './payment-fixtures'

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

  it('a payment page and its callbacks never follow the Host a caller names (no PUBLIC_URL: this machine)', async () => {
    const { placeOrder } = calls()
    const placed = await placeOrder('nl', 'ideal')
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/ext/payment/post-payment',
      headers: { host: 'evil.example' },
      payload: { order_id: placed.orderNumber, order_token: placed.order_token },
    })
    expect(res.statusCode, res.body).toBe(200)
    const page = new URL(json<Envelope<PostPaymentAnswer>>(res).result.payment_gateway_url)
    expect(page.hostname).toBe('localhost')
    const stored = await server.storage.sandboxPayments.find(page.pathname.split('/').pop()!)
    for (const url of [stored!.return_url, stored!.cancel_url, stored!.notification_url]) expect(new URL(url).hostname).toBe('localhost')
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
    expect(JSON.stringify(mail.mail.to)).toContain(NL_ADDRESS.email)
    expect((await postPayment('999999999')).statusCode).toBe(404)
    expect((await postPayment('')).statusCode).toBe(400)
  })
})

describe('sandbox payments under double submits and outages', () => {
  const server = useTestServer(() => startFixtureShopWith(PRODUCTS))
  const pathOf = (url: string) => new URL(url).pathname
  const submit = (path: string, result: string) =>
    server.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `method=ideal&result=${result}` })

  it('paid in one tab and cancelled in another at once: both end on the page of what was recorded', async () => {
    const { placeOrder, created, order } = shopCalls(server)
    for (let round = 0; round < 6; round++) {
      const placed = await placeOrder('en', 'ideal')
      const path = pathOf((await created(placed.orderNumber)).payment_gateway_url)
      const answers = await Promise.all([submit(path, 'paid'), submit(path, 'cancelled'), submit(path, 'paid'), submit(path, 'cancelled')])
      const stored = (await order(placed.orderNumber)).status
      expect(['processing', 'canceled']).toContain(stored)
      const page = stored === 'processing' ? `/en/success?order=${placed.orderNumber}` : `/en/cancel?order=${placed.orderNumber}`
      for (const answer of answers) expect(new URL(answer.headers.location as string).pathname + new URL(answer.headers.location as string).search).toBe(page)
    }
  })

  it('a provider outage answers 502 and keeps the order; the next try gets a page', async () => {
    const { placeOrder, postPayment, created, order } = shopCalls(server)
    const placed = await placeOrder('nl', 'bancontact')
    const outage = await server.app.inject({ method: 'POST', url: '/payment-sandbox/outage', payload: { creates: 1 } })
    expect(outage.statusCode, outage.body).toBe(200)
    const refused = await postPayment(placed.orderNumber)
    expect(refused.statusCode).toBe(502)
    expect(json<Envelope<string>>(refused).result).toBe('Payment is not created - The sandbox is unavailable (a simulated outage)')
    expect((await order(placed.orderNumber)).status).toBe('pending_payment')
    expect(pathOf((await created(placed.orderNumber)).payment_gateway_url)).toMatch(/^\/payment-sandbox\/sbx_/)
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
    expect(await server.storage.orderMails.listWaiting(5, new Date(0).toISOString(), 10)).toHaveLength(1)
  })
})
