import { describe, expect, it } from 'vitest'
import { PAY_AT_PICKUP, CASH_ON_DELIVERY, paymentMethodsFor, PROVIDER_PAYMENT_METHODS } from '../../domain/payment-methods'
import { shippingChargeOf, shippingMethodsFor } from '../../domain/shipping-methods'

const physical = { virtual: false, country: 'NL', freeShipping: false }

describe('shippingMethodsFor', () => {
  it('offers store pickup 0.00 and flat rate 5.99 for BE and NL, in the contract’s shape', () => {
    const methods = shippingMethodsFor(physical)
    expect(methods).toEqual([
      {
        carrier_code: 'storepickup',
        method_code: 'storepickup',
        carrier_title: 'Store pickup',
        method_title: 'Store pickup',
        amount: 0,
        base_amount: 0,
        available: true,
        error_message: '',
        price_excl_tax: 0,
        price_incl_tax: 0,
      },
      {
        carrier_code: 'flatrate',
        method_code: 'flatrate',
        carrier_title: 'Flat rate',
        method_title: 'Flat rate',
        amount: 5.99,
        base_amount: 5.99,
        available: true,
        error_message: '',
        price_excl_tax: 4.95,
        price_incl_tax: 5.99,
      },
    ])
    expect(shippingMethodsFor({ ...physical, country: 'be' }).map((m) => m.carrier_code)).toEqual(['storepickup', 'flatrate'])
  })

  it('drops a method that is not available', () => {
    const methods = [
      { carrier_code: 'storepickup', method_code: 'storepickup', amount: 0, net: 0, default: true },
      { carrier_code: 'flatrate', method_code: 'flatrate', amount: 5.99, net: 4.95, default: false, available: false },
    ]
    expect(shippingMethodsFor(physical, methods).map((m) => m.carrier_code)).toEqual(['storepickup'])
  })

  it('offers nothing for a virtual cart or a country the shop does not ship to', () => {
    expect(shippingMethodsFor({ ...physical, virtual: true })).toEqual([])
    expect(shippingMethodsFor({ ...physical, country: 'DE' })).toEqual([])
  })

  it('prices a method as the cart pays it when told (the VAT of its goods)', () => {
    const books = shippingMethodsFor({ ...physical, priceOf: (m) => ({ excl: m.amount === 0 ? 0 : 5.5, incl: m.amount }) })
    expect(books.map((m) => [m.amount, m.price_excl_tax, m.price_incl_tax])).toEqual([
      [0, 0, 0],
      [5.99, 5.5, 5.99],
    ])
  })

  it('prices every method at 0 with a free-shipping coupon', () => {
    expect(shippingMethodsFor({ ...physical, freeShipping: true }).map((m) => [m.amount, m.price_incl_tax])).toEqual([
      [0, 0],
      [0, 0],
    ])
  })
})

describe('shippingChargeOf', () => {
  it('charges the stored method, else store pickup (none chosen, or one the shop no longer has)', () => {
    expect(shippingChargeOf('flatrate', 'flatrate')).toEqual({ amount: 5.99, title: 'Shipping & Handling (Flat rate)' })
    expect(shippingChargeOf('flatrate', 'flatrate', true)).toEqual({ amount: 4.95, title: 'Shipping & Handling (Flat rate)' })
    expect(shippingChargeOf(null, null)).toEqual({ amount: 0, title: 'Shipping & Handling (Store pickup)' })
    expect(shippingChargeOf('dhl', 'express')).toEqual({ amount: 0, title: 'Shipping & Handling (Store pickup)' })
  })
})

describe('paymentMethodsFor', () => {
  const codes = (country: string, shippingCarrierCode: string, virtual = false) =>
    paymentMethodsFor({ country, shippingCarrierCode, virtual }).map((m) => m.code)

  it('lists the eight provider methods, iDEAL first in NL and Bancontact first in BE', () => {
    expect(PROVIDER_PAYMENT_METHODS).toHaveLength(8)
    expect(codes('NL', 'flatrate')).toEqual(['ideal', 'bancontact', 'kbc', 'belfius', 'creditcard', 'paypal', 'wallet', 'banktransfer', 'cashondelivery'])
    expect(codes('BE', 'flatrate')).toEqual(['bancontact', 'kbc', 'belfius', 'ideal', 'creditcard', 'paypal', 'wallet', 'banktransfer', 'cashondelivery'])
  })

  it('adds pay at pickup with store pickup, cash on delivery with a delivery, neither for a virtual cart', () => {
    expect(paymentMethodsFor({ country: 'NL', shippingCarrierCode: 'storepickup', virtual: false }).at(-1)).toEqual(PAY_AT_PICKUP)
    expect(paymentMethodsFor({ country: 'NL', shippingCarrierCode: 'flatrate', virtual: false }).at(-1)).toEqual(CASH_ON_DELIVERY)
    const virtual = codes('BE', 'storepickup', true)
    expect(virtual).toHaveLength(8)
    expect(virtual).not.toContain('cashondelivery')
    expect(virtual).not.toContain('payatpickup')
  })
})
