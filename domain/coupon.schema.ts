/**
 * Coupons (Magento sales rules with a specific coupon, reduced to what the shop sells): a
 * percentage off every line, a fixed amount off the cart, or free shipping. Amounts are what the
 * shopper sees: the fixed amount is in euros including VAT, as every price the shopper sees is.
 */
import { z } from 'zod'

export const COUPON_KINDS = ['percent', 'fixed', 'free_shipping'] as const
export type CouponKind = (typeof COUPON_KINDS)[number]

/** Coupon codes are matched without regard to case (Magento's lookup is case-insensitive). */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase()
}

export const CouponSchema = z
  .object({
    code: z.string().trim().min(1).max(64).transform(normalizeCouponCode),
    kind: z.enum(COUPON_KINDS),
    /** percent (0–100] for `percent`, euros incl. VAT for `fixed`, unused (0) for `free_shipping` */
    amount: z.number().nonnegative(),
    /** ISO timestamps or dates; null = open. A date-only `to_date` covers that whole day (UTC). */
    from_date: z.string().nullable().default(null),
    to_date: z.string().nullable().default(null),
    is_active: z.boolean().default(true),
  })
  .refine((c) => c.kind !== 'percent' || (c.amount > 0 && c.amount <= 100), { message: 'a percent coupon takes 0 < amount ≤ 100', path: ['amount'] })
export type Coupon = z.infer<typeof CouponSchema>

function bound(value: string | null, end: boolean): number | null {
  if (value === null || value.trim() === '') return null
  const v = value.trim()
  const t = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T${end ? '23:59:59.999' : '00:00:00.000'}Z` : v)
  // an unreadable bound closes the window: better no discount than a wrong one
  return Number.isNaN(t) ? (end ? -Infinity : Infinity) : t
}

/** Whether the coupon can be used at `now`: active and inside its date window. */
export function isCouponValidAt(coupon: Pick<Coupon, 'is_active' | 'from_date' | 'to_date'>, now: Date): boolean {
  if (!coupon.is_active) return false
  const t = now.getTime()
  const from = bound(coupon.from_date, false)
  const to = bound(coupon.to_date, true)
  return (from === null || t >= from) && (to === null || t <= to)
}
