import { describe, expect, it } from 'vitest'
import { OrderBodySchema, type OrderBody } from '../../domain/api/order.schema'
import {
  formatIncrementId,
  initialOrderStatus,
  needsNoPayment,
  orderCartDifferences,
  orderFingerprintSource,
  shippingChargeFor,
  stockNeeds,
  stockShortages,
  stockTurns,
} from '../../domain/order'

const address = {
  firstname: 'Lotte',
  lastname: 'Peeters',
  street: ['Meir', '1'],
  city: 'Antwerpen',
  postcode: '2000',
  country_id: 'BE',
  email: 'lotte@example.be',
}

function body(extra: Record<string, unknown> = {}): OrderBody {
  return OrderBodySchema.parse({
    order_id: '1764070000000-0f2c9a',
    cart_id: 'AbCdEfGhIjKlMnOpQrStUvWxYz012345',
    user_id: '',
    store_code: 'be',
    products: [
      { sku: 'COFFEE', qty: 2, price: 8 },
      { sku: 'MUG', qty: 1, product_option: { extension_attributes: { custom_options: [{ option_id: 7, option_value: 71 }] } } },
    ],
    addressInformation: {
      billingAddress: address,
      shipping_method_code: 'flatrate',
      shipping_carrier_code: 'flatrate',
      payment_method_code: 'bancontact',
    },
    ...extra,
  })
}

describe('orderFingerprintSource (the idempotency fingerprint)', () => {
  it('is the same for a retry with other transmission fields, client prices and names', () => {
    const retry = body({
      transmited: true,
      created_at: '2026-11-25T10:00:00Z',
      products: [
        { sku: 'COFFEE', qty: '2', price: 0.01, name: 'Koffie' },
        { sku: 'MUG', qty: 1, product_option: { extension_attributes: { custom_options: [{ option_value: '71', option_id: '7' }] } } },
      ],
    })
    expect(orderFingerprintSource(retry)).toBe(orderFingerprintSource(body()))
  })

  it('treats a missing user_id and an empty one alike', () => {
    expect(orderFingerprintSource(body({ user_id: undefined }))).toBe(orderFingerprintSource(body()))
  })

  it('changes with the qty, the options, the cart, the address or the payment method', () => {
    const base = orderFingerprintSource(body())
    const variants = [
      body({ products: [{ sku: 'COFFEE', qty: 3 }, body().products[1]] }),
      body({ products: [body().products[0], { sku: 'MUG', qty: 1 }] }),
      body({ cart_id: 'another-cart' }),
      body({ addressInformation: { ...body().addressInformation, billingAddress: { ...address, city: 'Gent' } } }),
      body({ addressInformation: { ...body().addressInformation, payment_method_code: 'ideal' } }),
    ]
    for (const variant of variants) expect(orderFingerprintSource(variant)).not.toBe(base)
  })
})

describe('formatIncrementId', () => {
  it('prefixes the store view id to an 8-digit sequence, like Magento', () => {
    expect(formatIncrementId(1, 1)).toBe('100000001')
    expect(formatIncrementId(3, 4217)).toBe('300004217')
    expect(formatIncrementId(2, 123456789)).toBe('2123456789')
  })

  it('refuses numbers that are not positive integers', () => {
    expect(() => formatIncrementId(0, 1)).toThrow(RangeError)
    expect(() => formatIncrementId(1, 0)).toThrow(RangeError)
    expect(() => formatIncrementId(1, 1.5)).toThrow(RangeError)
  })
})

describe('initialOrderStatus', () => {
  it('waits for the money as pending for offline methods, for the provider as pending_payment otherwise', () => {
    expect(initialOrderStatus('banktransfer', 10)).toBe('pending')
    expect(initialOrderStatus('cashondelivery', 10)).toBe('pending')
    expect(initialOrderStatus('bancontact', 10)).toBe('pending_payment')
    expect(initialOrderStatus('ideal', 0.01)).toBe('pending_payment')
  })

  it('is paid (processing) from the start when nothing is left to charge, whatever the method', () => {
    expect(initialOrderStatus('ideal', 0)).toBe('processing')
    expect(initialOrderStatus('banktransfer', 0)).toBe('processing')
    expect(initialOrderStatus('free', 0.004)).toBe('processing')
    expect(needsNoPayment(0)).toBe(true)
    expect(needsNoPayment(0.01)).toBe(false)
  })
})

describe('shippingChargeFor', () => {
  it("charges the shop's methods and knows no others", () => {
    expect(shippingChargeFor('flatrate', 'flatrate')).toEqual({ amount: 5.99, title: 'Shipping & Handling (Flat rate)' })
    expect(shippingChargeFor('flatrate', 'flatrate', true)).toEqual({ amount: 4.95, title: 'Shipping & Handling (Flat rate)' })
    expect(shippingChargeFor('storepickup', 'storepickup')?.amount).toBe(0)
    expect(shippingChargeFor('flatrate', 'storepickup')).toBeNull()
  })
})

describe('orderCartDifferences', () => {
  const lines = [
    { sku: 'COFFEE', parent_sku: null, qty: 2 },
    { sku: 'MUG', parent_sku: null, qty: 1 },
    { sku: 'TEE-RED-S', parent_sku: 'TEE', qty: 1 },
  ]

  it('is empty when the products are the lines, a configurable sent by its child or its parent sku', () => {
    expect(
      orderCartDifferences(
        [
          { sku: 'COFFEE', qty: 2 },
          { sku: 'MUG', qty: 1 },
          { sku: 'TEE-RED-S', qty: 1 },
        ],
        lines,
      ),
    ).toEqual([])
    expect(
      orderCartDifferences(
        [
          { sku: 'TEE', qty: 1 },
          { sku: 'MUG', qty: 1 },
          { sku: 'COFFEE', qty: 2 },
        ],
        lines,
      ),
    ).toEqual([])
  })

  it('sums lines of one sku (other options) on both sides', () => {
    const mugs = [
      { sku: 'MUG', parent_sku: null, qty: 1 },
      { sku: 'MUG', parent_sku: null, qty: 2 },
    ]
    expect(orderCartDifferences([{ sku: 'MUG', qty: 3 }], mugs)).toEqual([])
  })

  it('names each sku whose quantity differs, missing on either side', () => {
    expect(
      orderCartDifferences(
        [
          { sku: 'COFFEE', qty: 3 },
          { sku: 'SOAP', qty: 1 },
          { sku: 'TEE', qty: 1 },
        ],
        lines,
      ),
    ).toEqual([
      { sku: 'COFFEE', requested: 3, available: 2 },
      { sku: 'MUG', requested: 0, available: 1 },
      { sku: 'SOAP', requested: 1, available: 0 },
    ])
  })
})

describe('stockNeeds and stockShortages', () => {
  it('sums the lines of each sku', () => {
    expect(
      stockNeeds([
        { sku: 'MUG', qty: 1 },
        { sku: 'MUG', qty: 2.5 },
        { sku: 'TEA', qty: 1 },
      ]),
    ).toEqual(
      new Map([
        ['MUG', 3.5],
        ['TEA', 1],
      ]),
    )
  })

  it('names managed skus short of stock or out of stock; unmanaged and unknown skus are sold without counting', () => {
    const needs = new Map([
      ['A', 2],
      ['B', 2],
      ['C', 5],
      ['D', 1],
      ['E', 1],
    ])
    const levels = [
      { sku: 'A', qty: 2, is_in_stock: true, manage_stock: true },
      { sku: 'B', qty: 1, is_in_stock: true, manage_stock: true },
      { sku: 'C', qty: 0, is_in_stock: true, manage_stock: false },
      { sku: 'D', qty: 10, is_in_stock: false, manage_stock: true },
    ]
    expect(stockShortages(needs, levels)).toEqual([
      { sku: 'B', requested: 2, available: 1 },
      { sku: 'D', requested: 1, available: 0 },
    ])
  })
})

describe('stockTurns', () => {
  const level = (sku: string, qty: number, is_in_stock = true, manage_stock = true) => ({ sku, qty, is_in_stock, manage_stock })

  it('a take that leaves 0 sells out; one that leaves some does not', () => {
    const levels = [level('A', 2), level('B', 3), level('C', 0.5)]
    expect(
      stockTurns(
        levels,
        new Map([
          ['A', 2],
          ['B', 2],
          ['C', 0.5],
        ]),
        'take',
      ),
    ).toEqual(['A', 'C'])
  })

  it('an unmanaged, unknown or switched-off sku never turns on a take', () => {
    const levels = [level('U', 1, true, false), level('OFF', 1, false)]
    expect(
      stockTurns(
        levels,
        new Map([
          ['U', 1],
          ['OFF', 1],
          ['NONE', 1],
        ]),
        'take',
      ),
    ).toEqual([])
  })

  it('a give-back lifts a sold-out sku; a sku switched off by hand with stock left stays off', () => {
    const levels = [level('SOLD', 0, false), level('LOW', 1), level('HAND', 4, false)]
    expect(
      stockTurns(
        levels,
        new Map([
          ['SOLD', 2],
          ['LOW', 2],
          ['HAND', 2],
        ]),
        'give-back',
      ),
    ).toEqual(['SOLD'])
  })

  it('sorts the turned skus and rounds as the stock table does', () => {
    const levels = [level('Z', 0.3), level('A', 0.1 + 0.2)]
    expect(
      stockTurns(
        levels,
        new Map([
          ['Z', 0.3],
          ['A', 0.3],
        ]),
        'take',
      ),
    ).toEqual(['A', 'Z'])
  })
})
