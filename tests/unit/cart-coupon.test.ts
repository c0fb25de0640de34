/**
 * The cart, complete: coupons on the server cart (applied, refused, offline, re-sent to
 * a replacement cart), refusals told instead of dropped, and VSF1's cart defects of contract §6
 * that the other cart tests do not already pin down.
 */
import { describe, expect, it } from 'vitest'
import { NetworkError } from '../../replication/api-errors'
import { applyCoupon, removeCoupon } from '../../replication/cart-coupon'
import { syncCart, type CartSyncDeps } from '../../replication/cart-sync'
import { microcartCount } from '../../domain/cart-config'
import type { CartView } from '../../workers/contract/views'
import { FakeCartServer, MemoryCartStore, localItem } from './cart-fakes'
import { FakeBackend, fullProduct, useBackendServices } from './worker-backend'
import { waitFor } from './worker-harness'

function setup() {
  const server = new FakeCartServer()
  const store = new MemoryCartStore()
  const deps: CartSyncDeps = { api: server.api, store, now: () => 1_000 }
  return { server, store, deps, coupons: { api: server.api, store } }
}

describe('coupons (spec §4 "Coupon")', () => {
  it('applying keeps the code in the cart state and forces a totals sync: the discount is in the totals', async () => {
    const { server, store, deps, coupons } = setup()
    await store.putItem(localItem('A', 2))
    await syncCart(deps, { forceClientState: true })
    server.calls = []
    expect(await applyCoupon(coupons, ' polder10 ')).toEqual({ kind: 'applied', code: 'POLDER10' })
    expect(server.calls).toEqual(['coupon:POLDER10', 'totals'])
    expect(store.state.coupon).toBe('POLDER10')
    expect(store.state.totals).toMatchObject({ coupon_code: 'POLDER10', discount_amount: -2, grand_total: 18 })

    server.calls = []
    expect(await removeCoupon(coupons)).toEqual({ kind: 'removed' })
    expect(server.calls).toEqual(['coupon:delete', 'totals'])
    expect(store.state.coupon).toBeNull()
    expect(store.state.totals).toMatchObject({ discount_amount: 0, grand_total: 20 })
  })

  it("a code the server refuses is 'invalid' with its words, and changes nothing", async () => {
    const { store, deps, coupons } = setup()
    await store.putItem(localItem('A', 1))
    await syncCart(deps, { forceClientState: true })
    const totals = store.state.totals
    const outcome = await applyCoupon(coupons, 'ZOMER2025')
    expect(outcome).toEqual({ kind: 'invalid', code: 'ZOMER2025', text: "The coupon code isn't valid. Verify the code and try again." })
    expect(store.state.coupon).toBeUndefined()
    expect(store.state.totals).toEqual(totals)
  })

  it("without a server cart or a network it is 'unreachable', never a refused code", async () => {
    const { server, store, deps, coupons } = setup()
    expect(await applyCoupon(coupons, 'POLDER10')).toEqual({ kind: 'unreachable' })
    await store.putItem(localItem('A', 1))
    await syncCart(deps, { forceClientState: true })
    const down = {
      ...coupons,
      api: {
        ...server.api,
        applyCoupon: async () => {
          throw new NetworkError('/api/cart/apply-coupon')
        },
      },
    }
    expect(await applyCoupon(down, 'POLDER10')).toEqual({ kind: 'unreachable' })
    expect(store.state.coupon).toBeUndefined()
  })

  it('a replaced server cart (dead or converted, #2540) gets the lines and the coupon again', async () => {
    const { server, store, deps, coupons } = setup()
    await store.putItem(localItem('A', 2))
    const first = await syncCart(deps, { forceClientState: true })
    await applyCoupon(coupons, 'POLDER10')
    server.carts.delete(first.cartId!)
    server.calls = []
    const again = await syncCart(deps)
    expect(again.cartId).not.toBe(first.cartId)
    expect(server.calls).toEqual(['pull', 'create:guest', 'pull', 'update:A:2', 'coupon:POLDER10', 'totals'])
    expect(server.carts.get(again.cartId!)!.map((l) => [l.sku, l.qty])).toEqual([['A', 2]])
    expect(store.state.totals).toMatchObject({ coupon_code: 'POLDER10', grand_total: 18 })
    expect(again.events).toContainEqual({ type: 'couponReapplied', code: 'POLDER10' })
  })

  it('a coupon the replacement cart refuses is dropped and the shopper is told (a notice)', async () => {
    const { server, store, deps, coupons } = setup()
    await store.putItem(localItem('A', 1))
    const first = await syncCart(deps, { forceClientState: true })
    await applyCoupon(coupons, 'POLDER10')
    server.validCoupons.clear()
    server.carts.delete(first.cartId!)
    await syncCart(deps)
    expect(store.state.coupon).toBeNull()
    expect(store.state.notices).toMatchObject([{ kind: 'couponDropped', code: 'POLDER10' }])
    expect(await store.getItems()).toHaveLength(1)
  })
})

describe('refusals are told, not dropped silently (spec §4 "Server update", §8)', () => {
  it('a refused new line leaves a lineRefused notice with the server text; a refused qty a qtyRestored one', async () => {
    const { server, store, deps } = setup()
    await store.putItem(localItem('A', 1, { name: 'Linen shirt' }))
    await syncCart(deps, { forceClientState: true })
    server.rejectSkus.add('A').add('Z')
    const a = (await store.getItems())[0]!
    await store.putItem({ ...a, qty: 5, prev_qty: 1 })
    await store.putItem(localItem('Z', 1, { name: 'Wool scarf' }))
    await syncCart(deps, { forceClientState: true })
    expect(store.state.notices).toEqual([
      expect.objectContaining({ kind: 'qtyRestored', sku: 'A', name: 'Linen shirt', qty: 1, text: 'The requested qty is not available' }),
      expect.objectContaining({ kind: 'lineRefused', sku: 'Z', name: 'Wool scarf', text: 'The requested qty is not available' }),
    ])
  })
})

describe("VSF1's cart defects (contract §6) that no other test pins down", () => {
  it('#4305: the first add on a fresh browser is pushed, not taken away by the new empty server cart', async () => {
    const { server, store, deps } = setup()
    await store.putItem(localItem('A', 1))
    // even a sync that does not force the local state (the start-up pull) keeps and pushes the line
    await syncCart(deps)
    expect(await store.getItems()).toHaveLength(1)
    expect([...server.carts.values()][0]!.map((l) => [l.sku, l.qty])).toEqual([['A', 1]])
  })

  it('#5743: quantities never double when the cart is synced again on reload or login (mergeQty)', async () => {
    const { server, store, deps } = setup()
    await store.putItem(localItem('A', 2))
    const first = await syncCart(deps, { forceClientState: true })
    await syncCart(deps, { mergeQty: true })
    await syncCart(deps, { mergeQty: true })
    expect((await store.getItems())[0]!.qty).toBe(2)
    expect(server.carts.get(first.cartId!)![0]!.qty).toBe(2)
  })

  it('#5974: a refused quantity change of a line the shopper had never deletes that line', async () => {
    const { server, store, deps } = setup()
    await store.putItem(localItem('A', 1))
    await syncCart(deps, { forceClientState: true })
    server.rejectSkus.add('A')
    const a = (await store.getItems())[0]!
    await store.putItem({ ...a, qty: 2, prev_qty: 1 })
    await syncCart(deps, { forceClientState: true })
    expect((await store.getItems()).map((i) => [i.sku, i.qty])).toEqual([['A', 1]])
  })
})

describe('microcart count (spec §9: quantities, or lines by configuration)', () => {
  it('counts quantities by default, lines when configured', () => {
    const items = [{ qty: 2 }, { qty: 3 }]
    expect(microcartCount(items)).toBe(5)
    expect(microcartCount(items, 'items')).toBe(2)
  })
})

const { start } = useBackendServices()

describe('DataService (worker): the cart, complete', () => {
  it('an add answers only once the pages took the cart view with the line (the microcart is never empty after an add)', async () => {
    const backend = new FakeBackend()
    const { service } = await start(backend, { online: false })
    // a page's callback runs a moment after the worker calls it, as a Comlink call does
    let page: CartView | undefined
    await service.subscribeCart((view) => new Promise<void>((resolve) => setTimeout(() => ((page = view), resolve()), 30)) as unknown as void)
    await waitFor(
      () => page,
      (c) => c.items.length === 0,
    )
    await service.applyCartCommand({ type: 'add', product: fullProduct('SKU-1'), qty: 1 })
    expect(page!.items.map((i) => i.sku)).toEqual(['SKU-1'])
    // a double click: two adds, one line with quantity 2
    await Promise.all([1, 2].map(() => service.applyCartCommand({ type: 'add', product: fullProduct('SKU-1'), qty: 1 })))
    expect(page!.items.map((i) => [i.sku, i.qty])).toEqual([['SKU-1', 3]])
    expect(page!.count).toBe(3)
  })

  it('a double click makes one server line (#2639), and a coupon applied in the cart lowers the total', async () => {
    const backend = new FakeBackend()
    const { service, status, cart } = await start(backend)
    await waitFor(status, (s) => s.isLeader)
    const product = fullProduct('SKU-1')
    await Promise.all([service.applyCartCommand({ type: 'add', product, qty: 1 }), service.applyCartCommand({ type: 'add', product, qty: 1 })])
    const synced = await waitFor(cart, (c) => c.serverCartId !== null && !c.pendingSync && c.totals !== null)
    expect(backend.cart.carts.get(synced.serverCartId!)!.map((l) => [l.sku, l.qty])).toEqual([['SKU-1', 2]])

    expect(await service.applyCartCommand({ type: 'applyCoupon', code: 'nope' })).toMatchObject([{ type: 'error', key: 'couponInvalid' }])
    expect(await service.applyCartCommand({ type: 'applyCoupon', code: 'polder10' })).toMatchObject([
      { type: 'success', key: 'couponApplied', params: { code: 'POLDER10' } },
    ])
    expect(cart()).toMatchObject({ coupon: 'POLDER10', totals: { coupon_code: 'POLDER10' } })
    expect(cart()!.totals!.grand_total).toBeLessThan(synced.totals!.grand_total)
    expect(await service.applyCartCommand({ type: 'removeCoupon' })).toMatchObject([{ key: 'couponRemoved' }])
    expect(cart()).toMatchObject({ coupon: null, totals: { grand_total: synced.totals!.grand_total } })
  })

  it('offline, a coupon is not tried: the shopper is told that coupons need the network', async () => {
    const backend = new FakeBackend()
    const { service } = await start(backend, { online: false })
    await service.applyCartCommand({ type: 'add', product: fullProduct('SKU-1'), qty: 1 })
    expect(await service.applyCartCommand({ type: 'applyCoupon', code: 'POLDER10' })).toMatchObject([{ type: 'warning', key: 'couponOffline' }])
    expect(backend.requests.filter((r) => r.includes('coupon'))).toEqual([])
  })
})
