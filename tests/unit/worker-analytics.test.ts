/**
 * The GA4 e-commerce events the data worker records (workers/analytics) through a whole DataService
 * on real RxDB and a fake back end: nothing without consent, the shopper's journey in order with
 * its items and amounts, the purchase only once the shop accepted the order (an offline order when
 * it is sent), each event taken once, a withdrawn consent emptying the queue, and the queue
 * surviving a reload.
 */
import { describe, expect, it } from 'vitest'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import type { EcommerceEvent } from '../../domain/analytics'
import type { DataService } from '../../workers/data-service'
import { ANNA_CHECKOUT } from '../fixtures/checkout-details'
import { fullProduct, OrderBackend, useBackendServices } from './worker-backend'
import { waitFor } from './worker-harness'

const { start, stop } = useBackendServices()

async function queueLength(service: DataService): Promise<() => number | undefined> {
  let waiting: number | undefined
  await service.subscribeAnalyticsQueue((n) => {
    waiting = n
  })
  return () => waiting
}

const names = (events: EcommerceEvent[]) => events.map((e) => e.event)

describe('DataService (worker): analytics events', () => {
  it('records nothing before the shopper consents, and nothing once they withdraw', async () => {
    const backend = new OrderBackend()
    const { service, status } = await start(backend)
    await waitFor(status, (s) => s.productCount === 60)
    const waiting = await queueLength(service)
    await service.recordProductView('SKU-3')
    await service.applyCartCommand({ type: 'addSku', sku: 'SKU-3', qty: 1 })
    await service.recordAnalytics({ type: 'view_cart' })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await service.takeAnalyticsEvents()).toEqual([])

    await service.setAnalyticsConsent(true)
    await service.recordAnalytics({ type: 'view_cart' })
    await waitFor(waiting, (n) => n === 1)
    await service.setAnalyticsConsent(false)
    await waitFor(waiting, (n) => n === 0)
    await service.recordAnalytics({ type: 'view_cart' })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await service.takeAnalyticsEvents()).toEqual([])
  })

  it('the journey from a list to a purchase, in order, each event taken once; the purchase when the shop accepted the order', async () => {
    const backend = new OrderBackend()
    const { service, status, cart } = await start(backend)
    await waitFor(status, (s) => s.productCount === 60 && s.isLeader)
    await service.setAnalyticsConsent(true)
    const waiting = await queueLength(service)

    const listed = (sku: string) => ({ sku, name: `Name of ${sku}`, priceCents: 1210 })
    await service.recordAnalytics({ type: 'view_item_list', listName: 'Women', items: [listed('SKU-2'), listed('SKU-1')], first: 0 })
    await service.recordAnalytics({ type: 'select_item', listName: 'Women', item: listed('SKU-1'), index: 1 })
    await service.recordProductView('SKU-1')
    await service.applyCartCommand({ type: 'add', product: fullProduct('SKU-1'), qty: 2 })
    const { items } = await waitFor(cart, (c) => c.items.length === 1)
    await service.applyCartCommand({ type: 'setQty', key: items[0]!.key, qty: 1 })
    await service.recordAnalytics({ type: 'view_cart' })
    await service.recordAnalytics({ type: 'begin_checkout' })
    await service.updateCheckout(ANNA_CHECKOUT)
    await waitFor(waiting, (n) => n === 9)

    const journey = await service.takeAnalyticsEvents()
    expect(names(journey)).toEqual([
      'view_item_list',
      'select_item',
      'view_item',
      'add_to_cart',
      'remove_from_cart',
      'view_cart',
      'begin_checkout',
      'add_shipping_info',
      'add_payment_info',
    ])
    const [list, selected, viewed, added, removed, , , shipping, payment] = journey
    // the list as shown, with the products' places
    expect(list!.ecommerce).toMatchObject({ currency: 'EUR', item_list_name: 'Women', value: 24.2 })
    expect(list!.ecommerce.items.map((i) => [i.item_id, i.item_name, i.index])).toEqual([
      ['SKU-2', 'Name of SKU-2', 0],
      ['SKU-1', 'Name of SKU-1', 1],
    ])
    expect(selected!.ecommerce.items).toEqual([expect.objectContaining({ item_id: 'SKU-1', index: 1, item_list_name: 'Women' })])
    expect(viewed!.ecommerce.items).toEqual([expect.objectContaining({ item_id: 'SKU-1', quantity: 1 })])
    expect(added!.ecommerce).toMatchObject({ value: 24.2, items: [{ item_id: 'SKU-1', price: 12.1, quantity: 2 }] })
    expect(removed!.ecommerce).toMatchObject({ value: 12.1, items: [{ item_id: 'SKU-1', quantity: 1 }] })
    expect(shipping!.ecommerce.shipping_tier).toBe('storepickup_storepickup')
    expect(payment!.ecommerce.payment_type).toBe('banktransfer')
    // taken once: a second take finds nothing
    expect(await service.takeAnalyticsEvents()).toEqual([])

    const placed = await service.placeOrder()
    expect(placed.ok).toBe(true)
    await waitFor(waiting, (n) => n === 1)
    const [purchase] = await service.takeAnalyticsEvents()
    expect(purchase).toMatchObject({
      event: 'purchase',
      ecommerce: { transaction_id: '100000001', value: 12.1, shipping: 0, items: [{ item_id: 'SKU-1', quantity: 1 }] },
    })
  })

  it('an order placed offline makes its purchase event once it is sent; the waiting events survive a reload', async () => {
    const storage = getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange })
    const databaseName = `polder-analytics-${Date.now()}`
    const backend = new OrderBackend()
    const first = await start(backend, { storage, databaseName })
    await waitFor(first.status, (s) => s.productCount === 60 && s.isLeader)
    await first.service.setAnalyticsConsent(true)
    await first.service.setOnline(false)
    backend.up = false
    await first.service.recordProductView('SKU-4')
    await first.service.applyCartCommand({ type: 'addSku', sku: 'SKU-4', qty: 1 })
    await first.service.updateCheckout(ANNA_CHECKOUT)
    expect((await first.service.placeOrder()).ok).toBe(true)
    const waiting = await queueLength(first.service)
    await waitFor(waiting, (n) => n === 4)
    await stop(first.service)

    const second = await start(backend, { storage, databaseName, online: false })
    const after = await queueLength(second.service)
    await waitFor(after, (n) => n === 4)
    backend.up = true
    await second.service.setOnline(true)
    await waitFor(after, (n) => n === 5)
    const events = await second.service.takeAnalyticsEvents()
    expect(names(events)).toEqual(['view_item', 'add_to_cart', 'add_shipping_info', 'add_payment_info', 'purchase'])
    expect(events.at(-1)!.ecommerce.transaction_id).toBe('100000001')
  })
})
