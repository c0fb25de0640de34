/**
 * Collection schemas of the replicated catalogue (products, categories, attributes) and of the
 * product pages kept for offline viewing (productDetails). Each schema is an `as const` literal at
 * version 0; document types are derived from it. Money is integer cents (float prices fail schema
 * checks and sums, stack-notes Q2).
 *
 * Storage decisions:
 * - `productBatches` is written only by the products pull (light projection; in kiosk mode also
 *   the full wire document in `full`). Local writes to a pulled document would hide later server
 *   changes of it, so nothing else writes there.
 * - `productDetails` holds full documents fetched when a product page is opened (shopper mode),
 *   with lastViewedAt for least-recently-used eviction under a quota. It doubles as the
 *   recently-viewed list, which keeps the database at 12 collections or fewer (free-tier cap 13).
 * - Category membership is an array field; listing queries run over an in-memory mirror of the
 *   light products (workers/catalog), because Dexie cannot index array members.
 */
import type { ExtractDocumentTypeFromTypedRxJsonSchema, RxJsonSchema } from 'rxdb'
import { toTypedRxJsonSchema } from 'rxdb'
import { cents, epochMs, isoString } from './schema-fields'

const intArray = { type: 'array', items: { type: 'integer' } } as const

export const productSchemaLiteral = {
  title: 'light product',
  description: 'listing projection of a product; prices in cents incl. tax',
  /** the shape of a product in a batch (this literal was the `products` collection's schema, v1) */
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 32 },
    product_id: { type: 'integer' },
    sku: { type: 'string', maxLength: 64 },
    name: { type: 'string' },
    type_id: { type: 'string', maxLength: 16 },
    status: { type: 'integer' },
    visibility: { type: 'integer' },
    url_key: { type: 'string' },
    url_path: { type: 'string' },
    slug: { type: 'string' },
    image: { type: 'string' },
    price_incl_tax: cents,
    original_price_incl_tax: cents,
    final_price_incl_tax: cents,
    special_price_incl_tax: { type: ['integer', 'null'] },
    /** the Omnibus reference price while a special price applies (domain/omnibus) */
    omnibus_price_incl_tax: { type: ['integer', 'null'] },
    special_from_date: { type: ['string', 'null'] },
    special_to_date: { type: ['string', 'null'] },
    is_in_stock: { type: 'boolean' },
    category_ids: intArray,
    /** category id → position in that category (sort "position") */
    category_positions: { type: 'object', additionalProperties: { type: 'integer' } },
    color: { type: ['integer', 'null'] },
    size: { type: ['integer', 'null'] },
    color_options: intArray,
    size_options: intArray,
    /** the brand's option id (attribute manufacturer) */
    manufacturer: { type: ['integer', 'null'] },
    erin_recommends: { type: ['integer', 'null'] },
    sold_qty: { type: 'integer' },
    eol: { type: 'integer' },
    created_at: isoString,
    updated_at: isoString,
    /** kiosk mode: the whole wire document (decimals) */
    full: { type: 'object' },
  },
  required: [
    'id',
    'product_id',
    'sku',
    'name',
    'type_id',
    'status',
    'visibility',
    'price_incl_tax',
    'final_price_incl_tax',
    'original_price_incl_tax',
    'category_ids',
    'updated_at',
  ],
  indexes: ['sku', 'updated_at'],
} as const
const _productTyped = toTypedRxJsonSchema(productSchemaLiteral)
/** A light product (shopper mode; kiosk mode adds the whole wire document in `full`), as the batches hold it. */
export type ProductDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof _productTyped>

/**
 * Products are stored as the batches the catalogue pull and the feed stream bring in, one
 * document per batch (workers/catalog/product-batches), not one per product: IndexedDB spends its
 * time per record and per index entry, so products written as records of 500 take a fraction of
 * the time of one record each. A
 * later batch's product replaces an earlier one's; `removed` lists the ids a batch removes (not
 * `deleted`: RxDB keeps that name). Batches are compacted when superseded entries outnumber the
 * live ones. Version 0 of this collection replaces `products` (light product schema
 * v1, one document per product), whose stored data the database removes when it opens.
 */
export const productBatchSchemaLiteral = {
  title: 'product batch',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    /** `b` and the zero-padded sequence number: the primary key's order is the writing order */
    id: { type: 'string', maxLength: 16 },
    seq: { type: 'integer', minimum: 0, maximum: 999999999999, multipleOf: 1 },
    /** the products this batch brings (the light document; in kiosk mode with `full`) */
    products: { type: 'array', items: { type: 'object' } },
    /** ids of products this batch removes (the feed's tombstones) */
    removed: { type: 'array', items: { type: 'string' } },
  },
  required: ['id', 'seq', 'products', 'removed'],
} as const
const _productBatchTyped = toTypedRxJsonSchema(productBatchSchemaLiteral)
export type ProductBatchDoc = Omit<ExtractDocumentTypeFromTypedRxJsonSchema<typeof _productBatchTyped>, 'products'> & { products: ProductDoc[] }
export const productBatchSchema: RxJsonSchema<ProductBatchDoc> = productBatchSchemaLiteral

/** The name of the collection the batches replaced, removed with its stored data when a database opens. */
export const LEGACY_PRODUCTS_COLLECTION = 'products'

export const productDetailSchemaLiteral = {
  title: 'product page document',
  version: 0,
  primaryKey: 'sku',
  type: 'object',
  properties: {
    sku: { type: 'string', maxLength: 64 },
    id: { type: 'string', maxLength: 32 },
    updated_at: isoString,
    /** the full wire document (decimals, as the contract sends it) */
    full: { type: 'object' },
    /** approximate size in bytes, for the quota */
    bytes: { type: 'integer', minimum: 0, maximum: 100000000 },
    lastViewedAt: epochMs,
  },
  required: ['sku', 'id', 'full', 'bytes', 'lastViewedAt', 'updated_at'],
  indexes: ['lastViewedAt'],
} as const
const _productDetailTyped = toTypedRxJsonSchema(productDetailSchemaLiteral)
export type ProductDetailDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof _productDetailTyped>
export const productDetailSchema: RxJsonSchema<ProductDetailDoc> = productDetailSchemaLiteral

export const categorySchemaLiteral = {
  title: 'category',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 16 },
    category_id: { type: 'integer' },
    parent_id: { type: 'integer' },
    name: { type: 'string' },
    url_key: { type: 'string' },
    url_path: { type: 'string' },
    slug: { type: 'string', maxLength: 200 },
    path: { type: 'string' },
    level: { type: 'integer' },
    position: { type: 'integer' },
    is_active: { type: 'boolean' },
    include_in_menu: { type: 'boolean' },
    product_count: { type: 'integer' },
    children_count: { type: 'integer' },
    display_mode: { type: 'string' },
    updated_at: isoString,
  },
  required: ['id', 'category_id', 'parent_id', 'name', 'slug', 'path', 'level', 'position', 'updated_at'],
  indexes: ['slug'],
} as const
const _categoryTyped = toTypedRxJsonSchema(categorySchemaLiteral)
export type CategoryDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof _categoryTyped>
export const categorySchema: RxJsonSchema<CategoryDoc> = categorySchemaLiteral

export const attributeSchemaLiteral = {
  title: 'attribute',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 16 },
    attribute_id: { type: 'integer' },
    attribute_code: { type: 'string', maxLength: 64 },
    frontend_input: { type: 'string' },
    frontend_label: { type: 'string' },
    default_frontend_label: { type: 'string' },
    is_user_defined: { type: 'boolean' },
    is_visible: { type: 'boolean' },
    is_visible_on_front: { type: 'boolean' },
    is_comparable: { type: 'boolean' },
    is_filterable: { type: 'boolean' },
    options: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          value: { type: 'string' },
          label: { type: 'string' },
          sort_order: { type: 'integer' },
          swatch: { type: 'string' },
        },
        required: ['value', 'label'],
      },
    },
    updated_at: isoString,
  },
  required: ['id', 'attribute_id', 'attribute_code', 'frontend_label', 'options', 'updated_at'],
  indexes: ['attribute_code'],
} as const
const _attributeTyped = toTypedRxJsonSchema(attributeSchemaLiteral)
export type AttributeDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof _attributeTyped>
export const attributeSchema: RxJsonSchema<AttributeDoc> = attributeSchemaLiteral
