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
import { detachItems, type CartStore } from './cart-store'

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

/** Inside a sync: the cart was handed over to an order while a replacement cart was being made. */
class CartHandedOverError extends Error {
  override readonly name = 'CartHandedOverError'
}

/**
 * A 401 is never a dead cart: it is the customer's expired access token. The gateway
 * (replication/api-client `renewToken`) has refreshed it through the token lock and sent the call
 * again by then, so a 401 reaching the sync means the session could not be renewed: the sync
 * stops with that error and the customer's cart is kept as it is (issue 11).
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

async function syncOnce(deps: CartSyncDeps, options: CartSyncOptions): Promise<CartSyncResult> {
  const { api, now } = deps
  const maxBypass = deps.maxBypassAttempts ?? 1
  const events: CartSyncEvent[] = []
  let state = await deps.store.getState()
  let cartId = state.serverCartId
  let bypassCount = state.bypassCount
  const epoch = state.epoch ?? 0
  // the cart was handed over to an order since this sync began: its lines and server cart are the
  // order's now, and nothing of this sync may be written over the emptied cart
  const ensureOurs = async () => {
    if (((await deps.store.getState()).epoch ?? 0) !== epoch) throw new CartHandedOverError()
  }
  const store: CartStore = {
    getItems: () => deps.store.getItems(),
    getState: () => deps.store.getState(),
    setState: (patch) => deps.store.setState(patch),
    putItem: async (item) => {
      await ensureOurs()
      await deps.store.putItem(item)
      // handed over between the look and the write: the line left with the order, it is taken back out
      if (((await deps.store.getState()).epoch ?? 0) !== epoch) {
        await deps.store.removeItem(item.key)
        throw new CartHandedOverError()
      }
    },
    removeItem: async (key) => {
      await ensureOurs()
      await deps.store.removeItem(key)
    },
  }

  const replaceCart = async (error: unknown): Promise<string> => {
    if (bypassCount >= maxBypass) {
      await store.setState({ bypassCount, syncedHash: cartHash(await store.getItems(), deps.token?.() ?? null) })
      throw new CartSyncDisabledError(error)
    }
    bypassCount += 1
    const fresh = await api.createCart(true)
    await ensureOurs()
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
      cartId = await api.createCart(false, state.freshCart === true)
    } catch (error) {
      if (!(error instanceof ApiError) || !CART_GONE_CODES.has(error.code)) throw error
      cartId = await replaceCart(error)
    }
    await ensureOurs()
    await store.setState({ serverCartId: cartId, freshCart: false })
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
  await ensureOurs()

  const diff = diffCart(await store.getItems(), serverItems, options)
  if (!options.dryRun) await applyDiff({ ...deps, store }, cartId, diff, events)
  // a new server cart (created, or replacing a dead one) has no coupon yet: the shopper's goes on it
  const coupon = state.coupon ?? null
  let couponDropped: string | null = null
  if (!options.dryRun && coupon && cartId !== state.serverCartId && deps.api.applyCoupon) {
    try {
      await deps.api.applyCoupon(cartId, coupon)
      events.push({ type: 'couponReapplied', code: coupon })
    } catch (error) {
      if (!(error instanceof ApiError) || isTransientError(error)) throw error
      couponDropped = ApiError.describe(error.result)
      events.push({ type: 'couponDropped', code: coupon, message: couponDropped })
    }
  }

  // the same for the shopper's gift cards; one the new cart refuses (spent, expired meanwhile) is dropped and told
  const droppedCards: string[] = []
  if (!options.dryRun && cartId !== state.serverCartId && deps.api.applyGiftCard) {
    for (const code of state.giftCards ?? []) {
      try {
        await deps.api.applyGiftCard(cartId, code)
        events.push({ type: 'giftCardReapplied', code })
      } catch (error) {
        if (!(error instanceof ApiError) || isTransientError(error)) throw error
        droppedCards.push(code)
        events.push({ type: 'giftCardDropped', code, message: ApiError.describe(error.result) })
      }
    }
  }

  let totals: Totals | null = null
  const items = await store.getItems()
  if (!options.dryRun && items.length > 0) totals = await api.cartTotals(cartId)
  state = await store.getState()
  if ((state.epoch ?? 0) !== epoch) throw new CartHandedOverError()
  const notices = noticesOf(events, await store.getItems(), diff, now())
  await store.setState({
    ...(couponDropped !== null ? { coupon: null } : {}),
    ...(droppedCards.length > 0 ? { giftCards: (state.giftCards ?? []).filter((code) => !droppedCards.includes(code)) } : {}),
    ...(notices.length > 0 ? { notices: [...(state.notices ?? []), ...notices] } : {}),
    serverCartId: cartId,
    bypassCount: 0,
    totals: options.dryRun ? state.totals : totals,
    lastSyncAt: now(),
    syncedHash: options.dryRun ? state.syncedHash : cartHash(items, deps.token?.() ?? null),
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
          events.push({ type: 'serverError', sku: client.sku, message: ApiError.describe(error.result), code: error.code })
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
