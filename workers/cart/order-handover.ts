/**
 * The cart and the orders placed from it. Placing an order hands the cart over: the lines it took,
 * its coupon and gift cards leave with the order, online or offline, so the next order starts from
 * an empty cart. An order that will not be sent (refused, or cancelled before it left) gives them back.
 */
import type { CartItem } from '../../domain/cart.schema'
import type { CartStore } from '../../replication/cart-store'
import { EMPTY_CART_STATE } from '../db/collection-stores'

/** What an order took from the cart, to give back. */
export interface TakenFromCart {
  items: readonly CartItem[]
  coupon?: string
  giftCards?: readonly string[]
}

/**
 * Empties the cart of the lines an order took (same key, same quantity: a line changed in another
 * tab meanwhile stays), with its coupon and gift cards. The server cart goes with the order too: the
 * next sync makes a new one (`freshCart`: a customer's active cart may be the one the order took,
 * not ordered yet), and a sync that began before this writes nothing after it (`epoch`).
 */
export async function emptyForOrder(store: CartStore, ordered: readonly { key: string; qty: number }[]): Promise<void> {
  const { epoch } = await store.getState()
  await store.setState({ ...EMPTY_CART_STATE, coupon: null, giftCards: [], freshCart: true, epoch: (epoch ?? 0) + 1 })
  const quantities = new Map(ordered.map((line) => [line.key, line.qty]))
  for (const item of await store.getItems()) if (quantities.get(item.key) === item.qty) await store.removeItem(item.key)
}

/**
 * Gives an order's lines back. `into: 'empty'` puts them only into an empty cart (a refusal may come
 * back while the next shopper fills the device's cart: their cart is not changed, and the order keeps
 * its lines); `into: 'any'` adds the lines the cart lacks. The coupon and gift cards come back into
 * a cart that has none and no server cart yet: the next sync applies them to its new server cart.
 */
export async function restoreFromOrder(store: CartStore, order: TakenFromCart, into: 'empty' | 'any'): Promise<void> {
  const present = await store.getItems()
  if (into === 'empty' && present.length > 0) return
  const keys = new Set(present.map((item) => item.key))
  for (const item of order.items) {
    if (keys.has(item.key)) continue
    const { server_item_id: _id, server_cart_id: _cart, prev_qty: _prev, ...line } = item
    await store.putItem(line)
  }
  const state = await store.getState()
  if (present.length === 0 && state.serverCartId === null && !state.coupon && (state.giftCards ?? []).length === 0) {
    await store.setState({ coupon: order.coupon ?? null, giftCards: [...(order.giftCards ?? [])] })
  }
}
