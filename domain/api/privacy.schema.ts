/**
 * The data protection extension (spec §7 "Data protection"; be-nl-domain §7 GDPR). Each call needs
 * the customer's access token and their password again, and is logged (without personal data).
 *
 * - `POST /api/ext/data-protection/download` `{password}` → 200 `result`: the JSON export of
 *   everything the shop holds about the customer (PrivacyExportSchema).
 * - `POST /api/ext/data-protection/anonymise` `{password}` → 200 `true`: the account's personal data
 *   and that on their orders are replaced by placeholders; the orders (amounts, VAT, dates) stay for
 *   the books, detached from the account; addresses and newsletter subscription go; every login ends.
 * - `POST /api/ext/data-protection/delete` `{password}` → 200 `true`: the account and its personal
 *   data are gone; its orders are anonymised as above and kept (tax retention: NL 7, BE 10 years).
 * No or a bad token → 401; a wrong password → 400 `{errorMessage}`.
 */
import { z } from 'zod'

export const PRIVACY_ACTIONS = ['download', 'anonymise', 'delete'] as const
export type PrivacyAction = (typeof PRIVACY_ACTIONS)[number]

export const PrivacyBodySchema = z.object({ password: z.string().min(1).max(1024) })

export const PRIVACY_MESSAGES = {
  // a customer who signed up through social login has no password of their own yet
  passwordWrong:
    'The password is not correct. Signed up with Google or Facebook and have no password yet? Set one first with "Forgot the password?" on the login form.',
} as const

const Json = z.record(z.string(), z.unknown())

export const PrivacyExportSchema = z.object({
  exported_at: z.string(),
  legal_basis: z.string(),
  profile: z.object({
    id: z.number().int(),
    email: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    store_code: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  addresses: z.array(Json),
  /** the customer's carts on the server (open, or the one an order was made from) */
  carts: z.array(Json.and(z.object({ store_code: z.string(), items: z.array(Json) }))),
  orders: z.array(Json.and(z.object({ increment_id: z.string(), items: z.array(Json) }))),
  newsletter: z
    .object({
      email: z.string(),
      status: z.string(),
      source: z.string(),
      store_code: z.string(),
      requested_at: z.string(),
      confirmed_at: z.string().nullable(),
      unsubscribed_at: z.string().nullable(),
    })
    .nullable(),
  /** back-in-stock subscriptions of the account and of its address: waiting (notified_at null) and ended. Absent from an older server */
  stock_subscriptions: z
    .array(
      z.object({
        email: z.string(),
        store_code: z.string(),
        product_sku: z.string(),
        sku: z.string(),
        created_at: z.string(),
        notified_at: z.string().nullable(),
      }),
    )
    .default([]),
  privacy_requests: z.array(z.object({ action: z.string(), outcome: z.string(), created_at: z.string() })),
  /** social login links: the provider and its subject id (and the e-mail address it gave); never a token. Absent from a server without social login */
  social_links: z.array(z.object({ provider: z.string(), subject: z.string(), email: z.string().nullable(), created_at: z.string() })).default([]),
  /** the product reviews the customer wrote, whatever their status. Absent from a server without reviews */
  reviews: z
    .array(
      z.object({
        id: z.number().int(),
        store_code: z.string(),
        product_id: z.number().int(),
        sku: z.string(),
        title: z.string(),
        detail: z.string(),
        nickname: z.string(),
        rating: z.number().int().nullable(),
        status: z.string(),
        created_at: z.string(),
      }),
    )
    .default([]),
})
export type PrivacyExport = z.infer<typeof PrivacyExportSchema>
