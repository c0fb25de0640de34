/**
 * Stock hoarding (the real server on real storage): an unpaid order holds its stock only for its
 * method's hold (domain/unpaid-hold), then the shop cancels it, gives the stock back and mails the
 * shopper; a payment open at the provider is asked about first. Several processes may sweep at
 * once. Orders are limited per client address.
 *
 * Time is moved by giving the sweeping service (and the sandbox provider it asks) a clock days
 * ahead, as a process running then would have.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_UNPAID_HOLDS } from '../../domain/unpaid-hold'
import { DEFAULT_LIMITS } from '../../server/config'
import { createSandboxProvider } from '../../server/payments/sandbox-provider'
import { createPaymentService } from '../../server/services/payment-service'
import { startFixtureShopWith, useTestServer } from './helpers'
import { BE_ADDRESS, NL_ADDRESS } from './order-fixtures'
import { eventually, outboxFiles, PRODUCTS, shopCalls } from './payment-fixtures'

// one shop at a time (on PostgreSQL they share the database)
describe('unpaid orders hold their stock for a limited time', () => {
  const outbox = mkdtempSync(join(tmpdir(), 'polder-unpaid-'))
  const server = useTestServer(() =>
    startFixtureShopWith(PRODUCTS, { mail: { from: 'Polder <shop@polder.example>', smtpUrl: undefined, outboxDir: outbox, sweepMs: 200 } }),
  )

  const DAY = 86_400_000
  /** A process sweeping `ms` from now, asking a provider that lives in the same time. */
  function sweeperAt(ms: number) {
    const clock = () => new Date(Date.now() + ms)
    return createPaymentService(server.storage, { provider: createSandboxProvider(server.storage.sandboxPayments, clock).provider, clock })
  }
  const stockOf = async (sku: string) => Number((await server.storage.stock.lockForUpdate([sku]))[0]!.qty)

  it('a bank transfer nobody paid is cancelled after 7 days, its stock back and its shopper told, once however many processes sweep', async () => {
    const { placeOrder, order } = shopCalls(server)
    const before = await stockOf('PAY-MUG')
    const placed = await placeOrder('nl', 'banktransfer')
    expect(await stockOf('PAY-MUG')).toBe(before - 2)
    // six days on: still held
    expect(await sweeperAt(6 * DAY).expireUnpaid(DEFAULT_UNPAID_HOLDS)).toBe(0)
    expect((await order(placed.orderNumber)).status).toBe('pending')
    // eight days on, three processes at once
    const counts = await Promise.all([1, 2, 3].map(() => sweeperAt(8 * DAY).expireUnpaid(DEFAULT_UNPAID_HOLDS)))
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1)
    expect((await order(placed.orderNumber)).status).toBe('canceled')
    expect(await stockOf('PAY-MUG')).toBe(before)
    const comments = await server.storage.payments.listComments((await order(placed.orderNumber)).id)
    expect(comments.at(-1)!.comment).toBe('Not paid within 7 days: cancelled, its stock given back')
    const mail = await eventually(() => outboxFiles(outbox).find((f) => f.mail.subject === `Je bestelling ${placed.orderNumber} bij Polder is geannuleerd`))
    expect(JSON.stringify(mail.mail.to)).toContain(NL_ADDRESS.email)
    expect(mail.mail.text).toContain('niet op tijd ontvangen')
    expect(outboxFiles(outbox).filter((f) => f.mail.subject.includes(`${placed.orderNumber} bij Polder is geannuleerd`))).toHaveLength(1)
  })

  it('a provider order asks the provider first: paid there, it is paid; its page expired, it is cancelled', async () => {
    const { placeOrder, created, order } = shopCalls(server)
    const paid = await placeOrder('be', 'bancontact', BE_ADDRESS)
    const expired = await placeOrder('fr', 'creditcard', BE_ADDRESS)
    const unasked = await placeOrder('en', 'ideal')
    const paidPage = await created(paid.orderNumber)
    await created(expired.orderNumber)
    // paid on the page; the notification never came
    await server.storage.sandboxPayments.settle(
      new URL(paidPage.payment_gateway_url).pathname.split('/').pop()!,
      'bancontact',
      'paid',
      new Date().toISOString(),
    )
    // an hour on: within the provider hold (2 hours), nothing moves
    expect(await sweeperAt(3_600_000).expireUnpaid(DEFAULT_UNPAID_HOLDS)).toBe(0)
    expect(await sweeperAt(3 * 3_600_000).expireUnpaid(DEFAULT_UNPAID_HOLDS)).toBe(2)
    expect((await order(paid.orderNumber)).status).toBe('processing')
    expect((await order(expired.orderNumber)).status).toBe('canceled')
    // never sent to the provider: nothing to ask, cancelled
    expect((await order(unasked.orderNumber)).status).toBe('canceled')
    await eventually(() => outboxFiles(outbox).find((f) => f.mail.subject === `Votre commande ${expired.orderNumber} chez Polder a été annulée`))
  })

  it('pay-at-pickup orders are held 14 days, cash on delivery for ever', async () => {
    const { placeOrder, order } = shopCalls(server)
    const pickup = await placeOrder('nl', 'payatpickup', NL_ADDRESS, 'storepickup')
    const cod = await placeOrder('nl', 'cashondelivery')
    await sweeperAt(10 * DAY).expireUnpaid(DEFAULT_UNPAID_HOLDS)
    expect((await order(pickup.orderNumber)).status).toBe('pending')
    await sweeperAt(15 * DAY).expireUnpaid(DEFAULT_UNPAID_HOLDS)
    expect((await order(pickup.orderNumber)).status).toBe('canceled')
    expect((await order(cod.orderNumber)).status).toBe('pending')
  })
})

describe('orders per client address', () => {
  const limited = useTestServer(() => startFixtureShopWith(PRODUCTS, { limits: { ...DEFAULT_LIMITS, ordersPerMinute: 3 } }))

  it('answers 429 with Retry-After past the limit, without storing the order', async () => {
    const { placeOrder } = shopCalls(limited)
    for (let i = 0; i < 3; i++) await placeOrder('en', 'banktransfer')
    const count = await limited.storage.orders.count()
    const created = await limited.app.inject({ method: 'POST', url: '/api/cart/create?storeCode=en' })
    const cartId = (JSON.parse(created.body) as { result: string }).result
    const res = await limited.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        order_id: 'over-the-limit',
        cart_id: cartId,
        products: [],
        addressInformation: { billingAddress: NL_ADDRESS, payment_method_code: 'banktransfer' },
      },
    })
    expect(res.statusCode).toBe(429)
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    expect(await limited.storage.orders.count()).toBe(count)
  })
})
