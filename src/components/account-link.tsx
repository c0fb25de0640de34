/**
 * The header's account link: "Log in" for a guest, the customer's first name once logged in; both go
 * to /my-account (its forms, or the profile). A session that ended by itself is told by the sign-up
 * modal of the layouts (components/session-ended). The answers to address changes made offline and
 * sent when back online are told here, wherever the shopper is by then.
 */
import { Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useI18nContext } from '../../locales/i18n-react'
import { applyAccountCommand, useAccount } from '../data/use-account'
import { useNotifications } from '../ui/notifications'

export function AccountLink() {
  const { LL } = useI18nContext()
  const account = useAccount()
  const { notify } = useNotifications()
  // the answers to address changes sent from the queue, told wherever the shopper is by then
  const notices = account?.addressNotices ?? []
  const noticeIds = notices.map((n) => n.id).join(' ')
  useEffect(() => {
    if (noticeIds === '') return
    notify(notices)
    void applyAccountCommand({ type: 'dismissAddressNotices', ids: noticeIds.split(' ') }).catch(() => undefined)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- told once per set of notices, named by their ids
  }, [noticeIds, notify])
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
