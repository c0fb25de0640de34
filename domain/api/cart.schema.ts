/** Requests and replies of /api/cart/* (contract §2.2). */
import { z } from 'zod'
import { ProductOptionSchema, ServerCartItemSchema, TotalsSchema } from '../cart.schema'
import { STORE_CODES } from '../store-views'

/** Query of every cart call: the cart id, the user token (customers) and the store view. */
export const CartQuerySchema = z.object({
  cartId: z.string().min(1).max(64).optional(),
  token: z.string().max(512).optional(),
  storeCode: z.enum(STORE_CODES).optional(),
})

/** Masked guest cart id: 32 characters [A-Za-z0-9]. */
export const GUEST_CART_ID = /^[A-Za-z0-9]{32}$/

export const CartCreateResultSchema = z.string()

export const CartUpdateBodySchema = z.object({
  cartItem: z.object({
    sku: z.string().min(1).max(64),
    qty: z.coerce.number().positive().max(10000),
    product_option: ProductOptionSchema.optional(),
    quoteId: z.string().min(1).max(64),
    item_id: z.coerce.number().int().positive().optional(),
  }),
})
export type CartUpdateBody = z.infer<typeof CartUpdateBodySchema>

export const CartDeleteBodySchema = z.object({
  cartItem: z.object({
    sku: z.string().min(1).max(64),
    item_id: z.coerce.number().int().positive(),
    quoteId: z.string().min(1).max(64),
  }),
})
export type CartDeleteBody = z.infer<typeof CartDeleteBodySchema>

export const CartPullResultSchema = z.array(ServerCartItemSchema)
export const CartUpdateResultSchema = ServerCartItemSchema
export const CartDeleteResultSchema = z.literal(true)
export const CartTotalsResultSchema = TotalsSchema
