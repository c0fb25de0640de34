/**
 * POST /api/order (contract §2.3): the body VSF1 sends and the answer vue-storefront-api gives.
 *
 * Unknown top-level fields (VSF1 adds `transmited`, `created_at`, `updated_at`) are dropped, not
 * refused: a retried offline order carries other timestamps, and a client newer than the server
 * may send more. The product lines' prices are accepted and never read: the server prices the
 * cart's lines from its own catalogue.
 */
import { isValidEmail } from '../account-rules'
import { z } from 'zod'
import { ProductOptionSchema } from '../cart.schema'
import { COUNTRIES, STORE_CODES } from '../store-views'

const text = (max: number) => z.string().trim().max(max)
const required = (max: number) => z.string().trim().min(1).max(max)

export const OrderAddressSchema = z.object({
  firstname: required(100),
  lastname: required(100),
  street: z.array(text(200)).min(1).max(4),
  city: required(100),
  postcode: required(20),
  country_id: z.enum(COUNTRIES),
  telephone: text(40).optional(),
  email: z.string().trim().max(254).refine(isValidEmail, 'must be an e-mail address').optional(),
  company: text(200).optional(),
  region: text(100).optional(),
  region_id: z.union([z.number().int(), z.string().max(20)]).optional(),
  region_code: text(20).optional(),
  vat_id: text(40).optional(),
})
export type OrderAddress = z.infer<typeof OrderAddressSchema>

export const OrderProductSchema = z.object({
  sku: required(64),
  qty: z.coerce.number().positive().max(10000),
  name: z.string().max(255).optional(),
  product_type: z.string().max(32).optional(),
  /** the client's price: never read, the catalogue prices the order */
  price: z.number().optional(),
  parentSku: z.string().max(64).optional(),
  product_option: ProductOptionSchema.optional(),
})
export type OrderProduct = z.infer<typeof OrderProductSchema>

export const OrderBodySchema = z.object({
  /** chosen by the client (`<epoch-ms>-<guid>`): the order's idempotency key */
  order_id: z
    .string()
    .min(8)
    .max(100)
    .regex(/^[A-Za-z0-9_.:-]+$/, 'must be letters, digits and - _ . : only'),
  cart_id: required(64),
  /** a customer id or '' for a guest; not trusted until accounts exist (contract §6, #4254) */
  user_id: z.union([z.string().max(20), z.number().int()]).optional(),
  store_code: z.enum(STORE_CODES).optional(),
  store_id: z.union([z.number().int(), z.string().max(10)]).optional(),
  products: z.array(OrderProductSchema).min(1).max(200),
  addressInformation: z.object({
    shippingAddress: OrderAddressSchema.optional(),
    billingAddress: OrderAddressSchema.extend({ email: z.string().trim().max(254).refine(isValidEmail, 'must be an e-mail address') }),
    /** required unless the cart is virtual (nothing to ship: spec §4, a virtual cart has no shipping step) */
    shipping_method_code: required(64).optional(),
    shipping_carrier_code: required(64).optional(),
    payment_method_code: required(64),
    payment_method_additional: z.record(z.string(), z.unknown()).optional(),
    shippingExtraFields: z.record(z.string(), z.unknown()).optional(),
  }),
})
export type OrderBody = z.infer<typeof OrderBodySchema>

/**
 * `closed`: a paid order whose payment was given back (refund, chargeback); `complete`: delivered to
 * its shopper (the import endpoint's `deliveries`), from which its withdrawal period runs
 */
export const ORDER_STATUSES = ['pending', 'pending_payment', 'processing', 'canceled', 'closed', 'complete'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** `result` of a placed order: vue-storefront-api's four fields, plus the order's status and total. */
export const OrderResultSchema = z.object({
  magentoOrderId: z.string(),
  /** the increment id the shopper sees, e.g. "100000042" */
  orderNumber: z.string(),
  backendOrderId: z.string(),
  /** when the server stored the order (the first time: a retry answers the same) */
  transferedAt: z.string(),
  status: z.enum(ORDER_STATUSES),
  grand_total: z.number(),
  /** the shop charged no VAT (a confirmed company of another EU country): both VAT ids, for the order's page */
  reverse_charge: z.object({ customer_vat_id: z.string(), shop_vat_id: z.string() }).optional(),
  /**
   * A guest order's key (an extension of the contract): kept with the order on the device, and sent
   * with its payment calls; without it nobody reaches a guest's order by its number
   */
  order_token: z.string().optional(),
})
export type OrderResult = z.infer<typeof OrderResultSchema>

/** vue-storefront-api's ids: Magento's entity ids arrive as numbers, the increment id as a string */
const StockOrderId = z.union([z.string(), z.number()]).transform(String)

/**
 * A placed order's `result` as the client reads it: ours, or a stock vue-storefront-api's (its
 * four fields only, ids as numbers or strings). Without `grand_total` the device keeps its own
 * total; without `status` nothing is lost (the device reads neither until the order history).
 */
export const PlacedOrderAnswerSchema = OrderResultSchema.extend({
  magentoOrderId: StockOrderId,
  orderNumber: StockOrderId,
  backendOrderId: StockOrderId,
  transferedAt: z.union([z.string(), z.number()]).transform(String),
  status: z.enum(ORDER_STATUSES).optional(),
  grand_total: z.number().optional(),
})
export type PlacedOrderAnswer = z.infer<typeof PlacedOrderAnswerSchema>

/**
 * Why an order was refused though the request was well formed (HTTP 409). The client keys on
 * `reason`, never on the message text (VSF1 string-matched, contract §4.3, and broke).
 */
/** payment_required: sent as paid by gift cards (method `free`), but the cards no longer pay it all (spent or expired meanwhile) */
export const ORDER_REFUSALS = ['out_of_stock', 'order_id_reused', 'cart_already_ordered', 'cart_changed', 'payment_required'] as const
export type OrderRefusalReason = (typeof ORDER_REFUSALS)[number]

export const OrderRefusalSchema = z.object({
  reason: z.enum(ORDER_REFUSALS),
  errorMessage: z.string(),
  /** out_of_stock: each short line; cart_changed: each sku whose quantity differs */
  items: z.array(z.object({ sku: z.string(), requested: z.number(), available: z.number() })).optional(),
  /** order_id_reused / cart_already_ordered: the order that holds the key or the cart */
  orderNumber: z.string().optional(),
})
export type OrderRefusal = z.infer<typeof OrderRefusalSchema>
