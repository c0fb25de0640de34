/**
 * The cart sync's refusals, told once (spec §8: server-given product errors are shown): each notice
 * the worker keeps in the cart state becomes an error notification with the server's words, and
 * is then dismissed in the worker so no page tells it again.
 */
import { useEffect, useRef } from 'react'
import type { CartNotice } from '../../domain/cart-notice'
import type { Notification } from '../../domain/notifications'
import { applyCartCommand } from '../data/use-cart-commands'
import type { CartView } from '../data/worker-types'
import { useNotifications } from './notifications'

function toNotification(notice: CartNotice): Notification {
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

export function useCartNotices(cart: CartView | undefined): void {
  const { notify } = useNotifications()
  const told = useRef(new Set<string>())
  const notices = cart?.notices
  useEffect(() => {
    const fresh = (notices ?? []).filter((n) => !told.current.has(n.id))
    if (fresh.length === 0) return
    for (const n of fresh) told.current.add(n.id)
    notify(fresh.map(toNotification))
    applyCartCommand({ type: 'dismissNotices', ids: fresh.map((n) => n.id) }).catch((error: unknown) =>
      console.error('[cart] dismissing notices failed', error),
    )
  }, [notices, notify])
}
