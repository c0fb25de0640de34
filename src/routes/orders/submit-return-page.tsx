/**
 * /submit-return (spec §2, title "Submit Return"): the return form of the order the link names, as
 * the order mail's link opens it for a guest (`?order=<number>&token=<the order's key>`), or for a
 * logged-in customer's own order with `order` alone. Without an order it says how to get there.
 */
import { useSearch } from '@tanstack/react-router'
import { useI18nContext } from '../../../locales/i18n-react'
import { useDocumentTitle } from '../../ui/document-title'
import { ReturnForm } from './return-form'
import '../account/account-pages.css'
import '../checkout/checkout.css'

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined)

export function SubmitReturnPage() {
  const { LL } = useI18nContext()
  const title = LL.contentPages.submitReturn()
  useDocumentTitle(title)
  const search = useSearch({ strict: false }) as Record<string, unknown>
  const orderNumber = text(search.order)
  const orderToken = text(search.token)
  return (
    <section className="account-page" data-route="submit-return">
      <h1>{title}</h1>
      {orderNumber ? <ReturnForm orderNumber={orderNumber} orderToken={orderToken} /> : <p role="status">{LL.returns.noOrder()}</p>}
    </section>
  )
}
