/**
 * The cart moving with the shopper between store views: the lines of one store view's
 * cart handed to the next one the shopper opens. Each store view has its own database and server
 * cart, so the lines travel as what identifies them (sku, parent sku, options, quantity) and are
 * added again in the new store view from its own product documents: its prices, its VAT, its
 * server cart.
 *
 * This file is the hand-off itself: what travels, where it waits (the HandoffStore port, backed by
 * a small IndexedDB database every store view's worker can read, workers/cart/handoff-store) and
 * how one line is placed in the new cart. workers/cart/cart-handoff-module wires it to the worker.
 */
import type { CartItem, ProductOption } from '../../domain/cart.schema'
import type { Notification } from '../../domain/notifications'
import type { Product } from '../../domain/product.schema'
import type { StoreCode } from '../../domain/store-views'
import type { CartCommand } from '../contract/commands'

/** One cart line as it travels: what identifies it, not its price (the new store view prices it). */
export interface HandoffLine {
  sku: string
  /** the configurable (or the product itself) */
  parentSku: string
  /** as the shopper saw it, in the old store view's language: for a line the new one cannot take */
  name: string
  type_id: CartItem['type_id']
  qty: number
  product_option?: ProductOption
}

/** A cart on its way from one store view to another. */
export interface CartHandoff {
  /** recorded as taken by the store view that placed its lines: taking it twice adds nothing */
  id: string
  from: StoreCode
  /** the store view the shopper switched to */
  to: StoreCode
  lines: HandoffLine[]
  /** epoch ms when it was handed off */
  at: number
}

/** Where hand-offs wait until a store view takes them; shared by every store view of the origin. */
export interface HandoffStore {
  put(handoff: CartHandoff): Promise<void>
  /**
   * Claims the hand-offs `storeCode` may take: those addressed to it, those it handed off itself
   * (the shopper came back before the other store view opened) and orphans older than
   * HANDOFF_ORPHAN_MS. A claim keeps other tabs off for HANDOFF_CLAIM_MS; a worker that dies
   * holding one leaves it to the next.
   */
  claim(storeCode: StoreCode, now: number): Promise<CartHandoff[]>
  /** the hand-off was placed (or was taken before): gone */
  remove(id: string): Promise<void>
  /** placing failed: another opening may try */
  release(id: string): Promise<void>
  /** the shopper moves on: what still waits for `from` goes to `to` with the rest of the cart */
  readdress(from: StoreCode, to: StoreCode): Promise<void>
}

/** A hand-off nobody took for this long goes to whichever store view opens next. */
export const HANDOFF_ORPHAN_MS = 60_000
/** How long a claim keeps a hand-off from the other tabs. */
export const HANDOFF_CLAIM_MS = 30_000

export function toHandoffLine(item: CartItem): HandoffLine {
  return {
    sku: item.sku,
    parentSku: item.parentSku,
    name: item.name,
    type_id: item.type_id,
    qty: item.qty,
    ...(item.product_option ? { product_option: item.product_option } : {}),
  }
}

/** What the new store view knows of a line's product now (workers/catalog/product-store loadView). */
export type HandoffProduct =
  | { state: 'full'; product: Product }
  /** only the light document: offline or server trouble */
  | { state: 'light' }
  /** the server says this store view has no such product */
  | { state: 'missing' }
  /** nothing on the device and the server cannot be asked now */
  | { state: 'unavailable' }

export interface PlaceLineDeps {
  product: (sku: string) => Promise<HandoffProduct>
  /** the cart's own command path (serialised, stock-checked, merged into a matching line) */
  apply: (command: CartCommand) => Promise<Notification[]>
}

/**
 * Where a line ended: in the cart; left out because this store view does not sell the product
 * (`notSold`) or refused it (`refused`: out of stock, no such variant, no price); or waiting for the
 * product's documents (offline, first visit of a store view).
 */
export type PlacedLine = 'added' | 'notSold' | 'refused' | 'wait'

const ADDED = new Set<Notification['key']>(['productAddedToCart', 'productQuantityUpdated'])

const PLAIN_TYPES = new Set<CartItem['type_id']>(['simple', 'virtual', 'downloadable'])

export async function placeHandoffLine(deps: PlaceLineDeps, line: HandoffLine): Promise<PlacedLine> {
  const known = await deps.product(line.parentSku)
  let command: CartCommand
  switch (known.state) {
    case 'missing':
      return 'notSold'
    case 'unavailable':
      return 'wait'
    case 'light':
      // the light document prices a plain product; anything with choices waits for the full one
      if (line.sku !== line.parentSku || line.product_option || !PLAIN_TYPES.has(line.type_id)) return 'wait'
      command = { type: 'addSku', sku: line.sku, qty: line.qty }
      break
    case 'full': {
      const { product } = known
      if (product.status !== 1) return 'notSold'
      const child = product.type_id === 'configurable' ? { childSku: line.sku } : {}
      command = { type: 'add', product, qty: line.qty, ...child, ...(line.product_option ? { productOption: line.product_option } : {}) }
      break
    }
  }
  const notifications = await deps.apply(command)
  if (notifications.some((n) => ADDED.has(n.key))) return 'added'
  // the light path could not read the product after all (it left the device meanwhile): try later
  if (notifications.some((n) => n.key === 'needsFullDetails')) return 'wait'
  return notifications.some((n) => n.key === 'listProductUnknown') ? 'notSold' : 'refused'
}
