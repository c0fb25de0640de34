/**
 * POST /api/url/map (contract §2.7): the request body, and the answer, which is a bare ES-like hit
 * or the JSON literal null — not the `{code, result}` envelope.
 */
import { z } from 'zod'

/** The client sends arrays, null, or (like a catalogue query string) a comma list. */
const FieldListSchema = z
  .union([z.array(z.string().min(1).max(200)).max(200), z.string().max(4000), z.null()])
  .optional()
  .transform((v) =>
    v == null
      ? []
      : Array.isArray(v)
        ? v
        : v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
  )

export const UrlMapRequestSchema = z.object({
  url: z.string().trim().min(1).max(2000),
  includeFields: FieldListSchema,
  excludeFields: FieldListSchema,
  options: z.record(z.string(), z.unknown()).nullable().optional(),
  filters: z.record(z.string(), z.unknown()).nullable().optional(),
  groupId: z.union([z.number(), z.string(), z.null()]).optional(),
  groupToken: z.string().nullable().optional(),
})
export type UrlMapRequest = z.infer<typeof UrlMapRequestSchema>

/** What a hit may be: the spec's three (§2 "Navigation behaviour") and the blog's post and category. */
export type UrlMapEntityType = 'product' | 'category' | 'cms_page' | 'cms_blog' | 'cms_blog_category'

/**
 * The hit. `redirect` is ours, additive to the contract: present when the path is a 301/302
 * rewrite (a legacy Magento path), so the client can replace the URL with `target` (store-relative,
 * leading slash) while it already has the entity's `_source` in hand.
 */
export interface UrlMapHit {
  _index: string
  _type: UrlMapEntityType
  _id: string
  _score: number
  _source: Record<string, unknown>
  redirect?: { code: 301 | 302; target: string }
}
export type UrlMapResponse = UrlMapHit | null

/** The answer as the client reads it: a hit (extra ES fields pass), or null. */
export const UrlMapHitSchema = z.object({
  _index: z.string(),
  _type: z.enum(['product', 'category', 'cms_page']),
  _id: z.union([z.string(), z.number()]).transform(String),
  _score: z.number().nullable().optional(),
  _source: z.record(z.string(), z.unknown()),
  redirect: z.object({ code: z.union([z.literal(301), z.literal(302)]), target: z.string() }).optional(),
})
/**
 * A hit of a kind the dispatcher does not route (a blog post or category, which the app's own blog
 * routes show) reads as no mapping: VSF1's dispatcher sends anything else to page-not-found
 * (contract §4.4), and a client that routes them reads them with a schema of its own.
 */
const UnroutedHitSchema = z.object({ _type: z.enum(['cms_blog', 'cms_blog_category']) }).transform(() => null)
export const UrlMapResponseSchema = z.union([UrlMapHitSchema, UnroutedHitSchema, z.null()])
export type UrlMapAnswer = z.infer<typeof UrlMapResponseSchema>
