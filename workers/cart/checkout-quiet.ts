/**
 * Spec §4 "Server update": a cart change is notified as an add or a quantity update, but not while
 * the shopper is in checkout (§4 "In checkout": the last checkout change is less than 30 minutes old,
 * workers/orders/checkout-state). Those notifications are kept, marked quiet: the UI still learns
 * that the line went in (it opens the microcart on an add), and shows no message for them. Warnings
 * and errors (volatile stock, out of stock, a refusal) are always told: they change what is bought.
 */
import type { MessageKey, Notification } from '../../domain/notifications'

/** The add and quantity-update messages the spec silences in checkout. */
export const SILENCED_IN_CHECKOUT: ReadonlySet<MessageKey> = new Set<MessageKey>(['productAddedToCart', 'productQuantityUpdated', 'cartLineChanged'])

export function quietInCheckout(notifications: readonly Notification[], inCheckout: boolean): Notification[] {
  if (!inCheckout) return [...notifications]
  return notifications.map((n) => (n.type === 'success' && SILENCED_IN_CHECKOUT.has(n.key) ? { ...n, quiet: true } : n))
}
