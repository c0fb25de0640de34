/**
 * The import extension (`POST /api/ext/import/batch`): a shop's back office pushes changes into the
 * running shop. A batch names store views; each may bring whole records to insert or replace (the
 * fixture file's records, checked with the same domain schemas: server/seed/FIXTURES.md), partial
 * price and stock updates by sku, and deletions by sku or id.
 *
 * The record kinds are one table, IMPORT_RECORD_KINDS: a kind's record schema and the key a deletion
 * names it by. A new kind is one entry here and one writer in server/services/import-kinds.ts
 * (TypeScript asks for it).
 */
import { z } from 'zod'
import { CategorySchema } from '../category.schema'
import { BannerSchema, InfoBannerSchema } from '../banner.schema'
import { BlogCategorySchema, BlogPostSchema } from '../blog.schema'
import { CmsBlockSchema, CmsHierarchyNodeSchema, CmsPageSchema } from '../cms.schema'
import { ProductSchema } from '../product.schema'
import { DeliverySchema, ReturnDecisionSchema, ReturnKeySchema } from './return.schema'
import { ReviewModerationSchema } from './review.schema'
import { STORE_CODES } from '../store-views'

/** Most records of one kind (or updates, or deletions) in one store view of a batch. */
export const MAX_BATCH_RECORDS = 5000

const entityId = z.number().int().positive().max(2_147_483_647)
const sku = z.string().min(1).max(64)

export const IMPORT_RECORD_KINDS = {
  products: { record: ProductSchema, key: sku },
  categories: { record: CategorySchema, key: entityId },
  cms_pages: { record: CmsPageSchema, key: entityId },
  cms_blocks: { record: CmsBlockSchema, key: entityId },
  cms_hierarchy: { record: CmsHierarchyNodeSchema, key: entityId },
  blog_categories: { record: BlogCategorySchema, key: entityId },
  blog_posts: { record: BlogPostSchema, key: entityId },
  banners: { record: BannerSchema, key: entityId },
  info_banners: { record: InfoBannerSchema, key: entityId },
  /** moderation: a review's id and its new status (approve, reject); a deletion removes it */
  reviews: { record: ReviewModerationSchema, key: entityId },
  /** an order delivered (it becomes complete: its withdrawal period starts); never deleted */
  deliveries: { record: DeliverySchema, key: ReturnKeySchema },
  /** a requested return received (its stock comes back) or refused; never deleted */
  returns: { record: ReturnDecisionSchema, key: ReturnKeySchema },
} as const
export type ImportRecordKind = keyof typeof IMPORT_RECORD_KINDS
export const IMPORT_RECORD_KIND_NAMES = Object.keys(IMPORT_RECORD_KINDS) as ImportRecordKind[]

type Kinds = typeof IMPORT_RECORD_KINDS
type RecordLists = { [K in ImportRecordKind]: z.ZodOptional<z.ZodArray<Kinds[K]['record']>> }
type KeyLists = { [K in ImportRecordKind]: z.ZodOptional<z.ZodArray<Kinds[K]['key']>> }

const recordLists = Object.fromEntries(
  IMPORT_RECORD_KIND_NAMES.map((kind) => [kind, z.array(IMPORT_RECORD_KINDS[kind].record).max(MAX_BATCH_RECORDS).optional()]),
) as unknown as RecordLists
const keyLists = Object.fromEntries(
  IMPORT_RECORD_KIND_NAMES.map((kind) => [kind, z.array(IMPORT_RECORD_KINDS[kind].key).max(MAX_BATCH_RECORDS).optional()]),
) as unknown as KeyLists

/** Prices excluding VAT, as in a product record; a field left out keeps its stored value, null clears a special price or date. */
export const PriceUpdateSchema = z
  .object({
    sku,
    price: z.number().nonnegative().optional(),
    special_price: z.number().nonnegative().nullable().optional(),
    special_from_date: z.string().max(40).nullable().optional(),
    special_to_date: z.string().max(40).nullable().optional(),
  })
  .strict()
export type PriceUpdate = z.infer<typeof PriceUpdateSchema>

export const StockUpdateSchema = z
  .object({
    sku,
    qty: z.number().optional(),
    is_in_stock: z.boolean().optional(),
  })
  .strict()
export type StockUpdate = z.infer<typeof StockUpdateSchema>

export const StoreViewBatchSchema = z
  .object({
    ...recordLists,
    prices: z.array(PriceUpdateSchema).max(MAX_BATCH_RECORDS).optional(),
    stock: z.array(StockUpdateSchema).max(MAX_BATCH_RECORDS).optional(),
    delete: z.object(keyLists).strict().optional(),
  })
  .strict()
export type StoreViewBatch = z.infer<typeof StoreViewBatchSchema>

export const ImportBatchSchema = z
  .object({
    storeViews: z.partialRecord(z.enum(STORE_CODES), StoreViewBatchSchema),
  })
  .strict()
export type ImportBatch = z.infer<typeof ImportBatchSchema>

/** What a batch did to one kind: records written, records that already said the same, records deleted. */
export const ImportCountsSchema = z.object({ upserted: z.number().int(), unchanged: z.number().int(), deleted: z.number().int() })
export type ImportCounts = z.infer<typeof ImportCountsSchema>

export const IMPORT_ANSWER_KINDS = [...IMPORT_RECORD_KIND_NAMES, 'prices', 'stock'] as const
export type ImportAnswerKind = (typeof IMPORT_ANSWER_KINDS)[number]

/** The answer: counts per kind over the whole batch. */
export const ImportResultSchema = z.object({
  counts: z.record(z.enum(IMPORT_ANSWER_KINDS), ImportCountsSchema),
})
export type ImportResult = z.infer<typeof ImportResultSchema>
