/**
 * When the newsletter popup (spec §2 "Panels": newsletter popup) invites a shopper: once per shopper,
 * on the second page of a visit or after a while on the shop, never where the shopper is busy, never
 * for a customer already on the list. Pure, no imports: the e2e config reads the key from here too.
 */

/** The shopper's answer on this device (localStorage), beside the app's other polder-* keys. */
export const NEWSLETTER_POPUP_KEY = 'polder-newsletter-popup'

/** The page view of a visit the popup comes on at the latest. */
export const NEWSLETTER_POPUP_PAGE_VIEW = 2

/** Time on the shop after which the popup comes on the first page already. */
export const NEWSLETTER_POPUP_DELAY_MS = 30_000

/**
 * The stored answer: `shown` is written the moment it opens (a reload while it is open must not
 * bring it back), then `subscribed` or `closed`. Any of them means: never again.
 */
export const NEWSLETTER_POPUP_ANSWERS = ['shown', 'subscribed', 'closed'] as const
export type NewsletterPopupAnswer = (typeof NEWSLETTER_POPUP_ANSWERS)[number]

/**
 * Pages where the shopper is busy with something else (the path within the store view): the cart
 * and the checkout with its payment returns, the account pages (signing in, registering, their own
 * newsletter page) and setting a password.
 */
const BUSY_PAGES = /^\/(checkout|success|cancel|error|my-account|create-password|auth)(\/|$)/

export function isBusyPage(path: string): boolean {
  return BUSY_PAGES.test(path)
}

/**
 * `guest`: nobody logged in; a logged-in customer is `subscribed` (or waiting to confirm: asked
 * already) or `notSubscribed`; `unknown` while that is not known yet (the worker's first answer, or
 * offline): then the popup waits.
 */
export type NewsletterPopupShopper = 'guest' | 'subscribed' | 'notSubscribed' | 'unknown'

export interface NewsletterPopupSituation {
  /** what localStorage holds under NEWSLETTER_POPUP_KEY */
  stored: string | null
  /** the page's path within the store view (no store prefix) */
  path: string
  /** page views of this visit, this one included */
  pageViews: number
  /** how long the shopper has been on the shop in this visit */
  elapsedMs: number
  shopper: NewsletterPopupShopper
}

export function readNewsletterPopupAnswer(stored: string | null): NewsletterPopupAnswer | null {
  return NEWSLETTER_POPUP_ANSWERS.find((answer) => answer === stored) ?? null
}

/** Whether the popup opens now. */
export function shouldShowNewsletterPopup(situation: NewsletterPopupSituation): boolean {
  if (readNewsletterPopupAnswer(situation.stored) !== null) return false
  if (isBusyPage(situation.path)) return false
  if (situation.shopper !== 'guest' && situation.shopper !== 'notSubscribed') return false
  return situation.pageViews >= NEWSLETTER_POPUP_PAGE_VIEW || situation.elapsedMs >= NEWSLETTER_POPUP_DELAY_MS
}
