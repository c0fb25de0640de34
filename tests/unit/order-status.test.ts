/** The words an order and its payment are shown with (src/routes/order-status). */
import { describe, expect, it } from 'vitest'
import en from '../../locales/en'
import type { OrderView } from '../../workers/contract/checkout'
import {
  currentPaymentOutcome,
  isProviderPayment,
  newestFirst,
  orderByNumber,
  orderNumberOf,
  orderStatusWord,
  paymentOutcome,
} from '../../src/routes/orders/order-status'

const order = (over: Partial<OrderView>): OrderView =>
  ({ order_id: 'o', created_at: 0, status: 'queued', paymentMethod: { code: 'banktransfer', title: 'Bank transfer' }, ...over }) as OrderView

describe('payment outcome', () => {
  it('paid, pending, and cancelled/failed/expired as failed', () => {
    expect(paymentOutcome({ kind: 'known', status: 'paid', orderStatus: 'processing' })).toBe('paid')
    expect(paymentOutcome({ kind: 'known', status: 'pending', orderStatus: 'pending_payment' })).toBe('pending')
    for (const status of ['cancelled', 'failed', 'expired'] as const) expect(paymentOutcome({ kind: 'known', status, orderStatus: 'canceled' })).toBe('failed')
  })
  it('offline and unknown stay what they are (asked again later)', () => {
    expect(paymentOutcome({ kind: 'offline' })).toBe('offline')
    expect(paymentOutcome({ kind: 'unknown' })).toBe('unknown')
  })
})

describe('the payment an order page shows', () => {
  const stored = { status: 'paid' as const, orderStatus: 'processing', checkedAt: 1 }
  it("the shop's answer now wins over the stored one", () => {
    expect(currentPaymentOutcome({ kind: 'known', status: 'cancelled', orderStatus: 'canceled' }, stored)).toBe('failed')
  })
  it('offline or unanswered: what the shop last said on this device', () => {
    expect(currentPaymentOutcome({ kind: 'offline' }, stored)).toBe('paid')
    expect(currentPaymentOutcome({ kind: 'unknown' }, { ...stored, status: 'pending' })).toBe('pending')
    expect(currentPaymentOutcome(undefined, { ...stored, status: 'expired' })).toBe('failed')
  })
  it("nothing stored: the answer's kind, or nothing yet", () => {
    expect(currentPaymentOutcome({ kind: 'offline' }, undefined)).toBe('offline')
    expect(currentPaymentOutcome(undefined, undefined)).toBeUndefined()
  })
})

describe('order status words', () => {
  it('every device status has its words key, in the dictionary', () => {
    for (const status of ['queued', 'sending', 'placed', 'refused'] as const) {
      const key = orderStatusWord(status)
      expect(key).toBe(`status_${status}`)
      expect(en.orders[key]).toBeTruthy()
    }
  })
  it('a placed order says its payment when known', () => {
    expect(orderStatusWord('placed', 'paid')).toBe('status_paid')
    expect(orderStatusWord('placed', 'pending')).toBe('status_paymentPending')
    expect(orderStatusWord('placed', 'failed')).toBe('status_paymentFailed')
    expect(orderStatusWord('placed', 'offline')).toBe('status_placed')
    expect(orderStatusWord('placed', 'unknown')).toBe('status_placed')
    for (const key of ['status_paid', 'status_paymentPending', 'status_paymentFailed'] as const) expect(en.orders[key]).toBeTruthy()
  })
  it('a payment never overrides an order that is not placed', () => {
    expect(orderStatusWord('refused', 'paid')).toBe('status_refused')
    expect(orderStatusWord('queued', 'failed')).toBe('status_queued')
  })
})

describe('orders on the device', () => {
  const placed = order({ order_id: 'b', created_at: 2, status: 'placed', placed: { orderNumber: '000000007', backendOrderId: '7' } })
  const queued = order({ order_id: 'a', created_at: 1 })
  const later = order({ order_id: 'c', created_at: 3, status: 'sending' })
  it('newest first', () => {
    expect(newestFirst([queued, later, placed]).map((o) => o.order_id)).toEqual(['c', 'b', 'a'])
  })
  it('the number once placed, null while pending; found by the return address number', () => {
    expect(orderNumberOf(placed)).toBe('000000007')
    expect(orderNumberOf(queued)).toBeNull()
    expect(orderByNumber([queued, placed], '000000007')).toBe(placed)
    expect(orderByNumber([queued, placed], '000000008')).toBeUndefined()
  })
  it('provider payments are asked for their status; bank transfer and pay at pickup are not', () => {
    expect(isProviderPayment(order({ paymentMethod: { code: 'bancontact', title: 'Bancontact' } }))).toBe(true)
    expect(isProviderPayment(order({ paymentMethod: { code: 'banktransfer', title: '' } }))).toBe(false)
    expect(isProviderPayment(order({ paymentMethod: { code: 'payatpickup', title: '' } }))).toBe(false)
  })
})
