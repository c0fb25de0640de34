/**
 * "Continue with Google / Facebook" (be-nl-domain §6): the round runs in a pop-up, the server's
 * redirect first; the callback page posts the provider's answer back here (routes/social-auth
 * takes it only from this exact origin, for the round under way), and the worker checks it and
 * logs in (or links) with it. Pop-ups blocked: this tab
 * goes to the provider itself and the callback page finishes the round. A pop-up closed by the
 * shopper ends the round quietly; a cancel on the provider's page says so quietly; a refusal is an
 * alert, in the shopper's language.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { SOCIAL_PROVIDERS, type SocialProvider } from '../../../domain/social-providers'
import { useI18nContext } from '../../../locales/i18n-react'
import type { TranslationFunctions } from '../../../locales/i18n-types'
import { applyAccountCommand } from '../../data/use-account'
import { useNotifications } from '../../ui/notifications'
import { useStoreView } from '../../ui/store-view'
import { accountErrorText } from './account-forms'
import { isSocialAnswer, rememberSocialMode, socialRedirectUrl, SOCIAL_POPUP_NAME, type SocialMode } from './social-auth'
import './social-login.css'

/** How long a closed pop-up's last message may take to arrive before the round is given up. */
const CLOSED_GRACE_MS = 1000

export function providerName(LL: TranslationFunctions, provider: SocialProvider): string {
  return LL.socialLogin[provider]()
}

export interface SocialRound {
  /** the provider whose pop-up is open, if any */
  pending: SocialProvider | null
  /** the worker is logging in (or linking) with the answer */
  working: boolean
  notice: { kind: 'status' | 'alert'; text: string } | null
  start: (provider: SocialProvider) => void
}

/** One social round at a time for this page: `login` logs the shopper in, `link` adds the account to theirs. */
export function useSocialRound(mode: SocialMode): SocialRound {
  const { LL } = useI18nContext()
  const { notify } = useNotifications()
  const { storeView } = useStoreView()
  const [pending, setPending] = useState<SocialProvider | null>(null)
  const [working, setWorking] = useState(false)
  const [notice, setNotice] = useState<SocialRound['notice']>(null)
  const popup = useRef<Window | null>(null)
  const waiting = useRef<SocialProvider | null>(null)

  const finish = useCallback(
    async (answer: unknown) => {
      setWorking(true)
      try {
        const result = await applyAccountCommand({ type: mode === 'login' ? 'socialLogin' : 'linkSocial', answer })
        notify(result.notifications)
        if (result.error === 'socialCancelled') setNotice({ kind: 'status', text: accountErrorText(LL, result.error) })
        else if (!result.ok) setNotice({ kind: 'alert', text: accountErrorText(LL, result.error ?? 'serverError') })
      } catch (error) {
        console.error('[account] social login failed', error)
        setNotice({ kind: 'alert', text: accountErrorText(LL, 'serverError') })
      } finally {
        setWorking(false)
      }
    },
    [LL, mode, notify],
  )

  useEffect(() => {
    if (!pending) return
    const stop = () => {
      waiting.current = null
      setPending(null)
    }
    const onMessage = (event: MessageEvent) => {
      if (!isSocialAnswer(event, window.location.origin, pending) || waiting.current !== pending) return
      stop()
      void finish(event.data)
    }
    window.addEventListener('message', onMessage)
    // closed without an answer (the shopper closed it): the round ends, nothing to say
    let grace: number | undefined
    const timer = window.setInterval(() => {
      if (!popup.current?.closed) return
      window.clearInterval(timer)
      grace = window.setTimeout(() => waiting.current === pending && stop(), CLOSED_GRACE_MS)
    }, 500)
    return () => {
      window.removeEventListener('message', onMessage)
      window.clearInterval(timer)
      window.clearTimeout(grace)
    }
  }, [pending, finish])

  const start = (provider: SocialProvider) => {
    setNotice(null)
    rememberSocialMode(mode)
    const url = socialRedirectUrl(provider, storeView.storeCode, mode)
    const opened = window.open(url, SOCIAL_POPUP_NAME, 'popup,width=520,height=680')
    if (!opened) {
      // pop-ups blocked: the round goes on in this tab, and the callback page finishes it
      window.location.assign(url)
      return
    }
    popup.current = opened
    waiting.current = provider
    setPending(provider)
  }

  return { pending, working, notice, start }
}

/** The round's quiet status (working, cancelled), always in the page as a live region; a refusal as an alert, announced when it appears. */
export function SocialRoundNotice({ round }: { round: SocialRound }) {
  const { LL } = useI18nContext()
  return (
    <>
      <p role="status" className="social-login__status" data-testid="social-status">
        {round.working ? LL.account.busy() : round.notice?.kind === 'status' ? round.notice.text : null}
      </p>
      {round.notice?.kind === 'alert' ? (
        <p role="alert" className="social-login__failure" data-testid="social-failure">
          {round.notice.text}
        </p>
      ) : null}
    </>
  )
}

/** The login form's way in through a provider. */
export function SocialLoginButtons() {
  const { LL } = useI18nContext()
  const round = useSocialRound('login')
  return (
    <div className="social-login" data-testid="social-login">
      <p className="social-login__or">{LL.socialLogin.or()}</p>
      <ul className="social-login__buttons">
        {SOCIAL_PROVIDERS.map((provider) => (
          <li key={provider}>
            <button
              type="button"
              className={`button button--secondary button--block social-login__button social-login__button--${provider}`}
              onClick={() => round.start(provider)}
              disabled={round.pending !== null || round.working}
              aria-busy={round.pending === provider}
              data-testid={`social-login-${provider}`}
            >
              {LL.socialLogin.continueWith({ provider: providerName(LL, provider) })}
            </button>
          </li>
        ))}
      </ul>
      <SocialRoundNotice round={round} />
    </div>
  )
}
