/**
 * The stock notification extension (spec §1 "ask for a back-in-stock notification", §7 "Stock
 * notification": `/api/ext/{stock notification extension}/stockSubscription`, payload not shown).
 *
 * - `POST /api/ext/stock-notification/stockSubscription` `{email, sku}` (with the store view in
 *   `storeCode` or `x-vs-store-code`, the mail's language; none: the default store view): `sku` is
 *   a product's, or for a configurable its chosen variant's. → 200 `result` 'subscribed': the
 *   address gets one mail when that sku is back in stock, with a link to the product, and the
 *   subscription then ends. Asking again while it waits is the same subscription (200, one mail).
 *   A product that is in stock → 400 (STOCK_ALERT_MESSAGES.inStock); a configurable without its
 *   variant → 400 (chooseVariant); an unknown sku → 404. With a customer's token and the customer's
 *   own address the subscription is theirs (their data export lists it; their account's deletion
 *   removes it).
 */
import { z } from 'zod'
import { EmailSchema } from './user.schema'

export const STOCK_SUBSCRIPTION_PATH = '/api/ext/stock-notification/stockSubscription'

export const StockSubscriptionRequestSchema = z.object({
  email: EmailSchema.pipe(z.string().max(254)),
  sku: z.string().trim().min(1).max(64),
})
export type StockSubscriptionRequest = z.infer<typeof StockSubscriptionRequestSchema>

export const StockSubscriptionResultSchema = z.literal('subscribed')
export const StockSubscriptionEnvelopeSchema = z.object({ code: z.literal(200), result: StockSubscriptionResultSchema })

export const STOCK_ALERT_MESSAGES = {
  inStock: 'This product is in stock: it can be ordered now.',
  chooseVariant: 'Choose the variant you would like to be told about.',
} as const
