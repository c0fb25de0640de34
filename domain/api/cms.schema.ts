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
