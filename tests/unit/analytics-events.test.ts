import { describe, expect, it } from 'vitest'
import { ecommerceEvent, type EventLine } from '../../src/analytics/ecommerce-events'
import { drain, enqueue, parseQueue, type QueuedEvent } from '../../src/analytics/event-queue'

const shirt: EventLine = { sku: 'PLD-00001', name: 'Linen shirt', priceCents: 2995, qty: 2 }
const cap: EventLine = { sku: 'CAP-7', name: 'Cap', priceCents: 1010, qty: 1 }

describe('GA4 e-commerce events', () => {
  it('names the items with their id, name, unit price and quantity, and the value in the currency from cents', () => {
    expect(ecommerceEvent('add_to_cart', [shirt, cap], 'EUR')).toEqual({
      event: 'add_to_cart',
      ecommerce: {
        currency: 'EUR',
        value: 70,
        items: [
          { item_id: 'PLD-00001', item_name: 'Linen shirt', price: 29.95, quantity: 2 },
          { item_id: 'CAP-7', item_name: 'Cap', price: 10.1, quantity: 1 },
        ],
      },
    })
  })

  it('gives list events their list and positions, and nothing of a list to the others', () => {
    const list = ecommerceEvent('view_item_list', [shirt, cap], 'EUR', { listName: 'Clothing' })
    expect(list.ecommerce.item_list_name).toBe('Clothing')
    expect(list.ecommerce.items.map((item) => [item.index, item.item_list_name])).toEqual([
      [0, 'Clothing'],
      [1, 'Clothing'],
    ])
    const viewed = ecommerceEvent('view_item', [shirt], 'EUR', { listName: 'Clothing' })
    expect(viewed.ecommerce).not.toHaveProperty('item_list_name')
    expect(viewed.ecommerce.items[0]).not.toHaveProperty('index')
  })

  it('a purchase carries its order number, grand total, tax and shipping', () => {
    const purchase = ecommerceEvent('purchase', [shirt], 'EUR', { transactionId: '000000042', valueCents: 6589, taxCents: 1144, shippingCents: 599 })
    expect(purchase.ecommerce).toMatchObject({ transaction_id: '000000042', value: 65.89, tax: 11.44, shipping: 5.99 })
    expect(ecommerceEvent('begin_checkout', [shirt], 'EUR', { transactionId: 'x' }).ecommerce).not.toHaveProperty('transaction_id')
    expect(ecommerceEvent('add_shipping_info', [shirt], 'EUR', { shippingTier: 'flatrate' }).ecommerce.shipping_tier).toBe('flatrate')
    expect(ecommerceEvent('add_payment_info', [shirt], 'EUR', { paymentType: 'ideal' }).ecommerce.payment_type).toBe('ideal')
  })
})

describe('the offline queue of analytics events', () => {
  const entry = (id: string): QueuedEvent => ({ id, event: ecommerceEvent('view_item', [shirt], 'EUR') })

  it('keeps events in order, bounded: the oldest go first, an id is queued once', () => {
    let queue: QueuedEvent[] = []
    for (const id of ['a', 'b', 'c', 'd']) queue = enqueue(queue, entry(id), 3)
    expect(queue.map((e) => e.id)).toEqual(['b', 'c', 'd'])
    expect(enqueue(queue, entry('c'), 3).map((e) => e.id)).toEqual(['b', 'c', 'd'])
  })

  it('reads back what it stored and nothing that is not an event list', () => {
    const queue = [entry('a'), entry('b')]
    expect(parseQueue(JSON.stringify(queue))).toEqual(queue)
    expect(parseQueue(null)).toEqual([])
    expect(parseQueue('{"id":"a"}')).toEqual([])
    expect(parseQueue('[{"id":"a"},{"id":3,"event":{}}]')).toEqual([])
    expect(parseQueue('not json')).toEqual([])
  })

  it('drains everything in order, once: an event pushed already is not pushed again', () => {
    const queue = [entry('a'), entry('b'), entry('c')]
    expect(drain(queue, new Set()).push.map((e) => e.id)).toEqual(['a', 'b', 'c'])
    const again = drain(queue, new Set(['a', 'b']))
    expect(again.push.map((e) => e.id)).toEqual(['c'])
    expect(again.keep).toEqual([])
  })
})
