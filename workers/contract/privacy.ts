/**
 * The newsletter and the data protection calls of the logged-in customer as the UI asks them
 * (workers/account/privacy-module). The worker answers keys, never text: the UI words them.
 */

export type NewsletterState = 'subscribed' | 'pending' | 'unsubscribed'

export type PrivacyCommand =
  /** the subscription state of the address */
  | { type: 'newsletterStatus'; email: string }
  /** double opt-in: the answer is 'pending' (a confirmation mail went out) or 'subscribed' (already was) */
  | { type: 'newsletterSubscribe'; email: string }
  | { type: 'newsletterUnsubscribe'; email: string }
  /** everything the shop holds about the customer, as JSON text (the page offers it as a file) */
  | { type: 'download'; password: string }
  /** personal data replaced; the shopper is logged out on this device */
  | { type: 'anonymise'; password: string }
  /** the account deleted; the shopper is logged out on this device */
  | { type: 'delete'; password: string }

export type PrivacyError = 'offline' | 'passwordWrong' | 'notLoggedIn' | 'tooManyAttempts' | 'invalid' | 'serverError'

export interface PrivacyResult {
  ok: boolean
  error?: PrivacyError
  /** the newsletter commands: the state after the call */
  newsletter?: NewsletterState
  /** download: the export, pretty-printed JSON */
  data?: string
}
