/**
 * Cart item identity (spec §4 "Item matching"): the checksum of a line's options, the rules that
 * say whether a local line and a server line are the same product, and the cart hash that tells
 * whether a sync is needed. Pure functions: client and server may both use them.
 *
 * The checksum is a small deterministic string hash (cyrb53) over a canonical JSON form, not
 * sha3: it only needs to be stable across devices and releases, not secure.
 */
import type { CartItem, ProductOption, ServerCartItem } from './cart.schema'

/** 53-bit string hash (cyrb53, public domain), as 14 hex digits. */
export function hashString(input: string, seed = 0): string {
  let h1 = 0xdeadbeef ^ seed
  let h2 = 0x41c6ce57 ^ seed
  for (let i = 0; i < input.length; i++) {
    const ch = input.charCodeAt(i)
    h1 = Math.imul(h1 ^ ch, 2654435761)
    h2 = Math.imul(h2 ^ ch, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  const value = 4294967296 * (2097151 & h2) + (h1 >>> 0)
  return value.toString(16).padStart(14, '0')
}

/**
 * JSON with object keys sorted and every number written as a string, so `{option_id: 5}` from the
 * server and `{option_id: "5"}` from the client give the same text. Undefined fields vanish.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'number') return JSON.stringify(String(value))
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return 'null'
}

function nonEmpty(list: readonly unknown[] | undefined): boolean {
  return Array.isArray(list) && list.length > 0
}

/** Gift card details that identify a card line: the amount (or the custom amount); the delivery date is ignored. */
export function giftcardAmount(option: ProductOption | undefined | null): number | null {
  const gc = option?.extension_attributes.mageworx_giftcard_item_option
  if (!gc) return null
  return gc.card_amount ?? gc.card_amount_other ?? null
}

/**
 * The first non-empty of bundle_options, custom_options, configurable_item_options (numbers as
 * strings); else the whole product_option; else null — hashed.
 */
export function productOptionChecksum(option: ProductOption | undefined | null): string {
  const ext = option?.extension_attributes
  if (!option || !ext) return hashString('null')
  const lists: (readonly unknown[] | undefined)[] = [ext.bundle_options, ext.custom_options, ext.configurable_item_options]
  const list = lists.find(nonEmpty)
  if (list) return hashString(canonicalJson(list))
  if (ext.mageworx_giftcard_item_option) {
    // the card's details tell cards apart (another recipient is another card); the delivery date does not
    const { mail_delivery_date: _date, card_amount: _a, card_amount_other: _o, ...details } = ext.mageworx_giftcard_item_option
    const named = Object.fromEntries(Object.entries(details).filter(([, v]) => typeof v === 'string' && v.trim() !== ''))
    return hashString(canonicalJson({ giftcard: giftcardAmount(option), ...(Object.keys(named).length > 0 ? { details: named } : {}) }))
  }
  return hashString(canonicalJson(option))
}

/** The local key of a line: the same product with the same options is the same line. */
export function cartItemKey(sku: string, checksum: string): string {
  return `${sku}#${checksum}`
}

/** What matching needs from either side. */
export interface MatchableItem {
  sku: string
  /** the server's item id (item_id on the server, server_item_id locally) */
  itemId?: number
  checksum: string
  productOption?: ProductOption
  isGiftcard: boolean
}

export function matchableFromClient(item: CartItem): MatchableItem {
  return {
    sku: item.sku,
    itemId: item.server_item_id,
    checksum: item.checksum,
    productOption: item.product_option,
    isGiftcard: item.type_id === 'giftcard' || !!item.product_option?.extension_attributes.mageworx_giftcard_item_option,
  }
}

export function matchableFromServer(item: ServerCartItem): MatchableItem {
  return {
    sku: item.sku,
    itemId: item.item_id,
    checksum: productOptionChecksum(item.product_option),
    productOption: item.product_option,
    isGiftcard: item.product_type === 'giftcard' || !!item.product_option?.extension_attributes.mageworx_giftcard_item_option,
  }
}

function sameId(a: MatchableItem, b: MatchableItem): boolean {
  return a.itemId !== undefined && b.itemId !== undefined && a.itemId === b.itemId
}

function has(item: MatchableItem, key: 'bundle_options' | 'custom_options' | 'configurable_item_options'): boolean {
  return nonEmpty(item.productOption?.extension_attributes[key])
}

/** Spec §4 item matching. Ids only count when both sides have one (undefined never equals undefined). */
export function cartItemsMatch(a: MatchableItem, b: MatchableItem): boolean {
  if (a.isGiftcard || b.isGiftcard) {
    if (sameId(a, b)) return true
    const amountA = giftcardAmount(a.productOption)
    const amountB = giftcardAmount(b.productOption)
    return String(a.sku) === String(b.sku) && a.checksum === b.checksum && amountA === amountB
  }
  if (has(a, 'bundle_options') || has(b, 'bundle_options') || has(a, 'custom_options') || has(b, 'custom_options')) {
    return sameId(a, b) || a.checksum === b.checksum
  }
  if (has(a, 'configurable_item_options') || has(b, 'configurable_item_options')) {
    // the server saves a configurable under the child's sku, and so do we
    return String(a.sku) === String(b.sku)
  }
  return sameId(a, b) || String(a.sku) === String(b.sku)
}

/**
 * The cart hash: a digest of the items (without stock, messages and totals, which change without
 * the cart changing) and the token. A different hash than the one stored at the last sync means
 * a sync is needed.
 */
export function cartHash(items: readonly CartItem[], token: string | null): string {
  const essential = [...items]
    .sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0))
    .map((item) => ({
      key: item.key,
      sku: item.sku,
      qty: item.qty,
      checksum: item.checksum,
      product_option: item.product_option,
      server_item_id: item.server_item_id,
      server_cart_id: item.server_cart_id,
    }))
  return hashString(canonicalJson({ items: essential, token }))
}

/**
 * Most distinct lines one cart may hold (server rule): every distinct option choice is a line, so
 * without a cap a cart could grow without bound.
 */
export const MAX_CART_LINES = 100

/** The qty limit of a line when the product's stock names none (Magento's default max_sale_qty). */
export const DEFAULT_MAX_SALE_QTY = 10_000

/** Decimals a qty may have where the product is sold by decimal qty (Magento keeps qty as decimal(12,4)). */
export const QTY_DECIMALS = 4

/** A qty rounded to the decimals a cart line keeps, so 0.1 + 0.2 is 0.3. */
export function roundQty(qty: number): number {
  const factor = 10 ** QTY_DECIMALS
  return Math.round(qty * factor) / factor
}

/**
 * The server's key of a cart line, unique per cart: the same product with the same options is the
 * same line, by the same rules as cartItemsMatch (so client and server agree on "same line").
 * - a configurable line (saved under the child sku) and a product without choices: the sku alone;
 * - bundle options, custom options or a gift card: the sku and the options' checksum, which does
 *   not depend on JSON key order; a gift card also by its amount.
 * Changing these rules needs a migration that re-keys the stored lines.
 */
export function cartLineKey(sku: string, productType: string, option: ProductOption | null | undefined): string {
  const ext = option?.extension_attributes
  const chosen = !!ext && (nonEmpty(ext.bundle_options) || nonEmpty(ext.custom_options) || !!ext.mageworx_giftcard_item_option)
  if (productType === 'configurable' || !chosen) return cartItemKey(sku, productOptionChecksum(null))
  const key = cartItemKey(sku, productOptionChecksum(option))
  const amount = giftcardAmount(option)
  return amount === null ? key : `${key}@${amount}`
}

export { isGiftCardsOnly, isVirtualCart } from './virtual-cart'
