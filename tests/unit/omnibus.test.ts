import { describe, expect, it } from 'vitest'
import { isReductionBacked, reductionStartOf, referencePrice, type PricePoint } from '../../domain/omnibus'
import { priceProduct } from '../../domain/price'
import type { Product } from '../../domain/product.schema'
import { TAX_RULES as rules } from '../fixtures/catalog'

const start = new Date('2026-06-01T00:00:00.000Z')
const daysBefore = (days: number, ms = 0) => new Date(start.getTime() - days * 86_400_000 + ms).toISOString()
const at = (price: number, valid_from: string): PricePoint => ({ price, valid_from })

describe('the reference price (lowest of the 30 days before the reduction)', () => {
  it('takes the lowest of several changes inside the window', () => {
    const history = [at(100, daysBefore(90)), at(90, daysBefore(20)), at(110, daysBefore(10))]
    expect(referencePrice(history, start)).toBe(90)
  })

  it('counts the price in effect when the window opens, whenever it took effect', () => {
    expect(referencePrice([at(70, daysBefore(200)), at(100, daysBefore(29))], start)).toBe(70)
  })

  it('counts a price that took effect exactly 30 days before, and not one replaced exactly then', () => {
    expect(referencePrice([at(60, daysBefore(30)), at(100, daysBefore(5))], start)).toBe(60)
    expect(referencePrice([at(60, daysBefore(40)), at(100, daysBefore(30))], start)).toBe(100)
    // replaced one millisecond after the window opened: it was in effect for that millisecond
    expect(referencePrice([at(60, daysBefore(40)), at(100, daysBefore(30, 1))], start)).toBe(60)
  })

  it('does not count a price that took effect at the start of the reduction or later', () => {
    expect(referencePrice([at(100, daysBefore(60)), at(50, start.toISOString()), at(40, daysBefore(-3))], start)).toBe(100)
  })

  it('finds a raise just before the sale: the lower price before it is the reference', () => {
    const history = [at(80, daysBefore(60)), at(120, daysBefore(7))]
    expect(referencePrice(history, start)).toBe(80)
  })

  it('counts a history shorter than 30 days from its first price', () => {
    expect(referencePrice([at(100, daysBefore(10)), at(95, daysBefore(3))], start)).toBe(95)
    expect(referencePrice([at(100, daysBefore(10))], start)).toBe(100)
  })

  it('has none when nothing was in effect before the reduction', () => {
    expect(referencePrice([], start)).toBeNull()
    expect(referencePrice([at(100, start.toISOString())], start)).toBeNull()
    expect(referencePrice([at(100, 'not a date')], start)).toBeNull()
  })

  it('starts a reduction at its from-date (a date-only one at 00:00 UTC), whatever the history says', () => {
    const history = [at(100, daysBefore(60)), { price: 100, special_price: 80, valid_from: daysBefore(2) }]
    expect(reductionStartOf('2026-06-01', 80, history)?.toISOString()).toBe('2026-06-01T00:00:00.000Z')
    expect(reductionStartOf('2026-06-01 08:00:00', 80, [])?.toISOString()).toBe('2026-06-01T08:00:00.000Z')
    expect(reductionStartOf('soon', 80, history)).toBeNull()
  })

  it('starts a reduction without a from-date when its special price was first recorded', () => {
    const sale = (price: number, special: number | null, valid_from: string): PricePoint => ({ price, special_price: special, valid_from })
    const history = [sale(100, null, daysBefore(60)), sale(100, 80, daysBefore(10)), sale(110, 80, daysBefore(4))]
    // a regular price changed during the sale keeps its start
    expect(reductionStartOf(null, 80, history)?.toISOString()).toBe(daysBefore(10))
    expect(reductionStartOf('', 80, [...history].reverse())?.toISOString()).toBe(daysBefore(10))
    // the same special price given again after a break starts a new reduction
    const again = [...history, sale(110, null, daysBefore(3)), sale(110, 80, daysBefore(1))]
    expect(reductionStartOf(null, 80, again)?.toISOString()).toBe(daysBefore(1))
    // a special price the history does not end with (or no history): nothing tells when it started
    expect(reductionStartOf(null, 70, history)).toBeNull()
    expect(reductionStartOf(null, 80, [])).toBeNull()
    // compared to the cent, as stored
    expect(reductionStartOf(null, 80.001, history)?.toISOString()).toBe(daysBefore(10))
  })

  it('gives a sale without a from-date the lowest regular price before its special price appeared', () => {
    const history: PricePoint[] = [at(120, daysBefore(50)), at(100, daysBefore(20)), { price: 100, special_price: 80, valid_from: start.toISOString() }]
    const begun = reductionStartOf(null, 80, history)!
    expect(referencePrice(history, begun)).toBe(100)
    // a first write of a product already on sale: its special price is its first point, nothing backs it
    const first: PricePoint[] = [{ price: 100, special_price: 80, valid_from: start.toISOString() }]
    expect(referencePrice(first, reductionStartOf(null, 80, first)!)).toBeNull()
  })

  it('backs a struck-through price only when the reference is above the final price', () => {
    expect(isReductionBacked({ omnibus_price_incl_tax: 121, final_price_incl_tax: 96.8 })).toBe(true)
    expect(isReductionBacked({ omnibus_price_incl_tax: 96.8, final_price_incl_tax: 96.8 })).toBe(false)
    expect(isReductionBacked({ omnibus_price_incl_tax: 90, final_price_incl_tax: 96.8 })).toBe(false)
    expect(isReductionBacked({ omnibus_price_incl_tax: null, final_price_incl_tax: 96.8 })).toBe(false)
    expect(isReductionBacked({ final_price_incl_tax: 96.8 })).toBe(false)
  })
})

describe('reference prices on priced products', () => {
  const product = (over: Partial<Product>): Product =>
    ({
      id: 1,
      sku: 'P1',
      name: 'P',
      type_id: 'simple',
      status: 1,
      visibility: 4,
      tax_class_id: 2,
      price: 100,
      category_ids: [],
      stock: { is_in_stock: true, qty: 1 },
      ...over,
    }) as Product
  const now = new Date('2026-06-15T12:00:00.000Z')
  const histories = new Map([['P1', [at(100, daysBefore(60))]]])

  it('carries the reference, incl. tax, while the special price applies', () => {
    const p = priceProduct(product({ special_price: 80, special_from_date: '2026-06-01', special_to_date: '2026-06-30' }), rules, 'NL', now, histories)
    expect(p.omnibus_price).toBe(100)
    expect(p.omnibus_price_incl_tax).toBe(121)
    expect(p.final_price_incl_tax).toBe(96.8)
    expect(isReductionBacked(p)).toBe(true)
  })

  it('carries none outside the special price window', () => {
    const before = priceProduct(product({ special_price: 80, special_from_date: '2026-06-20', special_to_date: '2026-06-30' }), rules, 'NL', now, histories)
    const after = priceProduct(product({ special_price: 80, special_from_date: '2026-05-01', special_to_date: '2026-06-10' }), rules, 'NL', now, histories)
    expect(before.omnibus_price_incl_tax).toBeNull()
    expect(after.omnibus_price_incl_tax).toBeNull()
  })

  it('carries none without a history reaching the reduction, and keeps the stored one when priced again', () => {
    const unbacked = priceProduct(product({ special_price: 80, special_from_date: '2026-06-01' }), rules, 'NL', now, new Map())
    expect(unbacked.omnibus_price).toBeNull()
    const written = priceProduct(product({ special_price: 80, special_from_date: '2026-06-01' }), rules, 'NL', now, histories)
    const again = priceProduct(written, rules, 'BE', now)
    expect(again.omnibus_price).toBe(100)
    expect(again.omnibus_price_incl_tax).toBe(121)
  })

  it('is the same at every write of the same product and history, whatever the clock says', () => {
    const onSale = product({ price: 120, special_price: 80 })
    // raised 20 days before the sale appeared: the 100 before it is in the 30 days before the sale, not before now
    const saleHistory = new Map([['P1', [at(100, daysBefore(60)), at(120, daysBefore(20)), { price: 120, special_price: 80, valid_from: daysBefore(5) }]]])
    const first = priceProduct(onSale, rules, 'NL', now, saleHistory)
    const later = priceProduct(onSale, rules, 'NL', new Date(now.getTime() + 7 * 86_400_000), saleHistory)
    expect(first.omnibus_price).toBe(100)
    expect(later).toEqual(first)
  })

  it('gives a configurable the reference of the child it takes its prices from', () => {
    const child = (id: number, sku: string, price: number) => ({
      id,
      sku,
      name: sku,
      status: 1,
      price,
      special_price: price - 20,
      special_from_date: '2026-06-01',
      tax_class_id: 2,
      stock: { is_in_stock: true, qty: 1 },
    })
    const parent = product({
      type_id: 'configurable',
      sku: 'C1',
      configurable_children: [child(2, 'C1-A', 100), child(3, 'C1-B', 60)] as Product['configurable_children'],
    })
    const p = priceProduct(
      parent,
      rules,
      'NL',
      now,
      new Map([
        ['C1-A', [at(100, daysBefore(60))]],
        ['C1-B', [at(30, daysBefore(60)), at(60, daysBefore(5))]],
      ]),
    )
    expect(p.final_price).toBe(40)
    expect(p.omnibus_price).toBe(30)
    expect(isReductionBacked(p)).toBe(false)
    expect(p.configurable_children?.[0]?.omnibus_price).toBe(100)
  })
})
