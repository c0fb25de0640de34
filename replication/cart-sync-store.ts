/**
 * The cart store as one sync sees it (replication/cart-sync): its own writes noted, so lines the
 * shopper changed meanwhile are told apart, and guarded against the cart leaving with an order.
 */
import type { CartItem } from '../domain/cart.schema'
import { cartHash } from '../domain/cart-item'
import type { CartStore } from './cart-store'

/** Inside a sync: the cart was handed over to an order while a replacement cart was being made. */
export class CartHandedOverError extends Error {
  override readonly name = 'CartHandedOverError'
}

/** The lines a sync's diff was made of, and what the sync wrote to them since (null: removed). */
export interface DiffedLines {
  items: readonly CartItem[]
  writes: Map<string, CartItem | null>
}

/**
 * The store, with each line this sync writes noted in `diffed.writes`. A change of a stored line is
 * noted as made to the line as the sync knew it (diffed, or written since), which is what the
 * server has of it: a shopper's change kept under it still counts as not synced.
 */
export function recordingWrites(inner: CartStore, diffed: DiffedLines): CartStore {
  const { writes } = diffed
  return {
    getItems: () => inner.getItems(),
    getState: () => inner.getState(),
    setState: (patch) => inner.setState(patch),
    putItem: async (item) => {
      await inner.putItem(item)
      writes.set(item.key, item)
    },
    updateItem: async (key, change) => {
      await inner.updateItem(key, change)
      const known = writes.has(key) ? writes.get(key) : diffed.items.find((item) => item.key === key)
      if (known) writes.set(key, change(known))
    },
    removeItem: async (key) => {
      await inner.removeItem(key)
      writes.set(key, null)
    },
  }
}

/**
 * Whether the lines now are the diffed lines with this sync's own writes, and nothing else: a line
 * the shopper changed (in any tab) while the sync ran was not sent, so its cart is not synced yet.
 */
export function onlyOwnWrites(diffed: DiffedLines, now: readonly CartItem[], token: string | null): boolean {
  const expected = new Map(diffed.items.map((item) => [item.key, item]))
  for (const [key, item] of diffed.writes) {
    if (item) expected.set(key, item)
    else expected.delete(key)
  }
  return cartHash([...expected.values()], token) === cartHash(now, token)
}

/**
 * The store as a sync writes it. The cart handed over to an order since the sync began (its epoch
 * moved on): its lines and server cart are the order's now, and nothing of this sync may be
 * written over the emptied cart.
 */
export function handoverGuard(inner: CartStore, epoch: number): { store: CartStore; ensureOurs: () => Promise<void> } {
  const handedOver = async () => ((await inner.getState()).epoch ?? 0) !== epoch
  const ensureOurs = async () => {
    if (await handedOver()) throw new CartHandedOverError()
  }
  const store: CartStore = {
    getItems: () => inner.getItems(),
    getState: () => inner.getState(),
    setState: (patch) => inner.setState(patch),
    putItem: async (item) => {
      await ensureOurs()
      await inner.putItem(item)
      // handed over between the look and the write: the line left with the order, it is taken back out
      if (await handedOver()) {
        await inner.removeItem(item.key)
        throw new CartHandedOverError()
      }
    },
    // a line that left with the order is gone, and a change of a gone line writes nothing
    updateItem: async (key, change) => {
      await ensureOurs()
      await inner.updateItem(key, change)
    },
    removeItem: async (key) => {
      await ensureOurs()
      await inner.removeItem(key)
    },
  }
  return { store, ensureOurs }
}
