/**
 * The local database of one store view, `polder-<storeCode>`, opened inside the data worker.
 *
 * Decisions (stack-notes Q2/Q3):
 * - Dexie storage (IndexedDB), the free one; the worker owns it, the UI reaches it through Comlink.
 * - Dev-mode and the ajv validator load only in development (they cost bundle size and write
 *   time): the caller passes `wrapStorage` (workers/db/dev-storage) only then.
 * - multiInstance: every tab has its own worker on the same IndexedDB; RxDB's broadcast channel
 *   carries changes between them and elects the one leader that replicates.
 * - closeDuplicates: vite dev reloads and HMR re-create the worker while the old one still holds
 *   the database.
 * - Twelve collections (recently viewed and the checkout details live in `session`, every content
 *   kind in `cms`); the free build opens at most 13 per realm, across databases: none more.
 */
import { addRxPlugin, createRxDatabase, removeCollectionStorages } from 'rxdb'
import type { RxCollection, RxDatabase, RxStorage } from 'rxdb'
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election'
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import type { StoreCode } from '../../domain/store-views'
import { attributeSchema, categorySchema, LEGACY_PRODUCTS_COLLECTION, productBatchSchema, productDetailSchema } from './catalog-schemas'
import type { AttributeDoc, CategoryDoc, ProductBatchDoc, ProductDetailDoc } from './catalog-schemas'
import { cartItemSchema, sessionSchema, syncTaskSchema } from './local-schemas'
import type { CartItemDoc, SessionDoc, SyncTaskDoc } from './local-schemas'
import { compareSchema, listMigrationStrategies, wishlistSchema } from '../lists/list-schemas'
import type { ListItemDoc } from '../lists/list-schemas'
import { urlMigrationStrategies, urlSchema } from '../urls/url-schema'
import type { UrlDoc } from '../urls/url-schema'
import { orderMigrationStrategies, orderSchema } from '../orders/order-schema'
import type { OrderDoc } from '../orders/order-schema'
import { contentMigrationStrategies, contentSchema } from '../content/content-record'
import type { ContentDoc } from '../content/content-record'

export type PolderCollections = {
  productBatches: RxCollection<ProductBatchDoc>
  productDetails: RxCollection<ProductDetailDoc>
  categories: RxCollection<CategoryDoc>
  attributes: RxCollection<AttributeDoc>
  cart: RxCollection<CartItemDoc>
  syncTasks: RxCollection<SyncTaskDoc>
  session: RxCollection<SessionDoc>
  wishlist: RxCollection<ListItemDoc>
  compare: RxCollection<ListItemDoc>
  urls: RxCollection<UrlDoc>
  orders: RxCollection<OrderDoc>
  cms: RxCollection<ContentDoc>
}
export type PolderDatabase = RxDatabase<PolderCollections>

export interface OpenDatabaseOptions {
  storeCode: StoreCode
  /** tests pass the memory storage or Dexie over fake-indexeddb */
  storage?: RxStorage<unknown, unknown>
  /** development and tests: dev-mode + validation (workers/db/dev-storage withDevMode) */
  wrapStorage?: (storage: RxStorage<unknown, unknown>) => RxStorage<unknown, unknown> | Promise<RxStorage<unknown, unknown>>
  /** tests: a unique name per test */
  name?: string
}

addRxPlugin(RxDBLeaderElectionPlugin)
addRxPlugin(RxDBMigrationSchemaPlugin)

/**
 * Migration strategies per collection, keyed by the version they migrate *to*. Empty at version
 * 0; every schema change adds a version and its strategy so stored data survives upgrades (lists,
 * urls and orders beside their schemas).
 */
const migrationStrategies = {}

export async function openDatabase(options: OpenDatabaseOptions): Promise<PolderDatabase> {
  const base: RxStorage<unknown, unknown> = options.storage ?? getRxStorageDexie()
  const storage = options.wrapStorage ? await options.wrapStorage(base) : base
  const db = await createRxDatabase<PolderCollections>({
    name: options.name ?? `polder-${options.storeCode}`,
    storage,
    multiInstance: true,
    closeDuplicates: true,
    eventReduce: true,
  })
  try {
    await removeLegacyProducts(db)
    await db.addCollections({
      productBatches: { schema: productBatchSchema, migrationStrategies },
      productDetails: { schema: productDetailSchema, migrationStrategies },
      categories: { schema: categorySchema, migrationStrategies },
      attributes: { schema: attributeSchema, migrationStrategies },
      cart: { schema: cartItemSchema, migrationStrategies },
      syncTasks: { schema: syncTaskSchema, migrationStrategies },
      session: { schema: sessionSchema, migrationStrategies },
      wishlist: { schema: wishlistSchema, migrationStrategies: listMigrationStrategies },
      compare: { schema: compareSchema, migrationStrategies: listMigrationStrategies },
      urls: { schema: urlSchema, migrationStrategies: urlMigrationStrategies },
      orders: { schema: orderSchema, migrationStrategies: orderMigrationStrategies },
      cms: { schema: contentSchema, migrationStrategies: contentMigrationStrategies },
    })
  } catch (error) {
    await db.close()
    throw error
  }
  keepFewBatchEvents(db)
  return db
}

/** The most product-batch change events RxDB keeps for event-reduce (its default is 100). */
export const PRODUCT_BATCH_EVENTS_KEPT = 1

/**
 * RxDB keeps the last 100 change events of every collection, documents included, to update query
 * results without reading storage again (event-reduce). A product batch holds 500 products, in
 * kiosk mode with their full documents: 100 of them keep tens of thousands of full documents in
 * the worker's heap. The batches' queries (the mirror's load, a batch by id) are read once, so
 * keeping one event costs them nothing; the event counter, which tells a cached query it is stale,
 * still counts every event. The buffer is RxDB's own field, absent should a version drop it.
 */
function keepFewBatchEvents(db: PolderDatabase): void {
  const buffer = db.productBatches._changeEventBuffer as typeof db.productBatches._changeEventBuffer | undefined
  if (buffer) buffer.limit = PRODUCT_BATCH_EVENTS_KEPT
}

/**
 * A device that ran an earlier version holds the catalogue in `products` (one document per product)
 * with the replication's meta documents beside it: both are removed, so the space is given back; the
 * products pull then starts over into `productBatches` (a catalogue is the server's, nothing of the
 * shopper's is lost). Nothing to do, and no storage opened, on a device without them.
 */
async function removeLegacyProducts(db: PolderDatabase): Promise<void> {
  await removeCollectionStorages(
    db.storage,
    db.internalStore,
    db.token,
    db.name,
    LEGACY_PRODUCTS_COLLECTION,
    db.multiInstance,
    db.password as string | undefined,
    db.hashFunction,
  )
}
