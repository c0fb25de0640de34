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
 */
import type { ExtractDocumentTypeFromTypedRxJsonSchema, RxJsonSchema } from 'rxdb'
import { toTypedRxJsonSchema } from 'rxdb'
import { epochMs } from '../db/schema-fields'

export const orderSchemaLiteral = {
  title: 'order',
  description: 'workers/contract/checkout OrderView, with the request body as sent',
  version: 1,
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
    'shipping_address',
    'billing_address',
    'shipping_method',
    'payment_method',
    'totals',
    'reverse_charge',
    'attempts',
  ],
  indexes: ['created_at'],
} as const
const _orderTyped = toTypedRxJsonSchema(orderSchemaLiteral)
export type OrderDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof _orderTyped>
export const orderSchema: RxJsonSchema<OrderDoc> = orderSchemaLiteral

/**
 * Keyed by the version they migrate to. v1: a v0 order has no payment status stored (it is asked
 * again on its page when online); the document is kept as it was.
 */
export const orderMigrationStrategies = {
  1: (old: Record<string, unknown>): OrderDoc => old as OrderDoc,
}
