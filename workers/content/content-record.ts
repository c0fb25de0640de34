/**
 * The `cms` collection (DESIGN.md "The local database"): every kind of shop content in one
 * collection, since the free RxDB build opens at most 12 per realm. A document is one piece of
 * content of the feed's `cms` collection (pages, blocks, hierarchy nodes, blog posts and
 * categories, banners and info banners, each kind with no schema change): its feed id
 * `${kind}-${id}`, its kind and id in its table, its identifier (a page's slug, a blog record's url_key) and title, and the
 * rest of the wire document in `body`.
 *
 * `has_content`: the shopper's light projection sends pages and blog posts without their HTML; one
 * opened online is fetched whole and stored here with it, so it reads offline later. A pulled stub of the
 * same version (same updated_at) keeps that HTML; a newer one replaces it (the next visit fetches
 * the new text).
 *
 * Versioned from the start (migrations keyed by the version they migrate to).
 */
import type { RxJsonSchema } from 'rxdb'
import { z } from 'zod'
import { CONTENT_DOCUMENT_ID, type ReplicatedDocument } from '../../domain/api/replication.schema'
import type { WithDeletedFlag } from '../db/catalog-docs'
import { isoString } from '../db/schema-fields'

/** Content kinds this client reads; others are kept as they come. */
export const CONTENT_KINDS = {
  page: 'page',
  block: 'block',
  hierarchy: 'hierarchy',
  blogCategory: 'blog_category',
  blogPost: 'blog_post',
  banner: 'banner',
  infoBanner: 'info_banner',
  /** a visited product's approved reviews, fetched on view (not in the feed: workers/content/product-reviews) */
  productReviews: 'product_reviews',
} as const

/** The fields kept beside `body`: the rest of a wire document goes into it. */
const OWN_FIELDS = new Set(['id', 'kind', 'entity_id', 'identifier', 'title', 'updated_at', '_deleted'])

export const ContentRecordSchema = z.object({
  id: z.string().regex(CONTENT_DOCUMENT_ID).max(64),
  kind: z.string().min(1).max(32),
  entity_id: z.number().int(),
  identifier: z.string().max(200).default(''),
  title: z.string().default(''),
  updated_at: z.string().max(40),
  has_content: z.boolean(),
  body: z.record(z.string(), z.unknown()),
})
export type ContentRecord = z.infer<typeof ContentRecordSchema>

export const contentSchemaLiteral = {
  title: 'content',
  description: 'a CMS page, block or other content kind of the feed, by its feed id kind-id',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 64 },
    kind: { type: 'string', maxLength: 32 },
    entity_id: { type: 'integer', minimum: -2147483648, maximum: 2147483647, multipleOf: 1 },
    identifier: { type: 'string', maxLength: 200 },
    title: { type: 'string' },
    updated_at: isoString,
    has_content: { type: 'boolean' },
    body: { type: 'object' },
  },
  required: ['id', 'kind', 'entity_id', 'identifier', 'title', 'updated_at', 'has_content', 'body'],
  indexes: [['kind', 'identifier']],
} as const
/** A stored document: the record the zod schema describes (the RxDB schema's `body` is any object). */
export type ContentDoc = ContentRecord
export const contentSchema: RxJsonSchema<ContentDoc> = contentSchemaLiteral

/** Migration strategies keyed by the version they migrate to; empty at version 0. */
export const contentMigrationStrategies = {}

/** A feed document (or a CMS extension answer made one) as stored; null for one this client cannot read. */
export function toContentRecord(wire: ReplicatedDocument): WithDeletedFlag<ContentRecord> | null {
  const body: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(wire)) if (!OWN_FIELDS.has(key)) body[key] = value
  const parsed = ContentRecordSchema.safeParse({
    id: wire.id,
    kind: wire.kind,
    entity_id: wire.entity_id,
    identifier: typeof wire.identifier === 'string' ? wire.identifier : undefined,
    title: typeof wire.title === 'string' ? wire.title : undefined,
    updated_at: wire.updated_at,
    has_content: typeof body.content === 'string',
    body,
  })
  return parsed.success ? { ...parsed.data, _deleted: wire._deleted === true } : null
}

/**
 * A CMS extension's answer (its table id in `id`) as a feed document of `kind`, found by
 * `identifier` (the feed's identifier: a page's identifier, a blog post's url_key).
 */
export function answerAsFeedDocument(kind: string, identifier: string, answer: Record<string, unknown> & { id: number }): ReplicatedDocument {
  return {
    ...answer,
    id: `${kind}-${answer.id}`,
    kind,
    entity_id: answer.id,
    identifier,
    updated_at: typeof answer.updated_at === 'string' ? answer.updated_at : '',
    _deleted: false,
  }
}
