/** A point of a sku's regular price history as a fixture file gives it (a store view's `price_history`). */
import { z } from 'zod'

export const PriceHistoryEntrySchema = z.object({
  sku: z.string().min(1),
  /** the regular price excluding VAT, as in a product record */
  price: z.number().nonnegative(),
  /** when the price took effect */
  valid_from: z.iso.datetime({ offset: true }),
})
export type PriceHistoryEntry = z.infer<typeof PriceHistoryEntrySchema>
