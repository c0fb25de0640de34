/**
 * my-social-profiles (spec §2; §3 "Social link"): the provider accounts that log in to
 * this customer, as the account keeps them (so the list shows offline too, as last read), read
 * again from the server when the page opens online. Link a provider (the same pop-up round as the
 * login, in `link` mode) or unlink one; both need a logged-in customer and a connection.
 */
import { useEffect, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { SOCIAL_PROVIDERS } from '../../../domain/social-providers'
import { formatDate } from '../../../domain/money'
import { useI18nContext } from '../../../locales/i18n-react'
import { useSyncStatus } from '../../data/hooks'
import { applyAccountCommand, useAccount } from '../../data/use-account'
import type { SocialLinkEntry } from '../../data/worker-types'
import { useNotifications } from '../../ui/notifications'
import { useStoreView } from '../../ui/store-view'
import { accountErrorText } from './account-forms'
import { AccountFrame } from './account-frame'
import { providerName, SocialRoundNotice, useSocialRound } from './social-login-buttons'

/** The server's time (`2026-11-25 19:30:00` is UTC, as Magento writes it; ISO strings as they are). */
function linkedAt(createdAt: string): Date | null {
  const date = new Date(/^\d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)?$/.test(createdAt) ? `${createdAt.replace(' ', 'T')}Z` : createdAt)
  return Number.isNaN(date.getTime()) ? null : date
}

export function SocialProfilesPage() {
  const { LL } = useI18nContext()
  const account = useAccount()
  const online = useSyncStatus()?.online ?? true
  const loggedIn = account?.loggedIn === true
  useEffect(() => {
    if (loggedIn && online) void applyAccountCommand({ type: 'loadSocialLinks' }).catch(() => undefined)
  }, [loggedIn, online])
  return (
    <AccountFrame title={LL.account.social()} route="my-social-profiles">
      {account && !account.loggedIn ? (
        <p role="status">
          {LL.socialLogin.loginFirst()} <Link to="/my-account">{LL.socialLogin.loginLink()}</Link>
        </p>
      ) : account ? (
        <SocialProfiles links={account.socialLinks} online={online} />
      ) : null}
    </AccountFrame>
  )
}

function SocialProfiles({ links, online }: { links: SocialLinkEntry[]; online: boolean }) {
  const { LL } = useI18nContext()
  const round = useSocialRound('link')
  const linkable = SOCIAL_PROVIDERS.filter((provider) => !links.some((link) => link.provider === provider))
  return (
    <div className="social-profiles" data-testid="social-profiles">
      <p>{LL.socialLogin.intro()}</p>
      {online ? null : (
        <p role="status" className="muted" data-testid="social-offline">
          {LL.socialLogin.offline()}
        </p>
      )}
      <h2>{LL.socialLogin.linksTitle()}</h2>
      {links.length === 0 ? (
        <p data-testid="social-none">{LL.socialLogin.none()}</p>
      ) : (
        <ul className="social-links" data-testid="social-links">
          {links.map((link) => (
            <SocialLinkItem key={link.linkId} link={link} online={online} />
          ))}
        </ul>
      )}
      {linkable.length > 0 ? (
        <div className="social-profiles__link-buttons">
          {linkable.map((provider) => (
            <button
              key={provider}
              type="button"
              className="button button--secondary"
              onClick={() => round.start(provider)}
              disabled={!online || round.pending !== null || round.working}
              aria-busy={round.pending === provider}
              data-testid={`social-link-${provider}`}
            >
              {LL.socialLogin.linkWith({ provider: providerName(LL, provider) })}
            </button>
          ))}
        </div>
      ) : null}
      <SocialRoundNotice round={round} />
    </div>
  )
}

function SocialLinkItem({ link, online }: { link: SocialLinkEntry; online: boolean }) {
  const { LL } = useI18nContext()
  const { storeView } = useStoreView()
  const { notify } = useNotifications()
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const name = providerName(LL, link.provider)
  const date = linkedAt(link.createdAt)
  const unlink = async () => {
    setBusy(true)
    setFailure(null)
    try {
      const result = await applyAccountCommand({ type: 'unlinkSocial', linkId: link.linkId })
      notify(result.notifications)
      if (!result.ok) setFailure(accountErrorText(LL, result.error ?? 'serverError'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <li className="social-links__item" data-testid={`social-link-item-${link.provider}`}>
      <div>
        <p>
          <strong>{name}</strong>
        </p>
        <p>{link.email ?? LL.socialLogin.noEmail()}</p>
        {date ? <p className="muted">{LL.socialLogin.linkedOn({ date: formatDate(date, storeView.i18n.dateFormat) })}</p> : null}
      </div>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => void unlink()}
        disabled={!online || busy}
        aria-label={LL.socialLogin.unlinkOf({ provider: name })}
        data-testid={`social-unlink-${link.provider}`}
      >
        {LL.socialLogin.unlink()}
      </button>
      {failure ? (
        <p role="alert" className="form-error">
          {failure}
        </p>
      ) : null}
    </li>
  )
}
