/**
 * A notification on screen (src/ui/notifications.tsx): its text, its actions and its close button;
 * while it shows, its height is published for the side panels on narrow screens.
 */
import { Link } from '@tanstack/react-router'
import { useEffect, useLayoutEffect, useState } from 'react'
import type { Notification } from '../../domain/notifications'
import { useI18nContext } from '../../locales/i18n-react'
import type { TranslationFunctions } from '../../locales/i18n-types'
import { LATER_MESSAGE_PARTS } from '../../locales/sections'
import { loadLaterWords } from '../dictionary'
import { translateNotification, type ShownNotification } from './notification-text'

/** Publishes the message's height, so that side panels on narrow screens end above it. */
function usePublishedHeight(node: HTMLElement | null): void {
  useLayoutEffect(() => {
    const root = document.documentElement
    if (!node) return
    const update = () => root.style.setProperty('--notification-space', `${Math.ceil(node.getBoundingClientRect().height) + 16}px`)
    update()
    root.classList.add('has-notification')
    const observer = new ResizeObserver(update)
    observer.observe(node)
    return () => {
      observer.disconnect()
      root.classList.remove('has-notification')
      root.style.removeProperty('--notification-space')
    }
  }, [node])
}

/**
 * Whether `n`'s words are not in yet: a message of the account pages, the coupons or the gift cards
 * comes with a later part of the dictionary (locales/sections.ts LATER_MESSAGE_PARTS), which the
 * data layer may raise on any page (an address sent once back online). Those parts are then
 * loaded, and the message shows once they are in.
 */
function useMessageWords(LL: TranslationFunctions, n: Notification | null): boolean {
  const missing = n !== null && translateNotification(LL, n) === ''
  const [, setLoaded] = useState(0)
  useEffect(() => {
    if (!missing) return
    let active = true
    loadLaterWords(LATER_MESSAGE_PARTS).then(
      () => {
        if (active) setLoaded((count) => count + 1)
      },
      (error: unknown) => console.warn('[notifications] the words of a message did not load', error),
    )
    return () => {
      active = false
    }
  }, [missing])
  return !missing
}

/** The message on screen, with its actions and its close button. */
export function NotificationView({ n: shown, dismiss }: { n: ShownNotification; dismiss: (id: string) => void }) {
  const { LL } = useI18nContext()
  const [node, setNode] = useState<HTMLDivElement | null>(null)
  usePublishedHeight(node)
  const n = useMessageWords(LL, shown) ? shown : null
  return n ? (
    <div ref={setNode} key={n.id} className={`notification notification--${n.type}`} data-testid="notification" data-type={n.type}>
      <p className="notification__message">{translateNotification(LL, n)}</p>
      <div className="notification__actions">
        {n.action1 === 'proceedToCheckout' ? (
          <Link to="/checkout" className="button button--small button--light" onClick={() => dismiss(n.id)}>
            {LL.actions.proceedToCheckout()}
          </Link>
        ) : null}
        {n.action1 === 'ok' ? (
          <button
            type="button"
            className="button button--small button--light"
            onClick={() => {
              dismiss(n.id)
              n.onAction?.()
            }}
          >
            {LL.actions.ok()}
          </button>
        ) : null}
        <button type="button" className="notification__close" aria-label={LL.actions.dismiss()} onClick={() => dismiss(n.id)}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </div>
  ) : null
}
