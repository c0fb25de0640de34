import { z } from 'zod'
import { CATEGORY_SORTS, PAGE_SIZES } from '../../workers/data-api'

/** A list of option ids from one or repeated query keys; bad values are dropped, not fatal. */
const idList = z.preprocess(
  (v) => (v === undefined ? undefined : (Array.isArray(v) ? v : [v]).map(String).filter(Boolean)),
  z.array(z.string()).optional(),
)

/** The category route's query: filters (repeated keys), sort, page size and pages loaded. */
export const categorySearchSchema = z.object({
  color: idList.catch(undefined),
  size: idList.catch(undefined),
  price: idList.catch(undefined),
  sort: z.enum(CATEGORY_SORTS).optional().catch(undefined),
  /** products per page: 18 (default), 36 or 72 */
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .optional()
    .catch(undefined),
  /** pages loaded so far ("load more"); filter changes reset it */
  page: z.coerce.number().int().min(1).max(1000).optional().catch(undefined),
})
export type CategorySearch = z.infer<typeof categorySearchSchema>

