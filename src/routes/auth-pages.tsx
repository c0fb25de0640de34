/**
 * Account entry points that arrive by link (spec §2): create-password from the e-mail
 * (/create-password/token/{token}/email/{email}) and the social-login pop-up callback
 * (/auth/callback/{provider}, empty layout). create-password sets the new password through the
 * worker (POST /api/user/create-password), which logs the shopper in with it: the account page
 * follows, with the spec's "Password has successfully been changed". The callback still says it
 * cannot sign in yet.
 */
import { useNavigate, useParams } from '@tanstack/react-router'
import { useI18nContext } from '../../locales/i18n-react'
import { useDocumentTitle } from '../ui/document-title'
import { notificationId, useNotifications } from '../ui/notifications'
import { CreatePasswordForm } from './password-forms'
import './account-pages.css'
import './auth-pages.css'

export function CreatePasswordPage() {
  const { LL } = useI18nContext()
  const navigate = useNavigate()
  const { notify } = useNotifications()
  const { email, token } = useParams({ from: '/default/create-password/token/$token/email/$email' })
  useDocumentTitle(LL.createPassword.title())
  return (
    <div className="account-page account-entry" data-route="create-password">
      <h1>{LL.createPassword.title()}</h1>
      <CreatePasswordForm
        email={email}
        token={token}
        onDone={() =>
          // a move to another page clears the message: it is told again once there
          void navigate({ to: '/my-account' }).then(() => notify([{ id: notificationId('password'), type: 'success', key: 'passwordChanged' }]))
        }
      />
    </div>
  )
}

export function SocialLoginCallbackPage() {
  const { LL } = useI18nContext()
  const { provider } = useParams({ from: '/empty/auth/callback/$provider' })
  useDocumentTitle(LL.socialLogin.title())
  return (
    <section className="empty-state" data-route="social-log-in-pop-up">
      <h1>{LL.socialLogin.title()}</h1>
      <p role="status">{LL.socialLogin.providerError({ provider })}</p>
    </section>
  )
}
