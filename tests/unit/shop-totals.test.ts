import { describe, expect, it } from 'vitest'
import { shopShippingCents, totalsOfLines } from '../../domain/shop-totals'

describe('the shop’s totals on the device', () => {
  const totals = { items: [{}, {}], items_qty: 3, shipping_incl_tax: 4.95 } as unknown as Parameters<typeof totalsOfLines>[0] & { shipping_incl_tax: number }

  it('count while they are of the cart’s lines, not after a change made offline', () => {
    expect(totalsOfLines(totals, [{ qty: 1 }, { qty: 2 }])).toBe(totals)
    expect(totalsOfLines(totals, [{ qty: 1 }, { qty: 3 }])).toBeNull()
    expect(totalsOfLines(totals, [{ qty: 3 }])).toBeNull()
    expect(totalsOfLines(null, [{ qty: 1 }])).toBeNull()
  })

  it('give the shipping price the shop charges this buyer; free stays free, and a charge they lack is the listed one', () => {
    expect(shopShippingCents(totals, 599)).toBe(495)
    expect(shopShippingCents(totals, 0)).toBe(0)
    expect(shopShippingCents({ shipping_incl_tax: 0 }, 599)).toBe(599)
    expect(shopShippingCents(null, 599)).toBe(599)
  })
})
