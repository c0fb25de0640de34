/**
 * Gift cards bought: what a paid order's gift card lines become. One card per unit,
 * worth the line's price (a gift card carries no VAT: its price is its value), mailed to the
 * recipient the buyer named (an e-mailed card), else to the buyer, on the date the buyer chose
 * (mail_delivery_date) or at once. Pure: the server stores and mails what this plans.
 */
import { GiftcardItemOptionSchema } from './cart.schema'
import { SHOP_TIME_ZONE } from './store-views'

/** A gift card is valid this long after it is issued (Belgian law asks at least two years). */
export const ISSUED_GIFT_CARD_YEARS = 2

export interface GiftCardLine {
  id: number
  product_type: string
  qty: number
  price_incl_tax: number
  product_option: unknown
}

export interface GiftCardToIssue {
  lineId: number
  /** 1…qty: the unit of the line */
  seq: number
  amountCents: number
  recipientEmail: string
  recipientName: string
  senderName: string
  message: string
  /** YYYY-MM-DD: mailed on that day; null: at once */
  sendOn: string | null
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The cards a paid order's lines give, and whom each goes to. */
export function giftCardsToIssue(lines: readonly GiftCardLine[], buyer: { email: string; name: string }): GiftCardToIssue[] {
  return lines
    .filter((line) => line.product_type === 'giftcard')
    .flatMap((line) => {
      const parsed = GiftcardItemOptionSchema.safeParse(
        (line.product_option as { extension_attributes?: { mageworx_giftcard_item_option?: unknown } } | null)?.extension_attributes
          ?.mageworx_giftcard_item_option ?? {},
      )
      const option = parsed.success ? parsed.data : {}
      const to = option.mail_to_email?.trim() ?? ''
      const date = option.mail_delivery_date?.trim() ?? ''
      const amountCents = Math.round(line.price_incl_tax * 100)
      if (amountCents <= 0) return []
      return Array.from({ length: Math.max(0, Math.floor(line.qty)) }, (_, i) => ({
        lineId: line.id,
        seq: i + 1,
        amountCents,
        recipientEmail: to !== '' ? to : buyer.email,
        recipientName: (to !== '' ? option.mail_to?.trim() : buyer.name) || '',
        senderName: option.mail_from?.trim() || (to !== '' ? buyer.name : ''),
        message: option.mail_message?.trim() ?? '',
        sendOn: DAY.test(date) ? date : null,
      }))
    })
}

/** The shop's date of `now`, YYYY-MM-DD. */
export function shopDay(now: Date): string {
  // en-CA formats a date as YYYY-MM-DD
  return new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

/** Whether a card's mail may go now: no date, or its day has come in the shop's time zone. */
export function isMailDue(sendOn: string | null, now: Date): boolean {
  return sendOn === null || sendOn <= shopDay(now)
}

/** The end of an issued card: the same moment `ISSUED_GIFT_CARD_YEARS` years on. */
export function issuedCardExpiry(now: Date): string {
  const end = new Date(now.getTime())
  end.setUTCFullYear(end.getUTCFullYear() + ISSUED_GIFT_CARD_YEARS)
  return end.toISOString()
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** A new card code from `random` (values 0…31, one per character): PLD-XXXX-XXXX-XXXX, no 0/O or 1/I to mistake. */
export function giftCardCode(random: (size: number) => number): string {
  const groups = [0, 1, 2].map(() => Array.from({ length: 4 }, () => CODE_ALPHABET[random(CODE_ALPHABET.length)]).join(''))
  return `PLD-${groups.join('-')}`
}
