/**
 * VAT by tax rule: the rate for a product tax class in a destination country (be-nl-domain §2:
 * the destination country × product tax class decides). Pure, no I/O.
 */
import type { TaxRule } from './tax-rule.schema'

/**
 * Percent rate (e.g. 21) of the first rule whose product classes include `taxClassId` and that
 * has a rate for `country`; 0 when no rule applies (the shop sells it without VAT).
 */
export function taxRateFor(rules: readonly TaxRule[], taxClassId: number, country: string): number {
  const wanted = country.toUpperCase()
  for (const rule of rules) {
    if (!rule.product_tax_class_ids.includes(taxClassId)) continue
    const rate = rule.rates.find((r) => r.tax_country_id.toUpperCase() === wanted)
    if (rate) return rate.rate
  }
  return 0
}

/** The title of the rate, for the tax total segment (e.g. "BE 21%"). */
export function taxRateTitle(rules: readonly TaxRule[], taxClassId: number, country: string): string {
  const wanted = country.toUpperCase()
  for (const rule of rules) {
    if (!rule.product_tax_class_ids.includes(taxClassId)) continue
    const rate = rule.rates.find((r) => r.tax_country_id.toUpperCase() === wanted)
    if (rate) return rate.code
  }
  return `${wanted} 0%`
}

/** Adds `ratePercent` to an amount excluding tax, rounded to cents. */
export function addTax(amountExclTax: number, ratePercent: number): number {
  const cents = Math.round(amountExclTax * 100)
  return Math.round((cents * (100 + ratePercent)) / 100) / 100
}
