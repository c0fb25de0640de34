/**
 * Account entry points that arrive by link (spec §2): create-password from the e-mail
 * (/create-password/token/{token}/email/{email}) and the social-login pop-up callback
 * (/auth/callback/{provider}, empty layout). Accounts come with a later issue: the form is a shell
 * whose submit stays disabled, and the callback says it cannot sign in yet. Neither sends anything.
 */
import { useParams } from '@tanstack/react-router'
import { useId, type FormEvent } from 'react'
import { useI18nContext } from '../../locales/i18n-react'
import { useDocumentTitle } from '../ui/document-title'
import './auth-pages.css'

export function CreatePasswordPage() {
  const { LL } = useI18nContext()
  const { email } = useParams({ from: '/default/create-password/token/$token/email/$email' })
  const id = useId()
  useDocumentTitle(LL.createPassword.title())
  const explanation = `${id}-explanation`
  return (
    <section className="empty-state" data-route="create-password">
      <h1>{LL.createPassword.title()}</h1>
      <form className="shell-form" onSubmit={(e: FormEvent) => e.preventDefault()} noValidate>
        <label>
          {LL.createPassword.email()}
          <input type="email" name="email" value={email} readOnly autoComplete="email" />
        </label>
        <label>
          {LL.createPassword.password()}
          <input type="password" name="password" autoComplete="new-password" />
        </label>
        <label>
          {LL.createPassword.confirm()}
          <input type="password" name="confirmPassword" autoComplete="new-password" />
        </label>
        <p id={explanation} role="status">
          {LL.createPassword.notAvailable()}
        </p>
        <button type="submit" className="button button--primary" disabled aria-describedby={explanation}>
          {LL.createPassword.submit()}
        </button>
      </form>
    </section>
  )
}

export function SocialLoginCallbackPage() {
  const { LL } = useI18nContext()
  const { provider } = useParams({ from: '/empty/auth/callback/$provider' })
  useDocumentTitle(LL.socialLogin.title())
  return (
    <section className="empty-state" data-route="social-log-in-pop-up">
      <h1>{LL.socialLogin.title()}</h1>
      <p role="status">{LL.socialLogin.text({ provider })}</p>
    </section>
  )
}
