/**
 * The terms and privacy pages the checkout links to, in the store view's language: seeded text from
 * the dictionaries (`legal`) until the CMS takes these pages over.
 */
import { useI18nContext } from '../../../locales/i18n-react'
import { useDocumentTitle } from '../../ui/document-title'

function LegalPage({ route, title, paragraphs }: { route: string; title: string; paragraphs: string[] }) {
  useDocumentTitle(title)
  return (
    <article className="legal-page" data-route={route}>
      <h1>{title}</h1>
      {paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </article>
  )
}

export function TermsPage() {
  const { LL } = useI18nContext()
  return <LegalPage route="terms" title={LL.legal.termsTitle()} paragraphs={[LL.legal.terms1(), LL.legal.terms2(), LL.legal.terms3()]} />
}

export function PrivacyPage() {
  const { LL } = useI18nContext()
  return <LegalPage route="privacy" title={LL.legal.privacyTitle()} paragraphs={[LL.legal.privacy1(), LL.legal.privacy2(), LL.legal.privacy3()]} />
}
