/**
 * The account mails' content in the store view's language (words from the dictionaries'
 * accountMail section): the password reset mail with its link to the spec's create-password route
 * (`{store view}/create-password/token/{token}/email/{email}`). Pure: no I/O.
 */
import { STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import { escapeHtml, wordsFor } from '../payments/payment-words'

export interface AccountMailContent {
  subject: string
  text: string
  html: string
}

/** The create-password page of the store view for this token and address, under `origin`. */
export function createPasswordUrl(origin: string, store: StoreCode, token: string, email: string): string {
  return `${origin.replace(/\/+$/, '')}${STORE_VIEWS[store].url}/create-password/token/${encodeURIComponent(token)}/email/${encodeURIComponent(email)}`
}

export function passwordResetMailContent(p: { store: StoreCode; name: string; email: string; link: string; hours: number }): AccountMailContent {
  const words = wordsFor(p.store)
  const m = words.accountMail
  const subject = m.resetSubject()
  const text = [
    m.greeting({ name: p.name }),
    '',
    m.resetIntro({ email: p.email }),
    '',
    m.resetAction(),
    p.link,
    '',
    m.resetExpiry({ hours: p.hours }),
    m.resetIgnore(),
    '',
    m.closing(),
    words.shopName(),
    '',
  ].join('\n')
  const e = escapeHtml
  const html = `<!doctype html>
<html lang="${e(STORE_VIEWS[p.store].htmlLang)}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body>
<p>${e(m.greeting({ name: p.name }))}</p>
<p>${e(m.resetIntro({ email: p.email }))}</p>
<p>${e(m.resetAction())}<br><a href="${e(p.link)}">${e(p.link)}</a></p>
<p>${e(m.resetExpiry({ hours: p.hours }))}<br>${e(m.resetIgnore())}</p>
<p>${e(m.closing())}<br>${e(words.shopName())}</p>
</body></html>
`
  return { subject, text, html }
}

/** The welcome mail after an account was made, with a link to the store view's account page. */
export function welcomeMailContent(p: { store: StoreCode; name: string; email: string; accountUrl: string }): AccountMailContent {
  const words = wordsFor(p.store)
  const m = words.accountMail
  const subject = m.welcomeSubject()
  const text = [
    m.greeting({ name: p.name }),
    '',
    m.welcomeIntro({ email: p.email }),
    '',
    m.welcomeAccount(),
    p.accountUrl,
    '',
    m.closing(),
    words.shopName(),
    '',
  ].join('\n')
  const e = escapeHtml
  const html = `<!doctype html>
<html lang="${e(STORE_VIEWS[p.store].htmlLang)}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body>
<p>${e(m.greeting({ name: p.name }))}</p>
<p>${e(m.welcomeIntro({ email: p.email }))}</p>
<p>${e(m.welcomeAccount())}<br><a href="${e(p.accountUrl)}">${e(p.accountUrl)}</a></p>
<p>${e(m.closing())}<br>${e(words.shopName())}</p>
</body></html>
`
  return { subject, text, html }
}

/** The store view's my-account page under `origin`. */
export function accountUrl(origin: string, store: StoreCode): string {
  return `${origin.replace(/\/+$/, '')}${STORE_VIEWS[store].url}/my-account`
}
