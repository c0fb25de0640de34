import { describe, expect, it } from 'vitest'
import { computePriceFields, isSpecialPriceActive, priceProduct, repriceStoredProduct } from '../../domain/price'
import type { Product } from '../../domain/product.schema'
import { TAX_RULES as rules } from '../fixtures/catalog'

const now = new Date('2026-06-15T12:00:00Z')

describe('special price window', () => {
  const base = { price: 100, special_price: 80 }
  it('applies inside the window', () => {
    expect(isSpecialPriceActive({ ...base, special_from_date: '2026-06-01', special_to_date: '2026-06-30' }, now)).toBe(true)
  })
  it('does not apply before the window', () => {
    expect(isSpecialPriceActive({ ...base, special_from_date: '2026-06-16', special_to_date: '2026-06-30' }, now)).toBe(false)
  })
  it('does not apply after the window', () => {
    expect(isSpecialPriceActive({ ...base, special_from_date: '2026-06-01', special_to_date: '2026-06-14' }, now)).toBe(false)
  })
  it('counts a date-only end as the whole day', () => {
    expect(isSpecialPriceActive({ ...base, special_to_date: '2026-06-15' }, now)).toBe(true)
  })
  it('allows open ends on either side', () => {
    expect(isSpecialPriceActive({ ...base }, now)).toBe(true)
    expect(isSpecialPriceActive({ ...base, special_from_date: '2026-01-01T00:00:00Z', special_to_date: null }, now)).toBe(true)
    expect(isSpecialPriceActive({ ...base, special_from_date: null, special_to_date: '2026-12-31' }, now)).toBe(true)
  })
  it('ignores a special price that is not below the original', () => {
    expect(isSpecialPriceActive({ price: 100, special_price: 100 }, now)).toBe(false)
    expect(isSpecialPriceActive({ price: 100, special_price: 120 }, now)).toBe(false)
  })
  it('ignores a missing special price', () => {
    expect(isSpecialPriceActive({ price: 100, special_price: null }, now)).toBe(false)
  })
})

describe('computePriceFields', () => {
  it('adds 21 % without a special price', () => {
    const f = computePriceFields({ price: 10 }, 21, now)
    expect(f).toMatchObject({
      price: 10,
      price_incl_tax: 12.1,
      price_tax: 2.1,
      original_price_incl_tax: 12.1,
      final_price: 10,
      final_price_incl_tax: 12.1,
      special_price: null,
      special_price_incl_tax: null,
      original_final_price: 10,
    })
  })
  it('uses an active special price for the final price, at 6 %', () => {
    const f = computePriceFields({ price: 20, special_price: 15 }, 6, now)
    expect(f.special_price_incl_tax).toBe(15.9)
    expect(f.final_price).toBe(15)
    expect(f.final_price_incl_tax).toBe(15.9)
    expect(f.price_incl_tax).toBe(21.2)
    expect(f.original_price_incl_tax).toBe(21.2)
  })
  it('keeps the regular price outside the window, at 9 %', () => {
    const f = computePriceFields({ price: 20, special_price: 15, special_to_date: '2026-01-01' }, 9, now)
    expect(f.special_price).toBeNull()
    expect(f.original_special_price).toBe(15)
    expect(f.final_price_incl_tax).toBe(21.8)
  })
})

describe('priceProduct', () => {
  const stock = { qty: 5, is_in_stock: true, manage_stock: true }
  const child = (id: number, price: number, special?: number) => ({
    id,
    sku: `C-${id}`,
    name: `Child ${id}`,
    status: 1,
    stock,
    price,
    tax_class_id: 2,
    special_price: special ?? null,
  })
  const parent = {
    id: 1,
    sku: 'P',
    name: 'Parent',
    type_id: 'configurable',
    status: 1,
    visibility: 4,
    url_key: 'p',
    url_path: 'p',
    slug: 'p',
    price: 50,
    tax_class_id: 2,
    category_ids: [],
    category: [],
    stock,
    sold_qty: 0,
    eol: 0,
    created_at: '',
    updated_at: '',
    configurable_children: [child(11, 40), child(12, 30, 25), child(13, 35)],
  } as Product

  it('prices every child and shows the cheapest child on the parent', () => {
    const p = priceProduct(parent, rules, 'BE', now)
    expect(p.configurable_children?.map((c) => c.final_price_incl_tax)).toEqual([48.4, 30.25, 42.35])
    expect(p.price).toBe(30)
    expect(p.final_price).toBe(25)
    expect(p.final_price_incl_tax).toBe(30.25)
    expect(p.price_incl_tax).toBe(36.3)
  })
  it('uses the reduced rate of the country for a reduced-class simple product', () => {
    const simple = { ...parent, type_id: 'simple', tax_class_id: 5, price: 10, configurable_children: undefined } as Product
    expect(priceProduct(simple, rules, 'BE', now).final_price_incl_tax).toBe(10.6)
    expect(priceProduct(simple, rules, 'NL', now).final_price_incl_tax).toBe(10.9)
  })

  describe('repriceStoredProduct', () => {
    const windowed = { ...parent, configurable_children: [child(11, 40), { ...child(12, 30, 25), special_to_date: '2026-06-20' }, child(13, 35)] } as Product
    const stored = priceProduct(windowed, rules, 'BE', now)

    it('gives back what was stored when nothing changed', () => {
      expect(repriceStoredProduct(stored, rules, 'BE', now)).toEqual(stored)
    })
    it("drops a child's special price once its window has closed, and the parent follows", () => {
      const later = repriceStoredProduct(stored, rules, 'BE', new Date('2026-07-01T12:00:00Z'))
      expect(later.configurable_children?.map((c) => c.final_price_incl_tax)).toEqual([48.4, 36.3, 42.35])
      expect(later.configurable_children?.[1]?.special_price).toBeNull()
      expect(later.final_price_incl_tax).toBe(36.3)
    })
    it('brings a special price that was stored as lapsed back when the clock is inside its window again', () => {
      const lapsed = priceProduct(windowed, rules, 'BE', new Date('2026-07-01T12:00:00Z'))
      expect(lapsed.configurable_children?.[1]?.special_price).toBeNull()
      expect(repriceStoredProduct(lapsed, rules, 'BE', now).configurable_children?.[1]?.final_price_incl_tax).toBe(30.25)
    })
    it("uses the other country's VAT", () => {
      expect(repriceStoredProduct(stored, rules, 'NL', now).final_price_incl_tax).toBe(30.25)
      const reduced = priceProduct({ ...parent, type_id: 'simple', tax_class_id: 5, price: 10, configurable_children: undefined } as Product, rules, 'BE', now)
      expect(repriceStoredProduct(reduced, rules, 'NL', now).final_price_incl_tax).toBe(10.9)
    })
  })
})
