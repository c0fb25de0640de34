/**
 * Cart sync, the executor (spec §4 "Cart item sync", "Cart connect", "Server update"): connect
 * (create the server cart when there is none), pull, diff (domain/cart-diff, pure), carry the
 * entries out through the API client and the store port (replication/cart-store), then totals.
 *
 * Fixed on purpose, compared with vue-storefront 1 (contract §6/§7): a cart the server no longer
 * knows (404) is replaced by a fresh guest cart, once per sync;
 * the counter resets after every successful sync (#2540), and the shopper's coupon is applied to the
 * new cart. A line or quantity the server refuses is not dropped silently: a CartNotice in the
 * cart state says so until the shopper has been told (spec §8: server-given product errors are shown).
 */
import type { CartItem, ServerCartItem, Totals } from '../domain/cart.schema'
import { cartHash } from '../domain/cart-item'
import type { CartNotice } from '../domain/cart-notice'
import type { ApiClient } from './api-client'
import { ApiError, isTransientError } from './api-errors'
import { diffCart, DiffLog, type CartSyncOptions } from '../domain/cart-diff'
import { detachItems, type CartStore, type CartSyncState } from './cart-store'
import { CartHandedOverError, handoverGuard, onlyOwnWrites, recordingWrites, type DiffedLines } from './cart-sync-store'

export interface CartSyncDeps {
  api: Pick<ApiClient, 'createCart' | 'pullCart' | 'updateCartItem' | 'deleteCartItem' | 'cartTotals'> &
    Partial<Pick<ApiClient, 'applyCoupon' | 'applyGiftCard'>>
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
  | { type: 'couponReapplied'; code: string }
  | { type: 'couponDropped'; code: string; message: string }
  | { type: 'giftCardReapplied'; code: string }
  | { type: 'giftCardDropped'; code: string; message: string }

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

/**
 * A 401 is never a dead cart: it is the customer's expired access token. The gateway
 * (replication/api-client `renewToken`) has renewed it and sent the call again by then, so a 401
 * reaching the sync means the session could not be renewed: the sync stops with that error and the
 * customer's cart is kept as it is.
 */
const CART_GONE_CODES = new Set([404])

/**
 * Connect (create the server cart when there is none), pull, diff, apply, then totals. Network
 * failures (NetworkError) propagate untouched: the caller retries when online; nothing local is
 * lost because every local line stays until the server said no.
 */
export async function syncCart(deps: CartSyncDeps, options: CartSyncOptions = {}): Promise<CartSyncResult> {
  try {
    return await syncOnce(deps, options)
  } catch (error) {
    // the lines left with an order: this sync has nothing more to do (the next one starts anew)
    if (error instanceof CartHandedOverError) return { diff: new DiffLog([]), cartId: null, totals: null, events: [] }
    throw error
  }
}

/**
 * One sync's working set: the store as the sync writes it (guarded against a handover), the events
 * told so far, and the cart state the sync started from.
 */
interface SyncRun {
  deps: CartSyncDeps
  options: CartSyncOptions
  store: CartStore
  /** throws CartHandedOverError when the cart went to an order since the sync began */
  ensureOurs: () => Promise<void>
  events: CartSyncEvent[]
  started: CartSyncState
  epoch: number
  /** the lines the diff was made of, and what this sync wrote to them since */
  diffed: DiffedLines
}

async function syncOnce(deps: CartSyncDeps, options: CartSyncOptions): Promise<CartSyncResult> {
  const events: CartSyncEvent[] = []
  const started = await deps.store.getState()
  const epoch = started.epoch ?? 0
  const diffed: DiffedLines = { items: [], writes: new Map<string, CartItem | null>() }
  const { store, ensureOurs } = handoverGuard(recordingWrites(deps.store, diffed), epoch)
  const run: SyncRun = { deps, options, store, ensureOurs, events, started, epoch, diffed }
  const replaceCart = cartReplacer(run)

  const connected = await connect(run, replaceCart)
  if (connected === null) return { diff: new DiffLog([]), cartId: null, totals: null, events }
  const { cartId, serverItems } = await pullServerCart(deps.api, connected, replaceCart)
  await ensureOurs()

  diffed.items = await store.getItems()
  diffed.writes.clear()
  const diff = diffCart(run.diffed.items, serverItems, options)
  if (!options.dryRun) await applyDiff({ ...deps, store }, cartId, diff, events)
  // a new server cart (created, or replacing a dead one) has no coupon nor gift cards yet: the shopper's go on it
  const fresh = !options.dryRun && cartId !== started.serverCartId
  const couponDropped = fresh ? await reapplyCoupon(deps.api, cartId, started.coupon ?? null, events) : false
  const droppedCards = fresh ? await reapplyGiftCards(deps.api, cartId, started.giftCards ?? [], events) : []
  return finish(run, cartId, diff, { couponDropped, droppedCards })
}

type ReplaceCart = (error: unknown, oldCartId: string | null) => Promise<string>

/**
 * Replaces a cart the server no longer knows by a fresh guest cart, at most `maxBypassAttempts`
 * times in one sync; past that the sync is disabled (its hash stored, so it is not retried unchanged).
 */
function cartReplacer(run: SyncRun): ReplaceCart {
  const { deps, store, events } = run
  const maxBypass = deps.maxBypassAttempts ?? 1
  let bypassCount = run.started.bypassCount
  return async (error, oldCartId) => {
    if (bypassCount >= maxBypass) {
      await store.setState({ bypassCount, syncedHash: cartHash(await store.getItems(), deps.token?.() ?? null) })
      throw new CartSyncDisabledError(error)
    }
    bypassCount += 1
    const fresh = await deps.api.createCart(true)
    await run.ensureOurs()
    await detachItems(store)
    events.push({ type: 'cartReplaced', oldCartId, newCartId: fresh })
    await store.setState({ serverCartId: fresh, bypassCount, totals: null })
    return fresh
  }
}

const isCartGone = (error: unknown): error is ApiError => error instanceof ApiError && CART_GONE_CODES.has(error.code)

/** The server cart to sync with, created when there is none; null when there is nothing to sync. */
async function connect(run: SyncRun, replaceCart: ReplaceCart): Promise<string | null> {
  const { deps, store, started } = run
  if (started.serverCartId) return started.serverCartId
  const items = await store.getItems()
  // nothing to sync and no server cart to read: creating one would only make empty quotes
  if (items.length === 0 && !run.options.forceClientState) return null
  let cartId: string
  try {
    cartId = await deps.api.createCart(false, started.freshCart === true)
  } catch (error) {
    if (!isCartGone(error)) throw error
    cartId = await replaceCart(error, started.serverCartId)
  }
  await run.ensureOurs()
  await store.setState({ serverCartId: cartId, freshCart: false })
  return cartId
}

/** The server cart's lines; a cart the server no longer knows is replaced (until the sync is disabled). */
async function pullServerCart(
  api: CartSyncDeps['api'],
  connected: string,
  replaceCart: ReplaceCart,
): Promise<{ cartId: string; serverItems: ServerCartItem[] }> {
  let cartId = connected
  for (;;) {
    try {
      return { cartId, serverItems: await api.pullCart(cartId) }
    } catch (error) {
      if (!isCartGone(error)) throw error
      cartId = await replaceCart(error, cartId)
    }
  }
}

/** The shopper's coupon on a new server cart; true when the cart refused it (dropped and told). */
async function reapplyCoupon(api: CartSyncDeps['api'], cartId: string, coupon: string | null, events: CartSyncEvent[]): Promise<boolean> {
  if (!coupon || !api.applyCoupon) return false
  try {
    await api.applyCoupon(cartId, coupon)
    events.push({ type: 'couponReapplied', code: coupon })
    return false
  } catch (error) {
    if (!(error instanceof ApiError) || isTransientError(error)) throw error
    events.push({ type: 'couponDropped', code: coupon, message: ApiError.describe(error.result) })
    return true
  }
}

/** The shopper's gift cards on a new server cart; returns those it refused (spent, expired meanwhile), dropped and told. */
async function reapplyGiftCards(api: CartSyncDeps['api'], cartId: string, codes: readonly string[], events: CartSyncEvent[]): Promise<string[]> {
  const dropped: string[] = []
  if (!api.applyGiftCard) return dropped
  for (const code of codes) {
    try {
      await api.applyGiftCard(cartId, code)
      events.push({ type: 'giftCardReapplied', code })
    } catch (error) {
      if (!(error instanceof ApiError) || isTransientError(error)) throw error
      dropped.push(code)
      events.push({ type: 'giftCardDropped', code, message: ApiError.describe(error.result) })
    }
  }
  return dropped
}

/** Totals, then the state the sync leaves: the cart synced (its hash), what was dropped, the notices to tell. */
async function finish(
  run: SyncRun,
  cartId: string,
  diff: DiffLog,
  dropped: { couponDropped: boolean; droppedCards: readonly string[] },
): Promise<CartSyncResult> {
  const { deps, options, store, events } = run
  const token = deps.token?.() ?? null
  let totals: Totals | null = null
  const items = await store.getItems()
  if (!options.dryRun && items.length > 0) totals = await deps.api.cartTotals(cartId)
  const state = await store.getState()
  if ((state.epoch ?? 0) !== run.epoch) throw new CartHandedOverError()
  const notices = noticesOf(events, await store.getItems(), diff, deps.now())
  await store.setState({
    ...(dropped.couponDropped ? { coupon: null } : {}),
    ...(dropped.droppedCards.length > 0 ? { giftCards: (state.giftCards ?? []).filter((code) => !dropped.droppedCards.includes(code)) } : {}),
    ...(notices.length > 0 ? { notices: [...(state.notices ?? []), ...notices] } : {}),
    serverCartId: cartId,
    bypassCount: 0,
    totals: options.dryRun ? state.totals : totals,
    lastSyncAt: deps.now(),
    // a line changed meanwhile keeps the cart unsynced: the next sync sends it
    syncedHash: options.dryRun || !onlyOwnWrites(run.diffed, items, token) ? state.syncedHash : cartHash(items, token),
  })
  return { diff, cartId, totals, events }
}

/** The refusals of this sync the shopper must hear of: refused lines, restored quantities, a dropped coupon or gift card. */
function noticesOf(events: readonly CartSyncEvent[], items: readonly CartItem[], diff: DiffLog, at: number): CartNotice[] {
  const notices: CartNotice[] = []
  const nameOf = (sku: string) => diff.items.find((e) => e.clientItem?.sku === sku)?.clientItem?.name ?? sku
  events.forEach((event, index) => {
    const id = `${at}-${index}`
    if (event.type === 'couponDropped') notices.push({ id, kind: 'couponDropped', code: event.code, text: event.message })
    if (event.type === 'giftCardDropped') notices.push({ id, kind: 'giftCardDropped', code: event.code, text: event.message })
    if (event.type !== 'serverError') return
    const next = events[index + 1]
    if (next?.type === 'removedLocally' && next.sku === event.sku) {
      notices.push({ id, kind: 'lineRefused', sku: event.sku, name: nameOf(event.sku), text: event.message })
    } else if (next?.type === 'qtyRestored' && next.sku === event.sku) {
      const qty = items.find((i) => i.sku === event.sku)?.qty
      notices.push({ id, kind: 'qtyRestored', sku: event.sku, name: nameOf(event.sku), text: event.message, ...(qty !== undefined ? { qty } : {}) })
    }
  })
  return notices
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

/**
 * The sync's version of a line it diffed, written while the stored line still has the quantity
 * diffed. A line the shopper changed since keeps the change and takes only the server's ids, so
 * the next sync sends the change to that server line; a line removed since stays removed.
 */
async function writeSynced(store: CartStore, diffed: CartItem, synced: CartItem): Promise<void> {
  await store.updateItem(diffed.key, (current) =>
    current.qty === diffed.qty ? synced : { ...current, server_item_id: synced.server_item_id, server_cart_id: synced.server_cart_id },
  )
}

type DiffEntry = DiffLog['items'][number]

/** Carries the diff's entries out, in order, on the server cart `cartId` and in the store. */
async function applyDiff(deps: CartSyncDeps, cartId: string, diff: DiffLog, events: CartSyncEvent[]): Promise<void> {
  for (const entry of diff.items) {
    if (entry.action === 'push-add' || entry.action === 'push-qty') await pushLine(deps, cartId, entry, events)
    else await applyEntry(deps, cartId, entry, events)
  }
}

/** A local line or quantity sent to the server cart; a refusal is the server's word on the line. */
async function pushLine(deps: CartSyncDeps, cartId: string, entry: DiffEntry, events: CartSyncEvent[]): Promise<void> {
  const { api, store } = deps
  const client = entry.clientItem
  if (!client) return
  try {
    const saved = await api.updateCartItem(cartId, {
      sku: client.sku,
      qty: entry.qty ?? client.qty,
      product_option: client.product_option,
      item_id: entry.action === 'push-qty' ? entry.serverItem?.item_id : undefined,
    })
    await writeSynced(store, client, stamp(client, saved, saved.qty))
    events.push({ type: entry.action === 'push-add' ? 'added' : 'qtyUpdated', sku: client.sku })
  } catch (error) {
    // "not now" (429, 503, ...) says nothing against the line: the sync stops and is tried
    // again later with the line kept; any other refusal is the server's word on the line
    if (!(error instanceof ApiError) || isTransientError(error)) throw error
    events.push({ type: 'serverError', sku: client.sku, message: ApiError.describe(error.result), code: error.code })
    if (entry.action === 'push-add' || client.server_item_id === undefined) {
      await store.removeItem(client.key)
      events.push({ type: 'removedLocally', sku: client.sku, reason: 'server-rejected' })
    } else if (client.prev_qty !== undefined) {
      const { prev_qty: previous, ...rest } = client
      await writeSynced(store, client, { ...rest, qty: previous })
      events.push({ type: 'qtyRestored', sku: client.sku })
    }
  }
}

/** Every other entry: the server's line taken or its ids stamped locally, a line removed on either side, or added locally. */
async function applyEntry(deps: CartSyncDeps, cartId: string, entry: DiffEntry, events: CartSyncEvent[]): Promise<void> {
  const { api, store } = deps
  const client = entry.clientItem
  const server = entry.serverItem
  switch (entry.action) {
    case 'take-server':
      if (client && server) await writeSynced(store, client, stamp(client, server, server.qty))
      break
    case 'stamp-ids':
      if (client && server) await writeSynced(store, client, stamp(client, server, client.qty))
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
