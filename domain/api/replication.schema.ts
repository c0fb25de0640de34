/**
 * Our replication feed extension (`/api/ext/replication/v{n}/...`), shaped after RxDB's HTTP
 * replication protocol: checkpoint = (updatedAt, id), documents sorted by it, deletions as
 * tombstones (`_deleted: true`), a server-sent-events stream that says RESYNC when (re)connected.
 * A client speaking another version gets 426.
 */
import { z } from 'zod'

export const REPLICATION_VERSION = 1

export const REPLICATED_COLLECTIONS = ['products', 'categories', 'attributes', 'cms'] as const
export type ReplicatedCollection = (typeof REPLICATED_COLLECTIONS)[number]

/**
 * The `cms` collection is the union of the shop's content tables (pages, blocks, and whatever
 * content kind the server adds): a document's id is `${kind}-${id}`, its numeric id in the table is
 * `entity_id`, so ids of different kinds never collide and the checkpoint's id is text. Inactive
 * content is a tombstone, like deleted content: the shop shows neither.
 */
export const CONTENT_DOCUMENT_ID = /^[a-z][a-z_]*-\d{1,10}$/
export const contentDocumentId = (kind: string, id: number): string => `${kind}-${id}`

/** light: the listing projection of a product (shopper mode); full: whole documents (kiosk). */
export const PROJECTIONS = ['light', 'full'] as const
export type Projection = (typeof PROJECTIONS)[number]

export const CheckpointSchema = z.object({ id: z.string(), updatedAt: z.string() })
export type Checkpoint = z.infer<typeof CheckpointSchema>

export const PullQuerySchema = z.object({
  id: z.string().max(64).optional(),
  updatedAt: z.string().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
  projection: z.enum(PROJECTIONS).default('light'),
})

/** Every replicated document carries its id as a string, its update time and the tombstone flag. */
export interface ReplicatedDocument {
  id: string
  updated_at: string
  _deleted: boolean
  [field: string]: unknown
}

export interface PullResult {
  documents: ReplicatedDocument[]
  checkpoint: Checkpoint | null
}

/** One server-sent event on the stream. */
export type StreamEvent = { type: 'RESYNC' } | { type: 'changes'; collection: ReplicatedCollection; documents: ReplicatedDocument[]; checkpoint: Checkpoint }

export const REPLICATION_INCOMPATIBLE = { versionMismatch: 'Replication protocol version not supported; reload the app' } as const

/**
 * Fields of the light product projection: what a listing, its filters, sorts and offline search
 * need. Anything else is fetched with the full document when a product page is opened.
 */
export const LIGHT_PRODUCT_FIELDS = [
  'id',
  'sku',
  'name',
  'type_id',
  'status',
  'visibility',
  'url_key',
  'url_path',
  'slug',
  'image',
  'price',
  'final_price',
  'special_price',
  'special_from_date',
  'special_to_date',
  'tax_class_id',
  'price_incl_tax',
  'final_price_incl_tax',
  'original_price_incl_tax',
  'special_price_incl_tax',
  'omnibus_price_incl_tax',
  'category_ids',
  'category',
  'stock',
  'color',
  'size',
  'color_options',
  'size_options',
  'manufacturer',
  'erin_recommends',
  'sold_qty',
  'eol',
  'created_at',
  'updated_at',
] as const

/** A product document cut to LIGHT_PRODUCT_FIELDS: every one it has, nulls kept (what products.light stores and the feed sends). */
export function lightProjection(doc: Record<string, unknown>): Record<string, unknown> {
  const light: Record<string, unknown> = {}
  for (const field of LIGHT_PRODUCT_FIELDS) if (field in doc) light[field] = doc[field]
  return light
}
