/**
 * Spec §4 "Coming back online" (workers/orders/offline-orders): automatic transmission sends the
 * waiting orders; without it the orders placed offline are held and the shopper is asked.
 */
import { describe, expect, it } from 'vitest'
import { AUTOMATIC_ORDER_TRANSMISSION_DEFAULT, backOnlineOrders, holdsNewOrder, stillHeld } from '../../workers/orders/offline-orders'

describe('offline-order confirmation', () => {
  it('automatic transmission is the default', () => {
    expect(AUTOMATIC_ORDER_TRANSMISSION_DEFAULT).toBe(true)
  })
  it('an order is held only when placed offline with confirmation on', () => {
    expect(holdsNewOrder(false, false)).toBe(true)
    expect(holdsNewOrder(false, true)).toBe(false)
    expect(holdsNewOrder(true, false)).toBe(false)
    expect(holdsNewOrder(true, true)).toBe(false)
  })
  it('back online: send with automatic transmission (held ones too), else confirm when any is held', () => {
    expect(backOnlineOrders(true, 0)).toBe('send')
    expect(backOnlineOrders(true, 2)).toBe('send')
    expect(backOnlineOrders(false, 1)).toBe('confirm')
    expect(backOnlineOrders(false, 0)).toBe('nothing')
  })
  it('a held id lets go of orders no longer queued or gone', () => {
    const waiting = [
      { order_id: 'a', status: 'queued' },
      { order_id: 'b', status: 'sending' },
    ]
    expect(stillHeld(['a', 'b', 'c'], waiting)).toEqual(['a'])
  })
})
