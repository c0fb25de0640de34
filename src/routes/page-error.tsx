/**
 * What a page that fails to open shows (the router's error component): offline, the spec's "not
 * available in Offline mode" (a page chunk not yet on this device); online, a plain message and a
 * retry that loads the page again. Never a blank page.
 */
import type { ErrorComponentProps } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useI18nContext } from '../../locales/i18n-react'
import { OfflineUnavailable } from '../components/offline-unavailable'
import { useDocumentTitle } from '../ui/document-title'

export function PageError({ error }: ErrorComponentProps) {
  const { LL } = useI18nContext()
  const offline = !navigator.onLine
  useEffect(() => console.error('[app] page failed to open', error), [error])
  useDocumentTitle(LL.pageError.title())
  if (offline) return <OfflineUnavailable />
  return (
    <section className="empty-state" data-route="page-error">
      <h1>{LL.pageError.title()}</h1>
      <p>{LL.pageError.text()}</p>
      <p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {LL.pageError.retry()}
        </button>
      </p>
    </section>
  )
}
