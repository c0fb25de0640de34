import { Link } from '@tanstack/react-router'
import { useI18nContext } from '../../locales/i18n-react'
import { useDocumentTitle } from '../ui/document-title'

/**
 * The shop's server answered with an error of its own (or broke off) while the device is online,
 * and nothing of the page is on this device: not "offline", and a Retry that asks again.
 */
export function ServerTrouble({ onRetry, retrying }: { onRetry: () => void; retrying?: boolean }) {
  const { LL } = useI18nContext()
  useDocumentTitle(LL.connection.serverTroubleTitle())
  return (
    <section className="empty-state" data-route="server-trouble" aria-busy={retrying}>
      <h1>{LL.connection.serverTroubleTitle()}</h1>
      <p>{LL.connection.serverTroubleText()}</p>
      <p>
        <button type="button" className="button button--primary" onClick={onRetry} disabled={retrying} data-testid="retry">
          {LL.connection.retry()}
        </button>{' '}
        <Link to="/" className="button button--secondary">
          {LL.connection.backHome()}
        </Link>
      </p>
    </section>
  )
}
