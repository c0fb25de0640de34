/**
 * The storage interfaces of replication/ (CartStore, SyncTaskStore) backed by RxDB collections,
 * so the cart, its sync state and the queued tasks live in IndexedDB and survive reloads. Writes
 * go through JSON to drop `undefined` fields, which the schema validator rejects.
 */
import type { CartItem } from '../../domain/cart.schema'
import type { CartStore, CartSyncState } from '../../replication/cart-store'
import type { SyncTask, SyncTaskStore } from '../../replication/sync-task'
import type { PolderDatabase } from './database'
import type { CartItemDoc } from './local-schemas'
import { clean, modifySessionRecord, recordValue } from './session-records'

export const CART_STATE_ID = 'cart'

export const EMPTY_CART_STATE: CartSyncState = {
  serverCartId: null,
  bypassCount: 0,
  syncedHash: null,
  lastSyncAt: null,
  totals: null,
}

/** A stored cart line as the domain type (the schema guarantees the shape). */
export function toCartItem(doc: CartItemDoc): CartItem {
  return clean(doc)
}

/** The cart's sync state record's stored value (none yet: the empty state). */
export function toCartState(value: Record<string, unknown> | undefined): CartSyncState {
  return { ...EMPTY_CART_STATE, ...((value ?? {}) as Partial<CartSyncState>) }
}

export class CollectionCartStore implements CartStore {
  constructor(private readonly db: PolderDatabase) {}

  async getItems(): Promise<CartItem[]> {
    const docs = await this.db.cart.find({ sort: [{ added_at: 'asc' }] }).exec()
    return docs.map((doc) => toCartItem(doc.toJSON() as CartItemDoc))
  }

  async putItem(item: CartItem): Promise<void> {
    await this.db.cart.upsert(clean(item))
  }

  async updateItem(key: string, change: (current: CartItem) => CartItem): Promise<void> {
    const doc = await this.db.cart.findOne(key).exec()
    // on the stored revision; a line removed since the look (any tab) stays removed
    if (doc) await doc.incrementalModify((data) => (data._deleted ? data : (clean(change(toCartItem(data))) as CartItemDoc)))
  }

  async removeItem(key: string): Promise<void> {
    const doc = await this.db.cart.findOne(key).exec()
    // on the stored revision: the cart sync (another tab's too) may have stamped the line meanwhile
    if (doc) await doc.incrementalRemove()
  }

  async getState(): Promise<CartSyncState> {
    const doc = await this.db.session.findOne(CART_STATE_ID).exec()
    return toCartState(recordValue(doc))
  }

  /** Patches the state on what is stored at the moment of the write (every tab's worker patches it). */
  async setState(patch: Partial<CartSyncState>): Promise<void> {
    await modifySessionRecord(this.db, CART_STATE_ID, (value) => ({ ...toCartState(value), ...patch }))
  }
}

export class CollectionTaskStore implements SyncTaskStore {
  constructor(private readonly db: PolderDatabase) {}

  async list(): Promise<SyncTask[]> {
    const docs = await this.db.syncTasks.find().exec()
    return docs.map((doc) => clean(doc.toJSON().task as SyncTask))
  }

  async put(task: SyncTask): Promise<void> {
    await this.db.syncTasks.upsert({ task_id: task.task_id, transmited: task.transmited, task: clean(task) })
  }

  async remove(taskId: string): Promise<void> {
    const doc = await this.db.syncTasks.findOne(taskId).exec()
    if (doc) await doc.remove()
  }
}
