/**
 * The account mails' content in the store view's language (words from the dictionaries'
 * accountMail section): the password reset mail with its link to the spec's create-password route
 * (`{store view}/create-password/token/{token}/email/{email}`), the welcome mail, and the notice to
 * an account's former e-mail address. Pure: no I/O.
 */
import { STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import { isFrenchHost, siblingOrigins } from '../http/public-origin'
import { wordsFor } from '../payments/payment-words'
import { linkMail, type MailContent } from './link-mail'

export type AccountMailContent = MailContent

/**
 * A page of the store view under `origin`: the French store view on its own host (no prefix) when the
 * origin is that host, as the shopper who asked is there (its own local database and session);
 * every store view on the main host under its prefix otherwise (server/social/callback-url's rule).
 */
export function storePageUrl(origin: string, store: StoreCode, path: string): string {
  const trimmed = origin.replace(/\/+$/, '')
  const { main, french } = siblingOrigins(trimmed)
  const onFrenchHost = isFrenchHost(new URL(trimmed).host)
  return store === 'fr' && onFrenchHost ? `${french}${path}` : `${onFrenchHost ? main : trimmed}${STORE_VIEWS[store].url}${path}`
}

/** The create-password page of the store view for this token and address, under `origin`. */
export function createPasswordUrl(origin: string, store: StoreCode, token: string, email: string): string {
  return storePageUrl(origin, store, `/create-password/token/${encodeURIComponent(token)}/email/${encodeURIComponent(email)}`)
}

export function passwordResetMailContent(p: { store: StoreCode; name: string; email: string; link: string; hours: number }): AccountMailContent {
  const words = wordsFor(p.store)
  const m = words.accountMail
  return linkMail(p.store, m.resetSubject(), [
    [m.greeting({ name: p.name })],
    [m.resetIntro({ email: p.email })],
    [m.resetAction(), { link: p.link }],
    [m.resetExpiry({ hours: p.hours }), m.resetIgnore()],
    [m.closing(), words.shopName()],
  ])
}

/** The welcome mail after an account was made, with a link to the store view's account page. */
export function welcomeMailContent(p: { store: StoreCode; name: string; email: string; accountUrl: string }): AccountMailContent {
  const words = wordsFor(p.store)
  const m = words.accountMail
  return linkMail(p.store, m.welcomeSubject(), [
    [m.greeting({ name: p.name })],
    [m.welcomeIntro({ email: p.email })],
    [m.welcomeAccount(), { link: p.accountUrl }],
    [m.closing(), words.shopName()],
  ])
}

/**
 * The mail to the address an account had, once it was changed: the old mailbox's owner learns of a
 * change they did not make while it can still be undone (the new address alone gets reset links).
 * No link in it: a mail that says "your account changed" is what a phishing mail looks like.
 */
export function emailChangedMailContent(p: { store: StoreCode; name: string; oldEmail: string; newEmail: string }): AccountMailContent {
  const words = wordsFor(p.store)
  const m = words.accountMail
  return linkMail(p.store, m.emailChangedSubject(), [
    [m.greeting({ name: p.name })],
    [m.emailChangedIntro({ oldEmail: p.oldEmail, newEmail: p.newEmail })],
    [m.emailChangedNotYou()],
    [m.closing(), words.shopName()],
  ])
}

/** The store view's my-account page under `origin`. */
export function accountUrl(origin: string, store: StoreCode): string {
  return storePageUrl(origin, store, '/my-account')
}
