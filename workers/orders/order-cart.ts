/**
 * An order's own server cart. The shopper's cart is emptied the moment an order is placed (online
 * or offline), so the next order starts from nothing; the order keeps what it took: its lines, its
 * coupon, its gift cards and the server cart they were on, if any. Before the order is sent, that
 * server cart is brought to exactly the order's lines (the cart sync, the order's lines winning), or
 * a new guest cart is made for them, with the coupon and the gift cards applied to it. An order
 * never borrows the live cart, so two orders waiting on one device can never hold each other's lines.
 */
import type { CartItem, ProductOption } from '../../domain/cart.schema'
import { productOptionChecksum } from '../../domain/cart-item'
import type { OrderRefusal } from '../../domain/api/order.schema'
import type { ApiClient } from '../../replication/api-client'
import type { CartStore, CartSyncState } from '../../replication/cart-store'
import { syncCart, type CartSyncEvent } from '../../replication/cart-sync'
import type { OrderLine } from '../contract/checkout'

/** A cart of one order's lines, in memory: the cart sync's store port while the order's server cart is made. */
class OrderCartStore implements CartStore {
  private readonly items = new Map<string, CartItem>()

  constructor(
    items: readonly CartItem[],
    private state: CartSyncState,
  ) {
    for (const item of items) this.items.set(item.key, item)
  }

  async getItems(): Promise<CartItem[]> {
    return [...this.items.values()]
  }
  async putItem(item: CartItem): Promise<void> {
    this.items.set(item.key, item)
  }
  async updateItem(key: string, change: (current: CartItem) => CartItem): Promise<void> {
    const current = this.items.get(key)
    if (current) this.items.set(key, change(current))
  }
  async removeItem(key: string): Promise<void> {
    this.items.delete(key)
  }
  async getState(): Promise<CartSyncState> {
    return this.state
  }
  async setState(patch: Partial<CartSyncState>): Promise<void> {
    this.state = { ...this.state, ...patch }
  }
}

/** What an order took from the cart (v2 documents) or, for an order stored before v2, its lines. */
export interface OrderCartSource {
  lines: readonly OrderLine[]
  cartItems?: readonly CartItem[]
  /** the server cart the lines were on; only used when `asCustomer` is the same as when it was placed */
  cartId?: string
  coupon?: string
  giftCards?: readonly string[]
  createdAt: number
}

/** The order's lines as cart lines: those stored with it, or made from its lines (an order stored before v2). */
export function orderCartItems(source: Pick<OrderCartSource, 'lines' | 'cartItems' | 'createdAt'>): CartItem[] {
  if (source.cartItems && source.cartItems.length > 0) return source.cartItems.map((item) => ({ ...item }))
  return source.lines.map((line) => ({
    ...(line.product_option ? { product_option: line.product_option as ProductOption } : {}),
    key: line.key,
    sku: line.sku,
    parentSku: line.parentSku,
    name: line.name,
    type_id: line.type_id as CartItem['type_id'],
    qty: line.qty,
    price_incl_tax: line.price_incl_tax,
    options: line.options,
    checksum: productOptionChecksum(line.product_option as ProductOption | undefined),
    added_at: source.createdAt,
  }))
}

export type OrderCartOutcome = { kind: 'ready'; cartId: string } | { kind: 'refused'; refusal: OrderRefusal }

/**
 * Puts the order's lines, coupon and gift cards on a server cart and answers its id, or why the
 * shop would not take the order as the shopper saw it: a line it refuses (out of stock since), a
 * coupon or gift card it no longer takes. Network trouble throws (the order is tried again later).
 * `reuseCart`: the cart the lines were on may be used (a guest's cart, or the same customer's);
 * any cart made here is a guest cart, never the customer's active one.
 */
export async function prepareOrderCart(
  api: Pick<ApiClient, 'createCart' | 'pullCart' | 'updateCartItem' | 'deleteCartItem' | 'cartTotals' | 'applyCoupon' | 'applyGiftCard'>,
  source: OrderCartSource,
  reuseCart: boolean,
  now: () => number,
): Promise<OrderCartOutcome> {
  const items = orderCartItems(source).map((item) => {
    // ids of another server cart say nothing of this one
    if (reuseCart && source.cartId && item.server_cart_id === source.cartId) return item
    const { server_item_id: _id, server_cart_id: _cart, prev_qty: _prev, ...rest } = item
    return rest
  })
  const store = new OrderCartStore(items, {
    serverCartId: reuseCart ? (source.cartId ?? null) : null,
    bypassCount: 0,
    syncedHash: null,
    lastSyncAt: null,
    totals: null,
    coupon: source.coupon ?? null,
    giftCards: [...(source.giftCards ?? [])],
  })
  const result = await syncCart(
    {
      api: {
        // any cart made for the order is a guest's: with a token the shop would answer the customer's active cart
        createCart: () => api.createCart(true),
        pullCart: (cartId) => api.pullCart(cartId),
        updateCartItem: (cartId, item) => api.updateCartItem(cartId, item),
        deleteCartItem: (cartId, item) => api.deleteCartItem(cartId, item),
        cartTotals: (cartId) => api.cartTotals(cartId),
        applyCoupon: (cartId, code) => api.applyCoupon(cartId, code),
        applyGiftCard: (cartId, code) => api.applyGiftCard(cartId, code),
      },
      store,
      now,
      maxBypassAttempts: 1,
    },
    { forceClientState: true },
  )
  const kept = await store.getItems()
  const refusal = refusalOf(result.events, source.lines, kept)
  if (refusal) return { kind: 'refused', refusal }
  const state = await store.getState()
  if (!state.serverCartId) throw new Error('the order’s cart was not made')
  return { kind: 'ready', cartId: state.serverCartId }
}

/** The shop's word against the order as placed, if any: a line refused or cut down, a coupon or a gift card dropped. */
export function refusalOf(events: readonly CartSyncEvent[], lines: readonly OrderLine[], kept: readonly CartItem[]): OrderRefusal | null {
  const short = lines.filter((line) => kept.find((item) => item.key === line.key)?.qty !== line.qty)
  const message = (type: CartSyncEvent['type']) => {
    const event = events.find((e) => e.type === type) as { message?: string } | undefined
    return event?.message
  }
  if (short.length > 0) {
    return {
      reason: 'out_of_stock',
      errorMessage: message('serverError') ?? 'A product of the order can no longer be ordered',
      items: short.map((line) => ({ sku: line.sku, requested: line.qty, available: kept.find((item) => item.key === line.key)?.qty ?? 0 })),
    }
  }
  const dropped = message('couponDropped') ?? message('giftCardDropped')
  if (dropped !== undefined) return { reason: 'cart_changed', errorMessage: dropped }
  return null
}
