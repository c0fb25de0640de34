/**
 * The shopper's own lists, wishlist and compare (spec §3/§4: products identified by sku; §9 compare
 * holds 5). Each line keeps a snapshot of the light product fields a tile or a compare column
 * needs, so a list still renders when the product has left the local catalogue or the device is
 * offline; while the product is in the catalogue its current fields win (prices change).
 *
 * Two collections with one shape, not one collection with a list field: DESIGN.md names them, and
 * clearing or counting one list stays a plain query. Recently viewed is not a collection (the
 * 12-collection budget is spoken for by cms, urls and orders): see recently-viewed.ts.
 */
import type { ExtractDocumentTypeFromTypedRxJsonSchema, RxJsonSchema } from 'rxdb'
import { toTypedRxJsonSchema } from 'rxdb'
import { cents, epochMs } from '../db/schema-fields'

const listItemProperties = {
  sku: { type: 'string', maxLength: 64 },
  added_at: epochMs,
  /** the wishlist adds with qty 1 (spec §3) */
  qty: { type: 'integer', minimum: 1 },
  product_id: { type: 'integer' },
  name: { type: 'string' },
  type_id: { type: 'string' },
  slug: { type: 'string' },
  url_path: { type: 'string' },
  image: { type: 'string' },
  final_price_incl_tax: cents,
  original_price_incl_tax: cents,
  is_in_stock: { type: 'boolean' },
} as const

export const wishlistSchemaLiteral = {
  title: 'wishlist line',
  description: 'a product on the wishlist, with a snapshot of its light fields; prices in cents incl. tax',
  version: 0,
  primaryKey: 'sku',
  type: 'object',
  properties: listItemProperties,
  required: ['sku', 'added_at', 'qty', 'product_id', 'name', 'type_id', 'final_price_incl_tax', 'original_price_incl_tax'],
  indexes: ['added_at'],
} as const
const _wishlistTyped = toTypedRxJsonSchema(wishlistSchemaLiteral)
export type ListItemDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof _wishlistTyped>
export const wishlistSchema: RxJsonSchema<ListItemDoc> = wishlistSchemaLiteral

export const compareSchemaLiteral = {
  ...wishlistSchemaLiteral,
  title: 'compare line',
  description: 'a product on the compare list (at most 5), with a snapshot of its light fields; prices in cents incl. tax',
} as const
export const compareSchema: RxJsonSchema<ListItemDoc> = compareSchemaLiteral

/** Migration strategies keyed by the version they migrate to; empty at version 0. */
export const listMigrationStrategies = {}
