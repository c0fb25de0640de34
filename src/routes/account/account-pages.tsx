/**
 * The my-account pages (spec §2). /my-account is the way in: logged out it shows the login,
 * register and forgot-password forms (routes/account-forms), logged in the customer's profile
 * (name edited through POST /api/user/me) and the logout; under the login form, the social-login
 * buttons (routes/account-way-in). The other account pages have their own files
 * (address-book-page, privacy-pages, orders-pages, social-profiles-page), and share the frame
 * (routes/account-frame).
 */
import { useState } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import { applyAccountCommand, useAccount } from '../../data/use-account'
import { useDocumentTitle } from '../../ui/document-title'
import { useNotifications } from '../../ui/notifications'
import { ChangePasswordForm } from './password-forms'
import { ProfileForm } from './account-forms'
import { AccountWayIn } from './account-way-in'
import { AccountFrame } from './account-frame'
import './account-pages.css'

export function MyAccountPage() {
  const { LL } = useI18nContext()
  const account = useAccount()
  if (account && !account.loggedIn) return <AccountEntry />
  return (
    <AccountFrame title={LL.account.title()} route="my-account">
      {account ? <Profile customer={account.customer} pending={account.profilePending} /> : null}
    </AccountFrame>
  )
}

/** Logged out: log in, register or ask for a password reset (one at a time, the heading names it). */
function AccountEntry() {
  const { LL } = useI18nContext()
  useDocumentTitle(LL.account.title())
  return (
    <div className="account-page account-entry" data-route="my-account">
      <h1>{LL.account.title()}</h1>
      <AccountWayIn />
    </div>
  )
}

function Profile({ customer, pending }: { customer: { email: string; firstname: string; lastname: string } | null; pending: boolean }) {
  const { LL } = useI18nContext()
  const { notify } = useNotifications()
  const [editing, setEditing] = useState(false)
  const [changingPassword, setChangingPassword] = useState(false)
  const [leaving, setLeaving] = useState(false)
  const logout = async () => {
    setLeaving(true)
    try {
      notify((await applyAccountCommand({ type: 'logout' })).notifications)
    } finally {
      setLeaving(false)
    }
  }
  if (!customer) return <p role="status">{LL.account.profileLoading()}</p>
  return (
    <div className="account-profile" data-testid="account-profile">
      <p className="account-profile__greeting">{LL.account.greeting({ name: customer.firstname })}</p>
      <h2>{LL.account.profile()}</h2>
      {editing ? (
        <ProfileForm firstname={customer.firstname} lastname={customer.lastname} email={customer.email} onDone={() => setEditing(false)} />
      ) : (
        <>
          <dl className="account-profile__details">
            <dt>{LL.account.firstname()}</dt>
            <dd data-testid="profile-firstname">{customer.firstname}</dd>
            <dt>{LL.account.lastname()}</dt>
            <dd data-testid="profile-lastname">{customer.lastname}</dd>
            <dt>{LL.account.email()}</dt>
            <dd data-testid="profile-email">{customer.email}</dd>
          </dl>
          {pending ? (
            <p role="status" className="muted" data-testid="profile-pending">
              {LL.account.profilePending()}
            </p>
          ) : null}
          <button type="button" className="button button--secondary" onClick={() => setEditing(true)} data-testid="profile-edit">
            {LL.account.edit()}
          </button>
        </>
      )}
      {changingPassword ? (
        <ChangePasswordForm onDone={() => setChangingPassword(false)} />
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setChangingPassword(true)} data-testid="change-password">
          {LL.account.changePassword()}
        </button>
      )}
      <button type="button" className="button button--secondary account-profile__logout" onClick={() => void logout()} disabled={leaving} data-testid="logout">
        {LL.account.logout()}
      </button>
    </div>
  )
}
