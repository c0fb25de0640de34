/**
 * /api/user/* (spec §7 "User"; contract §2.1): request bodies and answers.
 *
 * - `POST /api/user/create` `{customer:{email, firstname, lastname}, password}` → 200 Customer;
 *   400 naming the refused field, or an e-mail address already taken.
 * - `POST /api/user/login` `{username, password}` → 200 `{code, result: accessToken, meta: {refreshToken}}`;
 *   401 on a wrong e-mail or password (one message for both); 429 past the login limit.
 * - `POST /api/user/refresh` `{refreshToken}` → the same shape with a new pair; 401 for an unknown,
 *   used, expired or revoked refresh token (a used one also revokes every token of its login).
 * - `POST /api/user/logout` (token, and/or `{refreshToken}`) → `true`: the login's tokens are revoked.
 * - `GET /api/user/me?token=` → Customer; `POST /api/user/me?token=` `{customer:{…}, currentPassword?}` → the
 *   updated Customer. A new e-mail address (another mailbox, not only another case) needs the account's
 *   `currentPassword` (an extra field beside VSF1's `{customer}`; left out otherwise): without it, or
 *   with a wrong one → 400, nothing changes. Once changed, the old address gets a mail naming the new one.
 * - `GET /api/user/order-history?token=&pageSize=&currentPage=` → the customer's orders, newest first.
 * - `POST /api/user/change-password?token=` `{currentPassword, newPassword}` → `true`; a wrong current
 *   password → 400 `{errorMessage}` (the client reads `result.errorMessage`).
 * - `POST /api/user/reset-password[?storeCode=]` `{email}` → `true`, whether or not the address has an
 *   account (which then gets a mail with a link to the create-password page, valid once, 2 hours).
 * - `POST /api/user/create-password` `{email, resetToken, newPassword}` → `true`; a wrong, used or
 *   expired token → 400 `{errorMessage}`. Every login of the account ends.
 * The access token goes as `Authorization: Bearer …` or `?token=` (spec §6). A missing, forged or
 * expired one → 401 "The consumer isn't authorized to access self." Answers are never cached.
 */
import { z } from 'zod'
import { ACCOUNT_MESSAGES, emailKey, isValidEmail, nameProblem, passwordProblem } from '../account-rules'

const problemCheck = (problem: (v: string) => string | null) =>
  z.string().superRefine((v, ctx) => {
    const message = problem(v)
    if (message) ctx.addIssue({ code: 'custom', message })
  })

export const EmailSchema = z.string().trim().refine(isValidEmail, { message: ACCOUNT_MESSAGES.emailInvalid })
export const PasswordSchema = problemCheck(passwordProblem)
export const NameSchema = problemCheck(nameProblem).transform((v) => v.trim())

/** What a customer may set on their profile (more fields of Magento's CustomerInterface are read and ignored). */
export const CustomerInputSchema = z
  .object({ email: EmailSchema, firstname: NameSchema, lastname: NameSchema })
  .loose()
  .transform(({ email, firstname, lastname }) => ({ email, firstname, lastname }))
export type CustomerInput = z.infer<typeof CustomerInputSchema>

export const UserCreateBodySchema = z.object({ customer: CustomerInputSchema, password: PasswordSchema })
export type UserCreateBody = z.infer<typeof UserCreateBodySchema>

/** Login takes any password (a rule tightened later must not lock out older accounts). */
export const LoginBodySchema = z.object({ username: z.string().trim().min(1).max(254).transform(emailKey), password: z.string().min(1).max(1024) })
export type LoginBody = z.infer<typeof LoginBodySchema>

const opaqueToken = z.string().trim().min(1).max(200)
export const RefreshBodySchema = z.object({ refreshToken: opaqueToken })
export const LogoutBodySchema = z.object({ refreshToken: opaqueToken.optional() }).loose()
/**
 * `currentPassword`: the account's password, asked when `customer.email` names another mailbox (a
 * token alone must not move the account to someone else's address); not looked at otherwise.
 */
export const MeUpdateBodySchema = z.object({ customer: CustomerInputSchema, currentPassword: z.string().min(1).max(1024).optional() })
export type MeUpdateBody = z.infer<typeof MeUpdateBodySchema>
export const ResetPasswordBodySchema = z.object({ email: EmailSchema })
export const CreatePasswordBodySchema = z.object({ email: EmailSchema, resetToken: opaqueToken, newPassword: PasswordSchema })
export const ChangePasswordBodySchema = z.object({ currentPassword: z.string().min(1).max(1024), newPassword: PasswordSchema })

/** Magento's CustomerInterface, the part this shop keeps. */
export const CustomerSchema = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  created_in: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  store_id: z.number().int(),
  website_id: z.number().int(),
  disable_auto_group_change: z.number().int(),
  extension_attributes: z.object({ is_subscribed: z.boolean() }),
  addresses: z.array(z.lazy(() => CustomerAddressSchema)),
  /** the ids of the default addresses, as Magento writes them (strings) */
  default_shipping: z.string().optional(),
  default_billing: z.string().optional(),
})
export type Customer = z.infer<typeof CustomerSchema>

/** `result` of login and refresh is the access token; `meta.refreshToken` its refresh token. */
export const LoginEnvelopeSchema = z.object({ code: z.literal(200), result: z.string().min(1), meta: z.object({ refreshToken: z.string().min(1) }) })
export type LoginEnvelope = z.infer<typeof LoginEnvelopeSchema>

export const UserErrorResultSchema = z.object({ errorMessage: z.string() })

/**
 * The address book (spec §7 "Address book", §5 "Address"):
 * - `PUT /api/ext/address-book/customer/:customerId?token=` `{customer:{…, addresses:[…]}}`: each
 *   address with an id is updated, each without one is added (addresses not sent stay as they are);
 *   → 200 the Customer with its addresses. Another customer's id, in the path or on an address → 403.
 * - `DELETE /api/ext/address-book/address/:addressId?token=` (or `{addressId}`) → `true`; no id → 400
 *   "Address Id missing"; an id that is not one of the customer's addresses → 404.
 * A new default shipping or billing address clears that flag on the others; company and vat_id are
 * dropped when both are empty.
 */
const addressText = (max: number) => z.string().trim().min(1).max(max)
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null))
const numericId = z.union([
  z.number().int().positive(),
  z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/)
    .transform(Number),
])

export const AddressInputSchema = z
  .object({
    id: numericId.optional(),
    customer_id: numericId.optional(),
    firstname: addressText(255),
    lastname: addressText(255),
    company: optionalText(255),
    vat_id: optionalText(32),
    street: z.array(z.string().trim().max(255)).min(1).max(3),
    city: addressText(255),
    postcode: z
      .string()
      .trim()
      .max(16)
      .refine((v) => v.length >= 3, { message: 'Zip-code must have at least 3 letters' }),
    region: z
      .union([z.object({ region: z.string().max(255).nullish() }).loose(), z.string().max(255)])
      .nullish()
      .transform((r) => (typeof r === 'string' ? r || null : (r?.region ?? null))),
    country_id: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code'),
    telephone: optionalText(64),
    default_shipping: z.boolean().optional(),
    default_billing: z.boolean().optional(),
  })
  .loose()
export type AddressInputBody = z.infer<typeof AddressInputSchema>
/** An address as a client sends it (before the schema's defaults and transforms). */
export type AddressInputWire = z.input<typeof AddressInputSchema>

export const AddressBookBodySchema = z.object({
  customer: z.object({ id: numericId.optional(), addresses: z.array(AddressInputSchema).max(50) }).loose(),
})
export const AddressIdParamsSchema = z.object({ customerId: numericId.optional(), addressId: numericId.optional() })
export const AddressDeleteBodySchema = z.object({ addressId: numericId.optional() }).loose()

export const CustomerAddressSchema = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  company: z.string().optional(),
  vat_id: z.string().optional(),
  street: z.array(z.string()),
  city: z.string(),
  postcode: z.string(),
  region: z.object({ region: z.string().nullable(), region_code: z.string().nullable(), region_id: z.number().int() }),
  region_id: z.number().int(),
  country_id: z.string(),
  telephone: z.string().optional(),
  default_shipping: z.boolean(),
  default_billing: z.boolean(),
})
export type CustomerAddress = z.infer<typeof CustomerAddressSchema>

/** `GET /api/user/order-history?pageSize&currentPage` (defaults 20 and 1). */
export const OrderHistoryQuerySchema = z
  .object({
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    currentPage: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .loose()

const money = z.number()
export const OrderHistoryItemSchema = z.object({
  entity_id: z.number().int(),
  increment_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  status: z.string(),
  state: z.string(),
  store_name: z.string(),
  customer_email: z.string(),
  customer_is_guest: z.literal(false),
  order_currency_code: z.literal('EUR'),
  grand_total: money,
  total_due: money,
  subtotal: money,
  subtotal_incl_tax: money,
  tax_amount: money,
  discount_amount: money,
  shipping_amount: money,
  shipping_incl_tax: money,
  coupon_code: z.string().nullable(),
  total_qty_ordered: z.number(),
  items: z.array(
    z.object({
      item_id: z.number().int(),
      sku: z.string(),
      name: z.string(),
      product_type: z.string(),
      qty_ordered: z.number(),
      price: money,
      price_incl_tax: money,
      row_total: money,
      row_total_incl_tax: money,
      tax_percent: z.number(),
      product_option: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
  billing_address: z.record(z.string(), z.unknown()),
  shipping_address: z.record(z.string(), z.unknown()).nullable(),
  payment: z.object({ method: z.string() }),
  shipping_method: z.string(),
  /** a reverse-charged order (no VAT): both VAT ids */
  extension_attributes: z
    .object({ reverse_charge: z.object({ customer_vat_id: z.string(), shop_vat_id: z.string() }).optional() })
    .loose()
    .optional(),
})
export type OrderHistoryItem = z.infer<typeof OrderHistoryItemSchema>

/** Magento's order search result: the page's orders, newest first, and the customer's count. */
export const OrderHistoryResultSchema = z.object({
  items: z.array(OrderHistoryItemSchema),
  search_criteria: z.object({ page_size: z.number().int(), current_page: z.number().int() }),
  total_count: z.number().int(),
})
export type OrderHistoryResult = z.infer<typeof OrderHistoryResultSchema>

export const USER_MESSAGES = {
  notAuthorized: "The consumer isn't authorized to access self.",
  signInIncorrect: 'The account sign-in was incorrect or your account is disabled temporarily. Please wait and try again later.',
  refreshRefused: 'Error refreshing user token. User is not authorized to access the resource',
  emailTaken: 'A customer with the same email address already exists in an associated website.',
  currentPasswordWrong: "The password doesn't match this account. Verify the password and try again.",
  emailChangeNeedsPassword: 'Enter the current password of the account to change its e-mail address.',
  resetTokenMismatch: 'The password token is mismatched. Reset and try again.',
  resetTokenExpired: 'The password token is expired. Reset and try again.',
  addressIdMissing: 'Address Id missing',
  notYours: "The consumer isn't authorized to access this resource.",
} as const
