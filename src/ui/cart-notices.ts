/**
 * The cart sync's refusals, told once (spec §8: server-given product errors are shown): each notice
 * the worker keeps in the cart state becomes an error notification with the server's words, and
 * is then dismissed in the worker so no page tells it again.
 */
import { useEffect, useRef } from 'react'
import { applyCartCommand } from '../data/use-cart-commands'
import type { CartView } from '../data/worker-types'
import { useNotifications } from './notifications'

export function useCartNotices(cart: CartView | undefined): void {
  const { notify } = useNotifications()
  const told = useRef(new Set<string>())
  const notices = cart?.notices
  useEffect(() => {
    const fresh = (notices ?? []).filter((n) => !told.current.has(n.id))
    if (fresh.length === 0) return
    for (const n of fresh) told.current.add(n.id)
    // their words' module comes with the first notice (the service worker keeps it for offline use)
    void import('./cart-notice-words')
      .then(({ toNotification }) => notify(fresh.map(toNotification)))
      .then(() => applyCartCommand({ type: 'dismissNotices', ids: fresh.map((n) => n.id) }))
      .catch((error: unknown) => console.error('[cart] telling the notices failed', error))
  }, [notices, notify])
}
