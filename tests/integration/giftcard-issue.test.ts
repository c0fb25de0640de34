/**
 * Gift cards bought on the real server: a paid order's e-mailed gift card
 * becomes a code worth what was paid, mailed to the recipient in the store view's language with
 * the sender's name and message, and it pays at once; one card per unit; exactly once under a
 * second notification; a chosen delivery date holds the mail back until that day; an order not
 * paid gets none; a card still whole is switched off with its order. PGlite by default, PostgreSQL
 * with DATABASE_URL.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import type { GiftCardCheckResult } from '../../domain/api/giftcard.schema'
import type { OrderResult } from '../../domain/api/order.schema'
import type { Product } from '../../domain/product.schema'
import { createGiftCardIssueService } from '../../server/services/giftcard-issue-service'
import { createMailer } from '../../server/mail/mailer'
import { testProduct } from '../fixtures/catalog'
import { CLOTHING } from './fixtures'
import { json, startFixtureShopWith, useTestServer, type TestServerOptions } from './helpers'
import { NL_ADDRESS } from './order-fixtures'
import { eventually, keepOrderKey, outboxFiles, shopCalls } from './payment-fixtures'

const T = '2026-01-01T00:00:00.000Z'
const CARD: Product = testProduct('GIFT-SEND', {
  id: 990,
  type_id: 'giftcard',
  price: 25,
  tax_class_id: 0,
  giftcard_amounts: [25, 50],
  mageworx_gc_type: 2,
  category_ids: [CLOTHING],
  category: [{ category_id: CLOTHING, name: 'Clothing' }],
  stock: { qty: 0, is_in_stock: true, manage_stock: false },
  created_at: T,
  updated_at: T,
})

const outbox = mkdtempSync(join(tmpdir(), 'polder-giftcards-'))
const options: TestServerOptions = { mail: { from: 'Polder <shop@polder.example>', smtpUrl: undefined, outboxDir: outbox } }
const server = useTestServer(() => startFixtureShopWith([CARD], options))

let sequence = 0
interface CardChoice {
  amount: number
  to: string
  toEmail: string
  from: string
  message: string
  date?: string
}

const optionOf = (c: CardChoice) => ({
  extension_attributes: {
    mageworx_giftcard_item_option: {
      card_amount: c.amount,
      mail_to: c.to,
      mail_to_email: c.toEmail,
      mail_from: c.from,
      mail_message: c.message,
      ...(c.date ? { mail_delivery_date: c.date } : {}),
    },
  },
})

/** A virtual order of `qty` cards in /nl, paid with iDEAL on the sandbox unless `pay` is false. */
async function buyCards(choice: CardChoice, qty = 1, pay = true): Promise<OrderResult> {
  const created = await server.app.inject({ method: 'POST', url: '/api/cart/create?storeCode=nl' })
  const cartId = json<Envelope<string>>(created).result
  const product_option = optionOf(choice)
  const added = await server.app.inject({
    method: 'POST',
    url: `/api/cart/update?cartId=${cartId}`,
    payload: { cartItem: { quoteId: cartId, sku: 'GIFT-SEND', qty, product_option } },
  })
  expect(added.statusCode, added.body).toBe(200)
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/order',
    payload: {
      order_id: `gift-${Date.now()}-${++sequence}`,
      cart_id: cartId,
      store_code: 'nl',
      products: [{ sku: 'GIFT-SEND', qty, price: 0.01, name: 'Cadeaubon', product_type: 'giftcard', product_option }],
      addressInformation: { billingAddress: NL_ADDRESS, payment_method_code: 'ideal' },
    },
  })
  expect(res.statusCode, res.body).toBe(200)
  const placed = json<Envelope<OrderResult>>(res).result
  keepOrderKey(placed)
  if (!pay) return placed
  const { created: payment } = shopCalls(server)
  const page = new URL((await payment(placed.orderNumber)).payment_gateway_url).pathname
  const submit = await server.app.inject({
    method: 'POST',
    url: page,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'method=ideal&result=paid',
  })
  expect(submit.statusCode, submit.body).toBe(303)
  return placed
}

const mailsTo = (email: string) => outboxFiles(outbox).filter((f) => JSON.stringify(f.mail.to).includes(email))
const codeIn = (text: string) => /PLD-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/.exec(text)?.[0]

async function check(code: string): Promise<GiftCardCheckResult> {
  const res = await server.app.inject({ method: 'GET', url: `/api/ext/giftcard/check/${code}` })
  expect(res.statusCode, res.body).toBe(200)
  return json<Envelope<GiftCardCheckResult>>(res).result
}

async function issuesOf(orderNumber: string) {
  const order = await server.storage.orders.findByIncrementId(orderNumber)
  return server.storage.giftcardIssues.listForOrder(order!.id)
}

describe('gift cards bought', () => {
  it('a paid e-mailed card: a code of the amount paid, mailed to the recipient in Dutch with sender and message, usable at once, once', async () => {
    const placed = await buyCards({ amount: 50, to: 'Bram', toEmail: 'bram.card@example.nl', from: 'Anna', message: 'Proficiat met je nieuwe huis!' })
    expect(placed.grand_total).toBe(50)
    const mail = await eventually(() => mailsTo('bram.card@example.nl')[0])
    expect(mail.mail.subject).toBe('Een Polder-cadeaubon van €\u00a050,00 voor jou')
    expect(mail.mail.text).toContain('Beste Bram,')
    expect(mail.mail.text).toContain('Anna geeft je een Polder-cadeaubon.')
    expect(mail.mail.text).toContain('Met de boodschap: “Proficiat met je nieuwe huis!”')
    expect(mail.mail.text).toContain('Waarde: €\u00a050,00')
    expect(mail.mail.text).toMatch(/Geldig tot \d{1,2}-\d{1,2}-\d{4}\./)
    expect(mail.mail.text).toContain('/nl/')
    expect(mail.mail.html).toContain('<html lang="nl-NL">')
    const code = codeIn(mail.mail.text)!
    expect(code).toBeDefined()
    expect(await check(code)).toMatchObject({ code, balance: 50, status: 'active' })
    const [issue] = await issuesOf(placed.orderNumber)
    expect(issue).toMatchObject({ code, amount_cents: 5000, recipient_email: 'bram.card@example.nl', mail_status: 'sent' })

    // a second notification of the same payment issues nothing more and mails nothing more
    const order = await server.storage.orders.findByIncrementId(placed.orderNumber)
    const service = createGiftCardIssueService(server.storage, createMailer(options.mail!), console, { shopOrigin: 'http://localhost' })
    expect(await service.issueForOrder(order!.id)).toBe(0)
    await service.sweep()
    expect(mailsTo('bram.card@example.nl')).toHaveLength(1)
    expect(await issuesOf(placed.orderNumber)).toHaveLength(1)
  })

  it('two units make two cards with their own codes; a card pays part of a next cart at once', async () => {
    const placed = await buyCards({ amount: 25, to: 'Chris', toEmail: 'chris.card@example.nl', from: 'Anna', message: '' }, 2)
    const mails = await eventually(() => (mailsTo('chris.card@example.nl').length === 2 ? mailsTo('chris.card@example.nl') : undefined))
    const codes = mails.map((m) => codeIn(m.mail.text)!)
    expect(new Set(codes).size).toBe(2)
    expect(mails[0]!.mail.text).not.toContain('boodschap')
    expect((await issuesOf(placed.orderNumber)).map((i) => i.seq)).toEqual([1, 2])

    const cart = json<Envelope<string>>(await server.app.inject({ method: 'POST', url: '/api/cart/create?storeCode=nl' })).result
    await server.app.inject({
      method: 'POST',
      url: `/api/cart/update?cartId=${cart}`,
      payload: {
        cartItem: {
          quoteId: cart,
          sku: 'GIFT-SEND',
          qty: 2,
          product_option: optionOf({ amount: 50, to: 'D', toEmail: 'd@example.nl', from: '', message: '' }),
        },
      },
    })
    const applied = await server.app.inject({ method: 'POST', url: `/api/ext/giftcard/activate/${codes[0]}?cartId=${cart}`, payload: {} })
    expect(applied.statusCode, applied.body).toBe(200)
    const totals = json<Envelope<{ grand_total: number; total_segments: { code: string; value: number }[] }>>(
      await server.app.inject({ method: 'GET', url: `/api/cart/totals?cartId=${cart}` }),
    ).result
    expect(totals.total_segments.find((s) => s.code === 'mageworx_giftcards')?.value).toBe(-25)
  })

  it('a chosen delivery date holds the mail until that day (Europe/Brussels)', async () => {
    const placed = await buyCards({ amount: 25, to: 'Eva', toEmail: 'eva.card@example.nl', from: 'Anna', message: 'Voor later', date: '2099-12-24' })
    const issued = await issuesOf(placed.orderNumber)
    expect(issued).toHaveLength(1)
    expect(issued[0]).toMatchObject({ send_on: '2099-12-24', mail_status: 'waiting' })
    // the card exists and pays already; only its mail waits
    expect((await check(issued[0]!.code)).status).toBe('active')
    expect(mailsTo('eva.card@example.nl')).toHaveLength(0)

    const at = (iso: string) =>
      createGiftCardIssueService(server.storage, createMailer(options.mail!), console, { shopOrigin: 'http://localhost', clock: () => new Date(iso) })
    // 23:30 UTC on the 23rd is already the 24th in Brussels… but 22:30 UTC is not
    expect(await at('2099-12-23T22:30:00Z').sendDue()).toBe(0)
    expect(await at('2099-12-23T23:30:00Z').sendDue()).toBe(1)
    expect(mailsTo('eva.card@example.nl')).toHaveLength(1)
    expect((await issuesOf(placed.orderNumber))[0]!.mail_status).toBe('sent')
  })

  it('an order not paid gets no card; once paid (even if a crash lost the moment), the sweep issues it', async () => {
    const placed = await buyCards({ amount: 25, to: 'Fien', toEmail: 'fien.card@example.nl', from: 'Anna', message: '' }, 1, false)
    expect(placed.status).toBe('pending_payment')
    expect(await issuesOf(placed.orderNumber)).toEqual([])
    // the payment recorded, the process gone before it issued the card
    const order = await server.storage.orders.findByIncrementId(placed.orderNumber)
    await server.storage.transaction((repos) => repos.orders.changeStatus(order!.id, ['pending_payment'], 'processing', new Date().toISOString()))
    const service = createGiftCardIssueService(server.storage, createMailer(options.mail!), console, { shopOrigin: 'http://localhost' })
    await service.sweep()
    expect(await issuesOf(placed.orderNumber)).toHaveLength(1)
    expect(mailsTo('fien.card@example.nl')).toHaveLength(1)
  })

  it('a refunded order (the provider gave the payment back) is closed and its unused cards switched off, once', async () => {
    const placed = await buyCards({ amount: 25, to: 'Ilse', toEmail: 'ilse.card@example.nl', from: 'Anna', message: '' })
    const [card] = await issuesOf(placed.orderNumber)
    expect((await check(card!.code)).status).toBe('active')
    const order = (await server.storage.orders.findByIncrementId(placed.orderNumber))!
    const payment = (await server.storage.payments.findLatest(order.id))!
    // the shop owner refunds it in the provider's dashboard (the sandbox's stand-in), which notifies the shop
    const refund = () => server.app.inject({ method: 'POST', url: `/payment-sandbox/${payment.provider_payment_id}/refund` })
    expect((await refund()).statusCode).toBe(200)
    expect((await server.storage.orders.findById(order.id))!.status).toBe('closed')
    // switched off (its mail had gone already: the recipient's code no longer pays)
    expect((await check(card!.code)).status).toBe('disabled')
    // the shopper is told the payment did not stay made; a second refund finds nothing paid
    const status = await server.app.inject({
      method: 'POST',
      url: '/api/ext/payment/get-payment-status',
      payload: { order_id: placed.orderNumber, order_token: placed.order_token },
    })
    expect(json<Envelope<{ status: string; order_status: string }>>(status).result).toMatchObject({ status: 'cancelled', order_status: 'closed' })
    expect((await refund()).statusCode).toBe(409)
  })

  it('a cancelled order switches its unused cards off and holds their mails; a card spent in part stays', async () => {
    const whole = await buyCards({ amount: 25, to: 'Gijs', toEmail: 'gijs.card@example.nl', from: 'Anna', message: '', date: '2099-01-01' })
    const [card] = await issuesOf(whole.orderNumber)
    const order = await server.storage.orders.findByIncrementId(whole.orderNumber)
    const voided = await server.storage.transaction((repos) => repos.giftcardIssues.voidUnusedForOrder(order!.id, new Date().toISOString()))
    expect(voided).toEqual([card!.code])
    expect((await check(card!.code)).status).toBe('disabled')
    expect((await issuesOf(whole.orderNumber))[0]!.mail_status).toBe('void')

    const spent = await buyCards({ amount: 25, to: 'Hanne', toEmail: 'hanne.card@example.nl', from: 'Anna', message: '' })
    const [used] = await issuesOf(spent.orderNumber)
    await server.storage.transaction((repos) => repos.giftcards.redeem(order!.id, [{ code: used!.code, cents: 500 }], new Date().toISOString()))
    const spentOrder = await server.storage.orders.findByIncrementId(spent.orderNumber)
    expect(await server.storage.transaction((repos) => repos.giftcardIssues.voidUnusedForOrder(spentOrder!.id, new Date().toISOString()))).toEqual([])
    expect((await check(used!.code)).status).toBe('active')
  })
})
