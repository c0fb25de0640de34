/**
 * The newsletter's double opt-in in the store view's language (words from the dictionaries'
 * newsletterMail section): the confirmation mail with its single-use link and the address's
 * unsubscribe link, the mail with only that link (someone asked to unsubscribe the address without
 * proof that it is theirs), and the small pages the links open. A link's page only shows a button that
 * posts the token (a mail scanner that opens links must not subscribe or unsubscribe anybody); no
 * script and no inline style (the shop's CSP allows neither).
 * Pure: no I/O.
 */
import { STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import { plainPage } from '../http/plain-page'
import { escapeHtml as e, wordsFor } from '../payments/payment-words'
import type { AccountMailContent } from './account-mail'
import { linkMail } from './link-mail'

export const CONFIRM_PATH = '/api/ext/newsletter/confirm'
export const UNSUBSCRIBE_PATH = '/api/ext/newsletter/unsubscribe'

/** The confirmation page of a token under `origin`, in `store`'s language. */
export function newsletterConfirmUrl(origin: string, store: StoreCode, token: string): string {
  return `${origin.replace(/\/+$/, '')}${CONFIRM_PATH}?storeCode=${store}&token=${encodeURIComponent(token)}`
}

/** The unsubscribe page of an address and its link's token under `origin`, in `store`'s language. */
export function newsletterUnsubscribeUrl(origin: string, store: StoreCode, email: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}${UNSUBSCRIBE_PATH}?storeCode=${store}&email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`
}

export function newsletterConfirmMailContent(p: { store: StoreCode; email: string; link: string; unsubscribeLink: string; days: number }): AccountMailContent {
  const words = wordsFor(p.store)
  const m = words.newsletterMail
  return linkMail(p.store, m.subject(), [
    [m.greeting()],
    [m.intro({ email: p.email })],
    [m.action(), { link: p.link }],
    [m.expiry({ days: p.days }), m.ignore()],
    [m.unsubscribeIntro({ email: p.email }), { link: p.unsubscribeLink }],
    [m.closing(), words.shopName()],
  ])
}

/** The address's unsubscribe link, mailed to it when someone asked to unsubscribe it without proof. */
export function newsletterUnsubscribeMailContent(p: { store: StoreCode; email: string; unsubscribeLink: string }): AccountMailContent {
  const words = wordsFor(p.store)
  const m = words.newsletterMail
  return linkMail(p.store, m.unsubscribeRequestSubject(), [
    [m.greeting()],
    [m.unsubscribeRequestIntro({ email: p.email })],
    [m.unsubscribeRequestAction(), { link: p.unsubscribeLink }],
    [m.unsubscribeRequestIgnore()],
    [m.closing(), words.shopName()],
  ])
}

/** A page with its title as heading and a link back to the store view. */
function page(store: StoreCode, title: string, body: string): string {
  const words = wordsFor(store)
  return plainPage(
    STORE_VIEWS[store].htmlLang,
    title,
    `<h1>${e(title)}</h1>
${body}
<p><a href="${e(STORE_VIEWS[store].url)}/">${e(words.newsletterMail.backToShop())}</a></p>`,
  )
}

/** The link's page: the address and a button that posts the token. */
export function renderConfirmPage(store: StoreCode, email: string, token: string): string {
  const m = wordsFor(store).newsletterMail
  return page(
    store,
    m.confirmTitle(),
    `<p>${e(m.confirmText({ email }))}</p>
<form method="post" action="${CONFIRM_PATH}?storeCode=${store}">
<input type="hidden" name="token" value="${e(token)}">
<button type="submit">${e(m.confirmButton())}</button>
</form>`,
  )
}

export function renderConfirmedPage(store: StoreCode, email: string): string {
  const m = wordsFor(store).newsletterMail
  return page(store, m.confirmedTitle(), `<p>${e(m.confirmedText({ email }))}</p>`)
}

/** The unsubscribe link's page: the address and a button that posts it with the token. */
export function renderUnsubscribePage(store: StoreCode, email: string, token: string): string {
  const m = wordsFor(store).newsletterMail
  return page(
    store,
    m.unsubscribeTitle(),
    `<p>${e(m.unsubscribeText({ email }))}</p>
<form method="post" action="${UNSUBSCRIBE_PATH}?storeCode=${store}">
<input type="hidden" name="email" value="${e(email)}">
<input type="hidden" name="token" value="${e(token)}">
<button type="submit">${e(m.unsubscribeButton())}</button>
</form>`,
  )
}

export function renderUnsubscribedPage(store: StoreCode, email: string): string {
  const m = wordsFor(store).newsletterMail
  return page(store, m.unsubscribedTitle(), `<p>${e(m.unsubscribedText({ email }))}</p>`)
}

export function renderUnsubscribeInvalidPage(store: StoreCode): string {
  const m = wordsFor(store).newsletterMail
  return page(store, m.invalidTitle(), `<p>${e(m.unsubscribeInvalidText())}</p>`)
}

export function renderLinkInvalidPage(store: StoreCode): string {
  const m = wordsFor(store).newsletterMail
  return page(store, m.invalidTitle(), `<p>${e(m.invalidText())}</p>`)
}
