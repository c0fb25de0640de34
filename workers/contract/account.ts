/**
 * The customer's account as the UI sees it and the commands that change it (workers/account).
 * The worker answers keys, never text: the UI words them in the store view's language.
 */
import type { Notification } from '../../domain/notifications'

/** What the pages show of the session: who is logged in, if anyone. Tokens never leave the worker. */
export interface AccountView {
  loggedIn: boolean
  /** null while logged out, and while a fresh login's profile has not been read yet */
  customer: { email: string; firstname: string; lastname: string } | null
  /** a profile change made offline waits to be sent (the customer shows it already) */
  profilePending: boolean
  /**
   * The session ended by itself (the refresh token was refused, spec §4 "Token handling on a
   * 401"): the shopper is told and asked to log in again, until dismissed.
   */
  sessionEnded: boolean
}

export type AccountField = 'email' | 'password' | 'firstname' | 'lastname'

/** Every change to the account goes through one command (STYLE.md). */
export type AccountCommand =
  | { type: 'login'; email: string; password: string }
  /** create the account, then log in with it */
  | { type: 'register'; firstname: string; lastname: string; email: string; password: string }
  /** spec §4 "Logout": ends the session, clears user, wishlist, compare, checkout details and the cart (without sync) */
  | { type: 'logout' }
  /** POST /api/user/me: the name (the e-mail address stays) */
  | { type: 'updateProfile'; firstname: string; lastname: string }
  /** asks for the password-reset mail */
  | { type: 'resetPassword'; email: string }
  /** the shopper has been told that the session ended */
  | { type: 'dismissSessionEnded' }

/** Why a command did not do what was asked. */
export type AccountError =
  /** wrong e-mail address or password (one answer for both) */
  | 'signInIncorrect'
  | 'emailTaken'
  /** the login limit (429) */
  | 'tooManyAttempts'
  | 'offline'
  /** a field the server refused: `text` holds its words */
  | 'invalid'
  /** logged out meanwhile (the session could not be renewed) */
  | 'notLoggedIn'
  | 'serverError'

export interface AccountResult {
  ok: boolean
  error?: AccountError
  /** the server's own words for `invalid` */
  text?: string
  notifications: Notification[]
}
