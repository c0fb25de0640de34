import { describe, expect, it } from 'vitest'
import { parsePriceRange, priceRangeLabel, toggleFilter } from '../../domain/filters'
import { formatPrice, toCents } from '../../domain/money'
import { STORE_VIEWS } from '../../domain/store-views'

describe('toggleFilter', () => {
  it('multi-value filters add and remove option ids', () => {
    const a = toggleFilter({}, { type: 'color', id: '49' })
    expect(a).toEqual({ color: ['49'] })
    const b = toggleFilter(a, { type: 'color', id: '52' })
    expect(b).toEqual({ color: ['49', '52'] })
    expect(toggleFilter(b, { type: 'color', id: '49' })).toEqual({ color: ['52'] })
    expect(toggleFilter({ color: ['52'] }, { type: 'color', id: '52' })).toEqual({})
  })

  it('price ranges replace the list and clear when chosen again', () => {
    const a = toggleFilter({ color: ['49'] }, { type: 'price', id: '0-50' })
    expect(a).toEqual({ color: ['49'], price: ['0-50'] })
    expect(toggleFilter(a, { type: 'price', id: '50-100' })).toEqual({ color: ['49'], price: ['50-100'] })
    expect(toggleFilter(a, { type: 'price', id: '0-50' })).toEqual({ color: ['49'] })
  })

  it('system filters hold a single value', () => {
    const a = toggleFilter({}, { type: 'sort', id: 'price_asc' })
    expect(a).toEqual({ sort: ['price_asc'] })
    expect(toggleFilter(a, { type: 'sort', id: 'price_desc' })).toEqual({ sort: ['price_desc'] })
    expect(toggleFilter(a, { type: 'sort', id: 'price_asc' })).toEqual({})
  })

  it('an explicit single flag makes any filter single-choice; the input is not mutated', () => {
    const input = { size: ['167'] }
    expect(toggleFilter(input, { type: 'size', id: '168', single: true })).toEqual({ size: ['168'] })
    expect(input).toEqual({ size: ['167'] })
  })
})

describe('price ranges', () => {
  it('parses from-to pairs', () => {
    expect(parsePriceRange('0-50')).toEqual({ from: 0, to: 50 })
    expect(parsePriceRange('150-')).toEqual({ from: 150 })
    expect(parsePriceRange('abc')).toBeNull()
    expect(parsePriceRange('100-50')).toBeNull()
  })

  it('labels buckets with the store currency style', () => {
    const en = (n: number) => formatPrice(toCents(n), { ...STORE_VIEWS.en.i18n, fractionDigits: 0 })
    const fr = (n: number) => formatPrice(toCents(n), { ...STORE_VIEWS.fr.i18n, fractionDigits: 0 })
    expect(priceRangeLabel({ from: 0, to: 50 }, en)).toBe('< €50')
    expect(priceRangeLabel({ from: 50, to: 100 }, en)).toBe('€50 - €100')
    expect(priceRangeLabel({ from: 150 }, en)).toBe('> €150')
    expect(priceRangeLabel({ from: 150 }, fr)).toBe('> 150\u00a0€')
  })
})
