/**
 * The recommendation and search extension under /api/ext/recommendations/ (spec §7, limits §9).
 * Every reply is the envelope whose `result` is JSON *text* (the service it stands in for answered
 * that way), parsed by the client into a RecommendationResult.
 */
import { z } from 'zod'
import { EmailSchema } from './user.schema'

export const RECOMMENDATION_LIMITS = {
  /** predictive search and cross-sell: default and cap */
  predictive: 6,
  crossSell: 6,
  /** page search: how deep the ranked list goes at most (the client asks 500, or 200 on category pages) */
  searchMax: 500,
  /** page search: ids per reply, from the offset */
  searchPageSize: 50,
  queryMaxLength: 200,
} as const

/** What visitor/key hands out (32 hex digits); other opaque keys of a sane shape are accepted too. */
export const VisitorKeySchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.-]+$/, 'must be letters, digits, "_", "." or "-"')

export const ProductIdSchema = z.coerce.number().int().min(1).max(2147483647)

/** A path limit: 0 asks for the call's default; above the call's cap it is lowered to the cap. */
const LimitSchema = z.coerce.number().int().min(0).max(100000)

export const LogParamsSchema = z.object({ productId: ProductIdSchema, visitorKey: VisitorKeySchema })

export const PredictiveParamsSchema = z.object({
  limit: LimitSchema,
  query: z.string().trim().min(1).max(RECOMMENDATION_LIMITS.queryMaxLength),
  visitorKey: VisitorKeySchema,
})

export const SearchParamsSchema = PredictiveParamsSchema.extend({ offset: z.coerce.number().int().min(0).max(100000) })

export const CrossSellParamsSchema = z.object({ limit: LimitSchema, productId: ProductIdSchema, visitorKey: VisitorKeySchema })

/** An order line: the product id, or its sku (a configurable child's sku counts for its parent). */
const SaleProductSchema = z.union([z.number().int().min(1).max(2147483647), z.string().trim().min(1).max(200)])

export const LogSaleRequestSchema = z.object({
  /** the shop's public key from configuration; carried for compatibility, not a secret */
  key: z.string().max(200),
  visitor: VisitorKeySchema,
  /** the buyer's address, by the shop's one e-mail rule */
  email: EmailSchema.nullable().optional(),
  /** the order id (increment id), so a sale logged twice counts once */
  sale: z.union([z.string().trim().min(1).max(100), z.number().int().min(0)]).transform(String),
  products: z.array(SaleProductSchema).min(1).max(200),
})
export type LogSaleRequest = z.infer<typeof LogSaleRequestSchema>

/** The parsed `result` text. `total` (page search only) is ours: how many ids the ranked list holds. */
export interface RecommendationResult {
  status: 'ok'
  visitor?: string
  products?: number[]
  total?: number
}

/** The client's reading of a reply's `result` text (status ok, optional visitor and product ids). */
export const RecommendationResultTextSchema = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown
    } catch {
      ctx.addIssue({ code: 'custom', message: 'result is not JSON text' })
      return z.NEVER
    }
  })
  .pipe(
    z.object({
      status: z.literal('ok'),
      visitor: z.string().optional(),
      products: z.array(z.number().int()).optional(),
      total: z.number().int().optional(),
    }),
  )
