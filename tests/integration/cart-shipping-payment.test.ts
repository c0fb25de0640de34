import { describe, expect, it } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import type { Totals } from '../../domain/cart.schema'
import type { PaymentMethod } from '../../domain/payment-methods'
import type { ShippingMethod } from '../../domain/shipping-methods'
import { DEMO_COUPON_CODES } from '../../server/seed/coupons'
import { useCheckoutServer } from './cart-checkout-shop'
import { json } from './helpers'

const { server, createCart, saved, totals, post } = useCheckoutServer()

const segments = (t: Totals) => t.total_segments.map((s) => [s.code, s.value])

async function shippingMethods(cartId: string, address: Record<string, unknown>): Promise<ShippingMethod[]> {
  const res = await post(`/api/cart/shipping-methods?cartId=${cartId}`, { address })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['cache-control']).toBe('no-cache, no-store')
  return json<Envelope<ShippingMethod[]>>(res).result
}

async function paymentMethods(cartId: string): Promise<string[]> {
  const res = await server.app.inject({ method: 'GET', url: `/api/cart/payment-methods?cartId=${cartId}` })
  expect(res.statusCode, res.body).toBe(200)
  return json<Envelope<PaymentMethod[]>>(res).result.map((m) => m.code)
}

function shippingInformation(cartId: string, countryId: string, carrier?: string, method?: string) {
  return post(`/api/cart/shipping-information?cartId=${cartId}`, {
    addressInformation: {
      shippingAddress: { countryId, firstname: 'Anna', lastname: 'Peeters', street: ['Meir 1'], city: 'Antwerpen', postcode: '2000' },
      billingAddress: { countryId, firstname: 'Anna', lastname: 'Peeters' },
      ...(carrier ? { shippingCarrierCode: carrier } : {}),
      ...(method ? { shippingMethodCode: method } : {}),
    },
  })
}

async function chosen(cartId: string, countryId: string, carrier?: string, method?: string): Promise<{ payment_methods: PaymentMethod[]; totals: Totals }> {
  const res = await shippingInformation(cartId, countryId, carrier, method)
  expect(res.statusCode, res.body).toBe(200)
  return json<Envelope<{ payment_methods: PaymentMethod[]; totals: Totals }>>(res).result
}

/** An en (NL) cart with LAMP 60.50 and 2 × BOOK (21.80 in NL at 9 %, 21.20 in BE at 6 %). */
async function lampAndBooks(storeCode = 'en'): Promise<string> {
  const cartId = await createCart(storeCode)
  await saved(cartId, { sku: 'LAMP', qty: 1 })
  await saved(cartId, { sku: 'BOOK', qty: 2 })
  return cartId
}

async function virtualCart(): Promise<string> {
  const cartId = await createCart('en')
  await saved(cartId, { sku: 'EBOOK', qty: 1 })
  await saved(cartId, { sku: 'GIFT-MAIL', qty: 1, product_option: { extension_attributes: { mageworx_giftcard_item_option: { card_amount: 25 } } } })
  return cartId
}

describe('POST /api/cart/shipping-methods', () => {
  it('offers store pickup 0.00 and flat rate 5.99 for a physical cart, in the contract’s shape', async () => {
    const cartId = await lampAndBooks()
    const methods = await shippingMethods(cartId, { country_id: 'NL', postcode: '1011 AB', city: 'Amsterdam', street: ['Damrak 1'] })
    expect(methods.map((m) => [m.carrier_code, m.method_code, m.amount, m.price_incl_tax, m.available])).toEqual([
      ['storepickup', 'storepickup', 0, 0, true],
      ['flatrate', 'flatrate', 5.99, 5.99, true],
    ])
    expect(Object.keys(methods[1]!).sort()).toEqual(
      [
        'amount',
        'available',
        'base_amount',
        'carrier_code',
        'carrier_title',
        'error_message',
        'method_code',
        'method_title',
        'price_excl_tax',
        'price_incl_tax',
      ].sort(),
    )
  })

  it('offers nothing for a virtual cart (e-book and e-mailed gift card) or a country the shop does not ship to', async () => {
    expect(await shippingMethods(await virtualCart(), { country_id: 'NL' })).toEqual([])
    expect(await shippingMethods(await lampAndBooks(), { country_id: 'DE' })).toEqual([])
  })

  it('prices flat rate at 0 with the free-shipping coupon', async () => {
    const cartId = await lampAndBooks()
    await post(`/api/cart/apply-coupon?cartId=${cartId}&coupon=${DEMO_COUPON_CODES.freeShipping}`)
    expect((await shippingMethods(cartId, { country_id: 'BE' })).map((m) => m.amount)).toEqual([0, 0])
  })

  it('answers 400 without an address, 404 for an unknown cart', async () => {
    const cartId = await createCart()
    const missing = await post(`/api/cart/shipping-methods?cartId=${cartId}`, {})
    expect(missing.statusCode).toBe(400)
    expect(json(missing)).toEqual({ code: 400, result: 'address: is required' })
    expect((await post(`/api/cart/shipping-methods?cartId=${'B'.repeat(32)}`, { address: { country_id: 'NL' } })).statusCode).toBe(404)
  })
})

describe('POST /api/cart/shipping-information and GET /api/cart/totals', () => {
  it('answers totals and payment methods for NL flat rate: shipping counted once, iDEAL first, cash on delivery', async () => {
    const cartId = await lampAndBooks()
    const { totals: t, payment_methods } = await chosen(cartId, 'NL', 'flatrate', 'flatrate')
    // the 5.99 holds the goods' VAT: 0.81 of it, shared by the lamp at 21 % and the books at 9 %
    expect(t).toMatchObject({
      subtotal_incl_tax: 104.1,
      shipping_amount: 5.18,
      shipping_tax_amount: 0.81,
      shipping_incl_tax: 5.99,
      tax_amount: 14.91,
      grand_total: 110.09,
    })
    expect(segments(t)).toEqual([
      ['subtotal', 90],
      ['shipping', 5.99],
      ['tax', 14.91],
      ['grand_total', 110.09],
    ])
    expect(t.total_segments.find((s) => s.code === 'shipping')?.title).toBe('Shipping & Handling (Flat rate)')
    expect(payment_methods.map((m) => m.code)).toEqual([
      'ideal',
      'bancontact',
      'kbc',
      'belfius',
      'creditcard',
      'paypal',
      'wallet',
      'banktransfer',
      'cashondelivery',
    ])
    expect(payment_methods[0]).toEqual({ code: 'ideal', title: 'iDEAL' })
    // the cart keeps the choice: GET totals answers the same
    expect(await totals(cartId)).toEqual(t)
  })

  it('prices the lines with BE VAT once the cart ships to BE (a book at 6 %), Bancontact first', async () => {
    const cartId = await lampAndBooks()
    const { totals: t, payment_methods } = await chosen(cartId, 'BE', 'flatrate', 'flatrate')
    expect(t.items.map((i) => [i.price_incl_tax, i.row_total_incl_tax, i.tax_percent, i.tax_amount])).toEqual([
      [60.5, 60.5, 21, 10.5],
      [21.2, 42.4, 6, 2.4],
    ])
    expect(t).toMatchObject({ subtotal_incl_tax: 102.9, shipping_tax_amount: 0.75, tax_amount: 13.65, grand_total: 108.89 })
    const details = t.total_segments.find((s) => s.code === 'tax')?.extension_attributes?.tax_grandtotal_details as { rates: { title: string }[] }[]
    expect(details.map((d) => d.rates[0]!.title)).toEqual(['BE-21', 'BE-6'])
    expect(payment_methods[0]!.code).toBe('bancontact')
    expect(await paymentMethods(cartId)).toEqual(payment_methods.map((m) => m.code))
  })

  it('keeps the chosen country and flat rate when a coupon is applied afterwards (VSF1 #6045)', async () => {
    const cartId = await lampAndBooks()
    await chosen(cartId, 'BE', 'flatrate', 'flatrate')
    await post(`/api/cart/apply-coupon?cartId=${cartId}&coupon=${DEMO_COUPON_CODES.percent}`)
    const t = await totals(cartId)
    // 10 % of 60.50 and of 42.40: 6.05 + 4.24
    expect(t).toMatchObject({ coupon_code: 'POLDER10', shipping_incl_tax: 5.99, discount_amount: -10.29, grand_total: 98.6 })
    expect(t.items[1]!.tax_percent).toBe(6)
  })

  it('makes flat rate free with the free-shipping coupon', async () => {
    const cartId = await lampAndBooks()
    await post(`/api/cart/apply-coupon?cartId=${cartId}&coupon=${DEMO_COUPON_CODES.freeShipping}`)
    const { totals: t } = await chosen(cartId, 'NL', 'flatrate', 'flatrate')
    expect(t).toMatchObject({ shipping_incl_tax: 5.99, shipping_discount_amount: 5.99, shipping_tax_amount: 0, discount_amount: -5.99, grand_total: 104.1 })
  })

  it('goes back to store pickup without carrier and method: pay at pickup, no shipping charged', async () => {
    const cartId = await lampAndBooks()
    await chosen(cartId, 'NL', 'flatrate', 'flatrate')
    const { totals: t, payment_methods } = await chosen(cartId, 'NL')
    expect(t).toMatchObject({ shipping_amount: 0, grand_total: 104.1 })
    expect(payment_methods.at(-1)).toEqual({ code: 'payatpickup', title: 'Pay at pickup' })
  })

  it('charges a virtual cart no shipping, whatever method is sent, and offers neither cash on delivery nor pay at pickup', async () => {
    const cartId = await virtualCart()
    const { totals: t, payment_methods } = await chosen(cartId, 'NL', 'flatrate', 'flatrate')
    // EBOOK 10.90 (9 %) + the 25.00 card
    expect(t).toMatchObject({ subtotal_incl_tax: 35.9, shipping_amount: 0, grand_total: 35.9 })
    expect(t.total_segments.map((s) => s.code)).toEqual(['subtotal', 'tax', 'grand_total'])
    expect(payment_methods.map((m) => m.code)).not.toContain('cashondelivery')
    expect(payment_methods.map((m) => m.code)).not.toContain('payatpickup')
    expect(await paymentMethods(cartId)).toHaveLength(8)
  })

  it('totals the body VSF1 sends before checkout: empty names and street, the billing country empty', async () => {
    const cartId = await lampAndBooks()
    const empty = { firstname: '', lastname: '', city: '', postcode: '', street: [''] }
    const res = await post(`/api/cart/shipping-information?cartId=${cartId}`, {
      addressInformation: {
        shippingAddress: { countryId: 'NL', ...empty },
        billingAddress: { ...empty, countryId: '' },
        shippingCarrierCode: 'flatrate',
        shippingMethodCode: 'flatrate',
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    const answered = json<Envelope<{ payment_methods: PaymentMethod[]; totals: Totals }>>(res).result
    expect(answered).toEqual(await chosen(cartId, 'NL', 'flatrate', 'flatrate'))
  })

  it('refuses a method the shop does not have and a country it does not ship to (400), an unknown cart (404)', async () => {
    const cartId = await lampAndBooks()
    const unknown = await shippingInformation(cartId, 'NL', 'dhl', 'express')
    expect(unknown.statusCode).toBe(400)
    expect(json(unknown)).toEqual({ code: 400, result: 'Carrier with such method not found: dhl, express' })
    const germany = await shippingInformation(cartId, 'DE', 'flatrate', 'flatrate')
    expect(germany.statusCode).toBe(400)
    expect(json<Envelope<string>>(germany).result).toMatch(/ships to BE and NL only/)
    const missing = await post(`/api/cart/shipping-information?cartId=${cartId}`, {})
    expect(missing.statusCode).toBe(400)
    expect((await shippingInformation('C'.repeat(32), 'NL')).statusCode).toBe(404)
    // the refused calls changed nothing: still NL and store pickup
    expect(await totals(cartId)).toMatchObject({ shipping_amount: 0, grand_total: 104.1 })
  })
})

describe('POST /api/cart/collect-totals', () => {
  it('totals with the given method, which the cart keeps with its country; refuses an unknown one', async () => {
    const cartId = await lampAndBooks()
    await chosen(cartId, 'BE')
    const collect = (methods: Record<string, unknown>) => post(`/api/cart/collect-totals?cartId=${cartId}`, { methods })
    const res = await collect({ paymentMethod: { method: 'bancontact' }, shippingCarrierCode: 'flatrate', shippingMethodCode: 'flatrate' })
    expect(res.statusCode, res.body).toBe(200)
    const t = json<Envelope<Totals>>(res).result
    expect(t).toMatchObject({ shipping_incl_tax: 5.99, grand_total: 108.89 })
    expect(await totals(cartId)).toEqual(t)
    // without methods: the cart's own choice
    expect(json<Envelope<Totals>>(await collect({})).result).toEqual(t)
    const unknown = await collect({ shippingCarrierCode: 'flatrate', shippingMethodCode: 'express' })
    expect(unknown.statusCode).toBe(400)
    expect((await post(`/api/cart/collect-totals?cartId=${cartId}`, {})).statusCode).toBe(400)
  })
})

describe('GET /api/cart/payment-methods', () => {
  it('answers [{code, title}] for the store view’s country until checkout says otherwise', async () => {
    const nl = await lampAndBooks('en')
    expect(await paymentMethods(nl)).toEqual(['ideal', 'bancontact', 'kbc', 'belfius', 'creditcard', 'paypal', 'wallet', 'banktransfer', 'payatpickup'])
    const be = await lampAndBooks('be')
    expect((await paymentMethods(be))[0]).toBe('bancontact')
    expect((await server.app.inject({ method: 'GET', url: `/api/cart/payment-methods?cartId=${'D'.repeat(32)}` })).statusCode).toBe(404)
  })
})
