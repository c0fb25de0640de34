/**
 * my-newsletter and privacy-settings (spec §2): the logged-in customer's newsletter
 * subscription (double opt-in: subscribing sends a confirmation mail) and the data protection
 * actions — download my data, anonymise, delete — each confirmed with the password (and, for the
 * two that erase, once more). Everything goes through the worker (workers/account/privacy-module):
 * the page never calls HTTP. The download is offered as a file from the JSON the worker answers.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { useI18nContext } from '../../../locales/i18n-react'
import type { TranslationFunctions } from '../../../locales/i18n-types'
import { useAccount } from '../../data/use-account'
import { applyPrivacyCommand } from '../../data/use-privacy'
import type { NewsletterState, PrivacyError } from '../../data/worker-types'
import { AccountFrame } from './account-frame'
import { TextField } from '../checkout/checkout-fields'
import './privacy-pages.css'

function errorText(LL: TranslationFunctions, error: PrivacyError | undefined): string {
  const p = LL.privacyPages
  switch (error) {
    case 'passwordWrong':
      return p.passwordWrong()
    case 'offline':
      return p.offline()
    case 'tooManyAttempts':
      return p.tooMany()
    case 'notLoggedIn':
      return p.loginFirst()
    default:
      return p.failed()
  }
}

function LoginFirst() {
  const { LL } = useI18nContext()
  return (
    <p role="status">
      {LL.privacyPages.loginFirst()} <Link to="/my-account">{LL.privacyPages.loginLink()}</Link>
    </p>
  )
}

export function NewsletterPage() {
  const { LL } = useI18nContext()
  const account = useAccount()
  const email = account?.customer?.email ?? null
  return (
    <AccountFrame title={LL.account.newsletter()} route="my-newsletter">
      {account && !account.loggedIn ? <LoginFirst /> : email ? <NewsletterBlock email={email} /> : null}
    </AccountFrame>
  )
}

/** The subscription of `email`: its state, and subscribe or unsubscribe. */
export function NewsletterBlock({ email }: { email: string }) {
  const { LL } = useI18nContext()
  const p = LL.privacyPages
  const [state, setState] = useState<NewsletterState | null>(null)
  const [message, setMessage] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let live = true
    void applyPrivacyCommand({ type: 'newsletterStatus', email }).then((r) => {
      if (!live) return
      if (r.ok && r.newsletter) setState(r.newsletter)
      else setFailure(errorText(LL, r.error))
    })
    return () => {
      live = false
    }
  }, [email, LL])

  const change = async (type: 'newsletterSubscribe' | 'newsletterUnsubscribe') => {
    setBusy(true)
    setFailure(null)
    setMessage(null)
    try {
      const r = await applyPrivacyCommand({ type, email })
      if (r.ok && r.newsletter) {
        setState(r.newsletter)
        if (type === 'newsletterUnsubscribe') setMessage(p.unsubscribed())
      } else setFailure(errorText(LL, r.error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="privacy-block" data-testid="newsletter-block">
      <p>{p.newsletterIntro({ email })}</p>
      <p role="status" data-testid="newsletter-state" data-state={state ?? 'loading'}>
        {state === 'subscribed'
          ? p.newsletterSubscribed()
          : state === 'pending'
            ? p.newsletterPending({ email })
            : state === 'unsubscribed'
              ? p.newsletterUnsubscribed()
              : null}
        {message ? ` ${message}` : null}
      </p>
      {failure ? (
        <p role="alert" className="form-error">
          {failure}
        </p>
      ) : null}
      {state === 'subscribed' || state === 'pending' ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => void change('newsletterUnsubscribe')}
          data-testid="newsletter-unsubscribe"
        >
          {p.unsubscribe()}
        </button>
      ) : state === 'unsubscribed' ? (
        <button type="button" className="button" disabled={busy} onClick={() => void change('newsletterSubscribe')} data-testid="newsletter-subscribe">
          {p.subscribe()}
        </button>
      ) : null}
    </div>
  )
}

export function PrivacySettingsPage() {
  const { LL } = useI18nContext()
  const account = useAccount()
  const [erased, setErased] = useState(false)
  return (
    <AccountFrame title={LL.account.privacy()} route="privacy-settings">
      {erased ? (
        <p role="status" data-testid="privacy-erased">
          {LL.privacyPages.erased()}
        </p>
      ) : account && !account.loggedIn ? (
        <LoginFirst />
      ) : account ? (
        <>
          <p>{LL.privacyPages.privacyIntro()}</p>
          <PrivacyAction action="download" />
          <PrivacyAction action="anonymise" onErased={() => setErased(true)} />
          <PrivacyAction action="delete" onErased={() => setErased(true)} />
        </>
      ) : null}
    </AccountFrame>
  )
}

/** Offers the export as a file (the JSON the worker answered). */
function saveFile(data: string): void {
  const url = URL.createObjectURL(new Blob([data], { type: 'application/json' }))
  const a = document.createElement('a')
  a.href = url
  a.download = `polder-my-data-${new Date().toISOString().slice(0, 10)}.json`
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** One action: its explanation, the password, and (anonymise, delete) a second confirmation. */
function PrivacyAction({ action, onErased }: { action: 'download' | 'anonymise' | 'delete'; onErased?: () => void }) {
  const { LL } = useI18nContext()
  const p = LL.privacyPages
  const id = `privacy-${action}-${useId().replace(/:/g, '')}`
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | undefined>(undefined)
  const [failure, setFailure] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const confirmRef = useRef<HTMLButtonElement>(null)
  const title = action === 'download' ? p.downloadTitle() : action === 'anonymise' ? p.anonymiseTitle() : p.deleteTitle()
  const text = action === 'download' ? p.downloadText() : action === 'anonymise' ? p.anonymiseText() : p.deleteText()
  const label = action === 'download' ? p.download() : action === 'anonymise' ? p.anonymise() : p.delete()

  useEffect(() => {
    if (confirming) confirmRef.current?.focus()
  }, [confirming])

  const run = async () => {
    setBusy(true)
    setFailure(null)
    setDone(null)
    try {
      const r = await applyPrivacyCommand({ type: action, password })
      setConfirming(false)
      if (!r.ok) {
        if (r.error === 'passwordWrong') {
          setError(p.passwordWrong())
          document.getElementById(id)?.focus()
        } else setFailure(errorText(LL, r.error))
        return
      }
      setPassword('')
      if (action === 'download' && r.data) {
        saveFile(r.data)
        setDone(p.downloaded())
      } else onErased?.()
    } finally {
      setBusy(false)
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    if (!password) {
      setError(p.passwordRequired())
      document.getElementById(id)?.focus()
      return
    }
    setError(undefined)
    if (action === 'download') void run()
    else setConfirming(true)
  }

  return (
    <section className="privacy-action" aria-labelledby={`${id}-title`} data-testid={`privacy-${action}`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p>{text}</p>
      <form className="account-form" noValidate onSubmit={submit}>
        <TextField
          id={id}
          label={p.password()}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={error}
          required
        />
        {failure ? (
          <p role="alert" className="form-error">
            {failure}
          </p>
        ) : null}
        {done ? <p role="status">{done}</p> : null}
        {confirming ? (
          <div role="alertdialog" aria-labelledby={`${id}-confirm`} className="privacy-action__confirm">
            <p id={`${id}-confirm`}>{p.confirmErase()}</p>
            <button
              ref={confirmRef}
              type="button"
              className="button button--danger"
              disabled={busy}
              onClick={() => void run()}
              data-testid={`privacy-${action}-confirm`}
            >
              {p.confirm()}
            </button>{' '}
            <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
              {p.cancel()}
            </button>
          </div>
        ) : (
          <button
            type="submit"
            className={action === 'download' ? 'button' : 'button button--secondary'}
            disabled={busy}
            data-testid={`privacy-${action}-submit`}
          >
            {label}
          </button>
        )}
      </form>
    </section>
  )
}
