/**
 * Pages the shopper lands on from outside the app (spec §2): success and cancel are the payment
 * provider's return addresses, error and maintenance are shown when the shop cannot serve. Success
 * and cancel are shells until checkout and payment exist: they promise no order and no refund.
 */
import { useI18nContext } from '../../locales/i18n-react'
import { ShellPage } from '../components/shell-page'

export function SuccessPage() {
  const { LL } = useI18nContext()
  return <ShellPage title={LL.statusPages.successTitle()} text={LL.statusPages.successText()} route="success" />
}

export function CancelPage() {
  const { LL } = useI18nContext()
  return <ShellPage title={LL.statusPages.cancelTitle()} text={LL.statusPages.cancelText()} route="cancel" />
}

export function ErrorPage() {
  const { LL } = useI18nContext()
  return <ShellPage title={LL.statusPages.errorTitle()} text={LL.statusPages.errorText()} route="error" />
}

/** The base layout has no menu: while the shop is down there is nowhere else to go. */
export function MaintenancePage() {
  const { LL } = useI18nContext()
  return <ShellPage title={LL.statusPages.maintenanceTitle()} text={LL.statusPages.maintenanceText()} route="maintenance" homeLink={false} />
}
