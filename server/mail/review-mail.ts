/**
 * A guest's review confirmation in the store view's language (words from the dictionaries'
 * reviewMail section): the mail with its single-use link, and the small pages the link opens. The
 * link's page only shows a button that posts the token (a mail scanner that opens links must not
 * confirm anybody's review); no script and no inline style (the shop's CSP allows neither).
 * Pure: no I/O.
 */
import { REVIEW_CONFIRM_PATH } from '../../domain/api/review.schema'
import { STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import { plainPage } from '../http/plain-page'
import { escapeHtml as e, wordsFor } from '../payments/payment-words'
import { linkMail, type MailContent } from './link-mail'

/** The confirmation page of a token under `origin`, in `store`'s language. */
export function reviewConfirmUrl(origin: string, store: StoreCode, token: string): string {
  return `${origin.replace(/\/+$/, '')}${REVIEW_CONFIRM_PATH}?storeCode=${store}&token=${encodeURIComponent(token)}`
}

export function reviewConfirmMailContent(p: { store: StoreCode; email: string; product: string; link: string; days: number }): MailContent {
  const words = wordsFor(p.store)
  const m = words.reviewMail
  return linkMail(p.store, m.subject(), [
    [m.greeting()],
    [m.intro({ product: p.product, email: p.email })],
    [m.action(), { link: p.link }],
    [m.expiry({ days: p.days }), m.ignore()],
    [m.closing(), words.shopName()],
  ])
}

function page(store: StoreCode, title: string, body: string): string {
  const m = wordsFor(store).reviewMail
  return plainPage(
    STORE_VIEWS[store].htmlLang,
    title,
    `<h1>${e(title)}</h1>
${body}
<p><a href="${e(STORE_VIEWS[store].url)}/">${e(m.backToShop())}</a></p>`,
  )
}

/** The link's page: the review's title and product, and a button that posts the token. */
export function renderReviewConfirmPage(store: StoreCode, review: { title: string; product: string }, token: string): string {
  const m = wordsFor(store).reviewMail
  return page(
    store,
    m.confirmTitle(),
    `<p>${e(m.confirmText({ title: review.title, product: review.product }))}</p>
<form method="post" action="${REVIEW_CONFIRM_PATH}?storeCode=${store}">
<input type="hidden" name="token" value="${e(token)}">
<button type="submit">${e(m.confirmButton())}</button>
</form>`,
  )
}

export function renderReviewConfirmedPage(store: StoreCode): string {
  const m = wordsFor(store).reviewMail
  return page(store, m.confirmedTitle(), `<p>${e(m.confirmedText())}</p>`)
}

export function renderReviewLinkInvalidPage(store: StoreCode): string {
  const m = wordsFor(store).reviewMail
  return page(store, m.invalidTitle(), `<p>${e(m.invalidText())}</p>`)
}
