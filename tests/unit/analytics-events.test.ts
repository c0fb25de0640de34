import { describe, expect, it } from 'vitest'
import { cartChanges, ecommerceEvent, newlyShown, enqueue, parseQueue, type CartLineLike, type EventLine, type QueuedEvent } from '../../domain/analytics'

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

  it('reads back what it stored and nothing that is not an event', () => {
    const queue = [entry('a'), entry('b')]
    expect(parseQueue(JSON.parse(JSON.stringify(queue)))).toEqual(queue)
    expect(parseQueue(undefined)).toEqual([])
    expect(parseQueue({ id: 'a' })).toEqual([])
    expect(parseQueue([{ id: 'a' }, { id: 3, event: {} }, { id: 'b', event: { event: 'page_view', ecommerce: {} } }])).toEqual([])
  })
})

describe('what a cart command changed', () => {
  const line = (key: string, sku: string, qty: number, price = 1000): CartLineLike => ({ key, sku, name: sku, price_incl_tax: price, qty })

  it('a new line and a higher quantity are units added; only the difference counts', () => {
    const before = [line('a', 'A', 1)]
    expect(cartChanges(before, [line('a', 'A', 3), line('b', 'B', 1, 250)])).toEqual({
      added: [
        { sku: 'A', name: 'A', priceCents: 1000, qty: 2 },
        { sku: 'B', name: 'B', priceCents: 250, qty: 1 },
      ],
      removed: [],
    })
  })

  it('a lower quantity and a removed line are units taken away', () => {
    expect(cartChanges([line('a', 'A', 3), line('b', 'B', 2)], [line('a', 'A', 1)])).toEqual({
      added: [],
      removed: [
        { sku: 'A', name: 'A', priceCents: 1000, qty: 2 },
        { sku: 'B', name: 'B', priceCents: 1000, qty: 2 },
      ],
    })
  })

  it('another variant of a line is the old one removed and the new one added; an unchanged cart is nothing', () => {
    expect(cartChanges([line('red', 'SHIRT-RED', 1)], [line('blue', 'SHIRT-BLUE', 1)])).toEqual({
      added: [{ sku: 'SHIRT-BLUE', name: 'SHIRT-BLUE', priceCents: 1000, qty: 1 }],
      removed: [{ sku: 'SHIRT-RED', name: 'SHIRT-RED', priceCents: 1000, qty: 1 }],
    })
    expect(cartChanges([line('a', 'A', 2)], [line('a', 'A', 2)])).toEqual({ added: [], removed: [] })
  })
})

describe('what of a listing is new to report', () => {
  const list = (listName: string, ...skus: string[]) => ({ listName, skus })

  it('a first list, another list or another order is reported whole', () => {
    expect(newlyShown(list(''), list('Women', 'A', 'B'))).toBe(0)
    expect(newlyShown(list('Women', 'A', 'B'), list('Men', 'A', 'B'))).toBe(0)
    expect(newlyShown(list('Women', 'A', 'B'), list('Women', 'B', 'A'))).toBe(0)
    expect(newlyShown(list('Women', 'A', 'B', 'C'), list('Women', 'A', 'B'))).toBe(0)
  })

  it('"load more" reports only the added products, from their place; the same list or an empty one nothing', () => {
    expect(newlyShown(list('Women', 'A', 'B'), list('Women', 'A', 'B', 'C', 'D'))).toBe(2)
    expect(newlyShown(list('Women', 'A', 'B'), list('Women', 'A', 'B'))).toBeNull()
    expect(newlyShown(list('Women', 'A'), list('Women'))).toBeNull()
  })
})
