import { describe, expect, it } from 'vitest'
import { chargeAfterGiftCards } from '../../domain/gift-card-payment'

describe('chargeAfterGiftCards', () => {
  it('takes what the cards pay off the total due', () => {
    expect(chargeAfterGiftCards(6649, [2500])).toEqual({ giftCards: 2500, charged: 4149, paidInFull: false })
    expect(chargeAfterGiftCards(6649, [2500, 1000])).toEqual({ giftCards: 3500, charged: 3149, paidInFull: false })
  })

  it('never charges below 0 nor lets the cards pay more than is due: paid in full', () => {
    expect(chargeAfterGiftCards(2779, [10000])).toEqual({ giftCards: 2779, charged: 0, paidInFull: true })
    expect(chargeAfterGiftCards(2779, [2779])).toEqual({ giftCards: 2779, charged: 0, paidInFull: true })
  })

  it('without cards nothing changes, even for a total of 0 (that is no gift card payment)', () => {
    expect(chargeAfterGiftCards(1999, [])).toEqual({ giftCards: 0, charged: 1999, paidInFull: false })
    expect(chargeAfterGiftCards(0, [])).toEqual({ giftCards: 0, charged: 0, paidInFull: false })
  })

  it('a card paying 0 now (the total was covered) still counts as applied', () => {
    expect(chargeAfterGiftCards(1000, [1000, 0])).toMatchObject({ charged: 0, paidInFull: true })
    expect(chargeAfterGiftCards(1000, [0])).toMatchObject({ charged: 1000, paidInFull: false })
  })

  it('with the shop’s totals, its grand total is what is charged (it prices for the destination): the cards are the difference', () => {
    // a Belgian address: the shop's 6 % VAT makes 7.73 where the device counted 7.95; the card pays it all
    expect(chargeAfterGiftCards(795, [773], 0)).toEqual({ giftCards: 795, charged: 0, paidInFull: true })
    expect(chargeAfterGiftCards(6649, [2500], 4149)).toEqual({ giftCards: 2500, charged: 4149, paidInFull: false })
    // without cards the shop's total changes nothing here
    expect(chargeAfterGiftCards(1999, [], 0)).toEqual({ giftCards: 0, charged: 1999, paidInFull: false })
  })
})
