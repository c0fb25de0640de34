/**
 * An order's VAT as its pages show it: the shop's decision once it placed the order (with both VAT
 * ids), the device's estimate before, and the account's history the same way.
 */
import { describe, expect, it } from 'vitest'
import type { OrderHistoryItem } from '../../domain/api/user.schema'
import { toOrderView } from '../../workers/orders/order-body'
import { toHistoryOrderDoc } from '../../workers/orders/order-history'
import type { OrderDoc } from '../../workers/orders/order-schema'

const address = {
  firstName: 'An',
  lastName: 'Peeters',
  country: 'BE',
  street: 'Meir',
  houseNumber: '1',
  addition: '',
  postcode: '2000',
  city: 'Antwerpen',
  phone: '',
}
const queued = {
  order_id: '1767225600000-abc',
  created_at: 1767225600000,
  updated_at: 1767225600000,
  status: 'queued',
  store_code: 'nl',
  email: 'an@peeters.be',
  lines: [],
  billing_address: { ...address, company: 'Brouwerij Peeters BV', vatId: 'BE0403019261' },
  payment_method: { code: 'banktransfer', title: 'Bank transfer' },
  totals: { subtotal: 6050, discount: 0, shipping: 599, grandTotal: 6649 },
  reverse_charge: true,
  attempts: 0,
} as unknown as OrderDoc

describe('an order’s reverse charge, as its pages show it', () => {
  it('before the shop placed it: the device’s estimate, without ids', () => {
    expect(toOrderView(queued)).toMatchObject({ reverseCharge: true })
    expect(toOrderView(queued).vatIds).toBeUndefined()
  })

  it('once placed: the shop’s decision, with both ids; VAT charged after all when the shop says so', () => {
    const vat = { customerVatId: 'BE0403019261', shopVatId: 'NL004495445B01' }
    const placed = { ...queued, status: 'placed', placed: { orderNumber: '200000001', backendOrderId: '1', grandTotal: 5495, vat } } as unknown as OrderDoc
    expect(toOrderView(placed)).toMatchObject({ reverseCharge: true, vatIds: { customer: 'BE0403019261', shop: 'NL004495445B01' } })
    const charged = { ...placed, placed: { ...placed.placed!, vat: null } } as unknown as OrderDoc
    expect(toOrderView(charged).reverseCharge).toBe(false)
    // placed before the shop told its decision: the device's estimate stays
    const older = { ...placed, placed: { orderNumber: '200000001', backendOrderId: '1' } } as unknown as OrderDoc
    expect(toOrderView(older).reverseCharge).toBe(true)
  })

  it('an order of the account’s history carries the shop’s decision too', () => {
    const item = {
      entity_id: 7,
      increment_id: '200000007',
      created_at: '2026-12-01 10:00:00',
      updated_at: '2026-12-01 10:00:00',
      status: 'pending',
      customer_email: 'an@peeters.be',
      items: [],
      subtotal_incl_tax: 50,
      discount_amount: 0,
      shipping_incl_tax: 4.95,
      grand_total: 54.95,
      billing_address: { firstname: 'An', lastname: 'Peeters', country_id: 'BE', street: ['Meir 1'], postcode: '2000', city: 'Antwerpen' },
      shipping_address: null,
      payment: { method: 'banktransfer' },
      shipping_method: 'flatrate_flatrate',
      extension_attributes: { reverse_charge: { customer_vat_id: 'BE0403019261', shop_vat_id: 'NL004495445B01' } },
    } as unknown as OrderHistoryItem
    expect(toOrderView(toHistoryOrderDoc(item, 'nl'))).toMatchObject({ reverseCharge: true, vatIds: { customer: 'BE0403019261', shop: 'NL004495445B01' } })
    const consumer = { ...item, extension_attributes: {} } as OrderHistoryItem
    expect(toOrderView(toHistoryOrderDoc(consumer, 'nl'))).toMatchObject({ reverseCharge: false })
    expect(toOrderView(toHistoryOrderDoc(consumer, 'nl')).vatIds).toBeUndefined()
  })
})
