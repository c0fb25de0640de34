/**
 * The payment provider service (spec §7 "Payment provider service", §3 Payment) under
 * `/api/ext/payment`, every answer in the envelope and never cached:
 *
 * - `GET  /api/ext/payment/payment-methods[?country=BE|NL]` → `{ data: [{ id, description }] }`,
 *   the eight BE/NL methods (iDEAL first for NL, Bancontact first for BE).
 * - `POST /api/ext/payment/post-payment`, the spec's payment request; only `order_id` is read (the
 *   order number or the client's order_id). Amount, method and return addresses come from the
 *   stored order, never from the request. → `{ order_id, amount, payment_gateway_url }`; a second
 *   call for the same order answers the same payment. 404 unknown order, 409 an order that takes
 *   no payment (paid already, cancelled, or a method paid outside the provider), 502 the provider
 *   refused (the order is then cancelled with the comment "Payment could not be created: …").
 * - `POST /api/ext/payment/get-payment-status` `{ order_id }` → `{ order_id, status, order_status }`,
 *   status as the provider says it now (asked at once, never read from the browser).
 * - `GET|POST /api/ext/payment/notification?transactionid=` the provider's webhook: answers `OK`.
 */
import { z } from 'zod'
import { ORDER_STATUSES } from './order.schema'

export const PAYMENT_STATUSES = ['paid', 'cancelled', 'failed', 'pending', 'expired'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** The results a shopper can pick on the sandbox's payment page (expired comes with time only). */
export const SANDBOX_RESULTS = ['paid', 'cancelled', 'failed', 'pending'] as const
export type SandboxResult = (typeof SANDBOX_RESULTS)[number]

export const PaymentMethodsQuerySchema = z.object({ country: z.enum(['BE', 'NL']).optional() })

export const ProviderPaymentMethodSchema = z.object({ id: z.string(), description: z.string() })
export const PaymentMethodsAnswerSchema = z.object({ data: z.array(ProviderPaymentMethodSchema) })
export type PaymentMethodsAnswer = z.infer<typeof PaymentMethodsAnswerSchema>

const orderRef = z.union([z.string().trim().min(1).max(100), z.number().int().positive().transform(String)])

/**
 * The spec's payment request (currency, order_id, description, redirectUrl, cancelUrl, method,
 * amount, issuer): all but order_id are accepted for compatibility and ignored.
 */
/** a guest order's key, as its order answer gave it (domain/api/order.schema OrderResult.order_token) */
const orderToken = z.string().max(100).optional()

export const PostPaymentBodySchema = z.object({
  order_id: orderRef,
  order_token: orderToken,
  currency: z.string().max(3).optional(),
  description: z.string().max(500).optional(),
  redirectUrl: z.string().max(2000).optional(),
  cancelUrl: z.string().max(2000).optional(),
  method: z.string().max(64).optional(),
  amount: z.union([z.number(), z.string().max(20)]).optional(),
  issuer: z.string().max(64).optional(),
})
export type PostPaymentBody = z.infer<typeof PostPaymentBodySchema>

/** The spec's payment response. `amount` in euros, as the order's grand total. */
export const PostPaymentAnswerSchema = z.object({
  order_id: z.string(),
  amount: z.number(),
  payment_gateway_url: z.url(),
})
export type PostPaymentAnswer = z.infer<typeof PostPaymentAnswerSchema>

export const PaymentStatusBodySchema = z.object({ order_id: orderRef, order_token: orderToken })

export const PaymentStatusAnswerSchema = z.object({
  order_id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  order_status: z.enum(ORDER_STATUSES),
})
export type PaymentStatusAnswer = z.infer<typeof PaymentStatusAnswerSchema>

/** The sandbox page's form (application/x-www-form-urlencoded). */
export const SandboxSubmitSchema = z.object({
  method: z.string().min(1).max(64),
  result: z.enum(SANDBOX_RESULTS),
})

/** The sandbox's stand-in for the provider being down: how many payment creates it refuses next. */
export const SandboxOutageSchema = z.object({ creates: z.number().int().min(0).max(100) })

// --- MultiSafepay JSON API v1, the parts we speak (be-nl-domain §4.1)

export const MSP_ORDER_STATUSES = [
  'initialized',
  'completed',
  'uncleared',
  'declined',
  'cancelled',
  'expired',
  'void',
  'refunded',
  'partial_refunded',
  'reserved',
  'shipped',
  'chargeback',
] as const

/** POST /orders: a redirect payment for one gateway, amount in cents. */
export const MspCreateOrderRequestSchema = z.object({
  type: z.literal('redirect'),
  order_id: z.string(),
  gateway: z.string(),
  currency: z.literal('EUR'),
  amount: z.number().int().positive(),
  description: z.string(),
  payment_options: z.object({
    notification_url: z.url(),
    notification_method: z.literal('POST'),
    redirect_url: z.url(),
    cancel_url: z.url(),
    close_window: z.boolean(),
  }),
  customer: z.object({
    locale: z.string(),
    email: z.string().optional(),
    first_name: z.string().optional(),
    last_name: z.string().optional(),
    country: z.string().optional(),
  }),
})
export type MspCreateOrderRequest = z.infer<typeof MspCreateOrderRequestSchema>

export const MspErrorSchema = z.object({
  success: z.literal(false),
  error_code: z.union([z.number(), z.string()]).optional(),
  error_info: z.string().optional(),
})

export const MspCreateOrderAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({ order_id: z.union([z.string(), z.number()]).transform(String), payment_url: z.url() }),
})

export const MspOrderAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({ order_id: z.union([z.string(), z.number()]).transform(String), status: z.string() }),
})
