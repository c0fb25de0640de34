/**
 * Returns (withdrawal / RMA): a shopper sends back lines of a delivered order within the withdrawal
 * period (spec §1 "returns (RMA) area", §2 `/submit-return`). An extension of the contract.
 *
 * - `POST /api/ext/returns/returnable` `{order_id, order_token?}` → 200 what of the order may still
 *   be returned and until when (the return form's lines).
 * - `POST /api/ext/returns/create` `{order_id, order_token?, reason, lines: [{sku, qty}]}` → 200
 *   `{return_number, status: 'requested'}`; the shopper gets a mail with the number and what to do.
 *
 * `order_id` is the order number the shopper sees. A customer's order only with their token (none:
 * 401; another customer's: 404), a guest's only with its key (`order_token`, in the order's answer and
 * its mail's link; without it: 404, so an order number says nothing). An order not delivered yet, or
 * delivered longer ago than the withdrawal period → 409; a line not of the order, a quantity above
 * what is left to return, or a line that cannot be sent back (gift cards, virtual and downloadable
 * products) → 400.
 *
 * The shop marks an order delivered (`deliveries`) and a return received or refused (`returns`)
 * through the import endpoint (domain/api/catalog-import.schema).
 */
import { z } from 'zod'
import { RETURN_REASONS } from '../return-reasons'

export const RETURNABLE_PATH = '/api/ext/returns/returnable'
export const RETURN_CREATE_PATH = '/api/ext/returns/create'

export { RETURN_REASONS, type ReturnReason } from '../return-reasons'

/** requested by the shopper; then received (its stock is back) or refused by the shop */
export const RETURN_STATUSES = ['requested', 'received', 'refused'] as const
export type ReturnStatus = (typeof RETURN_STATUSES)[number]

/** The withdrawal period in days when the shop sets none (EU Consumer Rights Directive, Art. 9). */
export const DEFAULT_RETURN_DAYS = 14

const orderRef = {
  order_id: z.string().trim().min(1).max(64),
  order_token: z.string().trim().min(1).max(128).optional(),
}

export const ReturnableRequestSchema = z.object(orderRef)
export type ReturnableRequest = z.infer<typeof ReturnableRequestSchema>

export const ReturnableLineSchema = z.object({
  sku: z.string(),
  name: z.string(),
  ordered: z.number(),
  /** what may still be returned: ordered, less what earlier returns (not refused) hold */
  returnable: z.number(),
})
export type ReturnableLine = z.infer<typeof ReturnableLineSchema>

export const ReturnableResultSchema = z.object({
  order_id: z.string(),
  /** the last moment a return is taken (ISO 8601) */
  return_until: z.string(),
  lines: z.array(ReturnableLineSchema),
})
export type ReturnableResult = z.infer<typeof ReturnableResultSchema>

export const ReturnLineRequestSchema = z.object({
  sku: z.string().trim().min(1).max(64),
  qty: z.number().int().positive().max(10_000),
})

export const ReturnRequestSchema = z.object({
  ...orderRef,
  reason: z.enum(RETURN_REASONS),
  lines: z.array(ReturnLineRequestSchema).min(1).max(100),
})
export type ReturnRequest = z.infer<typeof ReturnRequestSchema>

export const ReturnResultSchema = z.object({
  return_number: z.string(),
  status: z.literal('requested'),
})
export type ReturnResult = z.infer<typeof ReturnResultSchema>

export const RETURN_MESSAGES = {
  notDelivered: 'This order has not been delivered yet: it can be returned once it is.',
  periodOver: 'The withdrawal period of this order is over.',
  notOfOrder: 'This product is not in the order.',
  notReturnable: 'This product cannot be returned.',
  tooMany: 'More than is left to return of this product.',
} as const

const returnNumber = z.string().trim().min(1).max(64)

/** The import endpoint's `returns` kind: the shop's decision on a requested return. */
export const ReturnDecisionSchema = z
  .object({
    return_number: returnNumber,
    status: z.enum(['received', 'refused']),
  })
  .strict()
export type ReturnDecision = z.infer<typeof ReturnDecisionSchema>
export const ReturnKeySchema = returnNumber

/** The import endpoint's `deliveries` kind: an order handed to its shopper (its status becomes complete). */
export const DeliverySchema = z
  .object({
    order_number: z.string().trim().min(1).max(64),
  })
  .strict()
export type Delivery = z.infer<typeof DeliverySchema>
