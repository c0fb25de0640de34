import { describe, expect, it } from 'vitest'
import { giftCardCode, giftCardsToIssue, isMailDue, issuedCardExpiry, shopDay } from '../../domain/giftcard-issue'

const card = (id: number, qty: number, price: number, option: Record<string, unknown> = {}) => ({
  id,
  product_type: 'giftcard',
  qty,
  price_incl_tax: price,
  product_option: { extension_attributes: { mageworx_giftcard_item_option: option } },
})
const buyer = { email: 'anna@example.nl', name: 'Anna de Vries' }

describe('gift cards a paid order issues', () => {
  it('one card per unit at the price paid; an e-mailed card goes to its recipient from the sender, on the chosen day', () => {
    const plan = giftCardsToIssue(
      [
        card(7, 2, 50, {
          mail_to: 'Bram',
          mail_to_email: ' bram@example.nl ',
          mail_from: 'Anna',
          mail_message: ' Proficiat! ',
          mail_delivery_date: '2026-12-24',
        }),
      ],
      buyer,
    )
    expect(plan).toEqual(
      [1, 2].map((seq) => ({
        lineId: 7,
        seq,
        amountCents: 5000,
        recipientEmail: 'bram@example.nl',
        recipientName: 'Bram',
        senderName: 'Anna',
        message: 'Proficiat!',
        sendOn: '2026-12-24',
      })),
    )
  })

  it('a card without a recipient goes to the buyer, at once; the sender defaults to the buyer for a card sent to someone else', () => {
    expect(giftCardsToIssue([card(1, 1, 25)], buyer)[0]).toMatchObject({
      recipientEmail: 'anna@example.nl',
      recipientName: 'Anna de Vries',
      senderName: '',
      sendOn: null,
    })
    expect(giftCardsToIssue([card(2, 1, 25, { mail_to_email: 'c@example.be' })], buyer)[0]).toMatchObject({
      recipientEmail: 'c@example.be',
      recipientName: '',
      senderName: 'Anna de Vries',
    })
  })

  it('issues nothing for other lines, a free line or an unreadable date (sent at once)', () => {
    expect(giftCardsToIssue([{ ...card(1, 1, 25), product_type: 'simple' }, card(2, 1, 0)], buyer)).toEqual([])
    expect(giftCardsToIssue([card(3, 1, 10, { mail_delivery_date: 'next friday' })], buyer)[0]!.sendOn).toBeNull()
  })

  it('a dated mail is due from the start of that day in Brussels, not in UTC', () => {
    expect(shopDay(new Date('2026-12-23T22:59:00Z'))).toBe('2026-12-23')
    expect(shopDay(new Date('2026-12-23T23:00:00Z'))).toBe('2026-12-24')
    expect(isMailDue('2026-12-24', new Date('2026-12-23T22:59:00Z'))).toBe(false)
    expect(isMailDue('2026-12-24', new Date('2026-12-23T23:00:00Z'))).toBe(true)
    // summer time: UTC+2
    expect(isMailDue('2026-07-01', new Date('2026-06-30T21:59:00Z'))).toBe(false)
    expect(isMailDue('2026-07-01', new Date('2026-06-30T22:00:00Z'))).toBe(true)
    expect(isMailDue(null, new Date(0))).toBe(true)
  })

  it('codes are PLD- and three groups of four, from letters and digits no one misreads; a card lasts two years', () => {
    let n = 0
    const code = giftCardCode((size) => n++ % size)
    expect(code).toBe('PLD-ABCD-EFGH-JKLM')
    expect(giftCardCode(() => 31)).toBe('PLD-9999-9999-9999')
    expect(issuedCardExpiry(new Date('2026-12-06T10:00:00Z'))).toBe('2028-12-06T10:00:00.000Z')
  })
})
