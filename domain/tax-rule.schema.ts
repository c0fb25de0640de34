import { z } from 'zod'

export const TaxRateSchema = z.object({
  id: z.number().int(),
  tax_country_id: z.string().length(2),
  tax_region_id: z.number().int().default(0),
  region_name: z.string().optional(),
  tax_postcode: z.string().default('*'),
  /** percent, e.g. 21 */
  rate: z.number().nonnegative(),
  code: z.string(),
})

export const TaxRuleSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  priority: z.number().int().default(0),
  position: z.number().int().default(0),
  customer_tax_class_ids: z.array(z.number().int()),
  product_tax_class_ids: z.array(z.number().int()),
  tax_rate_ids: z.array(z.number().int()),
  rates: z.array(TaxRateSchema),
  updated_at: z.string().optional(),
})
export type TaxRule = z.infer<typeof TaxRuleSchema>
export type TaxRate = z.infer<typeof TaxRateSchema>

/** Product tax classes of the demo shop: standard goods, and the reduced class (food, books). */
export const TaxClass = { Standard: 2, Reduced: 5 } as const
/** The retail customer tax class (Magento's default). */
export const RETAIL_CUSTOMER_TAX_CLASS = 3
