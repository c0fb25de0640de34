/**
 * The `urls` collection (spec §4 "Rewrites"): what a shop path resolved to, cached per path in the
 * store view's own database. A miss is stored too (kind `none`, spec: "No redirect is cached as
 * false"), and so is a 301 (saved and reused); a 302 is temporary and never stored.
 */
import type { ExtractDocumentTypeFromTypedRxJsonSchema, RxJsonSchema } from 'rxdb'
import { toTypedRxJsonSchema } from 'rxdb'
import { epochMs } from '../db/schema-fields'

export const URL_KINDS = ['product', 'category', 'cms_page', 'none'] as const
export type UrlKind = (typeof URL_KINDS)[number]

export const urlSchemaLiteral = {
  title: 'url mapping',
  description: 'a normalised store-relative path and the route it resolved to (or none)',
  version: 0,
  primaryKey: 'path',
  type: 'object',
  properties: {
    /** normalised (domain/url normalizePath), without the store prefix */
    path: { type: 'string', maxLength: 500 },
    kind: { type: 'string', enum: ['product', 'category', 'cms_page', 'none'] },
    /** the app route under the store prefix ('' for none) */
    to: { type: 'string' },
    /** 0 when the path serves the entity itself, 301 when it is a permanent redirect */
    redirect: { type: 'integer', enum: [0, 301] },
    resolved_at: epochMs,
  },
  required: ['path', 'kind', 'to', 'redirect', 'resolved_at'],
} as const
const _urlTyped = toTypedRxJsonSchema(urlSchemaLiteral)
export type UrlDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof _urlTyped>
export const urlSchema: RxJsonSchema<UrlDoc> = urlSchemaLiteral

/** Migration strategies keyed by the version they migrate to; empty at version 0. */
export const urlMigrationStrategies = {}
