/**
 * The newsletter popup's host (spec §2 "Panels": newsletter popup): it counts the visit's page views
 * and its time, and opens the popup when src/ui/newsletter-popup-rule says so, once per shopper. Part
 * of the footer's chunk (footer-blocks.tsx), so it costs the first load nothing and is mounted in the
 * default layout only: the checkout's and the cart's pages (the minimal layout) never see it. The
 * dialog is a chunk of its own, fetched only when it opens.
 *
 * The visit (page views, start) is in sessionStorage: a reload or a store switch is the same visit.
 * The answer is in localStorage: written when the popup opens, so it never comes back, not even after
 * a reload while it was open. Without storage nothing could be remembered: then it never opens.
 */
import { useRouterState } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { withLaterWords } from '../dictionary'
import { useAccount } from '../data/use-account'
import { applyPrivacyCommand } from '../data/use-privacy'
import { usePanel } from '../ui/panels'
import { pageKey } from '../ui/route-change'
import { useStoreView } from '../ui/store-view'
import {
  NEWSLETTER_POPUP_DELAY_MS,
  NEWSLETTER_POPUP_KEY,
  shouldShowNewsletterPopup,
  type NewsletterPopupAnswer,
  type NewsletterPopupShopper,
} from '../ui/newsletter-popup-rule'

// its words are the footer's, in already with the footer's chunk (site-footer loadFooterBlocks): the
// same parts, since the dialog's form comes from that chunk
const loadNewsletterPopupDialog = () => withLaterWords(import('./newsletter-popup-dialog'), ['status', 'consent'])
type DialogModule = Awaited<ReturnType<typeof loadNewsletterPopupDialog>>

/** sessionStorage: this visit's page views and its start */
const VISIT_KEY = 'polder-newsletter-popup-visit'

interface Visit {
  pageViews: number
  startedAt: number
}

/** the page last counted in this page load: a re-render, a variant switch or a re-mount of the same page is no new view */
let countedPage: string | null = null

function readVisit(): Visit {
  try {
    const visit = JSON.parse(sessionStorage.getItem(VISIT_KEY) ?? 'null') as Partial<Visit> | null
    if (visit && typeof visit.pageViews === 'number' && typeof visit.startedAt === 'number') return { pageViews: visit.pageViews, startedAt: visit.startedAt }
  } catch {
    // unreadable: a new visit
  }
  return { pageViews: 0, startedAt: Date.now() }
}

function countPageView(page: string): Visit {
  const visit = readVisit()
  if (countedPage === page) return visit
  countedPage = page
  const next = { pageViews: visit.pageViews + 1, startedAt: visit.startedAt }
  try {
    sessionStorage.setItem(VISIT_KEY, JSON.stringify(next))
  } catch {
    // the count stays this page load's
  }
  return next
}

/** The stored answer; undefined when the device keeps nothing (storage blocked). */
function storedAnswer(): string | null | undefined {
  try {
    return localStorage.getItem(NEWSLETTER_POPUP_KEY)
  } catch {
    return undefined
  }
}

function remember(answer: NewsletterPopupAnswer): void {
  try {
    localStorage.setItem(NEWSLETTER_POPUP_KEY, answer)
  } catch {
    // checked before opening: storage that worked then and fails now only costs a second showing
  }
}

/** A logged-in customer's subscription, asked once per address when the popup would open for them. */
function useShopper(wouldOpen: boolean): NewsletterPopupShopper {
  const account = useAccount()
  const email = account?.loggedIn ? account.customer?.email : undefined
  const [known, setKnown] = useState<{ email: string; shopper: NewsletterPopupShopper } | null>(null)
  const asked = useRef<string | null>(null)
  useEffect(() => {
    if (!wouldOpen || !email || asked.current === email) return
    asked.current = email
    void applyPrivacyCommand({ type: 'newsletterStatus', email }).then(
      (result) => {
        // pending: they asked already and have the mail to confirm
        if (result.ok && result.newsletter) setKnown({ email, shopper: result.newsletter === 'unsubscribed' ? 'notSubscribed' : 'subscribed' })
      },
      () => undefined,
    )
  }, [wouldOpen, email])
  if (!account) return 'unknown'
  if (!account.loggedIn) return 'guest'
  return known && known.email === email ? known.shopper : 'unknown'
}

export function NewsletterPopup() {
  const { basePath } = useStoreView()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const path = pathname.startsWith(basePath) ? pathname.slice(basePath.length) || '/' : pathname
  const [visit, setVisit] = useState<Visit>(() => readVisit())
  const [now, setNow] = useState(() => Date.now())
  const [dialog, setDialog] = useState<DialogModule | null>(null)
  const { isOpen, open } = usePanel('newsletterPopup')
  const returnFocusTo = useRef<HTMLElement | null>(null)
  const subscribed = useRef(false)
  const wasOpen = useRef(false)

  useEffect(() => setVisit(countPageView(pageKey(path))), [path])

  const stored = storedAnswer()
  const situation = { stored: stored ?? null, path, pageViews: visit.pageViews, elapsedMs: now - visit.startedAt }
  const canOpen = stored !== undefined && dialog === null
  const shopper = useShopper(canOpen && shouldShowNewsletterPopup({ ...situation, shopper: 'notSubscribed' }))
  const show = canOpen && shouldShowNewsletterPopup({ ...situation, shopper })

  // the delay: one wake-up when it runs out (the rule is asked again then)
  const waitMs = NEWSLETTER_POPUP_DELAY_MS - (now - visit.startedAt)
  useEffect(() => {
    if (!canOpen || waitMs <= 0) return
    const timer = setTimeout(() => setNow(Date.now()), waitMs)
    return () => clearTimeout(timer)
  }, [canOpen, waitMs])

  useEffect(() => {
    if (!show) return
    let active = true
    loadNewsletterPopupDialog().then(
      (module) => {
        // the answer may have come from another tab meanwhile
        if (!active || storedAnswer() !== null) return
        remember('shown')
        // after a page load nothing has focus (the body): then it goes back to the page's main region
        const focused = document.activeElement
        returnFocusTo.current = focused instanceof HTMLElement && focused !== document.body ? focused : document.getElementById('main')
        setDialog(module)
        open()
      },
      // offline before the chunk was cached: asked again on the next page (the path is a dependency for that)
      (error: unknown) => console.warn('[app] the newsletter popup did not load', error),
    )
    return () => {
      active = false
    }
  }, [show, open, path])

  // closed in any way (its button, Escape, the overlay, another panel, a move to another page): answered
  useEffect(() => {
    if (isOpen) wasOpen.current = true
    else if (wasOpen.current) {
      wasOpen.current = false
      if (!subscribed.current) remember('closed')
    }
  }, [isOpen])

  if (!dialog) return null
  const onSubscribed = () => {
    subscribed.current = true
    remember('subscribed')
  }
  return <dialog.NewsletterPopupDialog returnFocusTo={returnFocusTo} onSubscribed={onSubscribed} />
}
