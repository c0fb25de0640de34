/**
 * The footer's newsletter form, for every shopper, guest or customer, on the same double opt-in as the
 * account's newsletter page (server: POST subscribe answers pending and mails the link that confirms
 * the address). It needs the server's answer now (the mail goes out then), so offline it says so and
 * keeps the address typed, as the account's newsletter page does (workers/account/privacy-module).
 * Part of the footer's chunk (footer-blocks.tsx): it costs the first load nothing.
 */
import { useRef, useState, type FormEvent } from 'react'
import { isValidEmail } from '../../domain/email-address'
import { useI18nContext } from '../../locales/i18n-react'
import { applyPrivacyCommand } from '../data/use-privacy'
import type { NewsletterState } from '../data/worker-types'

const FIELD_ID = 'footer-newsletter-email'
const ERROR_ID = 'footer-newsletter-error'

export function FooterNewsletter() {
  const { LL } = useI18nContext()
  const f = LL.footer
  const input = useRef<HTMLInputElement>(null)
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [answer, setAnswer] = useState<{ state: NewsletterState; email: string } | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const address = email.trim()
    setAnswer(null)
    if (!isValidEmail(address)) {
      setError(f.newsletterInvalid())
      input.current?.focus()
      return
    }
    setBusy(true)
    setError(null)
    try {
      const result = await applyPrivacyCommand({ type: 'newsletterSubscribe', email: address })
      if (result.ok && result.newsletter) {
        setAnswer({ state: result.newsletter, email: address })
        setEmail('')
      } else setError(result.error === 'offline' ? f.newsletterOffline() : f.newsletterFailed())
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="footer-newsletter" aria-labelledby="footer-newsletter-title" data-testid="footer-newsletter">
      <h2 id="footer-newsletter-title">{f.newsletterTitle()}</h2>
      <p>{f.newsletterText()}</p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={FIELD_ID}>{f.newsletterEmail()}</label>
        <div className="footer-newsletter__row">
          <input
            ref={input}
            id={FIELD_ID}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ERROR_ID : undefined}
          />
          <button type="submit" className="button button--secondary" disabled={busy}>
            {f.newsletterSubmit()}
          </button>
        </div>
        {error ? (
          <p id={ERROR_ID} role="alert" className="footer-newsletter__error">
            {error}
          </p>
        ) : null}
        <p role="status" data-testid="footer-newsletter-status" data-state={answer?.state ?? ''}>
          {answer ? (answer.state === 'subscribed' ? f.newsletterSubscribed({ email: answer.email }) : f.newsletterPending({ email: answer.email })) : null}
        </p>
      </form>
    </section>
  )
}
