/**
 * The account mails' content in the store view's language (words from the dictionaries'
 * accountMail section): the password reset mail with its link to the spec's create-password route
 * (`{store view}/create-password/token/{token}/email/{email}`). Pure: no I/O.
 */
import { STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import { wordsFor } from '../payments/payment-words'
import { linkMail, type MailContent } from './link-mail'

export type AccountMailContent = MailContent

/** The create-password page of the store view for this token and address, under `origin`. */
export function createPasswordUrl(origin: string, store: StoreCode, token: string, email: string): string {
  return `${origin.replace(/\/+$/, '')}${STORE_VIEWS[store].url}/create-password/token/${encodeURIComponent(token)}/email/${encodeURIComponent(email)}`
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

/** The store view's my-account page under `origin`. */
export function accountUrl(origin: string, store: StoreCode): string {
  return `${origin.replace(/\/+$/, '')}${STORE_VIEWS[store].url}/my-account`
}
