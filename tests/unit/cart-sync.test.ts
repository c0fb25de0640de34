import { describe, expect, it } from 'vitest'
import type { ProductOption, ServerCartItem } from '../../domain/cart.schema'
import { cartItemsMatch, matchableFromClient, matchableFromServer, productOptionChecksum } from '../../domain/cart-item'
import { ApiError, isTransientError, parseRetryAfter, retryDelayMs, RetryLaterError } from '../../replication/api-errors'
import { hasLocalChanges } from '../../replication/cart-store'
import { CartSyncDisabledError, syncCart } from '../../replication/cart-sync'
import type { CartSyncDeps } from '../../replication/cart-sync'
import { FakeCartServer, MemoryCartStore, localItem } from './cart-fakes'

function setup(extra: Partial<CartSyncDeps> = {}) {
  const server = new FakeCartServer()
  const store = new MemoryCartStore()
  const deps: CartSyncDeps = { api: server.api, store, now: () => 1_000, ...extra }
  return { server, store, deps }
}

const serverLine = (sku: string, qty: number, itemId: number, cartId = 'c1'): ServerCartItem => ({
  item_id: itemId,
  quote_id: cartId,
  sku,
  qty,
  name: sku,
  price: 10,
  product_type: 'simple',
})

describe('item matching', () => {
  const conf = (sku: string, value: number): ProductOption => ({
    extension_attributes: { configurable_item_options: [{ option_id: '93', option_value: String(value) }] },
  })
  it('checksums ignore number-vs-string differences', () => {
    const a: ProductOption = { extension_attributes: { custom_options: [{ option_id: '1', option_value: '2' }] } }
    const b = { extension_attributes: { custom_options: [{ option_value: '2', option_id: '1' }] } } as ProductOption
    expect(productOptionChecksum(a)).toBe(productOptionChecksum(b))
  })
  it('configurables match by (child) sku', () => {
    const client = matchableFromClient(localItem('TEE-RED-M', 1, { product_option: conf('TEE', 1) }))
    const server = matchableFromServer({ ...serverLine('TEE-RED-M', 1, 3), product_option: conf('TEE', 2) })
    expect(cartItemsMatch(client, server)).toBe(true)
  })
  it('custom-option lines match by checksum or id, not by sku', () => {
    const optA: ProductOption = { extension_attributes: { custom_options: [{ option_id: '1', option_value: 'engraving A' }] } }
    const optB: ProductOption = { extension_attributes: { custom_options: [{ option_id: '1', option_value: 'engraving B' }] } }
    const client = matchableFromClient(localItem('PEN', 1, { product_option: optA }))
    expect(cartItemsMatch(client, matchableFromServer({ ...serverLine('PEN', 1, 3), product_option: optB }))).toBe(false)
    expect(cartItemsMatch(client, matchableFromServer({ ...serverLine('PEN', 1, 3), product_option: optA }))).toBe(true)
  })
  it('gift cards match on amount (other-amount as fallback) and ignore the delivery date', () => {
    const gc = (amount: number | undefined, other: number | undefined, date: string): ProductOption => ({
      extension_attributes: { mageworx_giftcard_item_option: { card_amount: amount, card_amount_other: other, mail_delivery_date: date } },
    })
    const client = matchableFromClient(localItem('GC', 1, { type_id: 'giftcard', product_option: gc(undefined, 25, '2026-12-01') }))
    const same = matchableFromServer({ ...serverLine('GC', 1, 3), product_type: 'giftcard', product_option: gc(25, undefined, '2026-12-24') })
    const other = matchableFromServer({ ...serverLine('GC', 1, 4), product_type: 'giftcard', product_option: gc(50, undefined, '2026-12-01') })
    expect(cartItemsMatch(client, same)).toBe(true)
    expect(cartItemsMatch(client, other)).toBe(false)
  })
  it('plain products never match on two missing ids', () => {
    const a = matchableFromClient(localItem('A', 1))
    const b = matchableFromClient(localItem('B', 1))
    expect(cartItemsMatch(a, b)).toBe(false)
  })
})

describe('syncCart against an in-memory server', () => {
  it('connects (creates the cart), pushes a local line, stamps its server ids and fetches totals', async () => {
    const { server, store, deps } = setup()
    await store.putItem(localItem('A', 2))
    const result = await syncCart(deps, { forceClientState: true })
    expect(server.calls).toEqual(['create', 'pull', 'update:A:2', 'totals'])
    const [item] = await store.getItems()
    expect(item).toMatchObject({ sku: 'A', qty: 2, server_item_id: 100, server_cart_id: result.cartId })
    expect(result.totals?.subtotal).toBe(20)
    expect(store.state.syncedHash).not.toBeNull()
    expect(result.events).toContainEqual({ type: 'added', sku: 'A' })
  })

  it('a second sync of an unchanged cart changes nothing (no-changes, no writes)', async () => {
    const { server, store, deps } = setup()
    await store.putItem(localItem('A', 2))
    await syncCart(deps, { forceClientState: true })
    server.calls = []
    const again = await syncCart(deps, { forceClientState: true, mergeQty: true })
    expect(again.diff.isEmpty()).toBe(true)
    expect(server.calls).toEqual(['pull', 'totals'])
    expect((await store.getItems())[0]?.qty).toBe(2)
  })

  it('pushes a changed quantity (wrong-qty) with the server item id', async () => {
    const { server, store, deps } = setup()
    await store.putItem(localItem('A', 1))
    const first = await syncCart(deps, { forceClientState: true })
    const item = (await store.getItems())[0]!
    await store.putItem({ ...item, qty: 4, prev_qty: 1 })
    server.calls = []
    await syncCart(deps, { forceClientState: true })
    expect(server.calls).toContain('update:A:4:100')
    expect(server.carts.get(first.cartId!)?.[0]?.qty).toBe(4)
    expect((await store.getItems())[0]?.prev_qty).toBeUndefined()
  })

  it('adds a server-only line locally; with forced client state deletes it on the server', async () => {
    const { server, store, deps } = setup({
      localItemFromServer: async (s) => localItem(s.sku, s.qty),
    })
    const cartId = server.newCartId()
    server.carts.set(cartId, [serverLine('B', 2, 50, cartId)])
    await store.setState({ serverCartId: cartId })
    await syncCart(deps)
    expect(await store.getItems()).toMatchObject([{ sku: 'B', qty: 2, server_item_id: 50, server_cart_id: cartId }])

    await store.removeItem((await store.getItems())[0]!.key)
    await syncCart(deps, { forceClientState: true })
    expect(server.carts.get(cartId)).toEqual([])
  })

  it('dry run reads the server cart and changes nothing on either side', async () => {
    const { server, store, deps } = setup()
    const cartId = server.newCartId()
    server.carts.set(cartId, [serverLine('B', 2, 50, cartId)])
    await store.setState({ serverCartId: cartId })
    await store.putItem(localItem('A', 1))
    const result = await syncCart(deps, { dryRun: true, forceClientState: true })
    expect(result.diff.items.map((e) => e.status)).toEqual(['no-item', 'no-item'])
    expect(server.calls).toEqual(['pull'])
    expect(server.carts.get(cartId)).toHaveLength(1)
    expect(await store.getItems()).toHaveLength(1)
    expect(store.state.syncedHash).toBeNull()
  })

  it('replaces an unknown (expired, converted) cart with a fresh guest cart and pushes the lines again', async () => {
    const { server, store, deps } = setup()
    await store.setState({ serverCartId: 'expired0000000000000000000000000' })
    await store.putItem(localItem('A', 1, { server_item_id: 3, server_cart_id: 'expired0000000000000000000000000' }))
    const result = await syncCart(deps, { forceClientState: true })
    expect(server.calls).toEqual(['pull', 'create:guest', 'pull', 'update:A:1', 'totals'])
    expect(result.events[0]).toMatchObject({ type: 'cartReplaced', oldCartId: 'expired0000000000000000000000000' })
    expect((await store.getItems())[0]).toMatchObject({ server_cart_id: result.cartId, server_item_id: 100 })
    expect(store.state.bypassCount).toBe(0)

    // the counter reset, so a cart that dies again later is replaced again
    server.carts.delete(result.cartId!)
    const again = await syncCart(deps, { forceClientState: true })
    expect(again.cartId).not.toBe(result.cartId)
  })

  it('a 401 is an expired token, never a dead cart: the customer cart is kept and the sync stops with the error', async () => {
    const { server, store, deps } = setup({ token: () => 'access-1' })
    await store.setState({ serverCartId: 'c1' })
    server.carts.set('c1', [serverLine('A', 1, 3)])
    await store.putItem(localItem('A', 2, { server_item_id: 3, server_cart_id: 'c1' }))
    const pull = server.api.pullCart
    server.api.pullCart = async () => {
      throw new ApiError(401, "The consumer isn't authorized to access self.", '/api/cart/pull')
    }
    await expect(syncCart(deps, { forceClientState: true })).rejects.toMatchObject({ code: 401 })
    server.api.pullCart = pull
    expect(server.calls).not.toContain('create:guest')
    expect(store.state.serverCartId).toBe('c1')
    expect((await store.getItems())[0]).toMatchObject({ qty: 2, server_cart_id: 'c1', server_item_id: 3 })
  })

  it('gives up (sync disabled) when the replacement cart fails too', async () => {
    const { server, store, deps } = setup()
    const api = { ...server.api, pullCart: server.api.pullCart }
    api.pullCart = async (cartId: string) => {
      server.carts.delete(cartId)
      return server.api.pullCart(cartId)
    }
    await store.setState({ serverCartId: 'dead' })
    await store.putItem(localItem('A', 1))
    await expect(syncCart({ ...deps, api }, { forceClientState: true })).rejects.toBeInstanceOf(CartSyncDisabledError)
    expect(await store.getItems()).toHaveLength(1)
  })

  it('a rejected new line is removed locally; a rejected qty change restores prev_qty', async () => {
    const { server, store, deps } = setup()
    await store.putItem(localItem('A', 1))
    await syncCart(deps, { forceClientState: true })
    server.rejectSkus.add('A').add('Z')
    const a = (await store.getItems())[0]!
    await store.putItem({ ...a, qty: 5, prev_qty: 1 })
    await store.putItem(localItem('Z', 1))
    const result = await syncCart(deps, { forceClientState: true })
    const items = await store.getItems()
    expect(items.map((i) => [i.sku, i.qty])).toEqual([['A', 1]])
    expect(result.events).toContainEqual({ type: 'qtyRestored', sku: 'A' })
    expect(result.events).toContainEqual({ type: 'removedLocally', sku: 'Z', reason: 'server-rejected' })
  })

  it('an empty cart without a server cart creates nothing', async () => {
    const { server, deps } = setup()
    const result = await syncCart(deps)
    expect(result.cartId).toBeNull()
    expect(server.calls).toEqual([])
  })
})

describe('a server that says "not now"', () => {
  it.each([429, 503, 408])('%i to a new line or a qty change keeps the line as the shopper left it, and the sync fails transiently', async (status) => {
    const { server, store, deps } = setup()
    await store.putItem(localItem('A', 1))
    await syncCart(deps, { forceClientState: true })
    const a = (await store.getItems())[0]!
    await store.putItem({ ...a, qty: 3, prev_qty: 1 })
    await store.putItem(localItem('B', 2))
    const busy = { ...server.api, updateCartItem: async () => Promise.reject(new ApiError(status, 'Too many requests', '/api/cart/update')) }
    const failed = syncCart({ ...deps, api: busy }, { forceClientState: true })
    await expect(failed).rejects.toSatisfy(isTransientError)
    expect((await store.getItems()).map((i) => [i.sku, i.qty]).sort()).toEqual([
      ['A', 3],
      ['B', 2],
    ])
    // the server is back: the kept lines reach it
    await syncCart(deps, { forceClientState: true })
    const cart = await server.api.pullCart((await store.getState()).serverCartId!)
    expect(cart.map((l) => [l.sku, l.qty]).sort()).toEqual([
      ['A', 3],
      ['B', 2],
    ])
  })
})

describe('a cart handed over to an order during a sync', () => {
  /** The cart is emptied for an order (workers/cart emptyForOrder) while the server answers `call`. */
  function handOverDuring(call: 'createCart' | 'pullCart' | 'updateCartItem') {
    const { server, store, deps } = setup()
    const original = server.api[call] as (...args: unknown[]) => Promise<unknown>
    let handed = false
    ;(server.api as unknown as Record<string, unknown>)[call] = async (...args: unknown[]) => {
      const answer = await original(...args)
      if (!handed) {
        handed = true
        store.state = { ...store.state, serverCartId: null, syncedHash: null, totals: null, coupon: null, freshCart: true, epoch: (store.state.epoch ?? 0) + 1 }
        store.items.clear()
      }
      return answer
    }
    return { server, store, deps }
  }

  for (const call of ['createCart', 'pullCart', 'updateCartItem'] as const) {
    it(`writes nothing over the emptied cart (handed over during ${call})`, async () => {
      const { store, deps } = handOverDuring(call)
      await store.putItem(localItem('A', 2))
      const result = await syncCart(deps, { forceClientState: true })
      expect(result.cartId).toBeNull()
      // no line back, no server cart, totals or hash of the lines that left with the order
      expect(await store.getItems()).toEqual([])
      expect(store.state).toMatchObject({ serverCartId: null, syncedHash: null, totals: null, freshCart: true, epoch: 1 })
    })
  }

  it('the next sync after a hand-over asks the shop for a new cart, once', async () => {
    const { server, store, deps } = setup()
    const asked: boolean[] = []
    const create = server.api.createCart
    server.api.createCart = async (guest?: boolean, fresh?: boolean) => {
      asked.push(fresh === true)
      return create(guest)
    }
    store.state = { ...store.state, freshCart: true, epoch: 1 }
    await store.putItem(localItem('B', 1))
    await syncCart(deps, { forceClientState: true })
    expect(store.state.freshCart).toBe(false)
    store.state = { ...store.state, serverCartId: null }
    await syncCart(deps, { forceClientState: true })
    expect(asked).toEqual([true, false])
  })
})

describe('retry timing', () => {
  it('reads Retry-After as seconds or as a date', () => {
    expect(parseRetryAfter('7', 0)).toBe(7000)
    expect(parseRetryAfter('Thu, 01 Jan 1970 00:00:10 GMT', 4000)).toBe(6000)
    expect(parseRetryAfter('soon', 0)).toBeUndefined()
    expect(parseRetryAfter(null, 0)).toBeUndefined()
  })

  it("waits the server's time, else backs off from 1 s doubling, never under 1 s or over 60 s", () => {
    expect(retryDelayMs(new RetryLaterError('/x', 429, 7000), 0)).toBe(7000)
    expect(retryDelayMs(new RetryLaterError('/x', 429, 0), 0)).toBe(1000)
    expect(retryDelayMs(new RetryLaterError('/x', 429, 3_600_000), 0)).toBe(60_000)
    expect([0, 1, 2, 5, 9].map((n) => retryDelayMs(new Error('x'), n))).toEqual([1000, 2000, 4000, 32_000, 60_000])
  })

  it('counts "not now" statuses as transient, and refusals as final', () => {
    expect([408, 429, 502, 503, 504].every((c) => isTransientError(new ApiError(c, '', '/x')))).toBe(true)
    expect([400, 401, 404, 500].some((c) => isTransientError(new ApiError(c, '', '/x')))).toBe(false)
  })
})

/** The shopper's `edit`, once, right after the server saved the first line a sync sent (before its answer is back); answers whether it ran. */
function afterFirstUpdate(server: FakeCartServer, edit: () => Promise<void>): () => boolean {
  const update = server.api.updateCartItem
  let edited = false
  server.api.updateCartItem = async (id, line) => {
    const answer = await update(id, line)
    if (!edited) {
      edited = true
      await edit()
    }
    return answer
  }
  return () => edited
}

describe('a line changed while the sync runs', () => {
  it('is not taken for synced: the cart stays pending and the next sync sends the change', async () => {
    const { server, store, deps } = setup()
    await store.putItem(localItem('LAMP', 1))
    await store.putItem(localItem('BOOK', 1))
    await syncCart(deps, { forceClientState: true })
    const cartId = (await store.getState()).serverCartId!
    // the shopper removes BOOK and changes LAMP while the next sync is on its way to the server
    await store.putItem({ ...(await store.getItems()).find((i) => i.sku === 'LAMP')!, qty: 2 })
    const edited = afterFirstUpdate(server, async () => store.removeItem((await store.getItems()).find((i) => i.sku === 'BOOK')!.key))
    await syncCart(deps, { forceClientState: true })
    expect(edited()).toBe(true)
    const state = await store.getState()
    expect(hasLocalChanges(await store.getItems(), state, null)).toBe(true)
    // the next sync (with local changes: the client state wins) removes BOOK from the server cart
    await syncCart(deps, { forceClientState: true })
    expect(server.carts.get(cartId)!.map((l) => [l.sku, l.qty])).toEqual([['LAMP', 2]])
    expect(hasLocalChanges(await store.getItems(), await store.getState(), null)).toBe(false)
  })

  it("keeps the shopper's change to the very line being sent: the line takes the server's ids, and the next sync sends the change", async () => {
    const { server, store, deps } = setup()
    await store.putItem(localItem('LAMP', 2))
    // the shopper takes one away while the quantity 2 is on its way
    const edited = afterFirstUpdate(server, async () => store.putItem({ ...(await store.getItems())[0]!, qty: 1, prev_qty: 2 }))
    await syncCart(deps, { forceClientState: true })
    expect(edited()).toBe(true)
    const [lamp] = await store.getItems()
    expect(lamp!.qty).toBe(1)
    expect(lamp!.server_item_id).toBeDefined()
    expect(hasLocalChanges(await store.getItems(), await store.getState(), null)).toBe(true)
    await syncCart(deps, { forceClientState: true })
    const cartId = (await store.getState()).serverCartId!
    expect(server.carts.get(cartId)!.map((l) => [l.sku, l.qty])).toEqual([['LAMP', 1]])
    expect((await store.getItems()).map((i) => i.qty)).toEqual([1])
    expect(hasLocalChanges(await store.getItems(), await store.getState(), null)).toBe(false)
  })

  it('does not bring back a line the shopper removed while it was being sent', async () => {
    const { server, store, deps } = setup()
    await store.putItem(localItem('LAMP', 1))
    afterFirstUpdate(server, async () => store.removeItem((await store.getItems())[0]!.key))
    await syncCart(deps, { forceClientState: true })
    expect(await store.getItems()).toEqual([])
    await syncCart(deps, { forceClientState: true })
    expect(server.carts.get((await store.getState()).serverCartId!)).toEqual([])
  })

  it('a sync with no change meanwhile leaves the cart synced', async () => {
    const { store, deps } = setup()
    await store.putItem(localItem('LAMP', 1))
    await syncCart(deps, { forceClientState: true })
    expect(hasLocalChanges(await store.getItems(), await store.getState(), null)).toBe(false)
  })
})
