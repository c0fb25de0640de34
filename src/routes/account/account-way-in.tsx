/**
 * The account's way in, wherever a shopper logs in (/my-account logged out, the session-ended
 * modal): log in (with the social-login buttons under the form), register or ask for a password
 * reset, one form at a time, its heading naming it.
 */
import { useState } from 'react'
import { ForgotPasswordForm, LoginForm, RegisterForm, type AccountMode } from './account-forms'
import { SocialLoginButtons } from './social-login-buttons'

export function AccountWayIn() {
  const [mode, setMode] = useState<AccountMode>('login')
  if (mode === 'register') return <RegisterForm onMode={setMode} />
  if (mode === 'forgot') return <ForgotPasswordForm onMode={setMode} />
  return <LoginForm onMode={setMode} alternatives={<SocialLoginButtons />} />
}
