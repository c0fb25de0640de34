import { Link } from '@tanstack/react-router'
import { useI18nContext } from '../../locales/i18n-react'
import { useDocumentTitle } from '../ui/document-title'

/** The page-not-found route (route parameter slug "page-not-found"), also used for missing products. */
export function NotFoundPage() {
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
