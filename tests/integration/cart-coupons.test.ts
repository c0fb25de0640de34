import { describe, expect, it } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import { DEMO_COUPON_CODES, demoCoupons } from '../../server/seed/coupons'
import { useCheckoutServer } from './cart-checkout-shop'
import { json } from './helpers'

const { server, createCart, saved, totals, post } = useCheckoutServer()

const segment = (t: { total_segments: { code: string; value: number }[] }, code: string) => t.total_segments.find((s) => s.code === code)

async function apply(cartId: string, coupon: string) {
  return post(`/api/cart/apply-coupon?cartId=${cartId}&coupon=${encodeURIComponent(coupon)}`)
}

async function couponOf(cartId: string): Promise<string | null> {
  const res = await server.app.inject({ method: 'GET', url: `/api/cart/coupon?cartId=${cartId}` })
  expect(res.statusCode, res.body).toBe(200)
  return json<Envelope<string | null>>(res).result
}

/** An en (NL) cart with LAMP 60.50 and 2 × BOOK 21.80: 104.10 incl. tax. */
async function lampAndBooks(): Promise<string> {
  const cartId = await createCart('en')
  await saved(cartId, { sku: 'LAMP', qty: 1 })
  await saved(cartId, { sku: 'BOOK', qty: 2 })
  return cartId
}

describe('apply-coupon and delete-coupon (contract §2.2)', () => {
  it('applies the percentage coupon (any case): true, and the totals take 10 % off every row', async () => {
    const cartId = await lampAndBooks()
    const res = await apply(cartId, 'polder10')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toBe('no-cache, no-store')
    expect(json(res)).toEqual({ code: 200, result: true })
    expect(await couponOf(cartId)).toBe(DEMO_COUPON_CODES.percent)

    const t = await totals(cartId)
    expect(t.items.map((i) => [i.row_total_incl_tax, i.discount_amount, i.discount_percent])).toEqual([
      [60.5, 6.05, 10],
      [43.6, 4.36, 10],
    ])
    expect(t).toMatchObject({ coupon_code: 'POLDER10', subtotal_incl_tax: 104.1, discount_amount: -10.41, grand_total: 93.69 })
    expect(segment(t, 'discount')).toMatchObject({ title: 'Discount (POLDER10)', value: -10.41 })
    // VAT after the discount: 54.45 incl. of LAMP holds 9.45, 39.24 of BOOK 3.24
    expect(t.tax_amount).toBe(12.69)
  })

  it('applies the fixed-amount coupon: €5 off the cart, shared over its rows', async () => {
    const cartId = await lampAndBooks()
    expect(json(await apply(cartId, DEMO_COUPON_CODES.fixed))).toEqual({ code: 200, result: true })
    const t = await totals(cartId)
    expect(t.items.reduce((sum, i) => sum + Math.round(i.discount_amount * 100), 0)).toBe(500)
    expect(t).toMatchObject({ coupon_code: 'WELKOM5', discount_amount: -5, grand_total: 99.1 })
  })

  it('applies the free-shipping coupon: no discount on the rows, none on store pickup', async () => {
    const cartId = await lampAndBooks()
    expect(json(await apply(cartId, DEMO_COUPON_CODES.freeShipping))).toEqual({ code: 200, result: true })
    const t = await totals(cartId)
    expect(t.items.every((i) => i.discount_amount === 0)).toBe(true)
    expect(t).toMatchObject({ coupon_code: 'GRATISVERZENDING', shipping_amount: 0, discount_amount: 0, grand_total: 104.1 })
  })

  it('refuses the expired and an unknown coupon with 404 and Magento’s words, keeping the coupon the cart had', async () => {
    const cartId = await lampAndBooks()
    await apply(cartId, DEMO_COUPON_CODES.percent)
    for (const code of [DEMO_COUPON_CODES.expired, 'NOPE-NOT-A-COUPON']) {
      const res = await apply(cartId, code)
      expect(res.statusCode, res.body).toBe(404)
      expect(json(res)).toEqual({ code: 404, result: "The coupon code isn't valid. Verify the code and try again." })
    }
    expect(await couponOf(cartId)).toBe('POLDER10')
    expect((await totals(cartId)).coupon_code).toBe('POLDER10')
  })

  it('deletes the coupon: true, the totals are back to no discount; deleting again is true as well', async () => {
    const cartId = await lampAndBooks()
    await apply(cartId, DEMO_COUPON_CODES.fixed)
    for (let i = 0; i < 2; i++) {
      const res = await post(`/api/cart/delete-coupon?cartId=${cartId}`)
      expect(res.statusCode, res.body).toBe(200)
      expect(json(res)).toEqual({ code: 200, result: true })
    }
    expect(await couponOf(cartId)).toBeNull()
    const t = await totals(cartId)
    expect(t.coupon_code).toBeUndefined()
    expect(segment(t, 'discount')).toBeUndefined()
    expect(t).toMatchObject({ discount_amount: 0, grand_total: 104.1 })
  })

  it('answers an unknown cart 404, a missing coupon 400', async () => {
    const unknown = await apply('A'.repeat(32), DEMO_COUPON_CODES.percent)
    expect(unknown.statusCode).toBe(404)
    expect(json(unknown)).toEqual({ code: 404, result: `No such entity with cartId = ${'A'.repeat(32)}` })
    expect((await post(`/api/cart/delete-coupon?cartId=${'A'.repeat(32)}`)).statusCode).toBe(404)
    const cartId = await createCart()
    const missing = await post(`/api/cart/apply-coupon?cartId=${cartId}`)
    expect(missing.statusCode).toBe(400)
    expect(json(missing)).toEqual({ code: 400, result: 'coupon: is required' })
  })

  it('gives no discount once a stored coupon has expired, though the cart still names it', async () => {
    const cartId = await lampAndBooks()
    await apply(cartId, DEMO_COUPON_CODES.percent)
    const ended = demoCoupons().map((c) => (c.code === 'POLDER10' ? { ...c, to_date: '2026-01-31' } : c))
    await server.storage.coupons.replaceAll(ended, new Date().toISOString())
    expect(await couponOf(cartId)).toBe('POLDER10')
    const t = await totals(cartId)
    expect(t).toMatchObject({ discount_amount: 0, grand_total: 104.1 })
    expect(t.coupon_code).toBeUndefined()
  })
})
