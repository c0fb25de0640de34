import { describe, expect, it } from 'vitest'
import { CouponSchema, isCouponValidAt, normalizeCouponCode } from '../../domain/coupon.schema'

const at = (iso: string) => new Date(iso)
const coupon = (from_date: string | null, to_date: string | null, is_active = true) => ({ from_date, to_date, is_active })

describe('isCouponValidAt', () => {
  it('is valid inside its window, a date-only end covering that whole day (UTC)', () => {
    const june = coupon('2026-06-01', '2026-06-30')
    expect(isCouponValidAt(june, at('2026-06-01T00:00:00Z'))).toBe(true)
    expect(isCouponValidAt(june, at('2026-06-30T23:59:59Z'))).toBe(true)
    expect(isCouponValidAt(june, at('2026-05-31T23:59:59Z'))).toBe(false)
    expect(isCouponValidAt(june, at('2026-07-01T00:00:00Z'))).toBe(false)
  })

  it('is open without bounds, never when switched off or with an unreadable bound', () => {
    expect(isCouponValidAt(coupon(null, null), at('2030-01-01T00:00:00Z'))).toBe(true)
    expect(isCouponValidAt(coupon(null, null, false), at('2026-01-01T00:00:00Z'))).toBe(false)
    expect(isCouponValidAt(coupon('soon', null), at('2026-01-01T00:00:00Z'))).toBe(false)
    expect(isCouponValidAt(coupon(null, 'later'), at('2026-01-01T00:00:00Z'))).toBe(false)
  })
})

describe('CouponSchema', () => {
  it('stores codes upper-case and refuses a percentage above 100', () => {
    expect(normalizeCouponCode(' polder10 ')).toBe('POLDER10')
    expect(CouponSchema.parse({ code: 'welkom5', kind: 'fixed', amount: 5 })).toEqual({
      code: 'WELKOM5',
      kind: 'fixed',
      amount: 5,
      from_date: null,
      to_date: null,
      is_active: true,
    })
    expect(CouponSchema.safeParse({ code: 'X', kind: 'percent', amount: 120 }).success).toBe(false)
  })
})
