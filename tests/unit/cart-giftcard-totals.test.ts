import { describe, expect, it } from 'vitest'
import type { Totals } from '../../domain/cart.schema'
import { computeTotals, DEFAULT_SHIPPING, giftCardShares, giftCardSharesOf, type TotalsLine } from '../../domain/cart-totals'
import type { Coupon } from '../../domain/coupon.schema'
import { giftCardStatusAt } from '../../domain/giftcard.schema'
import type { Product } from '../../domain/product.schema'
import { shippingChargeOf } from '../../domain/shipping-methods'
import { TaxClass } from '../../domain/tax-rule.schema'
import { TAX_RULES as rules, testProduct } from '../fixtures/catalog'

let nextId = 1
const line = (sold: Product, qty: number): TotalsLine => ({ item_id: nextId++, name: sold.name, qty, option: null, sells: { product: sold, child: null } })
const segment = (t: Totals, code: string) => t.total_segments.find((s) => s.code === code)
const flat = shippingChargeOf('flatrate', 'flatrate')
const card = (code: string, euros: number) => ({ code, balance_cents: Math.round(euros * 100) })
const fixed5: Coupon = { code: 'WELKOM5', kind: 'fixed', amount: 5, from_date: null, to_date: null, is_active: true }

const tee = testProduct('TEE', { price: 20, final_price_incl_tax: 24.2 })
const wafel = testProduct('WAFEL', { price: 5, final_price_incl_tax: 5.45, tax_class_id: TaxClass.Reduced })

describe('giftCardShares', () => {
  it('lets each card, in order, pay what is still due up to its balance', () => {
    expect(giftCardShares(3000, [card('A', 25), card('B', 100)])).toEqual([
      { code: 'A', cents: 2500 },
      { code: 'B', cents: 500 },
    ])
  })
  it('never pays more than is due: a card after the total is covered pays 0; nothing due pays nothing', () => {
    expect(giftCardShares(1000, [card('A', 25), card('B', 5)])).toEqual([
      { code: 'A', cents: 1000 },
      { code: 'B', cents: 0 },
    ])
    expect(giftCardShares(0, [card('A', 25)])).toEqual([{ code: 'A', cents: 0 }])
    expect(giftCardShares(-50, [card('A', 25)])).toEqual([{ code: 'A', cents: 0 }])
  })
})

describe('computeTotals with gift cards', () => {
  it('pays the grand total after discount and shipping; prices, discount and VAT stay as they are', () => {
    const lines = [line(tee, 2), line(wafel, 1)]
    const without = computeTotals(lines, rules, 'NL', flat, fixed5)
    const t = computeTotals(lines, rules, 'NL', flat, fixed5, [card('POLDER-GIFT-25', 25)])
    // 48.40 + 5.45 + 5.99 shipping − 5.00 discount = 54.84; the card pays 25.00 of it
    expect(without.grand_total).toBe(54.84)
    expect(t.grand_total).toBe(29.84)
    expect(t.base_grand_total).toBe(29.84)
    for (const field of ['subtotal', 'subtotal_incl_tax', 'discount_amount', 'shipping_amount', 'tax_amount'] as const) expect(t[field]).toBe(without[field])
    expect(t.items).toEqual(without.items)
    expect(segment(t, 'mageworx_giftcards')).toEqual({
      code: 'mageworx_giftcards',
      title: 'Gift Cards (POLDER-GIFT-25)',
      value: -25,
      extension_attributes: { front_options: JSON.stringify({ 'POLDER-GIFT-25': 25 }) },
    })
    expect(segment(t, 'grand_total')!.value).toBe(29.84)
    // the segment comes before the grand total
    expect(t.total_segments.map((s) => s.code)).toEqual(['subtotal', 'shipping', 'discount', 'tax', 'mageworx_giftcards', 'grand_total'])
  })

  it('is capped at the total: a larger card leaves 0 to pay and keeps the rest of its balance', () => {
    const t = computeTotals([line(tee, 1)], rules, 'NL', flat, null, [card('POLDER-GIFT-100', 100)])
    expect(t.grand_total).toBe(0)
    expect(segment(t, 'mageworx_giftcards')!.value).toBe(-30.19)
    expect(giftCardSharesOf(t)).toEqual([{ code: 'POLDER-GIFT-100', cents: 3019 }])
  })

  it('shares the total over several cards in the order they were applied', () => {
    const t = computeTotals([line(tee, 2)], rules, 'NL', DEFAULT_SHIPPING, null, [card('A', 25), card('B', 100)])
    expect(t.grand_total).toBe(0)
    expect(giftCardSharesOf(t)).toEqual([
      { code: 'A', cents: 2500 },
      { code: 'B', cents: 2340 },
    ])
    expect(segment(t, 'mageworx_giftcards')).toMatchObject({ title: 'Gift Cards (A, B)', value: -48.4 })
  })

  it('has no gift card segment without cards', () => {
    const t = computeTotals([line(tee, 1)], rules, 'NL', DEFAULT_SHIPPING)
    expect(segment(t, 'mageworx_giftcards')).toBeUndefined()
    expect(giftCardSharesOf(t)).toEqual([])
  })
})

describe('giftCardStatusAt', () => {
  const now = new Date('2026-06-15T12:00:00Z')
  const base = { balance_cents: 2500, expires_at: null, status: 'active' as const }
  it('is active with a balance and no end, or an end still ahead', () => {
    expect(giftCardStatusAt(base, now)).toBe('active')
    expect(giftCardStatusAt({ ...base, expires_at: '2026-06-15T12:00:00.000Z' }, now)).toBe('active')
  })
  it('is used at 0, expired after its end (or with an unreadable one), disabled when switched off', () => {
    expect(giftCardStatusAt({ ...base, balance_cents: 0 }, now)).toBe('used')
    expect(giftCardStatusAt({ ...base, expires_at: '2025-12-31T23:59:59.999Z' }, now)).toBe('expired')
    expect(giftCardStatusAt({ ...base, expires_at: 'soon' }, now)).toBe('expired')
    expect(giftCardStatusAt({ ...base, status: 'disabled' }, now)).toBe('disabled')
  })
})
