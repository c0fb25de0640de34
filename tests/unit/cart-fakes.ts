/**
 * In-memory stand-ins for cart tests: a server with the API's cart semantics (guest ids, 404 for
 * unknown carts, add = no item_id, same sku+options added twice sums up) and a CartStore over a map.
 */
import type { CartItem, ServerCartItem, Totals } from '../../domain/cart.schema'
import { cartItemKey, productOptionChecksum } from '../../domain/cart-item'
import type { CartItemUpdate } from '../../replication/api-client'
import { ApiError } from '../../replication/api-errors'
import type { CartStore, CartSyncState } from '../../replication/cart-store'
import type { CartCouponDeps } from '../../replication/cart-coupon'
import type { CartSyncDeps } from '../../replication/cart-sync'
import type { StockItem } from '../../domain/api/stock.schema'
import type { CartCommandDeps } from '../../workers/cart/cart-commands'

export class FakeCartServer {
  carts = new Map<string, ServerCartItem[]>()
  calls: string[] = []
  nextItemId = 100
  private cartSeq = 0
  /** skus the server refuses to save (e.g. no stock) */
  rejectSkus = new Set<string>()
  /** coupon codes the server takes, and the code on each cart */
  validCoupons = new Set<string>(['POLDER10'])
  coupons = new Map<string, string>()
  /** gift card codes the server takes (none by default), and the codes on each cart (not priced by the fake totals) */
  validGiftCards = new Set<string>()
  giftCards = new Map<string, string[]>()

  newCartId(): string {
    this.cartSeq += 1
    return `cart${String(this.cartSeq).padStart(28, '0')}`
  }

  private cart(cartId: string): ServerCartItem[] {
    const cart = this.carts.get(cartId)
    if (!cart) throw new ApiError(404, `No such entity with cartId = ${cartId}`, '/api/cart')
    return cart
  }

  api: Required<CartSyncDeps['api']> & CartCouponDeps['api'] = {
    createCart: async (guest?: boolean) => {
      this.calls.push(`create${guest ? ':guest' : ''}`)
      const id = this.newCartId()
      this.carts.set(id, [])
      return id
    },
    pullCart: async (cartId: string) => {
      this.calls.push('pull')
      return structuredClone(this.cart(cartId))
    },
    updateCartItem: async (cartId: string, update: CartItemUpdate) => {
      this.calls.push(`update:${update.sku}:${update.qty}${update.item_id ? `:${update.item_id}` : ''}`)
      const cart = this.cart(cartId)
      if (this.rejectSkus.has(update.sku)) throw new ApiError(400, 'The requested qty is not available', '/api/cart/update')
      if (update.item_id !== undefined) {
        const line = cart.find((l) => l.item_id === update.item_id)
        if (!line) throw new ApiError(404, 'No such item', '/api/cart/update')
        line.qty = update.qty
        return structuredClone(line)
      }
      const checksum = productOptionChecksum(update.product_option)
      const same = cart.find((l) => l.sku === update.sku && productOptionChecksum(l.product_option) === checksum)
      if (same) {
        same.qty += update.qty
        return structuredClone(same)
      }
      const line: ServerCartItem = {
        item_id: this.nextItemId++,
        quote_id: cartId,
        sku: update.sku,
        qty: update.qty,
        name: update.sku,
        price: 10,
        product_type: update.product_option?.extension_attributes.configurable_item_options ? 'configurable' : 'simple',
        ...(update.product_option ? { product_option: update.product_option } : {}),
      }
      cart.push(line)
      return structuredClone(line)
    },
    deleteCartItem: async (cartId: string, item: { sku: string; item_id: number }) => {
      this.calls.push(`delete:${item.sku}`)
      const cart = this.cart(cartId)
      const index = cart.findIndex((l) => l.item_id === item.item_id)
      if (index < 0) throw new ApiError(404, 'No such item', '/api/cart/delete')
      cart.splice(index, 1)
      return true as const
    },
    cartTotals: async (cartId: string) => {
      this.calls.push('totals')
      const cart = this.cart(cartId)
      const subtotal = cart.reduce((sum, l) => sum + l.qty * l.price, 0)
      const totals = fakeTotals(
        subtotal,
        cart.reduce((n, l) => n + l.qty, 0),
      )
      const coupon = this.coupons.get(cartId)
      if (!coupon) return totals
      // every valid fake coupon takes 10 % off
      const discount = -Math.round(subtotal * 10) / 100
      return { ...totals, coupon_code: coupon, discount_amount: discount, base_discount_amount: discount, grand_total: subtotal + discount }
    },
    applyCoupon: async (cartId: string, coupon: string) => {
      this.calls.push(`coupon:${coupon}`)
      this.cart(cartId)
      if (!this.validCoupons.has(coupon)) throw new ApiError(404, "The coupon code isn't valid. Verify the code and try again.", '/api/cart/apply-coupon')
      this.coupons.set(cartId, coupon)
      return true as const
    },
    deleteCoupon: async (cartId: string) => {
      this.calls.push('coupon:delete')
      this.cart(cartId)
      this.coupons.delete(cartId)
      return true as const
    },
    applyGiftCard: async (cartId: string, code: string) => {
      this.calls.push(`giftcard:${code}`)
      this.cart(cartId)
      if (!this.validGiftCards.has(code))
        throw new ApiError(400, { errorMessage: 'This gift card has no balance left.', reason: 'used' }, '/api/ext/giftcard/activate')
      this.giftCards.set(cartId, [...(this.giftCards.get(cartId) ?? []), code])
      return { code, balance: 25, currency: 'EUR', expires_at: null, status: 'active' as const }
    },
  }
}

export function fakeTotals(subtotal: number, itemsQty: number): Totals {
  return {
    grand_total: subtotal,
    base_grand_total: subtotal,
    subtotal,
    base_subtotal: subtotal,
    subtotal_incl_tax: subtotal,
    base_subtotal_incl_tax: subtotal,
    subtotal_with_discount: subtotal,
    discount_amount: 0,
    base_discount_amount: 0,
    shipping_amount: 0,
    shipping_discount_amount: 0,
    shipping_tax_amount: 0,
    shipping_incl_tax: 0,
    tax_amount: 0,
    base_tax_amount: 0,
    weee_tax_applied_amount: null,
    base_currency_code: 'EUR',
    quote_currency_code: 'EUR',
    items_qty: itemsQty,
    items: [],
    total_segments: [],
  }
}

export class MemoryCartStore implements CartStore {
  items = new Map<string, CartItem>()
  state: CartSyncState = { serverCartId: null, bypassCount: 0, syncedHash: null, lastSyncAt: null, totals: null }

  async getItems(): Promise<CartItem[]> {
    return [...this.items.values()].map((i) => structuredClone(i))
  }
  async putItem(item: CartItem): Promise<void> {
    this.items.set(item.key, structuredClone(item))
  }
  async updateItem(key: string, change: (current: CartItem) => CartItem): Promise<void> {
    const current = this.items.get(key)
    if (current) this.items.set(key, structuredClone(change(structuredClone(current))))
  }
  async removeItem(key: string): Promise<void> {
    this.items.delete(key)
  }
  async getState(): Promise<CartSyncState> {
    return { ...this.state }
  }
  async setState(patch: Partial<CartSyncState>): Promise<void> {
    this.state = { ...this.state, ...patch }
  }
}

export function localItem(sku: string, qty: number, extra: Partial<CartItem> = {}): CartItem {
  const checksum = productOptionChecksum(extra.product_option)
  return {
    key: cartItemKey(sku, checksum),
    sku,
    parentSku: sku,
    name: sku,
    type_id: 'simple',
    qty,
    price_incl_tax: 1000,
    options: [],
    checksum,
    added_at: 1,
    ...extra,
  }
}

/** Cart command deps over a MemoryCartStore; stock per sku ('ok' unless named, null: cannot be checked). */
export function commandDeps(stock: Record<string, StockItem['stock_status'] | null> = {}): CartCommandDeps & { store: MemoryCartStore } {
  let n = 0
  return {
    store: new MemoryCartStore(),
    now: () => 1000 + n,
    newId: () => `n${++n}`,
    checkStock: async (sku) => {
      const status = sku in stock ? stock[sku] : 'ok'
      if (status === null || status === undefined) return null
      return {
        item_id: 1,
        product_id: 1,
        stock_id: 1,
        product_sku: sku,
        qty: 5,
        is_in_stock: status !== 'out_of_stock',
        manage_stock: true,
        min_sale_qty: 1,
        max_sale_qty: 99,
        stock_status: status,
      }
    },
  }
}
