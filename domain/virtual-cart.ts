/**
 * What a cart's lines say of shipping and VAT (spec §4): a cart of only virtual, downloadable or
 * e-mailed gift card items ships nothing; a cart of gift cards alone carries no VAT. A module of its
 * own, importing nothing: the checkout and cart pages use it without the product pages' chunk.
 */
import type { CartItem } from './cart.schema'

/**
 * Spec §4: a cart is virtual (nothing to ship) when every item is downloadable, virtual, or a
 * gift card of type 1 (a code) or 2 (by e-mail). An empty cart is not virtual.
 */
export function isVirtualCart(items: readonly Pick<CartItem, 'type_id' | 'mageworx_gc_type'>[]): boolean {
  return (
    items.length > 0 &&
    items.every(
      (item) =>
        item.type_id === 'downloadable' ||
        item.type_id === 'virtual' ||
        (item.type_id === 'giftcard' && (item.mageworx_gc_type === 1 || item.mageworx_gc_type === 2)),
    )
  )
}

/** A cart of gift cards alone carries no VAT (a gift card is a means of payment): no "incl. VAT" is said of it. */
export function isGiftCardsOnly(items: readonly Pick<CartItem, 'type_id'>[]): boolean {
  return items.length > 0 && items.every((item) => item.type_id === 'giftcard')
}
