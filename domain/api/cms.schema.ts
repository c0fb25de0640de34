/**
 * The CMS extension (contract §2.8 `cms-data`, spec §7): a page or block by id (in the store view
 * the call names), or by identifier and store id. The answer is the stored document in the envelope.
 */
import { z } from 'zod'

const id = z.coerce.number().int().positive().max(2_147_483_647)

export const CmsByIdParamsSchema = z.object({ id })
export const CmsByIdentifierParamsSchema = z.object({
  identifier: z.string().min(1).max(200),
  storeId: z.coerce.number().int().nonnegative().max(2_147_483_647),
})

/** A page or block as the extension answers it: the stored document (domain/cms.schema CmsPageDoc), fields beyond these kept. */
export const CmsAnswerSchema = z
  .object({
    id: z.number().int().positive(),
    identifier: z.string(),
    title: z.string(),
    content: z.string(),
    updated_at: z.string().optional(),
  })
  .catchall(z.unknown())
export type CmsAnswer = z.infer<typeof CmsAnswerSchema>

/** A blog post as the extension answers it (cmsBlog, cmsBlogIdentifier): the stored document (domain/blog.schema BlogPostDoc), fields beyond these kept. */
export const CmsBlogPostAnswerSchema = z
  .object({
    id: z.number().int().positive(),
    url_key: z.string(),
    title: z.string(),
    status: z.number().int(),
    content: z.string(),
    updated_at: z.string().optional(),
  })
  .catchall(z.unknown())
export type CmsBlogPostAnswer = z.infer<typeof CmsBlogPostAnswerSchema>
