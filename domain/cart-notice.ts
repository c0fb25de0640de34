/**
 * What the cart sync has to tell the shopper after the fact (spec §4 "Server update", §8
 * "Server-given product errors are also shown"): a line the server refused (removed locally), a
 * quantity it refused (set back), a coupon it no longer takes. Kept in the cart state until the
 * shopper has seen it, so a refusal met while no page listened is still told.
 */
export const CART_NOTICE_KINDS = [
  'lineRefused',
  'qtyRestored',
  'couponDropped',
  // a gift card the replacement server cart refused (spent or expired meanwhile)
  'giftCardDropped',
  // a line of the cart brought from another store view that this one does not sell, or refused
  'notSoldHere',
  'notMovedHere',
] as const
export type CartNoticeKind = (typeof CART_NOTICE_KINDS)[number]

export interface CartNotice {
  id: string
  kind: CartNoticeKind
  sku?: string
  /** the line's product name, as the shopper saw it */
  name?: string
  /** the quantity the line was set back to (qtyRestored) */
  qty?: number
  /** the coupon or gift card code (couponDropped, giftCardDropped) */
  code?: string
  /** the server's own words, shown as they are */
  text?: string
}
