/**
 * The back-in-stock mail in the store view's language (words from the dictionaries' stockAlertMail
 * section): the product's name and a link to its page in that store view. Pure: no I/O.
 */
import { STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import { productLink } from '../../domain/url'
import { wordsFor } from '../payments/payment-words'
import { linkMail, type MailContent } from './link-mail'

/** The product's page under `origin`, in `store`'s path; a variant's link opens with it chosen. */
export function stockAlertProductUrl(origin: string, store: StoreCode, p: { parentSku: string; slug: string; childSku: string }): string {
  return `${origin.replace(/\/+$/, '')}${STORE_VIEWS[store].url}${productLink(p)}`
}

export function stockAlertMailContent(p: { store: StoreCode; productName: string; link: string }): MailContent {
  const words = wordsFor(p.store)
  const m = words.stockAlertMail
  return linkMail(p.store, m.subject({ name: p.productName }), [
    [m.greeting()],
    [m.intro({ name: p.productName })],
    [m.action(), { link: p.link }],
    [m.once()],
    [m.closing(), words.shopName()],
  ])
}
