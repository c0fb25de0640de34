/**
 * Pages the shopper lands on from outside the app (spec §2): success and cancel are the payment
 * provider's return addresses, error and maintenance are shown when the shop cannot serve. Success
 * and cancel are shells until checkout and payment exist: they promise no order and no refund.
 */
import { Link } from '@tanstack/react-router'
import { useI18nContext } from '../../locales/i18n-react'
import { useDocumentTitle } from '../ui/document-title'

function StatusShell({ title, text, route, homeLink = true }: { title: string; text: string; route: string; homeLink?: boolean }) {
  const { LL } = useI18nContext()
  useDocumentTitle(title)
  return (
    <section className="empty-state" data-route={route}>
      <h1>{title}</h1>
      <p role="status">{text}</p>
      {homeLink ? (
        <p>
          <Link to="/" className="button button--primary">
            {LL.statusPages.backHome()}
          </Link>
        </p>
      ) : null}
    </section>
  )
}

export function SuccessPage() {
  const { LL } = useI18nContext()
  return <StatusShell title={LL.statusPages.successTitle()} text={LL.statusPages.successText()} route="success" />
}

export function CancelPage() {
  const { LL } = useI18nContext()
  return <StatusShell title={LL.statusPages.cancelTitle()} text={LL.statusPages.cancelText()} route="cancel" />
}

export function ErrorPage() {
  const { LL } = useI18nContext()
  return <StatusShell title={LL.statusPages.errorTitle()} text={LL.statusPages.errorText()} route="error" />
}

/** The base layout has no menu: while the shop is down there is nowhere else to go. */
export function MaintenancePage() {
  const { LL } = useI18nContext()
  return <StatusShell title={LL.statusPages.maintenanceTitle()} text={LL.statusPages.maintenanceText()} route="maintenance" homeLink={false} />
}
