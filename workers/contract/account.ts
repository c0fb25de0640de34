/**
 * The customer's account as the UI sees it and the commands that change it (workers/account).
 * The worker answers keys, never text: the UI words them in the store view's language.
 */
import type { SocialProvider } from '../../domain/api/social-login.schema'
import type { Notification } from '../../domain/notifications'
import type { Country } from '../../domain/store-views'

/** An address of the book as its form holds it (domain/address checks it, streetLines sends it). */
export interface AddressForm {
  firstname: string
  lastname: string
  company: string
  vatId: string
  country: Country
  street: string
  houseNumber: string
  addition: string
  postcode: string
  city: string
  telephone: string
  defaultShipping: boolean
  defaultBilling: boolean
}

/** An address of the customer's book as the page lists it. */
export interface AddressBookEntry extends AddressForm {
  /** stable key for the list and the commands: `a-<id>` for a stored address, `p-<n>` for one not sent yet */
  key: string
  /** the server's id; null while a new address waits to be sent */
  id: number | null
  /** changed offline: waits to be sent (save) or removed (delete) when back online */
  pending: 'save' | 'delete' | null
}

/** A provider account that logs in to this customer (spec §3 "Social link"), as my-social-profiles lists it. */
export interface SocialLinkEntry {
  linkId: number
  provider: SocialProvider
  /** the e-mail address the provider gave, if any */
  email: string | null
  /** when it was linked, as the server wrote it */
  createdAt: string
}

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
  /** the address book (empty while logged out), with the changes that wait to be sent */
  addresses: AddressBookEntry[]
  /**
   * The answers to address changes sent from the queue after being saved offline (spec §4 "Address
   * save, update, delete": a success notice on 200, else an error), to be told until dismissed.
   */
  addressNotices: Notification[]
  /** the social links as last read from the server (empty while logged out), so the page lists them offline */
  socialLinks: SocialLinkEntry[]
}

export type AccountField = 'email' | 'password' | 'firstname' | 'lastname'

/** Every change to the account goes through one command (STYLE.md). */
export type AccountCommand =
  | { type: 'login'; email: string; password: string }
  /** create the account, then log in with it */
  | { type: 'register'; firstname: string; lastname: string; email: string; password: string }
  /** spec §4 "Logout": ends the session, clears user, wishlist, compare, checkout details and the cart (without sync) */
  | { type: 'logout' }
  /**
   * POST /api/user/me: the name, and the e-mail address (left out: it stays). A new address needs
   * the current password and a connection; the name alone is queued offline.
   */
  | { type: 'updateProfile'; firstname: string; lastname: string; email?: string; currentPassword?: string }
  /** asks for the password-reset mail */
  | { type: 'resetPassword'; email: string }
  /** the reset mail's link (spec §2 create-password): the new password, then logged in with it */
  | { type: 'createPassword'; email: string; token: string; password: string }
  /** POST /api/user/change-password: the current password again and the new one */
  | { type: 'changePassword'; currentPassword: string; newPassword: string }
  /** creates (no key) or updates an address of the book; offline it is queued (spec §4 "Address save") */
  | { type: 'saveAddress'; key?: string; address: AddressForm }
  | { type: 'deleteAddress'; key: string }
  /** the shopper has been told that the session ended */
  | { type: 'dismissSessionEnded' }
  /** the shopper has been told these answers of queued address changes */
  | { type: 'dismissAddressNotices'; ids: string[] }
  /**
   * spec §7 "Social login": the callback page's answer (the contract's SocialAuthMessage, checked in
   * the worker: the page has no zod); with its code and state, the password login's own steps follow
   */
  | { type: 'socialLogin'; answer: unknown }
  /** the logged-in customer's account gets the provider account (the answer of a `mode=link` round) */
  | { type: 'linkSocial'; answer: unknown }
  /** the customer's links read from the server into the account (online only; the view keeps the last ones) */
  | { type: 'loadSocialLinks' }
  /** removes a link on the server, then here */
  | { type: 'unlinkSocial'; linkId: number }

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
  /** the reset mail's link is spent, expired or not this address's */
  | 'resetTokenInvalid'
  /** change-password, or a new e-mail address: the current password is not this account's */
  | 'currentPasswordWrong'
  /** a new e-mail address was sent without the current password */
  | 'currentPasswordMissing'
  /** the shopper cancelled on the provider's page (quiet: nothing went wrong) */
  | 'socialCancelled'
  /** the provider sent back an error, or no code */
  | 'socialProviderError'
  /** the shop refused the provider's answer (a spent or expired code, a state that does not match) */
  | 'socialRefused'
  /** the provider account has no e-mail address */
  | 'socialEmailMissing'
  /** an account has the e-mail address and the provider did not verify it: log in with the password, then link */
  | 'socialEmailUnverified'
  /** link: that provider account already logs in to another customer */
  | 'socialLinkTaken'
  /** the provider cannot be reached now */
  | 'socialUnavailable'
  | 'serverError'

export interface AccountResult {
  ok: boolean
  error?: AccountError
  /** the server's own words for `invalid` */
  text?: string
  notifications: Notification[]
}
