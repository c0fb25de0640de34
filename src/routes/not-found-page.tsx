import { Link, useLocation } from '@tanstack/react-router'
import { useI18nContext } from '../../locales/i18n-react'
import { OfflineUnavailable } from '../components/offline-unavailable'
import { useSyncStatus } from '../data/hooks'
import { useDocumentTitle } from '../ui/document-title'

/** A category (/c/…) or CMS page (/i/…) path: offline, "not found" may only mean "not stored here". */
const ENTITY_PATH = /\/(c|i)\/[^/]+\/?$/

/**
 * The page-not-found route (route parameter slug "page-not-found"), also used for missing products
 * and categories. Offline, a category or CMS page that is not stored shows the spec's offline
 * notice instead (OK goes home).
 */
export function NotFoundPage() {
  const sync = useSyncStatus()
  const pathname = useLocation({ select: (location) => location.pathname })
  if (sync && !sync.online && ENTITY_PATH.test(pathname)) return <OfflineUnavailable />
  return <NotFoundContent />
}

function NotFoundContent() {
  const { LL } = useI18nContext()
  useDocumentTitle(LL.notFound.title())
  return (
    <section className="empty-state" data-route="page-not-found">
      <h1>{LL.notFound.title()}</h1>
      <p>{LL.notFound.text()}</p>
      <p>
        <Link to="/" className="button button--primary">
          {LL.notFound.backHome()}
        </Link>
      </p>
    </section>
  )
}
