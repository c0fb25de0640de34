/**
 * Collections that only this device writes: the cart lines, the sync tasks and the session
 * (cart state, tokens, flags). They live in IndexedDB so a cart and the writes waiting for the
 * network survive reloads and crashes; other tabs see them through RxDB's multi-instance channel.
 * A shopper's stored cart must survive app upgrades, hence versioned schemas with migrations.
 */
import type { ExtractDocumentTypeFromTypedRxJsonSchema, RxJsonSchema } from 'rxdb'
import { toTypedRxJsonSchema } from 'rxdb'
import type { CartItem } from '../../domain/cart.schema'
import type { SyncTask } from '../../replication/sync-task'
import { epochMs } from './schema-fields'

export const cartItemSchemaLiteral = {
  title: 'cart line',
  description: 'domain/cart.schema CartItem; price in cents incl. tax',
  version: 0,
  primaryKey: 'key',
  type: 'object',
  properties: {
    key: { type: 'string', maxLength: 128 },
    sku: { type: 'string', maxLength: 64 },
    parentSku: { type: 'string' },
    name: { type: 'string' },
    type_id: { type: 'string' },
    qty: { type: 'number', minimum: 0 },
    prev_qty: { type: 'number' },
    price_incl_tax: { type: 'integer' },
    image: { type: 'string' },
    product_option: { type: 'object' },
    options: {
      type: 'array',
      items: { type: 'object', properties: { label: { type: 'string' }, value: { type: 'string' } }, required: ['label', 'value'] },
    },
    checksum: { type: 'string' },
    server_item_id: { type: 'integer' },
    server_cart_id: { type: 'string' },
    is_in_stock: { type: 'boolean' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
    info: { type: 'object', additionalProperties: { type: 'string' } },
    mageworx_gc_type: { type: 'integer' },
    added_at: epochMs,
  },
  required: ['key', 'sku', 'parentSku', 'name', 'type_id', 'qty', 'price_incl_tax', 'options', 'checksum', 'added_at'],
  indexes: ['added_at'],
} as const
const _cartItemTyped = toTypedRxJsonSchema(cartItemSchemaLiteral)
/**
 * The line as the schema literal types it, with the two fields the literal leaves loose (a free
 * `type_id` string, a free-form `product_option` object) typed as the cart writes them: a stored line
 * reads back as a CartItem without a cast.
 */
export type CartItemDoc = Omit<ExtractDocumentTypeFromTypedRxJsonSchema<typeof _cartItemTyped>, 'type_id' | 'product_option'> &
  Pick<CartItem, 'type_id' | 'product_option'>
export const cartItemSchema: RxJsonSchema<CartItemDoc> = cartItemSchemaLiteral

export const syncTaskSchemaLiteral = {
  title: 'sync task',
  description: 'replication/sync-queue SyncTask, stored whole in `task`',
  version: 0,
  primaryKey: 'task_id',
  type: 'object',
  properties: {
    task_id: { type: 'string', maxLength: 64 },
    transmited: { type: 'boolean' },
    /** the task as the queue sees it: result and payload are free-form JSON */
    task: { type: 'object' },
  },
  required: ['task_id', 'transmited', 'task'],
} as const
const _syncTaskTyped = toTypedRxJsonSchema(syncTaskSchemaLiteral)
/** `task` is a free-form object to the schema; the queue only ever stores a SyncTask there. */
export type SyncTaskDoc = Omit<ExtractDocumentTypeFromTypedRxJsonSchema<typeof _syncTaskTyped>, 'task'> & { task: SyncTask }
export const syncTaskSchema: RxJsonSchema<SyncTaskDoc> = syncTaskSchemaLiteral

/** Small named records: `cart` (CartSyncState), `user` (tokens), flags. */
export const sessionSchemaLiteral = {
  title: 'session record',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 32 },
    value: { type: 'object' },
  },
  required: ['id', 'value'],
} as const
const _sessionTyped = toTypedRxJsonSchema(sessionSchemaLiteral)
export type SessionDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof _sessionTyped>
export const sessionSchema: RxJsonSchema<SessionDoc> = sessionSchemaLiteral
