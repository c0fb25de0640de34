import { describe, expect, it } from 'vitest'
import type { AddressBookEntry, CheckoutDetails } from '../../src/data/worker-types'
import { prefillFromAccount } from '../../src/routes/checkout/checkout-rules'

const empty: CheckoutDetails = {
  personalDetails: { firstName: '', lastName: '', emailAddress: '', createAccount: false },
  shippingDetails: {
    firstName: '',
    lastName: '',
    country: 'NL',
    street: '',
    houseNumber: '',
    addition: '',
    postcode: '',
    city: '',
    phone: '',
    shippingMethod: null,
  },
  paymentDetails: {
    firstName: '',
    lastName: '',
    country: 'NL',
    street: '',
    houseNumber: '',
    addition: '',
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

const entry = (over: Partial<AddressBookEntry>): AddressBookEntry => ({
  key: 'a-1',
  id: 1,
  pending: null,
  firstname: 'Anna',
  lastname: 'de Vries',
  company: '',
  vatId: '',
  country: 'NL',
  street: 'Oudegracht',
  houseNumber: '231',
  addition: '',
  postcode: '3511 NK',
  city: 'Utrecht',
  telephone: '+31 30 231 0000',
  defaultShipping: true,
  defaultBilling: true,
  ...over,
})
const customer = { email: 'anna@example.nl', firstname: 'Anna', lastname: 'de Vries' }

describe('a signed-in checkout starts from the account', () => {
  it('fills the person and the default address, billing the same', () => {
    expect(prefillFromAccount(empty, { customer, addresses: [entry({})] })).toEqual({
      personalDetails: { emailAddress: 'anna@example.nl', firstName: 'Anna', lastName: 'de Vries' },
      shippingDetails: {
        firstName: 'Anna',
        lastName: 'de Vries',
        country: 'NL',
        street: 'Oudegracht',
        houseNumber: '231',
        addition: '',
        postcode: '3511 NK',
        city: 'Utrecht',
        phone: '+31 30 231 0000',
      },
      paymentDetails: {
        firstName: 'Anna',
        lastName: 'de Vries',
        country: 'NL',
        street: 'Oudegracht',
        houseNumber: '231',
        addition: '',
        postcode: '3511 NK',
        city: 'Utrecht',
        phone: '+31 30 231 0000',
        sameAsShipping: true,
        company: '',
        vatId: '',
      },
    })
  })

  it('a default billing address of its own (a company with its VAT number) becomes the billing address', () => {
    const home = entry({ key: 'a-1', defaultBilling: false })
    const office = entry({
      key: 'a-2',
      id: 2,
      defaultShipping: false,
      company: 'Polder BV',
      vatId: 'BE0123456749',
      country: 'BE',
      street: 'Meir',
      city: 'Antwerpen',
    })
    const patch = prefillFromAccount(empty, { customer, addresses: [home, office] })!
    expect(patch.shippingDetails?.street).toBe('Oudegracht')
    expect(patch.paymentDetails).toMatchObject({ sameAsShipping: false, street: 'Meir', country: 'BE', company: 'Polder BV', vatId: 'BE0123456749' })
  })

  it('leaves what the shopper typed, skips an address being deleted, and does nothing for a guest', () => {
    const typed: CheckoutDetails = {
      ...empty,
      personalDetails: { ...empty.personalDetails, emailAddress: 'other@example.nl' },
      shippingDetails: { ...empty.shippingDetails, street: 'Damrak' },
    }
    const patch = prefillFromAccount(typed, { customer, addresses: [entry({ pending: 'delete' })] })
    expect(patch).toBeNull()
    expect(prefillFromAccount(empty, { customer: null, addresses: [entry({})] })).toBeNull()
  })
})
