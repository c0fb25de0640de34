/**
 * Notifications (spec §3, §8, §9): a list at the top of the page in an aria-live region, each
 * auto-dismissed after 5 s unless it has no time-out; one identical to the last shown is dropped.
 */
import { Link } from '@tanstack/react-router'
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { NOTIFICATION_TTL_MS, type Notification } from '../../domain/notifications'
import { useI18nContext } from '../../locales/i18n-react'
import type { TranslationFunctions } from '../../locales/i18n-types'

/** A notification plus an optional handler for its OK action (e.g. go home after the offline notice). */
export interface ShownNotification extends Notification {
  onAction?: () => void
}

interface NotificationsContextValue {
  notifications: ShownNotification[]
  notify: (notifications: ShownNotification | ShownNotification[]) => void
  dismiss: (id: string) => void
}

const NotificationsContext = createContext<NotificationsContextValue | null>(null)

function sameMessage(a: Notification, b: Notification): boolean {
  return a.type === b.type && a.key === b.key && a.text === b.text && JSON.stringify(a.params ?? {}) === JSON.stringify(b.params ?? {})
}

export function translateNotification(LL: TranslationFunctions, n: Notification): string {
  if (n.text) return n.text
  const message = LL.messages[n.key] as (params?: Record<string, unknown>) => string
  return message(n.params ?? {})
}

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [notifications, setNotifications] = useState<ShownNotification[]>([])
  const last = useRef<Notification | null>(null)
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>())

  const dismiss = useCallback((id: string) => {
    const timer = timers.current.get(id)
    if (timer) clearTimeout(timer)
    timers.current.delete(id)
    setNotifications((list) => list.filter((n) => n.id !== id))
  }, [])

  const notify = useCallback(
    (incoming: ShownNotification | ShownNotification[]) => {
      for (const n of Array.isArray(incoming) ? incoming : [incoming]) {
        if (last.current && sameMessage(last.current, n)) continue
        last.current = n
        setNotifications((list) => [...list.filter((x) => x.id !== n.id), n])
        if (!n.hasNoTimeout) {
          timers.current.set(
            n.id,
            setTimeout(() => dismiss(n.id), n.timeToLive ?? NOTIFICATION_TTL_MS),
          )
        }
      }
    },
    [dismiss],
  )

  useEffect(() => {
    const map = timers.current
    return () => map.forEach((t) => clearTimeout(t))
  }, [])

  // once the last identical one is gone, the same message may be shown again
  useEffect(() => {
    if (notifications.length === 0) last.current = null
  }, [notifications.length])

  const value = useMemo(() => ({ notifications, notify, dismiss }), [notifications, notify, dismiss])
  return <NotificationsContext.Provider value={value}>{children}</NotificationsContext.Provider>
}

export function useNotifications(): Pick<NotificationsContextValue, 'notify' | 'dismiss'> {
  const value = useContext(NotificationsContext)
  if (!value) throw new Error('useNotifications outside NotificationsProvider')
  return value
}

let counter = 0
/** An id for notifications raised by the UI itself (the worker's carry their own). */
export function notificationId(prefix: string): string {
  counter += 1
  return `${prefix}-${Date.now()}-${counter}`
}

export function NotificationRegion() {
  const value = useContext(NotificationsContext)
  const { LL } = useI18nContext()
  const list = value?.notifications ?? []
  return (
    <div className="notifications" aria-live="polite" aria-relevant="additions text" role="region" aria-label={LL.notifications()}>
      {list.map((n) => (
        <div key={n.id} className={`notification notification--${n.type}`} data-testid="notification" data-type={n.type}>
          <p className="notification__message">{translateNotification(LL, n)}</p>
          <div className="notification__actions">
            {n.action1 === 'proceedToCheckout' ? (
              <Link to="/checkout" className="button button--small button--light" onClick={() => value?.dismiss(n.id)}>
                {LL.actions.proceedToCheckout()}
              </Link>
            ) : null}
            {n.action1 === 'ok' ? (
              <button
                type="button"
                className="button button--small button--light"
                onClick={() => {
                  value?.dismiss(n.id)
                  n.onAction?.()
                }}
              >
                {LL.actions.ok()}
              </button>
            ) : null}
            <button type="button" className="notification__close" aria-label={LL.actions.dismiss()} onClick={() => value?.dismiss(n.id)}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
        </div>
      ))}
    </div>
  )
}
