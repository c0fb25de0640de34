/**
 * Coupons of the demo shop, one per kind and one expired, so every coupon path can be
 * tried in the shop: POLDER10 (10 % off), WELKOM5 (€5 off, incl. VAT), GRATISVERZENDING (free
 * shipping) and ZOMER2025 (15 %, ended on 31 August 2025).
 */
import type { Coupon } from '../../domain/coupon.schema'

export const DEMO_COUPON_CODES = { percent: 'POLDER10', fixed: 'WELKOM5', freeShipping: 'GRATISVERZENDING', expired: 'ZOMER2025' } as const

export function demoCoupons(): Coupon[] {
  const open = { from_date: null, to_date: null, is_active: true }
  return [
    { code: DEMO_COUPON_CODES.percent, kind: 'percent', amount: 10, ...open },
    { code: DEMO_COUPON_CODES.fixed, kind: 'fixed', amount: 5, ...open },
    { code: DEMO_COUPON_CODES.freeShipping, kind: 'free_shipping', amount: 0, ...open },
    { code: DEMO_COUPON_CODES.expired, kind: 'percent', amount: 15, from_date: '2025-06-01', to_date: '2025-08-31', is_active: true },
  ]
}
