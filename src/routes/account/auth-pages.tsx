/**
 * Account entry points that arrive by link (spec §2): create-password from the e-mail
 * (/create-password/token/{token}/email/{email}) and the social-login pop-up callback
 * (/auth/callback/{provider}, empty layout). create-password sets the new password through the
 * worker (POST /api/user/create-password), which logs the shopper in with it: the account page
 * follows, with the spec's "Password has successfully been changed". The callback hands the
 * provider's answer to the page that opened the pop-up, or finishes the round itself.
 */
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router'
import { isSocialProvider } from '../../../domain/social-providers'
import { useI18nContext } from '../../../locales/i18n-react'
import { applyAccountCommand } from '../../data/use-account'
import { useDocumentTitle } from '../../ui/document-title'
import { notificationId, useNotifications } from '../../ui/notifications'
import { accountErrorText, ForgotPasswordForm } from './account-forms'
import { CreatePasswordForm } from './password-forms'
import { callbackMessage, sameOriginOpener, SOCIAL_POPUP_NAME, takeSocialMode, type SocialMode } from './social-auth'
import { providerName } from './social-login-buttons'
import './account-pages.css'
import './auth-pages.css'

export function CreatePasswordPage() {
  const { LL } = useI18nContext()
  const navigate = useNavigate()
  const { notify } = useNotifications()
  const { email, token } = useParams({ from: '/default/create-password/token/$token/email/$email' })
  // a spent or expired link: the shopper asks for a new one here, the address filled in
  const [newLink, setNewLink] = useState(false)
  useDocumentTitle(LL.createPassword.title())
  return (
    <div className="account-page account-entry" data-route="create-password">
      <h1>{LL.createPassword.title()}</h1>
      {newLink ? (
        <ForgotPasswordForm email={email} onMode={() => void navigate({ to: '/my-account' })} />
      ) : (
        <CreatePasswordForm
          email={email}
          token={token}
          onNewLink={() => setNewLink(true)}
          onDone={() =>
            // a move to another page clears the message: it is told again once there
            void navigate({ to: '/my-account' }).then(() => notify([{ id: notificationId('password'), type: 'success', key: 'passwordChanged' }]))
          }
        />
      )}
    </div>
  )
}

/**
 * The provider sends the shopper back here with `?code&state` (or `?error`). In the pop-up the
 * answer goes to the page that opened it (this exact origin only) and the pop-up closes; without an
 * opener (pop-ups were blocked, or a provider's page cut the tie) this page finishes the round
 * through the worker itself: the round this tab started (login or link), then the account page.
 */
export function SocialLoginCallbackPage() {
  const { LL } = useI18nContext()
  const navigate = useNavigate()
  const { notify } = useNotifications()
  const { provider } = useParams({ from: '/empty/auth/callback/$provider' })
  const search = useSearch({ strict: false }) as Record<string, unknown>
  const name = isSocialProvider(provider) ? providerName(LL, provider) : provider
  const [shown, setShown] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null)
  const [working, setWorking] = useState<SocialMode | null>(null)
  // a code is good once: the round runs once per page, whatever runs the effect again
  const ran = useRef(false)
  useDocumentTitle(LL.socialLogin.title())

  useEffect(() => {
    if (ran.current) return
    ran.current = true
    if (!isSocialProvider(provider)) return setShown({ kind: 'alert', text: accountErrorText(LL, 'socialProviderError') })
    const answer = callbackMessage(provider, search)
    const opener = sameOriginOpener()
    if (opener) {
      opener.postMessage(answer, window.location.origin)
      setShown({ kind: 'status', text: LL.socialLogin.closeWindow() })
      window.close()
      return
    }
    // no page to hand the answer to: this page finishes the round that this tab started
    const mode = takeSocialMode()
    setWorking(mode)
    void applyAccountCommand({ type: mode === 'link' ? 'linkSocial' : 'socialLogin', answer })
      .then((result) => {
        if (!result.ok)
          return setShown({ kind: result.error === 'socialCancelled' ? 'status' : 'alert', text: accountErrorText(LL, result.error ?? 'serverError') })
        if (window.name === SOCIAL_POPUP_NAME) window.close()
        // a move to another page clears the message: it is told once there
        return navigate({ to: mode === 'link' ? '/my-account/social' : '/my-account' }).then(() => notify(result.notifications))
      })
      .catch((error: unknown) => {
        console.error('[account] social login failed', error)
        setShown({ kind: 'alert', text: accountErrorText(LL, 'serverError') })
      })
      .finally(() => setWorking(null))
  }, [LL, navigate, notify, provider, search])

  return (
    <section className="empty-state social-callback" data-route="social-log-in-pop-up">
      <h1>{LL.socialLogin.title()}</h1>
      <p role="status" data-testid="social-callback-status">
        {working
          ? working === 'link'
            ? LL.socialLogin.linking({ provider: name })
            : LL.socialLogin.working({ provider: name })
          : shown?.kind === 'status'
            ? shown.text
            : null}
      </p>
      <p role="alert" className="form-error">
        {shown?.kind === 'alert' ? shown.text : null}
      </p>
      {shown ? <Link to="/my-account">{LL.account.title()}</Link> : null}
    </section>
  )
}
