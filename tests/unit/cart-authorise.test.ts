/**
 * The cart authorised at login (replication/cart-authorise, spec §4 "Login"): one test per branch,
 * on the in-memory server and store (cart-fakes). The fake server's cart/create with the token
 * answers the customer's cart, as the real server does. And who does it: the leader, once, for a
 * login in any tab (the request stored in the cart's state).
 */
import { describe, expect, it } from 'vitest'
import { cartHash } from '../../domain/cart-item'
import type { ApiClient } from '../../replication/api-client'
import { NetworkError } from '../../replication/api-errors'
import { authoriseCart, type CartAuthoriseDeps } from '../../replication/cart-authorise'
import { hasLocalChanges } from '../../replication/cart-store'
import { syncCart } from '../../replication/cart-sync'
import { CartJob } from '../../workers/outbox/cart-job'
import { Outbox } from '../../workers/outbox/outbox'
import { FakeCartServer, MemoryCartStore, localItem } from './cart-fakes'

const TOKEN = 'customer-token'

/** A guest cart synced to the server with `lines`, and the customer's server cart holding `customerLines`. */
async function setup(lines: [string, number][], customerLines: [string, number][], coupon: string | null = null) {
  const server = new FakeCartServer()
  const store = new MemoryCartStore()
  let token: string | null = null
  const guestApi = server.api
  const customerCart = server.newCartId()
  server.carts.set(customerCart, [])
  for (const [sku, qty] of customerLines) await guestApi.updateCartItem(customerCart, { sku, qty })
  // cart/create: a guest cart without a token, the customer's active cart with it
  const api = {
    ...guestApi,
    createCart: async (guest?: boolean) => {
      if (guest || !token) return guestApi.createCart(guest)
      server.calls.push('create:customer')
      return customerCart
    },
  }
  const deps: CartAuthoriseDeps = { api, store, now: () => 5_000, token: () => token, localItemFromServer: async (line) => localItem(line.sku, line.qty) }
  for (const [sku, qty] of lines) await store.putItem(localItem(sku, qty))
  if (lines.length > 0) await syncCart(deps, { forceClientState: true })
  if (coupon) {
    await api.applyCoupon((await store.getState()).serverCartId!, coupon)
    await store.setState({ coupon })
  }
  const guestCart = (await store.getState()).serverCartId
  server.calls = []
  const login = () => {
    token = TOKEN
  }
  return { server, store, deps, customerCart, guestCart, login }
}

const qtyOf = (store: MemoryCartStore) => async () => Object.fromEntries((await store.getItems()).map((i) => [i.sku, i.qty]))

describe('authoriseCart', () => {
  it('removes the coupon from the guest cart, connects the customer cart, merges without doubling, totals, reapplies the coupon, synced', async () => {
    const { server, store, deps, customerCart, guestCart, login } = await setup(
      [
        ['LAMP', 1],
        ['BOOK', 2],
      ],
      [
        ['LAMP', 2],
        ['MUG', 1],
      ],
      'POLDER10',
    )
    login()
    const result = await authoriseCart(deps)

    expect(server.calls[0]).toBe('coupon:delete')
    expect(server.coupons.get(guestCart!)).toBeUndefined()
    expect(server.calls[1]).toBe('create:customer')
    expect(result.cartId).toBe(customerCart)
    // the guest's LAMP 1 and the customer's LAMP 2 add up once; BOOK pushed; MUG comes in locally
    const server_ = Object.fromEntries(server.carts.get(customerCart)!.map((l) => [l.sku, l.qty]))
    expect(server_).toEqual({ LAMP: 3, BOOK: 2, MUG: 1 })
    expect(await qtyOf(store)()).toEqual({ LAMP: 3, BOOK: 2, MUG: 1 })
    expect((await store.getItems()).every((i) => i.server_cart_id === customerCart)).toBe(true)
    expect(server.coupons.get(customerCart)).toBe('POLDER10')
    expect(result.coupon).toBe('reapplied')
    // the totals were read after the coupon went on again: they carry its discount
    expect(server.calls.lastIndexOf('totals')).toBeGreaterThan(server.calls.indexOf('coupon:POLDER10'))
    const state = await store.getState()
    expect(state.totals?.coupon_code).toBe('POLDER10')
    expect(state.coupon).toBe('POLDER10')
    expect(state.serverCartId).toBe(customerCart)
    // synced with the token: nothing pending
    expect(state.syncedHash).toBe(cartHash(await store.getItems(), TOKEN))
    expect(hasLocalChanges(await store.getItems(), state, TOKEN)).toBe(false)
  })

  it('a second authorisation (reload, the load/login race, #5743) doubles nothing', async () => {
    const { server, store, deps, customerCart, login } = await setup([['LAMP', 1]], [['LAMP', 2]])
    login()
    await authoriseCart(deps)
    expect(await qtyOf(store)()).toEqual({ LAMP: 3 })
    server.calls = []
    await authoriseCart(deps)
    await authoriseCart(deps)
    expect(await qtyOf(store)()).toEqual({ LAMP: 3 })
    expect(server.carts.get(customerCart)!.map((l) => l.qty)).toEqual([3])
    expect(server.calls.filter((c) => c.startsWith('update:'))).toEqual([])
  })

  it('a guest cart without a coupon into an empty customer cart: the lines are pushed, no coupon calls', async () => {
    const { server, store, deps, customerCart, login } = await setup([['LAMP', 2]], [])
    login()
    const result = await authoriseCart(deps)
    expect(result.coupon).toBe('none')
    expect(server.calls.some((c) => c.startsWith('coupon'))).toBe(false)
    expect(server.carts.get(customerCart)!.map((l) => [l.sku, l.qty])).toEqual([['LAMP', 2]])
    expect(await qtyOf(store)()).toEqual({ LAMP: 2 })
    expect((await store.getState()).totals?.items_qty).toBe(2)
  })

  it('an empty local cart takes the customer’s server lines', async () => {
    const { store, deps, customerCart, login } = await setup([], [['MUG', 4]])
    login()
    await authoriseCart(deps)
    expect(await qtyOf(store)()).toEqual({ MUG: 4 })
    expect((await store.getState()).serverCartId).toBe(customerCart)
  })

  it('a coupon the customer’s cart refuses is dropped and told, the lines still merged', async () => {
    const { server, store, deps, login } = await setup([['LAMP', 1]], [], 'POLDER10')
    login()
    server.validCoupons.clear()
    const result = await authoriseCart(deps)
    expect(result.coupon).toBe('dropped')
    const state = await store.getState()
    expect(state.coupon).toBeNull()
    expect(state.notices).toEqual([expect.objectContaining({ kind: 'couponDropped', code: 'POLDER10' })])
    expect(await qtyOf(store)()).toEqual({ LAMP: 1 })
  })

  it('a guest cart the server no longer knows: its coupon removal is skipped, the authorisation goes on', async () => {
    const { server, store, deps, customerCart, guestCart, login } = await setup([['LAMP', 1]], [], 'POLDER10')
    server.carts.delete(guestCart!)
    login()
    const result = await authoriseCart(deps)
    expect(result.cartId).toBe(customerCart)
    expect(server.coupons.get(customerCart)).toBe('POLDER10')
    expect(await qtyOf(store)()).toEqual({ LAMP: 1 })
  })

  it('the network failing while connecting: it throws, and the cart, its server cart and coupon are kept for the next try', async () => {
    const { store, deps, guestCart, login } = await setup([['LAMP', 1]], [['LAMP', 2]], 'POLDER10')
    login()
    const failing: CartAuthoriseDeps = {
      ...deps,
      api: {
        ...deps.api,
        createCart: async () => {
          throw new NetworkError('/api/cart/create')
        },
      },
    }
    await expect(authoriseCart(failing)).rejects.toBeInstanceOf(NetworkError)
    const state = await store.getState()
    expect(state.serverCartId).toBe(guestCart)
    expect(state.coupon).toBe('POLDER10')
    expect(await qtyOf(store)()).toEqual({ LAMP: 1 })
    // the next try merges once
    await authoriseCart(deps)
    expect(await qtyOf(store)()).toEqual({ LAMP: 3 })
  })
})

describe('the authorisation of a login in a tab that is not the leader (workers/outbox/cart-job)', () => {
  /**
   * One tab's outbox and cart job over the cart every tab shares (the local database), leader or
   * not; `authorise` is the cart module's: the request stored, the cart job woken.
   */
  function tab(deps: CartAuthoriseDeps, leader: { is: boolean }) {
    const outbox = new Outbox({ canRun: () => leader.is, now: deps.now })
    outbox.register(
      new CartJob({
        api: deps.api as unknown as ApiClient,
        store: deps.store,
        token: deps.token ?? (() => null),
        now: deps.now,
        checkStock: async () => null,
        localItemFromServer: deps.localItemFromServer ?? (async () => null),
      }),
    )
    const runNow = () => outbox.wake('cart', { now: true })
    return {
      runNow,
      authorise: async () => {
        await deps.store.setState({ authorisePending: true })
        await runNow()
      },
    }
  }

  it('is done by the leader, once: the request is stored, the other tab sends nothing, and a later leader does not do it again', async () => {
    const { server, store, deps, customerCart, login } = await setup([['LAMP', 1]], [['LAMP', 2]], 'POLDER10')
    const follower = { is: false }
    const leader = { is: true }
    const loggedInTab = tab(deps, follower)
    const leaderTab = tab(deps, leader)
    login()

    await loggedInTab.authorise()
    expect(server.calls).toEqual([])
    expect((await store.getState()).authorisePending).toBe(true)

    // the leader's run (its scheduler is woken by the stored state's change) authorises
    await leaderTab.runNow()
    expect(server.calls.filter((c) => c === 'create:customer')).toEqual(['create:customer'])
    expect(server.coupons.get(customerCart)).toBe('POLDER10')
    expect(await qtyOf(store)()).toEqual({ LAMP: 3 })
    expect(await store.getState()).toMatchObject({ serverCartId: customerCart, authorisePending: false, coupon: 'POLDER10' })

    // later runs, in the leader or in the tab that logged in once it leads, do not authorise again
    server.calls = []
    await leaderTab.runNow()
    leader.is = false
    follower.is = true
    await loggedInTab.runNow()
    expect(server.calls.filter((c) => c === 'create:customer' || c.startsWith('coupon:') || c.startsWith('update:'))).toEqual([])
    expect(server.carts.get(customerCart)!.map((l) => l.qty)).toEqual([3])
  })

  it('a request left by a login that ended before the leader ran (logged out) is dropped, not done for the next guest', async () => {
    const { server, store, deps } = await setup([['LAMP', 1]], [])
    await tab(deps, { is: false }).authorise()
    await tab(deps, { is: true }).runNow()
    expect(server.calls).not.toContain('create:customer')
    expect((await store.getState()).authorisePending).toBe(false)
  })
})
