/** A return's rules (domain/returns.ts): the withdrawal period's edge, what is left to return, and refusals. */
import { describe, expect, it } from 'vitest'
import { RETURN_MESSAGES } from '../../domain/api/return.schema'
import { returnableLines, returnRefusal, returnUntil, withinReturnPeriod } from '../../domain/returns'

const delivered = '2026-03-01T10:00:00.000Z'

describe('the withdrawal period', () => {
  it('ends 14 whole days after delivery, to the millisecond', () => {
    expect(returnUntil(delivered, 14)).toBe('2026-03-15T10:00:00.000Z')
    expect(withinReturnPeriod(delivered, 14, new Date('2026-03-15T10:00:00.000Z'))).toBe(true)
    expect(withinReturnPeriod(delivered, 14, new Date('2026-03-15T10:00:00.001Z'))).toBe(false)
    expect(withinReturnPeriod(delivered, 30, new Date('2026-03-20T10:00:00.000Z'))).toBe(true)
  })
})

describe('what may be returned', () => {
  const lines = [
    { sku: 'LAMP', name: 'Lamp', qty: 2, product_type: 'simple' },
    { sku: 'EBOOK', name: 'E-book', qty: 1, product_type: 'virtual' },
    { sku: 'GIFT', name: 'Gift card', qty: 1, product_type: 'giftcard' },
    { sku: 'LAMP', name: 'Lamp', qty: 1, product_type: 'simple' },
    { sku: 'TEE-RED-S', name: 'Tee', qty: 1, product_type: 'configurable' },
  ]

  it('joins lines of one sku, leaves out what cannot be sent back and subtracts earlier returns', () => {
    const left = returnableLines(lines, new Map([['LAMP', 2]]))
    expect(left.map((l) => [l.sku, l.ordered, l.returnable])).toEqual([
      ['LAMP', 3, 1],
      ['TEE-RED-S', 1, 1],
    ])
  })

  it('refuses a sku not ordered, one that cannot be returned and more than is left', () => {
    const left = returnableLines(lines, new Map([['LAMP', 2]]))
    const skus = new Set(lines.map((l) => l.sku))
    expect(returnRefusal([{ sku: 'LAMP', qty: 1 }], skus, left)).toBeNull()
    expect(returnRefusal([{ sku: 'BOOK', qty: 1 }], skus, left)).toEqual({ sku: 'BOOK', message: RETURN_MESSAGES.notOfOrder })
    expect(returnRefusal([{ sku: 'EBOOK', qty: 1 }], skus, left)).toEqual({ sku: 'EBOOK', message: RETURN_MESSAGES.notReturnable })
    expect(
      returnRefusal(
        [
          { sku: 'LAMP', qty: 1 },
          { sku: 'LAMP', qty: 1 },
        ],
        skus,
        left,
      ),
    ).toEqual({ sku: 'LAMP', message: RETURN_MESSAGES.tooMany })
  })
})
