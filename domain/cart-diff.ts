/**
 * The cart diff (spec §4 "Cart item sync"): the local lines against the server's, one entry per
 * line saying what it needs (no-item, wrong-qty, update-required, no-changes) and what the sync
 * will do about it. Pure: no I/O, nothing of the network; replication/cart-sync carries it out.
 *
 * Pairing: an exact server item id first (so two lines of one sku pair up correctly), then the
 * spec's matching rules (domain/cart-item: checksum of the options, configurable child sku, gift
 * card amount). Each server line pairs with at most one local line.
 *
 * Fixed on purpose, compared with vue-storefront 1 (contract §6/§7):
 * - DiffLog.isEmpty() really looks at the entries, so a cart already in sync only stamps ids.
 * - mergeQty adds the server quantity only to a line that is not already the same server line,
 *   so a repeated merge (the load/login race) never doubles quantities.
 */
import type { CartItem, ServerCartItem } from './cart.schema'
import { cartItemsMatch, matchableFromClient, matchableFromServer } from './cart-item'

export const DIFF_STATUSES = ['no-item', 'wrong-qty', 'update-required', 'no-changes'] as const
export type DiffStatus = (typeof DIFF_STATUSES)[number]

export type DiffAction =
  /** only reported (dry run) */
  | 'report'
  | 'none'
  /** POST cart/update without item_id */
  | 'push-add'
  /** POST cart/update with item_id */
  | 'push-qty'
  | 'remove-local'
  | 'take-server'
  /** same line, same qty: copy the server ids onto the local line */
  | 'stamp-ids'
  | 'delete-server'
  | 'add-local'

export interface DiffEntry {
  party: 'client' | 'server'
  sku: string
  status: DiffStatus
  action: DiffAction
  clientItem?: CartItem
  serverItem?: ServerCartItem
  /** the quantity to push (push-add, push-qty) */
  qty?: number
}

/** How a sync weighs the two sides (configuration and the moment: login, checkout, local edit). */
export interface CartSyncOptions {
  dryRun?: boolean
  /** the local cart wins: after local add/remove/qty changes and in checkout */
  forceClientState?: boolean
  /** at login: the customer's server cart and the guest cart add up */
  mergeQty?: boolean
  /** configuration: a line missing on the server is removed locally instead of pushed */
  serverMayRemoveLocal?: boolean
  /** configuration: on a qty mismatch the server's quantity is taken locally */
  serverMayModifyLocal?: boolean
}

export class DiffLog {
  constructor(readonly items: DiffEntry[]) {}

  /** true when there is nothing to do and nothing to report (every line unchanged) */
  isEmpty(): boolean {
    return this.items.every((entry) => entry.status === 'no-changes')
  }

  byStatus(status: DiffStatus): DiffEntry[] {
    return this.items.filter((entry) => entry.status === status)
  }
}

/** A local line that has already been saved as this very server line (ids agree). */
function isSameServerLine(client: CartItem, server: ServerCartItem): boolean {
  return client.server_item_id === server.item_id && client.server_cart_id === server.quote_id
}

/** The options with their defaults filled in, as each decision below reads them. */
type SyncFlags = Required<CartSyncOptions>

function syncFlags(options: CartSyncOptions): SyncFlags {
  const { dryRun = false, forceClientState = false, mergeQty = false, serverMayRemoveLocal = false, serverMayModifyLocal = false } = options
  return { dryRun, forceClientState, mergeQty, serverMayRemoveLocal, serverMayModifyLocal }
}

/**
 * The server line a local line pairs with, among those not paired yet: an exact id match wins over a
 * rule match, so two lines of one sku pair up correctly.
 */
function pairedServerIndex(
  client: CartItem,
  serverItems: readonly ServerCartItem[],
  serverMatchables: readonly ReturnType<typeof matchableFromServer>[],
  serverLeft: ReadonlySet<number>,
): number | undefined {
  if (client.server_item_id !== undefined) {
    for (const index of serverLeft) if (serverItems[index]!.item_id === client.server_item_id) return index
  }
  const candidate = matchableFromClient(client)
  for (const index of serverLeft) if (cartItemsMatch(candidate, serverMatchables[index]!)) return index
  return undefined
}

/** A local line the server does not have: pushed to it, or dropped when the server may remove local lines. */
function localOnly(client: CartItem, flags: SyncFlags): DiffEntry {
  const push = flags.forceClientState || !flags.serverMayRemoveLocal
  return {
    party: 'client',
    sku: client.sku,
    status: 'no-item',
    action: flags.dryRun ? 'report' : push ? 'push-add' : 'remove-local',
    clientItem: client,
    qty: client.qty,
  }
}

/**
 * A local line paired with a server line: a quantity to settle (or to add up when merging, unless it
 * is already that very server line), ids to stamp, or nothing.
 */
function paired(client: CartItem, server: ServerCartItem, flags: SyncFlags): DiffEntry {
  const sameLine = isSameServerLine(client, server)
  const merging = flags.mergeQty && !sameLine
  if (merging || client.qty !== server.qty) {
    const takeServer = !merging && !flags.forceClientState && flags.serverMayModifyLocal
    return {
      party: 'client',
      sku: client.sku,
      status: 'wrong-qty',
      action: flags.dryRun ? 'report' : takeServer ? 'take-server' : 'push-qty',
      clientItem: client,
      serverItem: server,
      qty: merging ? client.qty + server.qty : client.qty,
    }
  }
  return {
    party: 'client',
    sku: client.sku,
    status: sameLine ? 'no-changes' : 'update-required',
    action: sameLine ? 'none' : flags.dryRun ? 'report' : 'stamp-ids',
    clientItem: client,
    serverItem: server,
  }
}

/** A server line no local line paired with: deleted on the server when the local cart wins, else added locally. */
function serverOnly(server: ServerCartItem, flags: SyncFlags): DiffEntry {
  return {
    party: 'server',
    sku: server.sku,
    status: 'no-item',
    action: flags.dryRun ? 'report' : flags.forceClientState ? 'delete-server' : 'add-local',
    serverItem: server,
    qty: server.qty,
  }
}

/**
 * Pairs every local line with at most one server line (ids first, then the spec's matching rules)
 * and decides what each side needs. Pure.
 */
export function diffCart(clientItems: readonly CartItem[], serverItems: readonly ServerCartItem[], options: CartSyncOptions = {}): DiffLog {
  const flags = syncFlags(options)
  const serverLeft = new Set(serverItems.map((_, index) => index))
  const serverMatchables = serverItems.map(matchableFromServer)
  const entries: DiffEntry[] = []
  for (const client of clientItems) {
    const index = pairedServerIndex(client, serverItems, serverMatchables, serverLeft)
    if (index === undefined) {
      entries.push(localOnly(client, flags))
      continue
    }
    serverLeft.delete(index)
    entries.push(paired(client, serverItems[index]!, flags))
  }
  for (const index of serverLeft) entries.push(serverOnly(serverItems[index]!, flags))
  return new DiffLog(entries)
}
