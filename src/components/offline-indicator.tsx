import { useEffect, useState } from 'react'
import { useI18nContext } from '../../locales/i18n-react'
import { useSyncStatus } from '../data/hooks'

/** Shown while offline: the worker's view of connectivity, or the browser's until the worker reports. */
export function OfflineIndicator() {
  const { LL } = useI18nContext()
  const status = useSyncStatus()
  const [browserOnline, setBrowserOnline] = useState(() => navigator.onLine)
  useEffect(() => {
    const update = () => setBrowserOnline(navigator.onLine)
    window.addEventListener('online', update)
    window.addEventListener('offline', update)
    return () => {
      window.removeEventListener('online', update)
      window.removeEventListener('offline', update)
    }
  }, [])
  // the browser's event is immediate; the worker's status follows through the database
  const online = browserOnline && (status?.online ?? true)
  const pending = status?.pendingTasks ?? 0
  return (
    <div role="status" className="offline-slot">
      {!online ? (
        <p className="offline-indicator" data-testid="offline-indicator" title={LL.sync.offline()}>
          <span className="offline-indicator__dot" aria-hidden="true" />
          <span className="offline-indicator__short" aria-hidden="true">{LL.sync.offlineShort()}</span>
          <span className="visually-hidden">{LL.sync.offline()}</span>
          {pending > 0 ? <span className="offline-indicator__pending"> · {LL.sync.pendingTasks({ count: pending })}</span> : null}
        </p>
      ) : null}
    </div>
  )
}
