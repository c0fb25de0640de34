/**
 * The newsletter's subscribe form, the footer's and the popup's, on the account page's double opt-in
 * (server: POST subscribe answers pending and mails the link that confirms the address). It needs the
 * server's answer now (the mail goes out then), so offline it says so and keeps the address typed, as
 * the account's newsletter page does (workers/account/privacy-module). A wrong address is refused
 * beside the field, announced, with focus back in it. Its words are the footer's later ones (the
 * status part): whoever shows it loads that part with its chunk.
 */
import { useRef, useState, type FormEvent } from 'react'
import { isValidEmail } from '../../domain/email-address'
import { useI18nContext } from '../../locales/i18n-react'
import { applyPrivacyCommand } from '../data/use-privacy'
import type { NewsletterState } from '../data/worker-types'

export function NewsletterForm(props: {
  /** makes the field's, the error's and the status' ids (the status' test id too): one per form on the page */
  idPrefix: string
  /** told once the server took the address (pending, or subscribed already) */
  onSubscribed?: (state: NewsletterState) => void
}) {
  const { LL } = useI18nContext()
  const f = LL.footer
  const fieldId = `${props.idPrefix}-email`
  const errorId = `${props.idPrefix}-error`
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
        props.onSubscribed?.(result.newsletter)
      } else setError(result.error === 'offline' ? f.newsletterOffline() : f.newsletterFailed())
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="newsletter-form" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={fieldId}>{f.newsletterEmail()}</label>
      <div className="newsletter-form__row">
        <input
          ref={input}
          id={fieldId}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button type="submit" className="button button--secondary" disabled={busy}>
          {f.newsletterSubmit()}
        </button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="newsletter-form__error">
          {error}
        </p>
      ) : null}
      <p role="status" data-testid={`${props.idPrefix}-status`} data-state={answer?.state ?? ''}>
        {answer ? (answer.state === 'subscribed' ? f.newsletterSubscribed({ email: answer.email }) : f.newsletterPending({ email: answer.email })) : null}
      </p>
    </form>
  )
}
