import { useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useI18nContext } from '../../locales/i18n-react'
import { useDocumentTitle } from '../ui/document-title'
import { notificationId, useNotifications } from '../ui/notifications'

/**
 * Spec §2: offline navigation to an uncached product, category or CMS page shows an error
 * notification with an OK button ("… not available in Offline mode. Redirecting to Home."); OK goes
 * to the store home. The page behind it says the same, with its own OK, and may say more (a product
 * page opens by itself when the device is back online). Only for offline: a server that fails while
 * online is ServerTrouble's, with a Retry.
 */
export function OfflineUnavailable({ text }: { text?: string } = {}) {
  const { LL } = useI18nContext()
  const { notify } = useNotifications()
  const navigate = useNavigate()
  useDocumentTitle(LL.offlineUnavailable.title())
  useEffect(() => {
    notify({
      id: notificationId('offline-unavailable'),
      type: 'error',
      key: 'offlineNotAvailable',
      action1: 'ok',
      hasNoTimeout: true,
      onAction: () => void navigate({ to: '/' }),
    })
  }, [notify, navigate])
  return (
    <section className="empty-state" data-route="offline-unavailable">
      <h1>{LL.offlineUnavailable.title()}</h1>
      {text ? <p>{text}</p> : null}
      <p>
        <button type="button" className="button button--primary" onClick={() => void navigate({ to: '/' })}>
          {LL.actions.ok()}
        </button>
      </p>
    </section>
  )
}
