import { Link } from '@tanstack/react-router'
import { useI18nContext } from '../../locales/i18n-react'
import { useDocumentTitle } from '../ui/document-title'

export function CheckoutPage() {
  const { LL } = useI18nContext()
  useDocumentTitle(LL.checkout.title())
  return (
    <section className="empty-state">
      <h1>{LL.checkout.title()}</h1>
      <p role="status">{LL.checkout.notAvailable()}</p>
      <p>
        <Link to="/checkout/cart" className="button button--secondary">
          {LL.checkout.backToCart()}
        </Link>
      </p>
    </section>
  )
}
