/**
 * Notifications (spec §3, §8, §9), one at a time: a new message replaces the one on screen (from a
 * batch, the most serious, the last of equals), and one identical to the message on screen is dropped.
 * Each goes after 5 s unless it has no time-out; every one has a close button. A move to another page
 * clears it: a message is about the page it was raised on.
 *
 * Where: fixed at the bottom of the viewport, above the safe area, so it never lies over the header or
 * a side panel's title and close button. While it shows, its height is published as
 * --notification-space on the root element, and on narrow screens the side panels (microcart,
 * sidebar, wishlist) end above it instead of under it (src/styles/footer-notifications.css).
 * The region is an aria-live region that is always in the page, so screen readers hear each message.
 */
import { useRouterState } from '@tanstack/react-router'
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { NOTIFICATION_TTL_MS, type Notification, type NotificationType } from '../../domain/notifications'
import type { ShownNotification } from './notification-text'
import { useI18nContext } from '../../locales/i18n-react'
import { pageKey } from './route-change'

export { translateNotification, type ShownNotification } from './notification-text'

interface NotificationsContextValue {
  current: ShownNotification | null
  notify: (notifications: ShownNotification | ShownNotification[]) => void
  dismiss: (id: string) => void
  clear: () => void
}

const NotificationsContext = createContext<NotificationsContextValue | null>(null)

const SEVERITY: Record<NotificationType, number> = { success: 0, warning: 1, error: 2 }

function sameMessage(a: Notification, b: Notification): boolean {
  return a.type === b.type && a.key === b.key && a.text === b.text && JSON.stringify(a.params ?? {}) === JSON.stringify(b.params ?? {})
}

/** The one message of a batch that is shown: the most serious, the last of equals; a quiet one never. */
export function pickNotification<T extends Notification>(batch: readonly T[]): T | undefined {
  let picked: T | undefined
  for (const n of batch) if (!n.quiet && (!picked || SEVERITY[n.type] >= SEVERITY[picked.type])) picked = n
  return picked
}

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownNotification | null>(null)
  const shown = useRef<ShownNotification | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const show = useCallback((next: ShownNotification | null) => {
    clearTimeout(timer.current)
    timer.current = undefined
    shown.current = next
    setCurrent(next)
    if (next && !next.hasNoTimeout) {
      timer.current = setTimeout(() => {
        if (shown.current?.id === next.id) show(null)
      }, next.timeToLive ?? NOTIFICATION_TTL_MS)
    }
  }, [])

  const dismiss = useCallback(
    (id: string) => {
      if (shown.current?.id === id) show(null)
    },
    [show],
  )

  const clear = useCallback(() => {
    if (shown.current) show(null)
  }, [show])

  const notify = useCallback(
    (incoming: ShownNotification | ShownNotification[]) => {
      const next = pickNotification(Array.isArray(incoming) ? incoming : [incoming])
      if (!next || (shown.current && sameMessage(shown.current, next))) return
      show(next)
    },
    [show],
  )

  useEffect(() => () => clearTimeout(timer.current), [])

  const value = useMemo(() => ({ current, notify, dismiss, clear }), [current, notify, dismiss, clear])
  return <NotificationsContext.Provider value={value}>{children}</NotificationsContext.Provider>
}

export function useNotifications(): Pick<NotificationsContextValue, 'notify' | 'dismiss'> {
  const value = useContext(NotificationsContext)
  if (!value) throw new Error('useNotifications outside NotificationsProvider')
  return value
}

/** The message placed in the microcart, if that is the one showing. */
export function useMicrocartMessage(): { message: ShownNotification | null; dismiss: (id: string) => void } {
  const value = useContext(NotificationsContext)
  if (!value) throw new Error('useMicrocartMessage outside NotificationsProvider')
  return { message: value.current?.place === 'microcart' ? value.current : null, dismiss: value.dismiss }
}

let counter = 0
/** An id for notifications raised by the UI itself (the worker's carry their own). */
export function notificationId(prefix: string): string {
  counter += 1
  return `${prefix}-${Date.now()}-${counter}`
}

/** A move to another page clears the message (a variant switch on the same product is no move). */
function useClearOnPageChange(clear: (() => void) | undefined): void {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const previous = useRef<string | null>(null)
  useEffect(() => {
    const key = pageKey(pathname)
    if (previous.current !== null && previous.current !== key) clear?.()
    previous.current = key
  }, [pathname, clear])
}

/**
 * The message itself, a chunk fetched with the first message or by the offline warm-up after the
 * first page (src/components/lazy-panels.tsx): the region is always in the page, so a screen reader
 * still hears the message when it is added.
 */
export const loadNotificationView = () => import('./notification-view')
const NotificationView = lazy(() => loadNotificationView().then((m) => ({ default: m.NotificationView })))

export function NotificationRegion() {
  const value = useContext(NotificationsContext)
  const { LL } = useI18nContext()
  useClearOnPageChange(value?.clear)
  const current = value?.current && value.current.place === undefined ? value.current : null
  return (
    <div className="notifications" aria-live="polite" aria-relevant="additions text" role="region" aria-label={LL.notifications()}>
      {current && value ? (
        <Suspense fallback={null}>
          <NotificationView key={current.id} n={current} dismiss={value.dismiss} />
        </Suspense>
      ) : null}
    </div>
  )
}
