/**
 * Notifications the data layer raises for the UI. They carry a message key, never text: the UI
 * translates the key with the store view's dictionary (locales/), so the worker stays language-free.
 * The keys are the spec's messages (§8); their English text lives in locales/en.
 */
export const MESSAGE_KEYS = [
  'productAddedToCart',
  'productQuantityUpdated',
  'priceUnknown',
  'stockVolatile',
  // asked for more than the shop has: what it has went in
  'stockLimited',
  'outOfStock',
  'noAvailableVariants',
  'noSuchConfiguration',
  'inStock',
  'outOfTheStock',
  'offlineNotAvailable',
  'noProductsSynchronized',
  'serverError',
  'cartIdMissing',
  'badContentType',
  'wrongResponseFormat',
  // wishlist and compare (spec §4, §8 "Can't compare more than {count} products")
  'addedToWishlist',
  'removedFromWishlist',
  'wishlistCleared',
  'addedToCompare',
  'removedFromCompare',
  'compareCleared',
  'compareLimit',
  'listProductUnknown',
  'chooseOptions',
  // a product added from its light document (offline, server trouble) that needs its full one
  'needsFullDetails',
  // coupons (spec §4 "Coupon"; the refusal is the server's text, contract §2.2)
  'couponApplied',
  'couponRemoved',
  'couponInvalid',
  'couponOffline',
  // gift cards (spec §8: added, removed, a failed check's translated errorMessage; §7 the extension's reasons)
  'giftCardApplied',
  'giftCardRemoved',
  'giftCardUnknown',
  'giftCardUsed',
  'giftCardExpired',
  'giftCardDisabled',
  'giftCardRefused',
  'giftCardOffline',
  'giftCardDropped',
  // the cart sync's refusals, told afterwards (domain/cart-notice)
  'cartLineRefused',
  'cartQtyRestored',
  'couponDropped',
  // the cart moved from another store view (workers/cart/cart-handoff)
  'cartLineNotSoldHere',
  'cartLineNotMovedHere',
  // cart edit mode: a line's options changed
  'cartLineChanged',
  // the customer's account (spec §8 "Account", "Network tasks")
  'loggedOut',
  'accountUpdated',
  'resetPasswordOffline',
  'resetPasswordSent',
  'sessionExpired',
  'passwordChanged',
  // the address book (spec §8 "Account")
  'addressSaved',
  'addressDeleted',
  'addressQueued',
  'addressFailed',
  'addressIdMissing',
  // social links (my-social-profiles; spec §7 "Social login")
  'socialLinked',
  'socialUnlinked',
] as const
export type MessageKey = (typeof MESSAGE_KEYS)[number]

export type NotificationType = 'success' | 'warning' | 'error'

export interface Notification {
  id: string
  type: NotificationType
  key: MessageKey
  /** values for the message's placeholders */
  params?: Record<string, string | number>
  /** server-given text to show as is (already in the shopper's language, or a product error) */
  text?: string
  /** the action button: proceed to checkout (add to cart) or a plain OK */
  action1?: 'proceedToCheckout' | 'ok'
  /** ms; default 5000 */
  timeToLive?: number
  hasNoTimeout?: boolean
  /**
   * Not shown: the command's outcome only (spec §4 "Server update": an add or quantity update is
   * not notified while the shopper is in checkout). The UI still sees that the line went in.
   */
  quiet?: boolean
}

/** Auto-dismiss after 5 s unless timeToLive or hasNoTimeout say otherwise (spec §9). */
export const NOTIFICATION_TTL_MS = 5000
