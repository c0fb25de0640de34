/**
 * A page that routes correctly but whose content is not built yet (spec §2 allows a shell):
 * one heading, a status line that says so in the shopper's language, and a way home.
 */
import { Link } from '@tanstack/react-router'
import { useI18nContext } from '../../locales/i18n-react'
import { useDocumentTitle } from '../ui/document-title'

export function ShellPage({ title, text, route, homeLink = true }: { title: string; text: string; route: string; homeLink?: boolean }) {
  const { LL } = useI18nContext()
  useDocumentTitle(title)
  return (
    <section className="empty-state" data-route={route}>
      <h1>{title}</h1>
      <p role="status">{text}</p>
      {homeLink ? (
        <p>
          <Link to="/" className="button button--primary">
            {LL.notFound.backHome()}
          </Link>
        </p>
      ) : null}
    </section>
  )
}
