/**
 * domain/checkout: the one rule of what stops an order (the page shows it, the worker places by it)
 * and what the order charges (the review shows it, the worker stores it on the order).
 */
import { describe, expect, it } from 'vitest'
import type { Totals } from '../../domain/cart.schema'
import {
  applyCheckoutPatch,
  checkoutCharge,
  checkoutOutcome,
  checkoutProblems,
  chosenShipping,
  type CheckoutDetails,
  type CheckoutPatch,
} from '../../domain/checkout'
import { fakeTotals } from './cart-fakes'

const ANNA = {
  firstName: 'Anna',
  lastName: 'de Vries',
  country: 'NL' as const,
  street: 'Damrak',
  houseNumber: '70',
  addition: '',
  postcode: '1012 LM',
  city: 'Amsterdam',
  phone: '06 12345678',
}

const complete: CheckoutDetails = {
  personalDetails: { firstName: 'Anna', lastName: 'de Vries', emailAddress: 'anna@example.nl', createAccount: false },
  shippingDetails: { ...ANNA, shippingMethod: { carrierCode: 'flatrate', methodCode: 'flatrate' } },
  paymentDetails: { ...ANNA, sameAsShipping: true, company: '', vatId: '', paymentMethod: 'banktransfer' },
  termsAccepted: true,
}

const empty: CheckoutDetails = {
  personalDetails: { firstName: '', lastName: '', emailAddress: '', createAccount: false },
  shippingDetails: { ...ANNA, firstName: '', lastName: '', street: '', houseNumber: '', postcode: '', city: '', phone: '', shippingMethod: null },
  paymentDetails: {
    ...ANNA,
    firstName: '',
    lastName: '',
    street: '',
    houseNumber: '',
    postcode: '',
    city: '',
    phone: '',
    sameAsShipping: true,
    company: '',
    vatId: '',
    paymentMethod: null,
  },
  termsAccepted: false,
}

const change = (patch: CheckoutPatch) => applyCheckoutPatch(complete, patch)
const shopper = { paidInFull: false, virtual: false }

describe('checkoutProblems', () => {
  it('a complete checkout has none', () => {
    expect(checkoutProblems(complete, shopper)).toEqual([])
  })

  it('names every missing field in the order of the form, by its dictionary key', () => {
    expect(checkoutProblems(empty, shopper).map((p) => `${p.field}:${p.key}`)).toEqual([
      'co-email:required',
      'co-firstName:required',
      'co-lastName:required',
      'ship-method:required',
      'ship-street:required',
      'ship-houseNumber:required',
      'ship-postcode:required',
      'ship-city:required',
      'ship-phone:required',
      'pay-method:required',
      'co-terms:termsRequired',
    ])
  })

  it('the spec’s form texts: an e-mail address that is none, a name of one letter', () => {
    const problems = checkoutProblems(change({ personalDetails: { emailAddress: 'anna@', lastName: 'V.' } }), shopper)
    expect(problems).toEqual([
      { field: 'co-email', key: 'emailInvalid' },
      { field: 'co-lastName', key: 'nameTooShort' },
    ])
  })

  it('the address rules of domain/address, with the values their text takes', () => {
    const problems = checkoutProblems(change({ shippingDetails: { postcode: '1012', street: 'x'.repeat(51) } }), shopper)
    expect(problems).toEqual([
      { field: 'ship-street', key: 'tooLong', values: { max_characters: 51 } },
      { field: 'ship-postcode', key: 'postcodeInvalidNl' },
    ])
  })

  it('a billing address of its own is checked; the same as the delivery address is not asked again', () => {
    const own = change({ paymentDetails: { sameAsShipping: false, street: '' } })
    expect(checkoutProblems(own, shopper)).toEqual([{ field: 'bill-street', key: 'required' }])
    expect(checkoutProblems(change({ paymentDetails: { street: '' } }), shopper)).toEqual([])
  })

  it('store pickup asks no delivery address, and the billing address itself', () => {
    const pickup = change({
      shippingDetails: { shippingMethod: { carrierCode: 'storepickup', methodCode: 'storepickup' }, street: '' },
      paymentDetails: { city: '' },
    })
    expect(checkoutProblems(pickup, shopper)).toEqual([{ field: 'bill-city', key: 'required' }])
  })

  it('a virtual cart asks no shipping method nor delivery address, and the billing address itself', () => {
    const virtual = change({ shippingDetails: { ...empty.shippingDetails }, paymentDetails: { phone: '' } })
    expect(checkoutProblems(virtual, { paidInFull: false, virtual: true })).toEqual([{ field: 'bill-phone', key: 'required' }])
  })

  it('a VAT number is checked against the billing country', () => {
    expect(checkoutProblems(change({ paymentDetails: { vatId: 'NL' } }), shopper)).toEqual([{ field: 'bill-vatId', key: 'taxIdTooShort' }])
    expect(checkoutProblems(change({ paymentDetails: { vatId: 'NL123456789B01' } }), shopper)).toEqual([{ field: 'bill-vatId', key: 'vatNumberInvalid' }])
  })

  it('gift cards that pay it all ask no payment method', () => {
    const unpaid = change({ paymentDetails: { paymentMethod: null } })
    expect(checkoutProblems(unpaid, shopper)).toEqual([{ field: 'pay-method', key: 'required' }])
    expect(checkoutProblems(unpaid, { paidInFull: true, virtual: false })).toEqual([])
  })
})

/** The shop's totals of a cart, with `values` set. */
function totals(values: Partial<Totals>): Totals {
  return { ...fakeTotals(0, 0), ...values }
}

const line = { qty: 2, price_incl_tax: 1210, type_id: 'simple', mageworx_gc_type: undefined } as const
const flatrate = { carrierCode: 'flatrate', methodCode: 'flatrate', amount: 599 }

describe('the checkout’s charge', () => {
  it('offline: the device’s sums, with the chosen method’s listed price', () => {
    const { charge, problems } = checkoutOutcome(complete, { items: [line], totals: null, giftCards: [] }, flatrate)
    expect(charge).toEqual({ subtotal: 2420, discount: 0, shipping: 599, vatFree: false, giftCards: 0, charged: 3019, paidInFull: false })
    expect(problems).toEqual([])
  })

  it('the shop’s totals of the cart’s lines count: its subtotal, discount and shipping price for this buyer', () => {
    const shop = totals({
      subtotal_incl_tax: 24,
      discount_amount: -2,
      shipping_incl_tax: 6.5,
      grand_total: 28.5,
      tax_amount: 4,
      items_qty: 2,
      items: [{} as Totals['items'][number]],
    })
    expect(checkoutCharge({ subtotalInclTax: 2420, items: [line], totals: shop, giftCards: [] }, 599)).toMatchObject({
      subtotal: 2400,
      discount: 200,
      shipping: 650,
      charged: 2850,
    })
  })

  it('gift cards that pay it all leave nothing to charge, and no payment method is asked', () => {
    const unpaid = change({ paymentDetails: { paymentMethod: null } })
    const { charge, problems } = checkoutOutcome(unpaid, { items: [line], totals: null, giftCards: [{ amount: 5000 }] }, flatrate)
    expect(charge).toMatchObject({ giftCards: 3019, charged: 0, paidInFull: true })
    expect(problems).toEqual([])
  })

  it('a virtual cart pays no shipping whatever was chosen, and asks no shipping method', () => {
    const ebook = { ...line, type_id: 'downloadable' } as const
    const outcome = checkoutOutcome(change({ shippingDetails: { shippingMethod: null } }), { items: [ebook], totals: null, giftCards: [] }, flatrate)
    expect(outcome).toMatchObject({ virtual: true, pickup: false, charge: { shipping: 0, charged: 2420 }, problems: [] })
  })

  it('the chosen method as offered; none when it is not offered', () => {
    const offered = [{ carrierCode: 'storepickup', methodCode: 'storepickup', amount: 0 }, flatrate]
    expect(chosenShipping(complete, offered)).toBe(flatrate)
    expect(chosenShipping(complete, offered.slice(0, 1))).toBeNull()
    expect(chosenShipping(change({ shippingDetails: { shippingMethod: null } }), offered)).toBeNull()
  })
})

describe('applyCheckoutPatch', () => {
  it('replaces the fields given, section by section', () => {
    const next = applyCheckoutPatch(complete, { shippingDetails: { city: 'Utrecht' }, termsAccepted: false })
    expect(next.shippingDetails).toEqual({ ...complete.shippingDetails, city: 'Utrecht' })
    expect(next.termsAccepted).toBe(false)
    expect(next.personalDetails).toEqual(complete.personalDetails)
  })
})
