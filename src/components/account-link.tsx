/**
 * The header's account link: "Log in" for a guest, the customer's first name once logged in; both go
 * to /my-account (its forms, or the profile). A session that ended by itself is told by the sign-up
 * modal of the layouts (components/session-ended).
 */
import { Link } from '@tanstack/react-router'
import { useI18nContext } from '../../locales/i18n-react'
import { useAccount } from '../data/use-account'

export function AccountLink() {
  const { LL } = useI18nContext()
  const account = useAccount()
  const name = account?.loggedIn ? (account.customer?.firstname ?? '') : null
  return (
    <Link
      to="/my-account"
      className="header-account-link"
      data-testid="header-account"
      aria-label={name !== null ? LL.account.accountOf({ name }) : LL.account.signIn()}
    >
      <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="22" height="22">
        <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="header-account-link__text" data-testid="header-account-name" aria-hidden="true">
        {name !== null ? name : LL.account.signIn()}
      </span>
    </Link>
  )
}
