/**
 * The kiosk's shopper turns through a whole DataService on real RxDB and a fake back end: on a
 * kiosk an order placed takes its checkout details with it, so the next shopper at the tablet finds
 * an empty checkout (a shopper's own device keeps them, for their next order); the end of a turn
 * clears the cart, the lists and the checkout, and leaves the orders waiting to be sent, which go
 * out once the network is back; an order the shop accepted leaves the tablet once its shopper's
 * turn is over.
 */
import { describe, expect, it } from 'vitest'
import type { DataService } from '../../workers/data-service'
import type { CheckoutView, OrderView } from '../../workers/contract/checkout'
import type { ListsView, SyncStatus } from '../../workers/contract/views'
import { CatalogSnapshot } from '../../workers/catalog/catalog-snapshot'
import type { WorkerModule } from '../../workers/worker-session'
import { ANNA_CHECKOUT } from '../fixtures/checkout-details'
import { OrderBackend, useBackendServices } from './worker-backend'
import { waitFor } from './worker-harness'

const { start, stop } = useBackendServices()

async function watch<T>(subscribe: (cb: (value: T) => void) => Promise<unknown>): Promise<() => T | undefined> {
  let value: T | undefined
  await subscribe((next) => {
    value = next
  })
  return () => value
}

async function placeOffline(service: DataService, sku: string): Promise<void> {
  await service.applyCartCommand({ type: 'addSku', sku, qty: 1 })
  await service.updateCheckout(ANNA_CHECKOUT)
  const placed = await service.placeOrder()
  expect(placed.ok).toBe(true)
}

/** The catalogue module inside the service (the status tells when; this tells what was ready then). */
const catalogOf = (service: DataService) => (service as unknown as { modules: WorkerModule[] }).modules.find((m) => m instanceof CatalogSnapshot)!

describe('DataService (worker): a kiosk’s catalogue', () => {
  it('says complete only with its search index built, so the first offline search does not build it; a shopper’s device builds it at the first search', async () => {
    for (const replicationMode of ['kiosk', 'shopper'] as const) {
      const { service } = await start(new OrderBackend(), { config: { replicationMode } })
      const catalog = catalogOf(service)
      const builtWhenComplete: boolean[] = []
      let status: SyncStatus | undefined
      await service.subscribeSyncStatus((next) => {
        status = next
        if (next.catalogueComplete)
          builtWhenComplete.push((catalog as unknown as { current: { search: { local: { built: boolean } } } }).current.search.local.built)
      })
      await waitFor(
        () => status,
        (s) => s.catalogueComplete && s.productCount === 60,
      )
      expect(builtWhenComplete[0], replicationMode).toBe(replicationMode === 'kiosk')
      await stop(service)
    }
  })
})

describe('DataService (worker): a kiosk between shoppers', () => {
  it('an order placed on a kiosk leaves an empty checkout; the end of a turn clears the next shopper’s cart, lists and details, not the waiting orders', async () => {
    const backend = new OrderBackend()
    const { service, status, cart } = await start(backend, { config: { replicationMode: 'kiosk' } })
    await waitFor(status, (s) => s.productCount === 60 && s.isLeader)
    const checkout = await watch<CheckoutView>((cb) => service.subscribeCheckout(cb))
    const orders = await watch<OrderView[]>((cb) => service.subscribeOrders(cb))
    const lists = await watch<ListsView>((cb) => service.subscribeLists(cb))
    await service.setOnline(false)
    backend.up = false

    await placeOffline(service, 'SKU-4')
    await waitFor(orders, (list) => list.length === 1 && list[0]!.status === 'queued')
    const after = await waitFor(checkout, (view) => view.lastOrderId !== null)
    expect(after.details.personalDetails.emailAddress).toBe('')
    expect(after.details.paymentDetails.street).toBe('')

    // the next shopper fills a cart, a wishlist and some details, then walks away
    await service.applyCartCommand({ type: 'addSku', sku: 'SKU-5', qty: 2 })
    await service.applyListCommand({ type: 'add', list: 'wishlist', sku: 'SKU-6' })
    await service.updateCheckout({ personalDetails: { emailAddress: 'walked-away@example.be' } })
    await waitFor(cart, (c) => c.items.length === 1)
    await waitFor(lists, (l) => l.wishlist.length === 1)
    await service.endShopperSession()
    await waitFor(cart, (c) => c.items.length === 0)
    await waitFor(lists, (l) => l.wishlist.length === 0)
    await waitFor(checkout, (view) => view.details.personalDetails.emailAddress === '')
    expect((orders() ?? []).map((order) => order.status)).toEqual(['queued'])

    backend.up = true
    await service.setOnline(true)
    // sent once; its shopper's turn is over, so nothing of it stays on the tablet
    await waitFor(
      () => backend.orders.size,
      (n) => n === 1,
    )
    expect([...backend.orders.values()][0]!.body.products.map((line) => line.sku)).toEqual(['SKU-4'])
    await waitFor(orders, (list) => list.length === 0)
  })

  it('an order sent while its shopper is still at the tablet stays for their thank-you page, and leaves with the end of their turn', async () => {
    const backend = new OrderBackend()
    const { service, status } = await start(backend, { config: { replicationMode: 'kiosk' } })
    await waitFor(status, (s) => s.productCount === 60 && s.isLeader)
    const orders = await watch<OrderView[]>((cb) => service.subscribeOrders(cb))
    await service.applyCartCommand({ type: 'addSku', sku: 'SKU-4', qty: 1 })
    await service.updateCheckout(ANNA_CHECKOUT)
    expect((await service.placeOrder()).ok).toBe(true)
    await waitFor(orders, (list) => list[0]?.status === 'placed')
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect((orders() ?? []).map((order) => order.email)).toEqual([ANNA_CHECKOUT.personalDetails!.emailAddress])
    await service.endShopperSession()
    await waitFor(orders, (list) => list.length === 0)
  })

  it('a shopper’s own device keeps the details and the order after it is sent', async () => {
    const backend = new OrderBackend()
    const { service, status } = await start(backend)
    await waitFor(status, (s) => s.productCount === 60 && s.isLeader)
    const checkout = await watch<CheckoutView>((cb) => service.subscribeCheckout(cb))
    await service.setOnline(false)
    backend.up = false
    await placeOffline(service, 'SKU-4')
    const after = await waitFor(checkout, (view) => view.lastOrderId !== null)
    expect(after.details.personalDetails.emailAddress).toBe(ANNA_CHECKOUT.personalDetails!.emailAddress)
    const orders = await watch<OrderView[]>((cb) => service.subscribeOrders(cb))
    backend.up = true
    await service.setOnline(true)
    await waitFor(orders, (list) => list[0]?.status === 'placed')
    await service.endShopperSession()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect((orders() ?? []).length).toBe(1)
  })
})
