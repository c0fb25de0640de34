/**
 * VAT rules of the demo shop for retail customers (class 3): standard goods 21 % in both
 * countries; the reduced class (food, books) 9 % in the Netherlands and 6 % in Belgium
 * (be-nl-domain.md §2). The store view's default country picks the rate.
 */
import { RETAIL_CUSTOMER_TAX_CLASS, TaxClass, type TaxRule } from '../../domain/tax-rule.schema'

export function demoTaxRules(updatedAt: string): TaxRule[] {
  const rate = (id: number, country: 'NL' | 'BE', percent: number) => ({
    id,
    tax_country_id: country,
    tax_region_id: 0,
    tax_postcode: '*',
    rate: percent,
    code: `${country}-${percent}`,
  })
  return [
    {
      id: 1,
      code: 'Retail standard rate',
      priority: 0,
      position: 0,
      customer_tax_class_ids: [RETAIL_CUSTOMER_TAX_CLASS],
      product_tax_class_ids: [TaxClass.Standard],
      tax_rate_ids: [1, 2],
      rates: [rate(1, 'NL', 21), rate(2, 'BE', 21)],
      updated_at: updatedAt,
    },
    {
      id: 2,
      code: 'Retail reduced rate',
      priority: 0,
      position: 1,
      customer_tax_class_ids: [RETAIL_CUSTOMER_TAX_CLASS],
      product_tax_class_ids: [TaxClass.Reduced],
      tax_rate_ids: [3, 4],
      rates: [rate(3, 'NL', 9), rate(4, 'BE', 6)],
      updated_at: updatedAt,
    },
  ]
}
