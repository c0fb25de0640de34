/** Coupons of the shop (migration 7), looked up by their upper-case code. */
import { sql } from 'drizzle-orm'
import { normalizeCouponCode, type Coupon } from '../../domain/coupon.schema'
import type { Db } from './db'
import { sqlArray } from './sql-helpers'

export interface CouponRow {
  code: string
  kind: Coupon['kind']
  amount: number
  from_date: string | null
  to_date: string | null
  is_active: boolean
}

function toCoupon(r: CouponRow): Coupon {
  return { code: r.code, kind: r.kind, amount: Number(r.amount), from_date: r.from_date, to_date: r.to_date, is_active: r.is_active }
}

export function createCouponRepository(db: Db) {
  return {
    /** The shop's coupons become `coupons`: others are deleted (carts holding them lose them), these upserted. */
    async replaceAll(coupons: readonly Coupon[], now: string): Promise<void> {
      const codes = coupons.map((c) => normalizeCouponCode(c.code))
      await db.query(sql`DELETE FROM coupons WHERE NOT (code = ANY(${sqlArray(codes, 'text')}))`)
      if (coupons.length === 0) return
      const rows = coupons.map((c) => ({ ...c, code: normalizeCouponCode(c.code) }))
      await db.query(sql`
        INSERT INTO coupons (code, kind, amount, from_date, to_date, is_active, updated_at)
        SELECT e->>'code', e->>'kind', (e->>'amount')::double precision, e->>'from_date', e->>'to_date', (e->>'is_active')::boolean, ${now}
        FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) AS e
        ON CONFLICT (code) DO UPDATE SET kind = EXCLUDED.kind, amount = EXCLUDED.amount, from_date = EXCLUDED.from_date,
          to_date = EXCLUDED.to_date, is_active = EXCLUDED.is_active, updated_at = EXCLUDED.updated_at`)
    },
    async find(code: string): Promise<Coupon | null> {
      const rows = await db.query<CouponRow>(
        sql`SELECT code, kind, amount, from_date, to_date, is_active FROM coupons WHERE code = ${normalizeCouponCode(code)}`,
      )
      return rows[0] ? toCoupon(rows[0]) : null
    },
  }
}
export type CouponRepository = ReturnType<typeof createCouponRepository>
