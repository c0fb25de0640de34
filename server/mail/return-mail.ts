/**
 * The mail a shopper gets for a return they asked for, in the order's store view's language (words
 * from the dictionaries' returnMail section): the return number, the lines, and what to do: send
 * the items, with the number, within the period to the shop's address (its pickup point, which takes
 * returns). Pure: no I/O.
 */
import type { ReturnReason } from '../../domain/api/return.schema'
import type { ShopDetails } from '../../domain/shop-details'
import type { StoreCode } from '../../domain/store-views'
import { wordsFor } from '../payments/payment-words'
import { linkMail, type MailContent } from './link-mail'

/** How long the shopper has to send the items once the return is asked for (Consumer Rights Directive, Art. 14). */
export const SEND_BACK_DAYS = 14

export interface ReturnMailInput {
  store: StoreCode
  returnNumber: string
  orderNumber: string
  reason: ReturnReason
  lines: readonly { name: string; qty: number }[]
  shop: ShopDetails
}

export function returnMailContent(p: ReturnMailInput): MailContent {
  const words = wordsFor(p.store)
  const m = words.returnMail
  const { pickup } = p.shop
  const numbers = { returnNumber: p.returnNumber, orderNumber: p.orderNumber }
  return linkMail(p.store, m.subject(numbers), [
    [m.greeting()],
    [m.intro(numbers), ...p.lines.map((l) => m.line({ qty: l.qty, name: l.name }))],
    [m.reason({ reason: m.reasons[p.reason]() })],
    [m.action({ days: SEND_BACK_DAYS, returnNumber: p.returnNumber }), pickup.name, pickup.street, `${pickup.postcode} ${pickup.city}`, pickup.country],
    [m.refund()],
    [m.closing(), words.shopName()],
  ])
}
