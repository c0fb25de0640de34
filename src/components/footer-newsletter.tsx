/**
 * The footer's newsletter form, for every shopper, guest or customer (the form: newsletter-form.tsx).
 * Part of the footer's chunk (footer-blocks.tsx): it costs the first load nothing.
 */
import { useI18nContext } from '../../locales/i18n-react'
import { NewsletterForm } from './newsletter-form'

export function FooterNewsletter() {
  const { LL } = useI18nContext()
  return (
    <section className="footer-newsletter" aria-labelledby="footer-newsletter-title" data-testid="footer-newsletter">
      <h2 id="footer-newsletter-title">{LL.footer.newsletterTitle()}</h2>
      <p>{LL.footer.newsletterText()}</p>
      <NewsletterForm idPrefix="footer-newsletter" />
    </section>
  )
}
