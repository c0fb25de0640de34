/**
 * Pages the shopper lands on from outside the app (spec §2): error and maintenance are shown when
 * the shop cannot serve. The payment provider's return addresses, success and cancel, are
 * routes/checkout/success-page and routes/checkout/cancel-page.
 */
import { useI18nContext } from '../../../locales/i18n-react'
import { ShellPage } from '../../components/shell-page'

export function ErrorPage() {
  const { LL } = useI18nContext()
  return <ShellPage title={LL.statusPages.errorTitle()} text={LL.statusPages.errorText()} route="error" />
}

/** The base layout has no menu: while the shop is down there is nowhere else to go. */
export function MaintenancePage() {
  const { LL } = useI18nContext()
  return <ShellPage title={LL.statusPages.maintenanceTitle()} text={LL.statusPages.maintenanceText()} route="maintenance" homeLink={false} />
}
