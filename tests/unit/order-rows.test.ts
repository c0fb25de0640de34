/** The rows an order is stored as: what a virtual order, a guest's order and the VAT decision leave in them. */
import { describe, expect, it } from 'vitest'
import type { OrderBody } from '../../domain/api/order.schema'
import type { Totals } from '../../domain/cart.schema'
import { newOrderRow, orderLinesOf, type OrderDecision } from '../../server/services/order-rows'
import type { CartItemRow, CartRow } from '../../server/storage/cart-repository'

const billingAddress = {
  firstname: 'An',
  lastname: 'Peeters',
  street: ['Kerkstraat 1'],
  city: 'Gent',
  postcode: '9000',
  country_id: 'BE',
  email: 'an@example.be',
}
const body = {
  order_id: 'client-1',
  cart_id: 'cart-1',
  products: [],
  addressInformation: {
    billingAddress,
    shippingAddress: { ...billingAddress, country_id: 'NL' },
    shipping_carrier_code: 'flatrate',
    shipping_method_code: 'flatrate',
    payment_method_code: 'banktransfer',
  },
} as unknown as OrderBody
const cart = { id: 'cart-1', store_code: 'nl' } as CartRow
const totals = {
  grand_total: 12.5,
  items: [{ price: 10, price_incl_tax: 12.1, row_total: 10, row_total_incl_tax: 12.1, tax_amount: 2.1, tax_percent: 21 }],
} as unknown as Totals
const decision: OrderDecision = { totals, vatDecision: { kind: 'normal' }, country: 'NL', virtual: false }
const request = { hash: 'h', customerId: null, nowIso: '2026-03-01T10:00:00.000Z' }

describe('newOrderRow', () => {
  it('stores what was decided: number, VAT country, the VAT decision beside the totals, the addresses', () => {
    const row = newOrderRow(body, request, cart, '200000001', decision)
    expect(row).toMatchObject({
      client_order_id: 'client-1',
      request_hash: 'h',
      increment_id: '200000001',
      store_code: 'nl',
      cart_id: 'cart-1',
      email: 'an@example.be',
      country_id: 'NL',
      shipping_carrier_code: 'flatrate',
      shipping_address: { country_id: 'NL' },
      grand_total: 12.5,
      payment_method_additional: null,
      created_at: request.nowIso,
      updated_at: request.nowIso,
    })
    expect(row.totals).toEqual({ ...totals, vat_decision: { kind: 'normal' } })
  })

  it('gives a guest’s order a key of its own, and a customer’s none', () => {
    const guest = newOrderRow(body, request, cart, '1', decision)
    expect(guest.order_token).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(newOrderRow(body, request, cart, '2', decision).order_token).not.toBe(guest.order_token)
    const customer = newOrderRow(body, { ...request, customerId: 7 }, cart, '3', decision)
    expect(customer).toMatchObject({ customer_id: 7, order_token: null })
  })

  it('ships nothing for a virtual order: no carrier, no method, no delivery address', () => {
    const row = newOrderRow(body, request, cart, '1', { ...decision, virtual: true })
    expect(row).toMatchObject({ shipping_carrier_code: '', shipping_method_code: '', shipping_address: null })
  })
})

describe('orderLinesOf', () => {
  it('gives each cart line the price the totals gave it', () => {
    const item = { item_id: 3, sku: 'S', parent_sku: null, name: 'Sok', product_type: 'simple', product_option: null, qty: 1 } as unknown as CartItemRow
    expect(orderLinesOf([item], totals)).toEqual([
      {
        cart_item_id: 3,
        sku: 'S',
        parent_sku: null,
        name: 'Sok',
        product_type: 'simple',
        product_option: null,
        qty: 1,
        price: 10,
        price_incl_tax: 12.1,
        row_total: 10,
        row_total_incl_tax: 12.1,
        tax_amount: 2.1,
        tax_percent: 21,
      },
    ])
  })
})
