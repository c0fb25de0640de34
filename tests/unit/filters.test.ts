/** domain/filters: toggling, price ranges and their labels, filterAttribute labels. */
import { describe, expect, it } from 'vitest'
import { filtersFromAttributeLabels, parsePriceRange, priceRangeLabel, PRICE_RANGES, toggleFilter } from '../../domain/filters'
import { formatPrice, toCents } from '../../domain/money'
import { STORE_VIEWS } from '../../domain/store-views'
import { parseFilterAttribute } from '../../domain/url'
import { colors, manufacturer } from './listing-fixtures'

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

  it('labels every bucket with the store view currency format', () => {
    const labels = (store: keyof typeof STORE_VIEWS) => {
      const format = (n: number) => formatPrice(toCents(n), { ...STORE_VIEWS[store].i18n, fractionDigits: 0 })
      return PRICE_RANGES.map((id) => {
        const [from, to] = id.split('-')
        return priceRangeLabel(to ? { from: Number(from), to: Number(to) } : { from: Number(from) }, format)
      })
    }
    expect(PRICE_RANGES).toEqual(['0-50', '50-100', '100-150', '150-'])
    expect(labels('en')).toEqual(['< €50', '€50 - €100', '€100 - €150', '> €150'])
    expect(labels('nl')).toEqual(['< €\u00a050', '€\u00a050 - €\u00a0100', '€\u00a0100 - €\u00a0150', '> €\u00a0150'])
    expect(labels('fr')).toEqual(['< 50\u00a0€', '50\u00a0€ - 100\u00a0€', '100\u00a0€ - 150\u00a0€', '> 150\u00a0€'])
  })
})

describe('filterAttribute labels (spec §9)', () => {
  it('become option filters of whichever attribute has that label', () => {
    const chosen = filtersFromAttributeLabels(parseFilterAttribute('navy_blue-ZUIDERZEE-nothing'), [colors, manufacturer], { color: ['49'] })
    expect(chosen).toEqual({ color: ['49', '50'], manufacturer: ['210'] })
  })
})
