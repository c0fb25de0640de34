/**
 * Content pages whose content is not built yet (spec §2: submit-return): they route and show their
 * shell, one heading and a line that says the content is not there yet.
 */
import { useI18nContext } from '../../../locales/i18n-react'
import { ShellPage } from '../../components/shell-page'

export function SubmitReturnPage() {
  const { LL } = useI18nContext()
  return <ShellPage title={LL.contentPages.submitReturn()} text={LL.contentPages.submitReturnText()} route="submit-return" />
}
