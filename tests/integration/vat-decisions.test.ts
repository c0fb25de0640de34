/**
 * The VAT of an order is the shop's decision, made by the server: one shop
 * country for every store view; a business of another EU country whose number the registry
 * confirms pays no VAT for goods sent there, and its mail shows both VAT ids and the note; a
 * number the registry could not confirm pays VAT and the mail says why; below the OSS threshold a
 * consumer pays the shop's own VAT. PGlite by default, PostgreSQL with DATABASE_URL.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import type { OrderResult } from '../../domain/api/order.schema'
import type { Totals } from '../../domain/cart.schema'
import { DEFAULT_SHOP_DETAILS, type ShopDetails } from '../../domain/shop-details'
import { startCheckoutShop } from './cart-checkout-shop'
import { json, useTestServer, type TestServer } from './helpers'
import { BE_ADDRESS, NL_ADDRESS } from './order-fixtures'
import { eventually, outboxFiles } from './payment-fixtures'

function shopServer(outbox: string, shopDetails?: ShopDetails) {
  return useTestServer(() =>
    startCheckoutShop({ mail: { from: 'Polder <shop@polder.example>', smtpUrl: undefined, outboxDir: outbox }, ...(shopDetails ? { shopDetails } : {}) }),
  )
}

let sequence = 0
/** One LAMP (50.00 excl.) from `store`, sent by flat rate to `address`, billed to `billing`. */
async function order(server: TestServer, store: 'nl' | 'be', address: typeof NL_ADDRESS, billing: Record<string, unknown>) {
  const post = (url: string, payload: object = {}) => server.app.inject({ method: 'POST', url, payload })
  const cartId = json<Envelope<string>>(await post(`/api/cart/create?storeCode=${store}`)).result
  expect((await post(`/api/cart/update?cartId=${cartId}`, { cartItem: { quoteId: cartId, sku: 'LAMP', qty: 1 } })).statusCode).toBe(200)
  const email = `vat.${Date.now()}.${++sequence}@example.be`
  const res = await post('/api/order', {
    order_id: `vat-${Date.now()}-${sequence}`,
    cart_id: cartId,
    store_code: store,
    products: [{ sku: 'LAMP', qty: 1, price: 0.01, name: 'LAMP', product_type: 'simple' }],
    addressInformation: {
      shippingAddress: { ...address, email },
      billingAddress: { ...address, ...billing, email },
      shipping_carrier_code: 'flatrate',
      shipping_method_code: 'flatrate',
      payment_method_code: 'banktransfer',
    },
  })
  expect(res.statusCode, res.body).toBe(200)
  const placed = json<Envelope<OrderResult>>(res).result
  const row = (await server.storage.orders.findByIncrementId(placed.orderNumber))!
  return { placed, totals: row.totals as unknown as Totals & { vat_decision: { kind: string; reason?: string } }, email }
}

describe('VAT decided by the shop (NL, past the OSS threshold)', () => {
  const outbox = mkdtempSync(join(tmpdir(), 'polder-vat-'))
  const server = shopServer(outbox)
  const company = { company: 'Brouwerij Peeters BV', vat_id: 'BE0403019261' }

  it('a Belgian company with a confirmed number, goods sent to Belgium: 0 % VAT, in /nl and in /be alike; the mail shows both VAT ids and the note', async () => {
    for (const store of ['nl', 'be'] as const) {
      const { placed, totals, email } = await order(server, store, BE_ADDRESS, company)
      expect(totals.tax_amount).toBe(0)
      expect(totals.subtotal_incl_tax).toBe(50)
      // shipping is charged excl. VAT too: 5.99 without its 21 %
      expect(totals).toMatchObject({ shipping_incl_tax: 4.95, shipping_tax_amount: 0 })
      expect(placed.grand_total).toBe(54.95)
      // the answer tells the device both ids, for the order's pages
      expect(placed.reverse_charge).toEqual({ customer_vat_id: 'BE0403019261', shop_vat_id: DEFAULT_SHOP_DETAILS.vat.shopVatId })
      expect(totals.vat_decision).toEqual({ kind: 'reverse-charge', customer_vat_id: 'BE0403019261', shop_vat_id: DEFAULT_SHOP_DETAILS.vat.shopVatId })
      const mail = await eventually(() => outboxFiles(outbox).find((f) => JSON.stringify(f.mail.to).includes(email)))
      expect(mail.mail.text).toContain('Intracommunautaire levering: btw verlegd (0%).\nJe btw-nummer: BE0403019261\nOns btw-nummer: NL004495445B01')
      expect(mail.mail.text).not.toMatch(/Waarvan \d+% btw/)
    }
  })

  it('the registry could not say (VIES unavailable): Belgian VAT is charged and the mail says why', async () => {
    const { placed, totals, email } = await order(server, 'nl', BE_ADDRESS, { ...company, vat_id: 'BE0000030187' })
    expect(totals.vat_decision).toEqual({ kind: 'normal', reason: 'registry-not-confirmed' })
    expect(placed.grand_total).toBe(66.49)
    expect(placed.reverse_charge).toBeUndefined()
    const mail = await eventually(() => outboxFiles(outbox).find((f) => JSON.stringify(f.mail.to).includes(email)))
    expect(mail.mail.text).toContain('Het EU-register (VIES) kon je btw-nummer bij je bestelling niet bevestigen, daarom is er btw aangerekend.')
  })

  it('the cart knows the buyer’s VAT number before the order: its totals are the order’s, and a pickup in the shop pays VAT', async () => {
    const post = (url: string, payload: object = {}) => server.app.inject({ method: 'POST', url, payload })
    const cartId = json<Envelope<string>>(await post('/api/cart/create?storeCode=nl')).result
    await post(`/api/cart/update?cartId=${cartId}`, { cartItem: { quoteId: cartId, sku: 'LAMP', qty: 1 } })
    const shipTo = (carrier: string, vat_id: string) =>
      post(`/api/cart/shipping-information?cartId=${cartId}`, {
        addressInformation: {
          shippingAddress: { countryId: 'BE' },
          billingAddress: { countryId: 'BE', vat_id },
          shippingCarrierCode: carrier,
          shippingMethodCode: carrier,
        },
      })
    const totalsNow = async () => json<Envelope<Totals>>(await server.app.inject({ method: 'GET', url: `/api/cart/totals?cartId=${cartId}` })).result
    const answered = json<Envelope<{ totals: Totals }>>(await shipTo('flatrate', company.vat_id)).result.totals
    expect(answered).toMatchObject({ tax_amount: 0, subtotal_incl_tax: 50, shipping_incl_tax: 4.95, grand_total: 54.95 })
    // the cart keeps it: the totals asked later are the same, and the shipping methods are priced for this buyer
    expect(await totalsNow()).toEqual(answered)
    const methods = json<Envelope<{ carrier_code: string; price_incl_tax: number }[]>>(
      await post(`/api/cart/shipping-methods?cartId=${cartId}`, { address: { country_id: 'BE' } }),
    ).result
    expect(methods.find((m) => m.carrier_code === 'flatrate')?.price_incl_tax).toBe(4.95)
    // picked up in the Dutch shop, the goods never leave the Netherlands: Dutch VAT
    expect(json<Envelope<{ totals: Totals }>>(await shipTo('storepickup', company.vat_id)).result.totals).toMatchObject({ tax_amount: 10.5, grand_total: 60.5 })
    // a number the registry could not confirm pays VAT (Belgian, the goods go there)
    expect(json<Envelope<{ totals: Totals }>>(await shipTo('flatrate', 'BE0000030187')).result.totals).toMatchObject({
      subtotal_incl_tax: 60.5,
      grand_total: 66.49,
    })
    // without a number, a consumer again
    await post(`/api/cart/shipping-information?cartId=${cartId}`, {
      addressInformation: { shippingAddress: { countryId: 'BE' }, shippingCarrierCode: 'flatrate', shippingMethodCode: 'flatrate' },
    })
    expect(await totalsNow()).toMatchObject({ tax_amount: 11.54, grand_total: 66.49 })
  })

  it('a Belgian company picking its goods up in the Dutch shop pays Dutch VAT on its order', async () => {
    const post = (url: string, payload: object = {}) => server.app.inject({ method: 'POST', url, payload })
    const cartId = json<Envelope<string>>(await post('/api/cart/create?storeCode=nl')).result
    await post(`/api/cart/update?cartId=${cartId}`, { cartItem: { quoteId: cartId, sku: 'LAMP', qty: 1 } })
    const res = await post('/api/order', {
      order_id: `vat-pickup-${Date.now()}`,
      cart_id: cartId,
      store_code: 'nl',
      products: [{ sku: 'LAMP', qty: 1, price: 0.01, name: 'LAMP', product_type: 'simple' }],
      addressInformation: {
        billingAddress: { ...BE_ADDRESS, ...company, email: 'pickup.company@example.be' },
        shipping_carrier_code: 'storepickup',
        shipping_method_code: 'storepickup',
        payment_method_code: 'banktransfer',
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    const row = (await server.storage.orders.findByIncrementId(json<Envelope<OrderResult>>(res).result.orderNumber))!
    expect(row.totals).toMatchObject({ tax_amount: 10.5, grand_total: 60.5, vat_decision: { kind: 'normal', reason: 'goods-stay-in-shop-country' } })
  })

  it('a Dutch company buying from the Dutch shop pays Dutch VAT (no reverse charge at home)', async () => {
    const { totals } = await order(server, 'be', NL_ADDRESS, { company: 'Coolblue B.V.', vat_id: 'NL810433941B01' })
    expect(totals.vat_decision).toEqual({ kind: 'normal', reason: 'same-country' })
    // 10.50 in the goods and 1.04 in the shipping, which follows them
    expect(totals).toMatchObject({ tax_amount: 11.54, shipping_tax_amount: 1.04, shipping_incl_tax: 5.99 })
  })
})

describe('VAT decided by the shop (NL, below the OSS threshold)', () => {
  const outbox = mkdtempSync(join(tmpdir(), 'polder-vat-oss-'))
  const server = shopServer(outbox, { ...DEFAULT_SHOP_DETAILS, vat: { ...DEFAULT_SHOP_DETAILS.vat, oss: false } })

  it('a Belgian consumer pays the shop’s Dutch VAT on a book sent to Belgium; past the threshold it would be Belgian', async () => {
    const post = (url: string, payload: object = {}) => server.app.inject({ method: 'POST', url, payload })
    const cartId = json<Envelope<string>>(await post('/api/cart/create?storeCode=be')).result
    await post(`/api/cart/update?cartId=${cartId}`, { cartItem: { quoteId: cartId, sku: 'BOOK', qty: 1 } })
    await post(`/api/cart/shipping-information?cartId=${cartId}`, {
      addressInformation: { shippingAddress: { countryId: 'BE' }, shippingCarrierCode: 'flatrate', shippingMethodCode: 'flatrate' },
    })
    const totals = json<Envelope<Totals>>(await server.app.inject({ method: 'GET', url: `/api/cart/totals?cartId=${cartId}` })).result
    // 20.00 excl. at the Dutch 9 %, not the Belgian 6 %
    expect(totals.subtotal_incl_tax).toBe(21.8)
  })
})
