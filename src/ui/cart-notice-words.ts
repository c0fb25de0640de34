/**
 * A cart notice in the words of a notification (spec §8: server-given product errors are shown).
 * Loaded only when the cart has a notice to tell: most page loads have none.
 */
import type { CartNotice } from '../../domain/cart-notice'
import type { Notification } from '../../domain/notifications'

export function toNotification(notice: CartNotice): Notification {
  const base = { id: `cart-notice-${notice.id}`, type: 'error' as const, action1: 'ok' as const, hasNoTimeout: true }
  const name = notice.name ?? notice.sku ?? ''
  const reason = notice.text ?? ''
  switch (notice.kind) {
    case 'lineRefused':
      return { ...base, key: 'cartLineRefused', params: { name, reason } }
    case 'qtyRestored':
      return { ...base, key: 'cartQtyRestored', params: { name, reason, qty: notice.qty ?? 0 } }
    case 'couponDropped':
      return { ...base, key: 'couponDropped', params: { code: notice.code ?? '' } }
    case 'giftCardDropped':
      return { ...base, key: 'giftCardDropped', params: { code: notice.code ?? '' } }
    case 'notSoldHere':
      return { ...base, type: 'warning', key: 'cartLineNotSoldHere', params: { name } }
    case 'notMovedHere':
      return { ...base, type: 'warning', key: 'cartLineNotMovedHere', params: { name } }
  }
}
