/**
 * The mail that brings a gift card bought to its recipient, in the language of the
 * store view it was bought in: who gives it and their message, the value, the code, until when it
 * is valid, and the shop's address to spend it. Pure: no I/O.
 */
import { formatDate, formatPrice } from '../../domain/money'
import { STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import { wordsFor } from '../payments/payment-words'
import { linkMail, type MailContent, type MailLine } from './link-mail'

export interface IssuedCardMail {
  store: StoreCode
  code: string
  amountCents: number
  recipientName: string
  senderName: string
  message: string
  /** ISO timestamp, or null for a card that never ends */
  expiresAt: string | null
  /** the store view's home, where the card is spent */
  shopUrl: string
}

export function giftCardMailContent(card: IssuedCardMail): MailContent {
  const words = wordsFor(card.store)
  const m = words.giftCardMail
  const view = STORE_VIEWS[card.store]
  const amount = formatPrice(card.amountCents, view.i18n)
  // the date only: the shop's date format without its time
  const dateFormat = view.i18n.dateFormat.replace(/HH:mm\s*/, '').trim()
  const intro: MailLine[] = [card.senderName ? m.fromSender({ sender: card.senderName }) : m.fromShop()]
  if (card.message) intro.push(m.message({ message: card.message }))
  const value: MailLine[] = [m.amount({ amount }), m.code({ code: card.code })]
  if (card.expiresAt) value.push(m.validUntil({ date: formatDate(new Date(card.expiresAt), dateFormat) }))
  return linkMail(card.store, m.subject({ amount }), [
    [card.recipientName ? m.greeting({ name: card.recipientName }) : m.greetingNoName()],
    intro,
    value,
    [m.howTo(), { link: card.shopUrl }],
    [m.closing(), words.shopName()],
  ])
}
