/**
 * The DataService's checkout and orders against a fake back end on real RxDB (offline
 * orders, exactly once): the order is stored before it is sent; an answer lost after the server
 * stored the order is resent with the same order_id and makes one order; a refusal is kept with its
 * reason and the cart lines stay; an order placed offline is queued and sent on reconnect; the
 * checkout details are saved on every change and survive a reload.
 */
import { describe, expect, it } from 'vitest'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import type { OrderView } from '../../workers/contract/checkout'
import type { DataService } from '../../workers/data-service'
import { IN_CHECKOUT_WINDOW_MS, toCheckoutView } from '../../workers/checkout/checkout-state'
import { PARALLEL_ORDERS } from '../../workers/outbox/order-job'
import { fullProduct, OrderBackend, useBackendServices } from './worker-backend'
import { json, waitFor } from './worker-harness'
import { ANNA_CHECKOUT } from '../fixtures/checkout-details'

const { start, stop } = useBackendServices()

const details = ANNA_CHECKOUT

async function follow(service: DataService): Promise<() => OrderView[] | undefined> {
  let orders: OrderView[] | undefined
  await service.subscribeOrders((o) => {
    orders = o
  })
  return () => orders
}

async function fillCheckout(service: DataService, sku = 'SKU-1', qty = 2): Promise<void> {
  await service.applyCartCommand({ type: 'add', product: fullProduct(sku), qty })
  await service.updateCheckout(details)
}

describe('DataService (worker): orders, exactly once', () => {
  it('stores the order before it is sent, then places it and clears the cart', async () => {
    const backend = new OrderBackend()
    const { service, status, cart } = await start(backend)
    await waitFor(status, (s) => s.isLeader)
    const orders = await follow(service)
    await fillCheckout(service)
    backend.up = false // the order must be in the local database before any send
    const placed = await service.placeOrder()
    expect(placed).toMatchObject({
      ok: true,
      order: { status: 'queued', lines: [{ sku: 'SKU-1', qty: 2 }], totals: { subtotal: 2420, shipping: 0, grandTotal: 2420 } },
    })
    const stored = await waitFor(orders, (o) => o.length === 1)
    expect(stored[0]!.order_id).toBe(placed.ok && placed.order.order_id)
    expect(backend.orderPosts).toEqual([])

    backend.up = true
    await service.setOnline(true)
    const done = await waitFor(orders, (o) => o[0]?.status === 'placed')
    expect(done[0]!.placed).toEqual({ orderNumber: '100000001', backendOrderId: '100000001', grandTotal: 2420, vat: null })
    expect(backend.orders.size).toBe(1)
    const sent = [...backend.orders.values()][0]!.body
    expect(sent.products).toEqual([expect.objectContaining({ sku: 'SKU-1', qty: 2 })])
    // picked up: no delivery address, the billing address as typed
    expect(sent.addressInformation.shippingAddress).toBeUndefined()
    expect(sent.addressInformation.billingAddress).toMatchObject({ street: ['Damrak', '70'], postcode: '1012 LM', country_id: 'NL' })
    const emptied = await waitFor(cart, (c) => c.items.length === 0)
    expect(emptied.serverCartId).toBeNull()
  })

  it('sends a Dutch postcode as the post writes it, however it was typed', async () => {
    const backend = new OrderBackend()
    const { service, status } = await start(backend)
    await waitFor(status, (s) => s.isLeader)
    const orders = await follow(service)
    await fillCheckout(service)
    await service.updateCheckout({ paymentDetails: { postcode: '1012lm' } })
    const placed = await service.placeOrder()
    expect(placed).toMatchObject({ ok: true, order: { billingAddress: { postcode: '1012 LM' } } })
    await service.setOnline(true)
    await waitFor(orders, (o) => o[0]?.status === 'placed')
    expect([...backend.orders.values()][0]!.body.addressInformation.billingAddress.postcode).toBe('1012 LM')
  })

  it('what the shop charges is the order’s total: its own VAT decision wins over the device’s estimate', async () => {
    const backend = new OrderBackend()
    backend.grandTotal = 20 // the shop took the VAT off (a confirmed business of another country)
    const { service, status } = await start(backend)
    await waitFor(status, (s) => s.isLeader)
    const orders = await follow(service)
    await fillCheckout(service)
    const placed = await service.placeOrder()
    expect(placed.ok && placed.order.totals.grandTotal).toBe(2420)
    const done = await waitFor(orders, (o) => o[0]?.status === 'placed')
    expect(done[0]!.totals.grandTotal).toBe(2000)
    expect(done[0]!.placed?.grandTotal).toBe(2000)
  })

  it('an answer lost after the server stored the order: resent with the same order_id, one order', async () => {
    const backend = new OrderBackend()
    backend.dropAnswers = 1
    const { service, status } = await start(backend)
    await waitFor(status, (s) => s.isLeader)
    const orders = await follow(service)
    await fillCheckout(service)
    const placed = await service.placeOrder()
    if (!placed.ok) throw new Error('not placed')
    await waitFor(orders, (o) => o[0]?.status === 'sending' && o[0].attempts === 1)
    // a second click while it waits answers the same order, no new order_id
    const again = await service.placeOrder()
    expect(again.ok && again.order.order_id).toBe(placed.order.order_id)
    await service.setOnline(false)
    await service.setOnline(true)
    const done = await waitFor(orders, (o) => o[0]?.status === 'placed', 10000)
    expect(done).toHaveLength(1)
    expect(backend.orderPosts).toEqual([placed.order.order_id, placed.order.order_id])
    expect(backend.orders.size).toBe(1)
  })

  it('a reload mid-send resends the stored body with the same order_id (IndexedDB via fake-indexeddb)', async () => {
    const backend = new OrderBackend()
    backend.dropAnswers = 1
    const storage = getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange })
    const name = `polder-orders-reload-${Date.now()}`
    const first = await start(backend, { storage, databaseName: name })
    await waitFor(first.status, (s) => s.isLeader)
    const orders = await follow(first.service)
    await fillCheckout(first.service)
    const placed = await first.service.placeOrder()
    if (!placed.ok) throw new Error('not placed')
    await waitFor(orders, (o) => o[0]?.status === 'sending' && o[0].attempts === 1)
    await stop(first.service)

    const second = await start(backend, { storage, databaseName: name })
    const reloaded = await follow(second.service)
    const done = await waitFor(reloaded, (o) => o[0]?.status === 'placed', 10000)
    expect(done.map((o) => o.order_id)).toEqual([placed.order.order_id])
    expect(new Set(backend.orderPosts)).toEqual(new Set([placed.order.order_id]))
    expect(backend.orders.size).toBe(1)
  })

  it('a refusal is kept with its reason and the lines come back to the empty cart', async () => {
    const backend = new OrderBackend()
    backend.outOfStock.add('SKU-1')
    const { service, status, cart } = await start(backend)
    await waitFor(status, (s) => s.isLeader)
    const orders = await follow(service)
    await fillCheckout(service)
    await service.placeOrder()
    const refused = await waitFor(orders, (o) => o[0]?.status === 'refused')
    expect(refused[0]!.refusal).toMatchObject({ reason: 'out_of_stock', items: [{ sku: 'SKU-1', requested: 2, available: 0 }] })
    expect(backend.orders.size).toBe(0)
    expect(cart()!.items.map((i) => [i.sku, i.qty])).toEqual([['SKU-1', 2]])
  })

  it('a refusal while the next shopper fills the cart leaves their cart alone; the refused lines go back on request, beside theirs', async () => {
    const backend = new OrderBackend()
    backend.outOfStock.add('SKU-1')
    backend.up = false
    const { service, status, cart } = await start(backend, { online: false })
    await waitFor(status, (s) => s.isLeader)
    const orders = await follow(service)
    await fillCheckout(service)
    await service.placeOrder()
    // the next shopper's product, before the refusal comes back
    await service.applyCartCommand({ type: 'add', product: fullProduct('SKU-2'), qty: 1 })
    backend.up = true
    await service.setOnline(true)
    const refused = await waitFor(orders, (o) => o[0]?.status === 'refused')
    expect(cart()!.items.map((i) => [i.sku, i.qty])).toEqual([['SKU-2', 1]])
    await service.restoreRefusedOrder(refused[0]!.order_id)
    await waitFor(cart, (c) => c.items.length === 2)
    expect(
      cart()!
        .items.map((i) => [i.sku, i.qty])
        .sort(),
    ).toEqual([
      ['SKU-1', 2],
      ['SKU-2', 1],
    ])
    // asked again: nothing is added twice
    await service.restoreRefusedOrder(refused[0]!.order_id)
    expect(cart()!.items).toHaveLength(2)
  })

  it('offline: the order is queued (pending) and sent on reconnect', async () => {
    const backend = new OrderBackend()
    backend.up = false
    const { service, status } = await start(backend, { online: false })
    await waitFor(status, (s) => s.isLeader)
    const orders = await follow(service)
    await fillCheckout(service)
    const methods = await service.paymentMethods()
    expect(methods.find((m) => m.code === 'banktransfer')?.availability).toBe('available')
    expect(methods.find((m) => m.code === 'payatpickup')?.availability).toBe('available')
    expect(methods.find((m) => m.code === 'ideal')?.availability).toBe('online-only')
    expect((await service.shippingMethods('BE')).map((m) => m.carrierCode)).toEqual(['storepickup', 'flatrate'])
    const placed = await service.placeOrder()
    expect(placed).toMatchObject({ ok: true, order: { status: 'queued' } })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(orders()![0]!.status).toBe('queued')
    expect(backend.orderPosts).toEqual([])

    backend.up = true
    await service.setOnline(true)
    await waitFor(orders, (o) => o[0]?.status === 'placed')
    expect(backend.orders.size).toBe(1)
  })

  it('offline, two shoppers in a row: placing empties the cart, each order holds its own lines and shopper, both arrive once, in order', async () => {
    const backend = new OrderBackend()
    backend.up = false
    const { service, status, cart } = await start(backend, { online: false })
    await waitFor(status, (s) => s.isLeader)
    const orders = await follow(service)
    await fillCheckout(service, 'SKU-1', 2)
    const first = await service.placeOrder()
    if (!first.ok) throw new Error(`not placed: ${first.problem}`)
    // the order took the lines: the next shopper starts from an empty cart
    await waitFor(cart, (c) => c.items.length === 0)
    // a second click answers the waiting order, it makes no empty one
    const again = await service.placeOrder()
    expect(again.ok && again.order.order_id).toBe(first.order.order_id)

    await service.applyCartCommand({ type: 'add', product: fullProduct('SKU-2'), qty: 1 })
    await service.updateCheckout({
      personalDetails: { firstName: 'Bram', lastName: 'Peeters', emailAddress: 'bram@example.be' },
      shippingDetails: { ...details.shippingDetails!, firstName: 'Bram', lastName: 'Peeters' },
      paymentDetails: { ...details.paymentDetails!, firstName: 'Bram', lastName: 'Peeters' },
    })
    const second = await service.placeOrder()
    if (!second.ok) throw new Error(`not placed: ${second.problem}`)
    expect(second.order.order_id).not.toBe(first.order.order_id)
    expect(second.order.lines.map((l) => [l.sku, l.qty])).toEqual([['SKU-2', 1]])
    expect(second.order.totals.subtotal).toBe(1210)
    await waitFor(cart, (c) => c.items.length === 0)
    expect(backend.orderPosts).toEqual([])

    backend.up = true
    backend.dropAnswers = 1
    await service.setOnline(true)
    const done = await waitFor(orders, (o) => o.length === 2 && o.every((x) => x.status === 'placed'), 15000)
    expect(new Set(done.map((o) => o.placed!.orderNumber)).size).toBe(2)
    expect(backend.orders.size).toBe(2)
    const sent = (id: string) => backend.orders.get(id)!.body
    expect(sent(first.order.order_id).products.map((p) => [p.sku, p.qty])).toEqual([['SKU-1', 2]])
    expect(sent(second.order.order_id).products.map((p) => [p.sku, p.qty])).toEqual([['SKU-2', 1]])
    expect(sent(first.order.order_id).addressInformation.billingAddress).toMatchObject({ email: 'anna@example.nl', lastname: 'de Vries' })
    expect(sent(second.order.order_id).addressInformation.billingAddress).toMatchObject({ email: 'bram@example.be', lastname: 'Peeters' })
    // each on a cart of its own (two shoppers' orders may go side by side: their numbers need not follow the placing)
    expect(sent(first.order.order_id).cart_id).not.toBe(sent(second.order.order_id).cart_id)
    expect(new Set(backend.orderPosts)).toEqual(new Set([first.order.order_id, second.order.order_id]))
    // nothing came back into the cart
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(cart()!.items).toEqual([])
  }, 20_000)

  it('a day of offline orders: several shoppers’ orders go side by side, each shopper’s in the order placed, every one once', async () => {
    const backend = new OrderBackend()
    backend.up = false
    const { service, status } = await start(backend, { online: false })
    await waitFor(status, (s) => s.isLeader)
    const orders = await follow(service)
    const shoppers = ['anna', 'bram', 'chloé', 'daan', 'eva', 'finn']
    const placedBy = new Map<string, string[]>()
    // each shopper twice, the rounds one after the other (A1 B1 … F1 A2 … F2)
    for (const round of [1, 2]) {
      for (const name of shoppers) {
        await service.applyCartCommand({ type: 'add', product: fullProduct(`SKU-${round}`), qty: 1 })
        await service.updateCheckout({
          ...details,
          personalDetails: { firstName: name, lastName: 'Klant', emailAddress: `${name}@example.be` },
          paymentDetails: { ...details.paymentDetails!, firstName: name, lastName: 'Klant' },
        })
        const placed = await service.placeOrder()
        if (!placed.ok) throw new Error(`not placed: ${placed.problem}`)
        placedBy.set(name, [...(placedBy.get(name) ?? []), placed.order.order_id])
      }
    }
    backend.orderDelayMs = 150
    backend.up = true
    await service.setOnline(true)
    const done = await waitFor(orders, (o) => o.length === 12 && o.every((x) => x.status === 'placed'), 15_000)
    expect(new Set(done.map((o) => o.placed!.orderNumber)).size).toBe(12)
    // every order once
    expect(backend.orders.size).toBe(12)
    expect(backend.orderPosts.toSorted()).toEqual([...placedBy.values()].flat().toSorted())
    // side by side, within the limit
    expect(backend.maxOrdersAtOnce).toBeGreaterThan(1)
    expect(backend.maxOrdersAtOnce).toBeLessThanOrEqual(PARALLEL_ORDERS)
    // one shopper's second order reached the shop after their first
    for (const [name, [first, second]] of placedBy) {
      const number = (id: string | undefined) => Number(backend.orders.get(id!)!.orderNumber)
      expect(number(first), name).toBeLessThan(number(second))
      expect(backend.orders.get(first!)!.body.addressInformation.billingAddress.email).toBe(`${name}@example.be`)
    }
  }, 20_000)

  it('online with a coupon: the order takes the coupon with it, the next cart has none, and the order is placed from the cart that had it', async () => {
    const backend = new OrderBackend()
    const { service, status, cart } = await start(backend)
    await waitFor(status, (s) => s.isLeader)
    const orders = await follow(service)
    await fillCheckout(service, 'SKU-1', 2)
    await waitFor(cart, (c) => c.serverCartId !== null && !c.pendingSync)
    expect(await service.applyCartCommand({ type: 'applyCoupon', code: 'polder10' })).toEqual([expect.objectContaining({ key: 'couponApplied' })])
    const couponCart = cart()!.serverCartId!
    const placed = await service.placeOrder()
    if (!placed.ok) throw new Error(`not placed: ${placed.problem}`)
    await waitFor(orders, (o) => o[0]?.status === 'placed')
    expect(backend.orders.get(placed.order.order_id)!.body.cart_id).toBe(couponCart)
    expect(backend.cart.coupons.get(couponCart)).toBe('POLDER10')
    // the next cart: no coupon, a new server cart of its own
    const next = await waitFor(cart, (c) => c.items.length === 0 && c.coupon === null)
    expect(next.serverCartId).toBeNull()
    await service.applyCartCommand({ type: 'add', product: fullProduct('SKU-2'), qty: 1 })
    const synced = await waitFor(cart, (c) => c.serverCartId !== null && !c.pendingSync)
    expect(synced.serverCartId).not.toBe(couponCart)
    expect(backend.cart.coupons.has(synced.serverCartId!)).toBe(false)
    expect(synced.coupon).toBeNull()
  })

  it('offline with a coupon applied before: the order goes with its coupon on a cart of its own lines', async () => {
    const backend = new OrderBackend()
    const { service, status, cart } = await start(backend)
    await waitFor(status, (s) => s.isLeader)
    const orders = await follow(service)
    await fillCheckout(service, 'SKU-1', 2)
    await waitFor(cart, (c) => c.serverCartId !== null && !c.pendingSync)
    await service.applyCartCommand({ type: 'applyCoupon', code: 'POLDER10' })
    await service.setOnline(false)
    backend.up = false
    // changed offline: the server cart no longer holds the order's lines
    await service.applyCartCommand({ type: 'add', product: fullProduct('SKU-2'), qty: 1 })
    const placed = await service.placeOrder()
    if (!placed.ok) throw new Error(`not placed: ${placed.problem}`)
    await waitFor(cart, (c) => c.items.length === 0 && c.coupon === null)
    backend.up = true
    await service.setOnline(true)
    await waitFor(orders, (o) => o[0]?.status === 'placed')
    const body = backend.orders.get(placed.order.order_id)!.body
    expect(body.products.map((p) => [p.sku, p.qty]).sort()).toEqual([
      ['SKU-1', 2],
      ['SKU-2', 1],
    ])
    expect(
      backend.cart.carts
        .get(body.cart_id)!
        .map((l) => [l.sku, l.qty])
        .sort(),
    ).toEqual([
      ['SKU-1', 2],
      ['SKU-2', 1],
    ])
    expect(backend.cart.coupons.get(body.cart_id)).toBe('POLDER10')
  })

  it('a virtual cart: no delivery address nor shipping method asked; placed with the billing address only', async () => {
    const backend = new OrderBackend()
    const { service, status } = await start(backend)
    await waitFor(status, (s) => s.isLeader)
    const orders = await follow(service)
    await service.applyCartCommand({ type: 'add', product: { ...fullProduct('EBOOK-1'), type_id: 'virtual' }, qty: 1 })
    const billing = {
      firstName: 'Luc',
      lastName: 'Dubois',
      country: 'BE' as const,
      street: 'Rue Haute',
      houseNumber: '5',
      postcode: '1000',
      city: 'Bruxelles',
      phone: '0470 12 34 56',
    }
    await service.updateCheckout({
      personalDetails: { firstName: 'Luc', lastName: 'Dubois', emailAddress: 'luc@example.be' },
      // nothing filled in for shipping: a virtual cart has no shipping step
      shippingDetails: { shippingMethod: null },
      paymentDetails: { ...billing, sameAsShipping: true, paymentMethod: 'banktransfer' },
      termsAccepted: true,
    })
    expect((await service.paymentMethods()).map((m) => m.code)).not.toContain('payatpickup')
    const placed = await service.placeOrder()
    if (!placed.ok) throw new Error(`not placed: ${placed.problem}`)
    expect(placed.order.shippingAddress).toBeUndefined()
    expect(placed.order.shippingMethod).toBeUndefined()
    expect(placed.order.totals.shipping).toBe(0)
    await waitFor(orders, (o) => o[0]?.status === 'placed')
    const info = backend.orders.get(placed.order.order_id)!.body.addressInformation
    expect(info.shippingAddress).toBeUndefined()
    expect(info.shipping_method_code).toBeUndefined()
    expect(info.billingAddress).toMatchObject({ firstname: 'Luc', street: ['Rue Haute', '5'], postcode: '1000', country_id: 'BE', email: 'luc@example.be' })
  })

  it('store pickup asks no delivery address: placed with the billing address alone, none without it', async () => {
    const backend = new OrderBackend()
    const { service, status } = await start(backend)
    await waitFor(status, (s) => s.isLeader)
    const orders = await follow(service)
    await service.applyCartCommand({ type: 'add', product: fullProduct('SKU-1'), qty: 1 })
    const noDelivery = { ...details.shippingDetails!, street: '', houseNumber: '', postcode: '', city: '', phone: '' }
    await service.updateCheckout({ ...details, shippingDetails: noDelivery, paymentDetails: { ...details.paymentDetails, street: '' } })
    expect(await service.placeOrder()).toEqual({ ok: false, problem: 'incomplete' })
    await service.updateCheckout({ paymentDetails: { street: 'Damrak' } })
    const placed = await service.placeOrder()
    if (!placed.ok) throw new Error(`not placed: ${placed.problem}`)
    expect(placed.order.shippingAddress).toBeUndefined()
    expect(placed.order.shippingMethod).toMatchObject({ carrierCode: 'storepickup' })
    await waitFor(orders, (o) => o[0]?.status === 'placed')
    expect(backend.orders.get(placed.order.order_id)!.body.addressInformation).toMatchObject({
      shipping_carrier_code: 'storepickup',
      billingAddress: { street: ['Damrak', '70'], city: 'Amsterdam' },
    })
  })

  it('a virtual cart still needs a billing address', async () => {
    const backend = new OrderBackend()
    const { service, status } = await start(backend)
    await waitFor(status, (s) => s.isLeader)
    await service.applyCartCommand({ type: 'add', product: { ...fullProduct('EBOOK-1'), type_id: 'virtual' }, qty: 1 })
    await service.updateCheckout({
      personalDetails: { firstName: 'Luc', lastName: 'Dubois', emailAddress: 'luc@example.be' },
      paymentDetails: { paymentMethod: 'banktransfer' },
      termsAccepted: true,
    })
    expect(await service.placeOrder()).toEqual({ ok: false, problem: 'incomplete' })
  })

  it('a server that cannot be reached is tried again after the backoff, not at once on every failed try; back online, at once', async () => {
    const backend = new OrderBackend()
    const creates: number[] = []
    const fetchCounted = backend.fetch
    // the server is down behind its proxy: every request answered 502
    let down = true
    backend.fetch = async (input: string, init: RequestInit = {}) => {
      if (new URL(input).pathname === '/api/cart/create') creates.push(Date.now())
      if (down) return new Response('server down', { status: 502, headers: { 'content-type': 'text/plain' } })
      return fetchCounted(input, init)
    }
    const { service, status } = await start(backend, { online: false })
    await waitFor(status, (s) => s.isLeader)
    const orders = await follow(service)
    await fillCheckout(service, 'SKU-1', 2)
    await service.placeOrder()
    await service.applyCartCommand({ type: 'add', product: fullProduct('SKU-2'), qty: 1 })
    await service.placeOrder()
    // online as far as the browser knows, but the server does not answer
    await service.setOnline(true)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    // the orders' first try and the one retry of the 1 s backoff, and the cart sync's own tries
    expect(creates.length).toBeLessThanOrEqual(6)
    down = false
    await service.setOnline(false)
    await service.setOnline(true)
    await waitFor(orders, (o) => o.length === 2 && o.every((x) => x.status === 'placed'), 3000)
    expect(backend.orders.size).toBe(2)
  })

  it('refuses an empty cart, an incomplete checkout and a provider method offline', async () => {
    const backend = new OrderBackend()
    const { service, status } = await start(backend, { online: false })
    await waitFor(status, (s) => s.isLeader)
    expect(await service.placeOrder()).toEqual({ ok: false, problem: 'emptyCart' })
    await service.applyCartCommand({ type: 'add', product: fullProduct('SKU-1'), qty: 1 })
    expect(await service.placeOrder()).toEqual({ ok: false, problem: 'incomplete' })
    await service.updateCheckout({ ...details, paymentDetails: { ...details.paymentDetails, paymentMethod: 'ideal' } })
    expect(await service.placeOrder()).toEqual({ ok: false, problem: 'methodNotAvailable' })
  })

  it('a provider method online: the placed order gets its payment request (the provider page)', async () => {
    const backend = new OrderBackend()
    const paymentRequests: unknown[] = []
    const orderFetch = backend.fetch
    backend.fetch = async (input: string, init: RequestInit = {}) => {
      if (!new URL(input).pathname.endsWith('/api/ext/payment/post-payment')) return orderFetch(input, init)
      paymentRequests.push(JSON.parse(init.body as string))
      return json({ code: 200, result: { order_id: '100000001', amount: 12.1, payment_gateway_url: 'http://shop.test/payment-sandbox/p1' } })
    }
    const { service, status } = await start(backend)
    await waitFor(status, (s) => s.isLeader)
    const orders = await follow(service)
    await service.applyCartCommand({ type: 'add', product: fullProduct('SKU-1'), qty: 1 })
    await service.updateCheckout({ ...details, paymentDetails: { ...details.paymentDetails, paymentMethod: 'ideal' } })
    const placed = await service.placeOrder()
    if (!placed.ok) throw new Error(`not placed: ${placed.problem}`)
    expect(await service.startPayment('no-such-order')).toMatchObject({ ok: false })
    await waitFor(orders, (o) => o[0]?.status === 'placed')
    expect(await service.startPayment(placed.order.order_id)).toEqual({ ok: true, url: 'http://shop.test/payment-sandbox/p1' })
    expect(paymentRequests).toEqual([{ order_id: '100000001' }])
    expect([...backend.orders.values()][0]!.body.addressInformation.payment_method_code).toBe('ideal')
  })

  it('a placed order’s payment status comes from the shop (get-payment-status by order number); offline it waits', async () => {
    const backend = new OrderBackend()
    const asked: unknown[] = []
    let answer: Response | null = null
    const orderFetch = backend.fetch
    backend.fetch = async (input: string, init: RequestInit = {}) => {
      if (!new URL(input).pathname.endsWith('/api/ext/payment/get-payment-status')) return orderFetch(input, init)
      if (!backend.up) throw new TypeError('Failed to fetch')
      asked.push(JSON.parse(init.body as string))
      return answer ?? json({ code: 200, result: { order_id: '100000001', status: 'cancelled', order_status: 'canceled' } })
    }
    const { service, status } = await start(backend)
    await waitFor(status, (s) => s.isLeader)
    expect(await service.paymentStatus('100000001')).toEqual({ kind: 'known', status: 'cancelled', orderStatus: 'canceled' })
    expect(asked).toEqual([{ order_id: '100000001' }])
    answer = json({ code: 404, result: 'No such order' }, 404)
    expect(await service.paymentStatus('100000009')).toEqual({ kind: 'unknown' })
    await service.setOnline(false)
    expect(await service.paymentStatus('100000001')).toEqual({ kind: 'offline' })
    expect(asked).toHaveLength(2)
  })

  it('the payment status the shop gave is stored on the order document and survives a reload offline', async () => {
    const backend = new OrderBackend()
    let answer = { order_id: '100000001', status: 'pending', order_status: 'pending_payment' }
    const orderFetch = backend.fetch
    backend.fetch = async (input: string, init: RequestInit = {}) => {
      if (!new URL(input).pathname.endsWith('/api/ext/payment/get-payment-status')) return orderFetch(input, init)
      if (!backend.up) throw new TypeError('Failed to fetch')
      return json({ code: 200, result: answer })
    }
    const storage = getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange })
    const name = `polder-orders-payment-${Date.now()}`
    const first = await start(backend, { storage, databaseName: name })
    await waitFor(first.status, (s) => s.isLeader)
    const orders = await follow(first.service)
    await first.service.applyCartCommand({ type: 'add', product: fullProduct('SKU-1'), qty: 1 })
    await first.service.updateCheckout({ ...details, paymentDetails: { ...details.paymentDetails, paymentMethod: 'ideal' } })
    expect((await first.service.placeOrder()).ok).toBe(true)
    await waitFor(orders, (o) => o[0]?.status === 'placed')
    expect(orders()![0]!.payment).toBeUndefined()

    await first.service.paymentStatus('100000001')
    await waitFor(orders, (o) => o[0]?.payment?.status === 'pending')
    answer = { order_id: '100000001', status: 'paid', order_status: 'processing' }
    expect(await first.service.paymentStatus('100000001')).toEqual({ kind: 'known', status: 'paid', orderStatus: 'processing' })
    const paid = await waitFor(orders, (o) => o[0]?.payment?.status === 'paid')
    expect(paid[0]!.payment).toMatchObject({ status: 'paid', orderStatus: 'processing' })
    // an order number this device did not place stores nothing (and does not fail)
    answer = { order_id: '100000042', status: 'cancelled', order_status: 'canceled' }
    await first.service.paymentStatus('100000042')
    await stop(first.service)

    backend.up = false
    const second = await start(backend, { storage, databaseName: name, online: false })
    const reloaded = await follow(second.service)
    const kept = await waitFor(reloaded, (o) => o.length === 1)
    expect(kept[0]!.payment).toMatchObject({ status: 'paid', orderStatus: 'processing' })
    // offline the shop is not asked and the stored word stays
    expect(await second.service.paymentStatus('100000001')).toEqual({ kind: 'offline' })
    expect(reloaded()![0]!.payment?.status).toBe('paid')
  })

  it('without automatic transmission an order placed offline waits for the shopper: held on reconnect and reload, sent on confirm', async () => {
    const backend = new OrderBackend()
    backend.up = false
    const storage = getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange })
    const name = `polder-orders-held-${Date.now()}`
    const config = { automaticOrderTransmission: false }
    const first = await start(backend, { online: false, storage, databaseName: name, config })
    await waitFor(first.status, (s) => s.isLeader)
    await fillCheckout(first.service)
    const placed = await first.service.placeOrder()
    if (!placed.ok) throw new Error('not placed')
    let held: OrderView[] | undefined
    await first.service.subscribeHeldOrders((o) => {
      held = o
    })
    await waitFor(
      () => held,
      (h) => h.length === 1,
    )
    backend.up = true
    await first.service.setOnline(true)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(backend.orderPosts).toEqual([])
    await stop(first.service)

    // a reload online (a new leader) does not send it either
    const second = await start(backend, { storage, databaseName: name, config })
    await waitFor(second.status, (s) => s.isLeader)
    const orders = await follow(second.service)
    await second.service.subscribeHeldOrders((o) => {
      held = o
    })
    const waiting = await waitFor(
      () => held,
      (h) => h.length === 1,
    )
    expect(waiting[0]!.order_id).toBe(placed.order.order_id)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(backend.orderPosts).toEqual([])

    await second.service.confirmHeldOrders([placed.order.order_id])
    await waitFor(orders, (o) => o[0]?.status === 'placed')
    expect(backend.orderPosts).toEqual([placed.order.order_id])
    await waitFor(
      () => held,
      (h) => h.length === 0,
    )
  })

  it('without automatic transmission the shopper may cancel a held order: it is dropped, its lines stay in the cart', async () => {
    const backend = new OrderBackend()
    backend.up = false
    const { service, status, cart } = await start(backend, { online: false, config: { automaticOrderTransmission: false } })
    await waitFor(status, (s) => s.isLeader)
    const orders = await follow(service)
    await fillCheckout(service)
    const placed = await service.placeOrder()
    if (!placed.ok) throw new Error('not placed')
    await waitFor(orders, (o) => o.length === 1)
    backend.up = true
    await service.setOnline(true)
    await service.cancelHeldOrders([placed.order.order_id])
    await waitFor(orders, (o) => o.length === 0)
    expect(backend.orderPosts).toEqual([])
    expect(cart()!.items.map((i) => [i.sku, i.qty])).toEqual([['SKU-1', 2]])
  })

  it('with automatic transmission (the default) nothing is held', async () => {
    const backend = new OrderBackend()
    backend.up = false
    const { service, status } = await start(backend, { online: false })
    await waitFor(status, (s) => s.isLeader)
    await fillCheckout(service)
    expect((await service.placeOrder()).ok).toBe(true)
    let held: OrderView[] | undefined
    await service.subscribeHeldOrders((o) => {
      held = o
    })
    await waitFor(
      () => held,
      (h) => h.length === 0,
    )
  })

  it('saves the checkout on every change; a reload loses nothing; the 30-minute window', async () => {
    const backend = new OrderBackend()
    const storage = getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange })
    const name = `polder-checkout-${Date.now()}`
    const first = await start(backend, { storage, databaseName: name, online: false })
    await first.service.updateCheckout({ personalDetails: { emailAddress: 'a@b.be' } })
    const view = await first.service.updateCheckout({ shippingDetails: { postcode: '1000' } })
    expect(view.details.personalDetails.emailAddress).toBe('a@b.be')
    expect(view.inCheckout).toBe(true)
    await stop(first.service)
    const second = await start(backend, { storage, databaseName: name, online: false })
    let checkout: Awaited<ReturnType<DataService['updateCheckout']>> | undefined
    await second.service.subscribeCheckout((c) => {
      checkout = c
    })
    const restored = await waitFor(
      () => checkout,
      (c) => c.modifiedAt !== null,
    )
    expect(restored.details.shippingDetails.postcode).toBe('1000')
    expect(restored.details.personalDetails.emailAddress).toBe('a@b.be')
    const at = restored.modifiedAt!
    expect(toCheckoutView(restored, at + IN_CHECKOUT_WINDOW_MS - 1).inCheckout).toBe(true)
    expect(toCheckoutView(restored, at + IN_CHECKOUT_WINDOW_MS).inCheckout).toBe(false)
  })
})
