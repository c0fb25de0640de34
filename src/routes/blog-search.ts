import { z } from 'zod'

/**
 * The blog routes' query (spec §2: "They take a sort query parameter"). Which sorts exist comes
 * with the blog itself; until then any short value is kept and a bad one is dropped, not fatal.
 */
export const blogSearchSchema = z.object({
  sort: z.string().trim().min(1).max(50).optional().catch(undefined),
})
export type BlogSearch = z.infer<typeof blogSearchSchema>
