/**
 * Order mails that survive a process dying at any point (the real server on real storage; PGlite by
 * default, PostgreSQL with DATABASE_URL). The confirmation is recorded due in the transaction that
 * stores the order or its payment; the sweep (here every 200 ms) sends what a dead process left due
 * or claimed, and a mail sent again after a crash is still one mail in the outbox.
 *
 * A process that died right after its commit is played by a second order or payment service on the
 * same storage that has nothing to run after the commit, as a killed process runs nothing.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import { DEFAULT_VAT_SETTINGS } from '../../domain/vat-rule'
import { createSandboxProvider } from '../../server/payments/sandbox-provider'
import type { OrderBody } from '../../domain/api/order.schema'
import { createMailer, type Mailer } from '../../server/mail/mailer'
import { createOrderService } from '../../server/services/order-service'
import { CONFIRMATION, createOrderMailService } from '../../server/services/order-mail-service'
import type { OrderRow } from '../../server/storage/order-repository'
import { createPaymentService } from '../../server/services/payment-service'
import { json, startFixtureShopWith, useTestServer } from './helpers'
import { orderBody } from './order-fixtures'
import { eventually, eventuallyAsync, outboxFiles, PRODUCTS, shopCalls } from './payment-fixtures'

// each describe has its shop of its own, one at a time: on PostgreSQL they share the database, and
// the first one's sweep would send what the second one's tests leave claimed
describe('an order confirmation when the process dies', () => {
  const outbox = mkdtempSync(join(tmpdir(), 'polder-mail-crash-'))
  const server = useTestServer(() =>
    startFixtureShopWith(PRODUCTS, {
      mail: { from: 'Polder <shop@polder.example>', smtpUrl: undefined, outboxDir: outbox, sweepMs: 200, claimStaleMs: 1_000 },
    }),
  )

  const confirmationsOf = (orderNumber: string) => outboxFiles(outbox).filter((f) => f.mail.subject.includes(orderNumber))

  async function cartWithMug(store = 'en'): Promise<string> {
    const created = await server.app.inject({ method: 'POST', url: `/api/cart/create?storeCode=${store}` })
    const cartId = json<Envelope<string>>(created).result
    const added = await server.app.inject({
      method: 'POST',
      url: `/api/cart/update?cartId=${cartId}`,
      payload: { cartItem: { quoteId: cartId, sku: 'PAY-MUG', qty: 1 } },
    })
    expect(added.statusCode, added.body).toBe(200)
    return cartId
  }

  async function mailRow(orderNumber: string) {
    const order = (await server.storage.orders.findByIncrementId(orderNumber))!
    return (await server.storage.orderMails.listForOrder(order.id)).find((m) => m.kind === CONFIRMATION)
  }

  it('after the order was committed: the mail was recorded with it, and the sweep sends it', async () => {
    // the process that stored the order dies before it mails: nothing runs after the commit
    const dying = createOrderService(server.storage, { vat: DEFAULT_VAT_SETTINGS })
    const placed = await dying.place(orderBody(await cartWithMug(), [{ sku: 'PAY-MUG', qty: 1 }]) as unknown as OrderBody, 'en')
    expect(placed.result.status).toBe('pending')
    const mail = await eventually(() => confirmationsOf(placed.result.orderNumber)[0], 5_000)
    expect(mail.mail.subject).toBe(`Your order ${placed.result.orderNumber} at Polder`)
    expect((await mailRow(placed.result.orderNumber))?.status).toBe('sent')
  })

  it("after the provider's payment was committed: the paid order's confirmation is recorded with it, and sent", async () => {
    const { placeOrder, created } = shopCalls(server)
    const placed = await placeOrder('nl', 'ideal')
    const payment = await created(placed.orderNumber)
    const paymentId = new URL(payment.payment_gateway_url).pathname.split('/').pop()!
    // the shopper pays; the process that hears of it dies after the commit (no notification reaches the app)
    await server.storage.sandboxPayments.settle(paymentId, 'ideal', 'paid', new Date().toISOString())
    const dying = createPaymentService(server.storage, { provider: createSandboxProvider(server.storage.sandboxPayments).provider })
    expect((await dying.paymentStatus(placed.orderNumber, null, placed.order_token)).order_status).toBe('processing')
    const mail = await eventually(() => confirmationsOf(placed.orderNumber)[0], 5_000)
    expect(mail.mail.subject).toContain(placed.orderNumber)
  })
})

describe('an order confirmation claimed by a process that died', () => {
  // this shop sweeps only at start: the test runs the sweep (the same service the app runs) itself
  const quiet = mkdtempSync(join(tmpdir(), 'polder-mail-claims-'))
  const mail = { from: 'Polder <shop@polder.example>', smtpUrl: undefined, outboxDir: quiet, sweepMs: 3_600_000, claimStaleMs: 1_000 }
  const shop = useTestServer(() => startFixtureShopWith(PRODUCTS, { mail }))
  const log = { warn: () => undefined, error: () => undefined }
  const mailsOf = (orderNumber: string) => outboxFiles(quiet).filter((f) => f.mail.subject.includes(orderNumber))

  /** An order whose confirmation is due and not sent: its process died right after the commit. */
  async function orphanedOrder(): Promise<OrderRow> {
    const created = await shop.app.inject({ method: 'POST', url: '/api/cart/create?storeCode=nl' })
    const cartId = json<Envelope<string>>(created).result
    await shop.app.inject({ method: 'POST', url: `/api/cart/update?cartId=${cartId}`, payload: { cartItem: { quoteId: cartId, sku: 'PAY-MUG', qty: 1 } } })
    const placed = await createOrderService(shop.storage, { vat: DEFAULT_VAT_SETTINGS }).place(
      orderBody(cartId, [{ sku: 'PAY-MUG', qty: 1 }], { store_code: 'nl' }) as unknown as OrderBody,
      'nl',
    )
    return (await shop.storage.orders.findByIncrementId(placed.result.orderNumber))!
  }
  /** A process that claims the mail and dies in the mailer: after writing it (`wrote`) or before. */
  function dyingSender(wrote: boolean): Mailer {
    const real = createMailer(mail)
    return { kind: 'outbox', close: () => undefined, send: async (m) => (wrote && (await real.send(m)), new Promise<never>(() => undefined)) }
  }
  const confirmationOf = async (order: OrderRow) => (await shop.storage.orderMails.listForOrder(order.id)).find((m) => m.kind === CONFIRMATION)!

  it('before the mail went out: the stale claim is sent again by the next sweep, not before it is stale', async () => {
    const order = await orphanedOrder()
    void createOrderMailService(shop.storage, dyingSender(false), log, { claimStaleMs: 1_000 }).due(order)
    await eventuallyAsync(async () => ((await confirmationOf(order)).status === 'sending' ? true : undefined))
    const survivor = createOrderMailService(shop.storage, createMailer(mail), log, { claimStaleMs: 1_000 })
    // a live process may still be sending it
    expect(await survivor.sweep()).toBe(0)
    expect(mailsOf(order.increment_id)).toHaveLength(0)
    await new Promise((r) => setTimeout(r, 1_100))
    expect(await survivor.sweep()).toBe(1)
    expect(mailsOf(order.increment_id)).toHaveLength(1)
    expect(await confirmationOf(order)).toMatchObject({ status: 'sent', attempts: 2 })
  })

  it('after the mail went out, before it was recorded sent: sent again, and still one mail', async () => {
    const order = await orphanedOrder()
    void createOrderMailService(shop.storage, dyingSender(true), log, { claimStaleMs: 1_000 }).due(order)
    await eventually(() => mailsOf(order.increment_id)[0])
    await new Promise((r) => setTimeout(r, 1_100))
    const survivor = createOrderMailService(shop.storage, createMailer(mail), log, { claimStaleMs: 1_000 })
    expect(await survivor.sweep()).toBe(1)
    expect(await confirmationOf(order)).toMatchObject({ status: 'sent', attempts: 2 })
    expect(mailsOf(order.increment_id)).toHaveLength(1)
  })
})
