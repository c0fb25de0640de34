/**
 * Pages the shopper lands on from outside the app (spec §2): cancel is the payment provider's
 * return address, error and maintenance are shown when the shop cannot serve. Cancel is a shell
 * until payment exists: it promises no refund. Success, the order confirmation, is
 * routes/checkout/success-page.
 */
import { useI18nContext } from '../../locales/i18n-react'
import { ShellPage } from '../components/shell-page'

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
