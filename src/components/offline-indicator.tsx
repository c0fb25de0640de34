import { useEffect, useState } from 'react'
import { formatDate } from '../../domain/money'
import { useI18nContext } from '../../locales/i18n-react'
import { useSyncStatus } from '../data/hooks'
import { useStoreView } from '../ui/store-view'

/** Shown while offline: the worker's view of connectivity, or the browser's until the worker reports. */
export function OfflineIndicator() {
  const { LL } = useI18nContext()
  const status = useSyncStatus()
  const { storeView } = useStoreView()
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
  // shown only offline: not formatted on the renders while online (the status changes often while products arrive)
  const lastPulled = !online && status?.lastPulledAt ? new Date(status.lastPulledAt) : null
  const lastSynced = lastPulled && !Number.isNaN(lastPulled.getTime()) ? LL.sync.lastSynced({ date: formatDate(lastPulled, storeView.i18n.dateFormat) }) : null
  return (
    <div role="status" className="offline-slot">
      {!online ? (
        <p className="offline-indicator" data-testid="offline-indicator" title={lastSynced ? `${LL.sync.offline()} ${lastSynced}.` : LL.sync.offline()}>
          <span className="offline-indicator__dot" aria-hidden="true" />
          <span className="offline-indicator__short" aria-hidden="true">
            {LL.sync.offlineShort()}
          </span>
          <span className="visually-hidden">
            {LL.sync.offline()}
            {lastSynced ? ` ${lastSynced}.` : ''}
          </span>
          {pending > 0 ? <span className="offline-indicator__pending"> · {LL.sync.pendingTasks({ count: pending })}</span> : null}
        </p>
      ) : null}
    </div>
  )
}
