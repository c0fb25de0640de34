/** A notification as the shell shows it, and its text in the shopper's language. */
import type { Notification } from '../../domain/notifications'
import type { TranslationFunctions } from '../../locales/i18n-types'

/** A notification plus an optional handler for its OK action (e.g. go home after the offline notice). */
export interface ShownNotification extends Notification {
  onAction?: () => void
  /**
   * Where it shows: at the bottom (default), or inside the microcart that the same action opened
   * (an add to cart), so that no message lies over the cart the shopper is looking at.
   */
  place?: 'microcart'
}

export function translateNotification(LL: TranslationFunctions, n: Notification): string {
  if (n.text) return n.text
  const message = LL.messages[n.key] as (params?: Record<string, unknown>) => string
  return message(n.params ?? {})
}
