import { describe, expect, it } from 'vitest'
import { addTax, taxRateFor, taxRateTitle } from '../../domain/tax'
import { TaxClass, type TaxRule } from '../../domain/tax-rule.schema'
import { TAX_RULES as rules } from '../fixtures/catalog'

describe('taxRateFor', () => {
  it('uses the standard rate of each country', () => {
    expect(taxRateFor(rules, TaxClass.Standard, 'BE')).toBe(21)
    expect(taxRateFor(rules, TaxClass.Standard, 'NL')).toBe(21)
  })
  it('uses the reduced rate of the destination country: BE 6 %, NL 9 %', () => {
    expect(taxRateFor(rules, TaxClass.Reduced, 'BE')).toBe(6)
    expect(taxRateFor(rules, TaxClass.Reduced, 'NL')).toBe(9)
    expect(taxRateTitle(rules, TaxClass.Reduced, 'NL')).toBe('NL-9')
  })
  it('is 0 for an unknown class or a country without a rate', () => {
    expect(taxRateFor(rules, 99, 'BE')).toBe(0)
    expect(taxRateFor(rules, TaxClass.Standard, 'DE')).toBe(0)
  })
  it('skips a matching rule without a rate for the country and takes the next one', () => {
    const standard = rules[0]!
    const rateIn = (country: string) => standard.rates.find((r) => r.tax_country_id === country)!
    const beOnly: TaxRule = { ...standard, id: 9, rates: [rateIn('BE')] }
    const nlOnly: TaxRule = { ...standard, id: 10, rates: [{ ...rateIn('NL'), rate: 19 }] }
    expect(taxRateFor([beOnly, nlOnly], TaxClass.Standard, 'NL')).toBe(19)
    expect(taxRateFor([beOnly, nlOnly], TaxClass.Standard, 'BE')).toBe(21)
  })
})

describe('addTax', () => {
  it('rounds to cents', () => {
    expect(addTax(10, 21)).toBe(12.1)
    expect(addTax(3.3, 6)).toBe(3.5)
    expect(addTax(3.3, 9)).toBe(3.6)
    expect(addTax(19.99, 21)).toBe(24.19)
    expect(addTax(0.05, 9)).toBe(0.05)
  })
})
