/**
 * The order confirmation mail adds up, read back as a shopper reads it: a /nl
 * order with a coupon, a gift card paying part of it, flat rate shipping and lines at two VAT
 * rates. Every line's amount adds up to the items' total; items + discount + shipping − gift card
 * = the total to pay; the VAT per rate adds up to the order's VAT; each line shows its options;
 * the time is the shop's (Brussels), not UTC; the method has its Dutch name. PGlite by default,
 * PostgreSQL with DATABASE_URL.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import type { OrderResult } from '../../domain/api/order.schema'
import { formatDate } from '../../domain/money'
import { DEFAULT_SHOP_DETAILS, type ShopDetails } from '../../domain/shop-details'
import { DEMO_COUPON_CODES } from '../../server/seed/coupons'
import { DEMO_GIFT_CARD_CODES, seedDemoGiftCards } from '../../server/seed/giftcards'
import { startCheckoutShop } from './cart-checkout-shop'
import { json, useTestServer } from './helpers'
import { NL_ADDRESS } from './order-fixtures'
import { eventually, outboxFiles } from './payment-fixtures'
import { dutchCents as cents, mailAmounts } from '../fixtures/dutch-amounts'

const outbox = mkdtempSync(join(tmpdir(), 'polder-order-mails-'))
const server = useTestServer(async () => {
  const started = await startCheckoutShop({ mail: { from: 'Polder <shop@polder.example>', smtpUrl: undefined, outboxDir: outbox } })
  await seedDemoGiftCards(started.storage)
  return started
})

describe('the order confirmation mail', () => {
  it('adds up line by line: items, coupon, shipping, gift card, total and the VAT per rate, with options and the shop’s time', async () => {
    const post = (url: string, payload: object = {}) => server.app.inject({ method: 'POST', url, payload })
    const cartId = json<Envelope<string>>(await post('/api/cart/create?storeCode=nl')).result
    const gift = {
      extension_attributes: {
        mageworx_giftcard_item_option: { card_amount: 25, mail_to: 'Bram', mail_to_email: 'bram@example.nl', mail_message: 'Proficiat' },
      },
    }
    const lines = [
      { sku: 'LAMP', qty: 1 },
      { sku: 'BOOK', qty: 2 },
      { sku: 'GIFT-MAIL', qty: 1, product_option: gift },
    ]
    for (const line of lines) expect((await post(`/api/cart/update?cartId=${cartId}`, { cartItem: { quoteId: cartId, ...line } })).statusCode).toBe(200)
    expect((await post(`/api/cart/apply-coupon?cartId=${cartId}&coupon=${DEMO_COUPON_CODES.percent}`)).statusCode).toBe(200)
    expect((await post(`/api/ext/giftcard/activate/${DEMO_GIFT_CARD_CODES.small}?cartId=${cartId}`)).statusCode).toBe(200)
    const email = `sums.${Date.now()}@example.nl`
    const address = { ...NL_ADDRESS, email }
    const res = await post('/api/order', {
      order_id: `sums-${Date.now()}`,
      cart_id: cartId,
      store_code: 'nl',
      products: lines.map((l) => ({ ...l, price: 0.01, name: l.sku, product_type: l.sku === 'GIFT-MAIL' ? 'giftcard' : 'simple' })),
      addressInformation: {
        shippingAddress: address,
        billingAddress: address,
        shipping_carrier_code: 'flatrate',
        shipping_method_code: 'flatrate',
        payment_method_code: 'banktransfer',
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    const placed = json<Envelope<OrderResult>>(res).result
    const order = (await server.storage.orders.findByIncrementId(placed.orderNumber))!

    const mail = await eventually(() => outboxFiles(outbox).find((f) => JSON.stringify(f.mail.to).includes(email)))
    const text = mail.mail.text
    const { rows, lines: lineAmounts } = mailAmounts(text)
    expect(lineAmounts).toHaveLength(3)

    const subtotal = rows.get('Subtotaal')!
    const discount = rows.get(`Korting (${DEMO_COUPON_CODES.percent})`)!
    const shipping = rows.get('Verzendkosten')!
    const card = rows.get(`Cadeaukaart ${DEMO_GIFT_CARD_CODES.small}`)!
    const total = rows.get('Totaal te betalen')!
    expect(lineAmounts.reduce((a, b) => a + b, 0)).toBe(subtotal)
    expect(discount).toBeLessThan(0)
    expect(shipping).toBe(599)
    expect(card).toBe(-2500)
    expect(subtotal + discount + shipping + card).toBe(total)
    expect(total).toBe(Math.round(order.grand_total * 100))
    // the coupon leaves the gift card bought whole: 10 % of the lamp and the books only
    expect(discount).toBe(-Math.round((6050 + 2 * 2180) / 10))

    const vat = [...text.matchAll(/^Waarvan (\d+)% btw: (.+)$/gm)].map((m) => [m[1], cents(m[2]!)] as const)
    expect(vat.map(([rate]) => rate)).toEqual(['21', '9'])
    expect(vat.reduce((sum, [, amount]) => sum + amount, 0)).toBe(Math.round((order.totals as { tax_amount: number }).tax_amount * 100))

    // the gift card bought shows what the buyer typed
    expect(text).toMatch(/- 1 × .+: €\s?25,00\n {2}Bedrag van de kaart: €\s?25,00\n {2}Naam van de ontvanger: Bram\n/u)
    // countries by name, in Dutch
    expect(text).toContain('3511 AB Utrecht\nNederland')
    expect(text).toContain('Betaalmethode: Bankoverschrijving')
    // what to transfer, to whom, with the order number as the reference (the shop's details)
    expect(text).toContain(
      `Maak €\u00a099,68 over naar de bankrekening van de winkel, met je bestelnummer als omschrijving.\nBegunstigde: Polder B.V.\nIBAN: NL91 ABNA 0417 1643 00\nBIC: ABNANL2A\nOmschrijving: ${placed.orderNumber}`,
    )
    // on the shop's clock
    expect(text).toContain(`Besteldatum: ${formatDate(new Date(order.created_at), 'HH:mm D-M-YYYY', 'Europe/Brussels')}`)
  })

  it('a pickup order names the pickup point and its opening hours, never a delivery address', async () => {
    const post = (url: string, payload: object = {}) => server.app.inject({ method: 'POST', url, payload })
    const cartId = json<Envelope<string>>(await post('/api/cart/create?storeCode=nl')).result
    expect((await post(`/api/cart/update?cartId=${cartId}`, { cartItem: { quoteId: cartId, sku: 'LAMP', qty: 1 } })).statusCode).toBe(200)
    const email = `pickup.${Date.now()}@example.nl`
    const res = await post('/api/order', {
      order_id: `pickup-${Date.now()}`,
      cart_id: cartId,
      store_code: 'nl',
      products: [{ sku: 'LAMP', qty: 1, price: 0.01, name: 'LAMP', product_type: 'simple' }],
      addressInformation: {
        billingAddress: { ...NL_ADDRESS, email },
        shipping_carrier_code: 'storepickup',
        shipping_method_code: 'storepickup',
        payment_method_code: 'payatpickup',
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    const mail = await eventually(() => outboxFiles(outbox).find((f) => JSON.stringify(f.mail.to).includes(email)))
    expect(mail.mail.text).toContain('Betaalmethode: Betalen bij afhalen')
    expect(mail.mail.text).toContain(
      'Haal je bestelling af bij:\nPolder Utrecht\nOudegracht 100\n3511 AX Utrecht\nNederland\nOpeningstijden:\nmaandag–vrijdag 10:00–18:00\nzaterdag 10:00–17:00',
    )
    expect(mail.mail.text).not.toContain('Bezorgadres')
    expect(mail.mail.text).toContain('Verzendkosten: Gratis')
  })

  it('GET /api/ext/shop-details answers the shop’s bank account and pickup point', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/ext/shop-details' })
    expect(res.statusCode).toBe(200)
    const details = json<Envelope<ShopDetails>>(res).result
    expect(details).toEqual(DEFAULT_SHOP_DETAILS)
  })
})
