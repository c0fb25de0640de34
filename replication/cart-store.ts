/**
 * The cart sync's store port: where the local lines and the cart's sync state live. The worker
 * backs it with its `cart` and `session` collections (workers/db/collection-stores), tests with
 * memory; replication/ never sees RxDB.
 */
import type { CartItem, Totals } from '../domain/cart.schema'
import { cartHash } from '../domain/cart-item'
import type { CartNotice } from '../domain/cart-notice'

export interface CartSyncState {
  serverCartId: string | null
  /** guest-cart replacements since the last successful sync */
  bypassCount: number
  /** cartHash at the last successful sync */
  syncedHash: string | null
  lastSyncAt: number | null
  totals: Totals | null
  /** the coupon code the shopper applied (normalised); sent again when the server cart is replaced */
  coupon?: string | null
  /** the gift card codes the shopper applied (normalised), in the order they pay */
  giftCards?: string[]
  /** refusals the shopper has not been told yet (domain/cart-notice) */
  notices?: CartNotice[]
  /**
   * a login asked for the cart's authorisation (replication/cart-authorise) and it has not been done
   * yet: stored, so the leader does it whichever tab logged in, once, and clears it
   */
  authorisePending?: boolean
  /**
   * counts the times the cart was handed over to an order (workers/cart emptyForOrder): a sync that
   * began before a hand-over writes nothing after it, so the emptied cart never gets back the
   * server cart, totals or hash of the lines that left with the order
   */
  epoch?: number
  /**
   * the next server cart must be a new one (set at a hand-over): a customer's "active cart" may be
   * the one the order just took, still unordered while the order waits to be sent
   */
  freshCart?: boolean
}

/** Local lines and cart state; the worker backs it with RxDB, tests with memory. */
export interface CartStore {
  getItems(): Promise<CartItem[]>
  putItem(item: CartItem): Promise<void>
  /**
   * Changes the stored line `key` on what is stored at the moment of the write (another write
   * in between is not overwritten); a line that is gone stays gone.
   */
  updateItem(key: string, change: (current: CartItem) => CartItem): Promise<void>
  removeItem(key: string): Promise<void>
  getState(): Promise<CartSyncState>
  setState(patch: Partial<CartSyncState>): Promise<void>
}

/** Forgets a dead server cart locally: lines keep their contents but lose their server ids. */
export async function detachItems(store: CartStore): Promise<void> {
  for (const item of await store.getItems()) {
    if (item.server_item_id === undefined && item.server_cart_id === undefined) continue
    await store.updateItem(item.key, ({ server_item_id: _id, server_cart_id: _cart, ...rest }) => rest)
  }
}

/**
 * Are there local changes the server has not seen? The one rule of the cart view ("pending") and
 * of the sync scheduler, both with the token the sync sends (spec §4: the hash is of the items and
 * the token). A cart never synced counts only its lines: an empty new cart makes no server quote.
 */
export function hasLocalChanges(items: readonly CartItem[], state: Pick<CartSyncState, 'syncedHash'>, token: string | null): boolean {
  return state.syncedHash === null ? items.length > 0 : cartHash(items, token) !== state.syncedHash
}
