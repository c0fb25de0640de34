/**
 * The `orders` collection (DESIGN.md: placed, offline and history): one document per order this
 * device placed, written before anything is sent so an order survives a reload, a crash or an
 * offline spell. `request` is the exact body of the first POST /api/order: every resend of the
 * order (lost answer, reload mid-send, a new leader tab) sends it unchanged, so the server's
 * idempotency by order_id always sees the same order. Versioned from the start (migrations keyed by
 * the version they migrate to).
 *
 * v1 adds `payment`: the provider's status as the shop last told this device (the /success page
 * or the order page asked it), so the order list says paid, pending or cancelled offline too.
 *
 * v2 gives the order what it took from the cart when it was placed (the cart is emptied then,
 * online or offline, so the next order starts from nothing): `cart_items` (the lines as the cart
 * held them, to put back when the order is refused or cancelled), `coupon` and `gift_cards` (they
 * go on the order's own server cart), `cart_id` (the server cart the lines were on, if any) and
 * `customer` (who was signed in: it is sent with that customer's token only). A virtual order
 * (nothing to ship) has no `shipping_address` nor `shipping_method` from v2 on.
 */
import type { ExtractDocumentTypeFromTypedRxJsonSchema, RxJsonSchema } from 'rxdb'
import { toTypedRxJsonSchema } from 'rxdb'
import type { OrderBody } from '../../domain/api/order.schema'
import type { CartItem } from '../../domain/cart.schema'
import type { Cents } from '../../domain/money'
import type { OrderAddress, OrderLine, OrderRefusalView, OrderTotals, OrderView, ShippingMethodView } from '../contract/checkout'
import { epochMs } from '../db/schema-fields'

export const orderSchemaLiteral = {
  title: 'order',
  description: 'workers/contract/checkout OrderView, with the request body as sent',
  version: 2,
  primaryKey: 'order_id',
  type: 'object',
  properties: {
    order_id: { type: 'string', maxLength: 100 },
    created_at: epochMs,
    updated_at: epochMs,
    status: { type: 'string', enum: ['queued', 'sending', 'placed', 'refused'], maxLength: 16 },
    store_code: { type: 'string' },
    email: { type: 'string' },
    lines: { type: 'array', items: { type: 'object' } },
    shipping_address: { type: 'object' },
    billing_address: { type: 'object' },
    shipping_method: { type: 'object' },
    payment_method: { type: 'object' },
    totals: { type: 'object' },
    reverse_charge: { type: 'boolean' },
    /** the body of POST /api/order, stored before the first send (then never rebuilt) */
    request: { type: 'object' },
    /** placed: {orderNumber, backendOrderId} */
    placed: { type: 'object' },
    /** refused: {reason, errorMessage, items?} */
    refusal: { type: 'object' },
    attempts: { type: 'integer', minimum: 0 },
    last_error: { type: 'string' },
    /** v1: the payment as the shop last said it: {status, orderStatus, checkedAt} */
    /** v2: the cart's lines when it was placed (domain CartItem) */
    cart_items: { type: 'array', items: { type: 'object' } },
    /** v2: the server cart that held the lines when it was placed; absent when there was none */
    cart_id: { type: 'string' },
    /** v2: the coupon code on the cart when it was placed */
    coupon: { type: 'string' },
    /** v2: the gift card codes on the cart when it was placed, in the order they pay */
    gift_cards: { type: 'array', items: { type: 'string' } },
    /** v2: the signed-in customer (their token's subject); absent for a guest's order */
    customer: { type: 'string' },
    payment: {
      type: 'object',
      properties: {
        status: { type: 'string', enum: ['paid', 'cancelled', 'failed', 'pending', 'expired'] },
        orderStatus: { type: 'string' },
        checkedAt: epochMs,
      },
      required: ['status', 'orderStatus', 'checkedAt'],
    },
  },
  required: [
    'order_id',
    'created_at',
    'updated_at',
    'status',
    'store_code',
    'email',
    'lines',
    'billing_address',
    'payment_method',
    'totals',
    'reverse_charge',
    'attempts',
  ],
  indexes: ['created_at'],
} as const
const _orderTyped = toTypedRxJsonSchema(orderSchemaLiteral)

/** What the shop answered when it placed the order: its VAT decision (null: VAT charged) and a guest order's key too. */
export interface StoredPlaced {
  orderNumber: string
  backendOrderId: string
  /** what the shop charges, cents; absent on orders placed before it was kept */
  grandTotal?: Cents
  /** absent on orders placed before the shop said it */
  vat?: { customerVatId: string; shopVatId: string } | null
  orderToken?: string
}

/**
 * The fields the schema stores as free-form objects, typed as the device writes them (order-draft,
 * order-history, order-sender). Types only: the stored JSON schema stays as it is.
 */
interface OrderDocFields {
  lines: OrderLine[]
  shipping_address?: OrderAddress
  billing_address: OrderAddress
  shipping_method?: ShippingMethodView
  payment_method: OrderView['paymentMethod']
  totals: OrderTotals
  request?: OrderBody
  placed?: StoredPlaced
  refusal?: OrderRefusalView
  cart_items?: CartItem[]
}
export type OrderDoc = Omit<ExtractDocumentTypeFromTypedRxJsonSchema<typeof _orderTyped>, keyof OrderDocFields> & OrderDocFields
export const orderSchema: RxJsonSchema<OrderDoc> = orderSchemaLiteral

/**
 * Keyed by the version they migrate to. v2: nothing to fill in (see above). v1: a v0 order has no payment status stored (it is asked
 * again on its page when online); the document is kept as it was. Each version only added optional
 * fields (or made one optional), so an older order already has this version's shape.
 */
export const orderMigrationStrategies = {
  1: (old: OrderDoc): OrderDoc => old,
  // a v1 order still waiting was placed from the cart it left in place: it has no cart of its own
  // yet, and is sent from one made of its lines (workers/orders/order-cart)
  2: (old: OrderDoc): OrderDoc => old,
}
