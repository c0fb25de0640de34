import { describe, expect, it } from 'vitest'
import { formatDate, formatPrice } from '../../domain/money'
import { STORE_VIEWS } from '../../domain/store-views'

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ')

describe('formatPrice per store view', () => {
  it('formats without i18n, by the store view settings', () => {
    expect(plain(formatPrice(123456, STORE_VIEWS.fr.i18n))).toBe('1 234,56 €')
    expect(plain(formatPrice(123456, STORE_VIEWS.nl.i18n))).toBe('€ 1.234,56')
    expect(plain(formatPrice(123456, STORE_VIEWS.be.i18n))).toBe('€ 1.234,56')
    expect(formatPrice(123456, STORE_VIEWS.en.i18n)).toBe('€1,234.56')
    expect(formatPrice(500, STORE_VIEWS.en.i18n)).toBe('€5.00')
    expect(formatPrice(-1250, STORE_VIEWS.en.i18n)).toBe('-€12.50')
  })

  it('replaces trailing zeroes when configured', () => {
    expect(plain(formatPrice(1200, { ...STORE_VIEWS.nl.i18n, trailingZeroesReplacement: '-' }))).toBe('€ 12,-')
  })
})

describe('formatDate', () => {
  it('uses HH:mm D-M-YYYY', () => {
    expect(formatDate(new Date(2025, 2, 5, 9, 7), STORE_VIEWS.en.i18n.dateFormat)).toBe('09:07 5-3-2025')
  })
})
