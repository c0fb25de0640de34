/**
 * Cart sync (spec §4 "Cart item sync", "Cart connect", "Server update"): compare the local lines
 * with the server's, decide per line what to do (diffCart, pure), then do it (syncCart) through the
 * API client and an injected store of local lines. No RxDB here: the worker backs CartStore with
 * its `cart` and `session` collections, tests back it with arrays.
 *
 * Fixed on purpose, compared with vue-storefront 1 (contract §6/§7):
 * - DiffLog.isEmpty() really looks at the entries, so a cart already in sync only stamps ids.
 * - mergeQty adds the server quantity only to a line that is not already the same server line,
 *   so a repeated merge (the load/login race, #5743) never doubles quantities.
 * - a cart the server no longer knows (404, or 401 for a stale customer cart) is replaced by a
 *   fresh guest cart, once per sync; the counter resets after every successful sync (#2540).
 */
import type { CartItem, ServerCartItem, Totals } from '../domain/cart.schema'
import { cartHash, cartItemsMatch, matchableFromClient, matchableFromServer } from '../domain/cart-item'
import type { ApiClient } from './api-client'
import { ApiError, isTransientError } from './api-errors'

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

/**
 * Pairs every local line with at most one server line (ids first, then the spec's matching rules)
 * and decides what each side needs. Pure.
 */
export function diffCart(clientItems: readonly CartItem[], serverItems: readonly ServerCartItem[], options: CartSyncOptions = {}): DiffLog {
  const { dryRun = false, forceClientState = false, mergeQty = false } = options
  const { serverMayRemoveLocal = false, serverMayModifyLocal = false } = options
  const serverLeft = new Set(serverItems.map((_, index) => index))
  const serverMatchables = serverItems.map(matchableFromServer)
  const entries: DiffEntry[] = []

  const findServer = (client: CartItem): number | undefined => {
    const candidate = matchableFromClient(client)
    // an exact id match wins over a rule match, so two lines of one sku pair up correctly
    for (const index of serverLeft) {
      if (client.server_item_id !== undefined && serverItems[index]!.item_id === client.server_item_id) return index
    }
    for (const index of serverLeft) if (cartItemsMatch(candidate, serverMatchables[index]!)) return index
    return undefined
  }

  for (const client of clientItems) {
    const index = findServer(client)
    if (index === undefined) {
      const push = forceClientState || !serverMayRemoveLocal
      entries.push({
        party: 'client',
        sku: client.sku,
        status: 'no-item',
        action: dryRun ? 'report' : push ? 'push-add' : 'remove-local',
        clientItem: client,
        qty: client.qty,
      })
      continue
    }
    serverLeft.delete(index)
    const server = serverItems[index]!
    const sameLine = isSameServerLine(client, server)
    const merging = mergeQty && !sameLine
    if (merging || client.qty !== server.qty) {
      const takeServer = !merging && !forceClientState && serverMayModifyLocal
      entries.push({
        party: 'client',
        sku: client.sku,
        status: 'wrong-qty',
        action: dryRun ? 'report' : takeServer ? 'take-server' : 'push-qty',
        clientItem: client,
        serverItem: server,
        qty: merging ? client.qty + server.qty : client.qty,
      })
      continue
    }
    entries.push({
      party: 'client',
      sku: client.sku,
      status: sameLine ? 'no-changes' : 'update-required',
      action: sameLine ? 'none' : dryRun ? 'report' : 'stamp-ids',
      clientItem: client,
      serverItem: server,
    })
  }

  for (const index of serverLeft) {
    const server = serverItems[index]!
    entries.push({
      party: 'server',
      sku: server.sku,
      status: 'no-item',
      action: dryRun ? 'report' : forceClientState ? 'delete-server' : 'add-local',
      serverItem: server,
      qty: server.qty,
    })
  }
  return new DiffLog(entries)
}

// --- performing a sync ----------------------------------------------------------------------

export interface CartSyncState {
  serverCartId: string | null
  /** guest-cart replacements since the last successful sync */
  bypassCount: number
  /** cartHash at the last successful sync */
  syncedHash: string | null
  lastSyncAt: number | null
  totals: Totals | null
}

/** Local lines and cart state; the worker backs it with RxDB, tests with memory. */
export interface CartStore {
  getItems(): Promise<CartItem[]>
  putItem(item: CartItem): Promise<void>
  removeItem(key: string): Promise<void>
  getState(): Promise<CartSyncState>
  setState(patch: Partial<CartSyncState>): Promise<void>
}

export interface CartSyncDeps {
  api: Pick<ApiClient, 'createCart' | 'pullCart' | 'updateCartItem' | 'deleteCartItem' | 'cartTotals'>
  store: CartStore
  now: () => number
  token?: () => string | null
  /** builds a local line for a server line nobody has locally (product lookup); null skips it */
  localItemFromServer?: (server: ServerCartItem) => Promise<CartItem | null>
  /** how many times a failed cart may be replaced by a guest cart within one sync */
  maxBypassAttempts?: number
}

export type CartSyncEvent =
  | { type: 'added'; sku: string }
  | { type: 'qtyUpdated'; sku: string }
  | { type: 'removedLocally'; sku: string; reason: 'server-rejected' | 'server-missing' }
  | { type: 'qtyRestored'; sku: string }
  | { type: 'serverError'; sku: string; message: string; code: number }
  | { type: 'cartReplaced'; oldCartId: string | null; newCartId: string }

export interface CartSyncResult {
  diff: DiffLog
  cartId: string | null
  totals: Totals | null
  events: CartSyncEvent[]
}

/** The cart cannot be synchronised: bypass attempts used up (spec "sync is reported as disabled"). */
export class CartSyncDisabledError extends Error {
  override readonly name = 'CartSyncDisabledError'
  constructor(override readonly cause: unknown) {
    super('Cart synchronisation disabled: the server cart could not be created or read', { cause })
  }
}

const CART_GONE_CODES = new Set([401, 404])

/** Forgets a dead server cart locally: lines keep their contents but lose their server ids. */
async function detachItems(store: CartStore): Promise<void> {
  for (const item of await store.getItems()) {
    if (item.server_item_id === undefined && item.server_cart_id === undefined) continue
    const { server_item_id: _id, server_cart_id: _cart, ...rest } = item
    await store.putItem(rest)
  }
}

/**
 * Connect (create the server cart when there is none), pull, diff, apply, then totals. Network
 * failures (NetworkError) propagate untouched: the caller retries when online; nothing local is
 * lost because every local line stays until the server said no.
 */
export async function syncCart(deps: CartSyncDeps, options: CartSyncOptions = {}): Promise<CartSyncResult> {
  const { api, store, now } = deps
  const maxBypass = deps.maxBypassAttempts ?? 1
  const events: CartSyncEvent[] = []
  let state = await store.getState()
  let cartId = state.serverCartId
  let bypassCount = state.bypassCount

  const replaceCart = async (error: unknown): Promise<string> => {
    if (bypassCount >= maxBypass) {
      await store.setState({ bypassCount, syncedHash: cartHash(await store.getItems(), deps.token?.() ?? null) })
      throw new CartSyncDisabledError(error)
    }
    bypassCount += 1
    const fresh = await api.createCart(true)
    await detachItems(store)
    events.push({ type: 'cartReplaced', oldCartId: cartId, newCartId: fresh })
    await store.setState({ serverCartId: fresh, bypassCount, totals: null })
    return fresh
  }

  if (!cartId) {
    const items = await store.getItems()
    if (items.length === 0 && !options.forceClientState) {
      // nothing to sync and no server cart to read: creating one would only make empty quotes
      const diff = new DiffLog([])
      return { diff, cartId: null, totals: null, events }
    }
    try {
      cartId = await api.createCart(false)
    } catch (error) {
      if (!(error instanceof ApiError) || !CART_GONE_CODES.has(error.code)) throw error
      // a customer token the server rejects: retry as a guest (spec "Cart connect")
      cartId = await replaceCart(error)
    }
    await store.setState({ serverCartId: cartId })
  }

  let serverItems: ServerCartItem[]
  for (;;) {
    try {
      serverItems = await api.pullCart(cartId)
      break
    } catch (error) {
      if (!(error instanceof ApiError) || !CART_GONE_CODES.has(error.code)) throw error
      cartId = await replaceCart(error)
    }
  }

  const diff = diffCart(await store.getItems(), serverItems, options)
  if (!options.dryRun) await applyDiff(deps, cartId, diff, events)

  let totals: Totals | null = null
  const items = await store.getItems()
  if (!options.dryRun && items.length > 0) totals = await api.cartTotals(cartId)
  state = await store.getState()
  await store.setState({
    serverCartId: cartId,
    bypassCount: 0,
    totals: options.dryRun ? state.totals : totals,
    lastSyncAt: now(),
    syncedHash: options.dryRun ? state.syncedHash : cartHash(items, deps.token?.() ?? null),
  })
  return { diff, cartId, totals, events }
}

function stamp(item: CartItem, server: ServerCartItem, qty: number): CartItem {
  const { prev_qty: _prev, ...rest } = item
  return {
    ...rest,
    qty,
    server_item_id: server.item_id,
    server_cart_id: server.quote_id,
    product_option: server.product_option ?? item.product_option,
  }
}

async function applyDiff(deps: CartSyncDeps, cartId: string, diff: DiffLog, events: CartSyncEvent[]): Promise<void> {
  const { api, store } = deps
  for (const entry of diff.items) {
    const client = entry.clientItem
    const server = entry.serverItem
    switch (entry.action) {
      case 'push-add':
      case 'push-qty': {
        if (!client) break
        try {
          const saved = await api.updateCartItem(cartId, {
            sku: client.sku,
            qty: entry.qty ?? client.qty,
            product_option: client.product_option,
            item_id: entry.action === 'push-qty' ? server?.item_id : undefined,
          })
          await store.putItem(stamp(client, saved, saved.qty))
          events.push({ type: entry.action === 'push-add' ? 'added' : 'qtyUpdated', sku: client.sku })
        } catch (error) {
          // "not now" (429, 503, ...) says nothing against the line: the sync stops and is tried
          // again later with the line kept; any other refusal is the server's word on the line
          if (!(error instanceof ApiError) || isTransientError(error)) throw error
          events.push({ type: 'serverError', sku: client.sku, message: error.message, code: error.code })
          if (entry.action === 'push-add' || client.server_item_id === undefined) {
            await store.removeItem(client.key)
            events.push({ type: 'removedLocally', sku: client.sku, reason: 'server-rejected' })
          } else if (client.prev_qty !== undefined) {
            const { prev_qty: previous, ...rest } = client
            await store.putItem({ ...rest, qty: previous })
            events.push({ type: 'qtyRestored', sku: client.sku })
          }
        }
        break
      }
      case 'take-server':
        if (client && server) await store.putItem(stamp(client, server, server.qty))
        break
      case 'stamp-ids':
        if (client && server) await store.putItem(stamp(client, server, client.qty))
        break
      case 'remove-local':
        if (client) {
          await store.removeItem(client.key)
          events.push({ type: 'removedLocally', sku: client.sku, reason: 'server-missing' })
        }
        break
      case 'delete-server':
        if (server) {
          try {
            await api.deleteCartItem(cartId, { sku: server.sku, item_id: server.item_id })
          } catch (error) {
            if (!(error instanceof ApiError) || error.code !== 404) throw error
          }
        }
        break
      case 'add-local':
        if (server && deps.localItemFromServer) {
          const local = await deps.localItemFromServer(server)
          if (local) await store.putItem({ ...local, qty: server.qty, server_item_id: server.item_id, server_cart_id: server.quote_id })
        }
        break
      case 'report':
      case 'none':
        break
    }
  }
}
