/**
 * Gift cards on the client: applying and removing a card on the server cart forces a
 * totals sync and keeps the codes in the cart state; a refusal carries the extension's reason (the
 * UI translates it); no network is "unreachable", never a refused card; the cart view's cards come
 * from the codes and the totals' mageworx_giftcards segment; the worker command's messages.
 */
import { describe, expect, it } from 'vitest'
import type { Totals } from '../../domain/cart.schema'
import { giftCardShares, GIFT_CARDS_SEGMENT } from '../../domain/cart-totals'
import { ApiError, NetworkError } from '../../replication/api-errors'
import { appliedGiftCards, applyGiftCard, removeGiftCard, type CartGiftCardDeps } from '../../replication/cart-giftcard'
import { applyCartCommand, type CartCommandDeps } from '../../workers/cart/cart-commands'
import { syncCart, type CartSyncDeps } from '../../replication/cart-sync'
import { FakeCartServer, fakeTotals, localItem, MemoryCartStore } from './cart-fakes'

/** Totals of 40.00 with the cards paying in order (domain/cart-totals), as the server makes them. */
function totalsWith(cards: { code: string; balance_cents: number }[]): Totals {
  const base = fakeTotals(40, 1)
  const shares = giftCardShares(4000, cards)
  if (shares.length === 0) return base
  const paid = shares.reduce((sum, s) => sum + s.cents, 0)
  const segment = {
    code: GIFT_CARDS_SEGMENT,
    title: 'Gift Cards',
    value: -paid / 100,
    extension_attributes: { front_options: JSON.stringify(Object.fromEntries(shares.map((s) => [s.code, s.cents / 100]))) },
  }
  return { ...base, grand_total: (4000 - paid) / 100, total_segments: [...base.total_segments, segment] }
}

function setup() {
  const store = new MemoryCartStore()
  store.state.serverCartId = 'cart-1'
  const balances = new Map([
    ['POLDER-GIFT-25', 2500],
    ['POLDER-GIFT-100', 10000],
  ])
  const refusals = new Map([
    ['POLDER-GIFT-USED', { status: 400, reason: 'used', errorMessage: 'This gift card has no balance left.' }],
    ['POLDER-GIFT-EXPIRED', { status: 400, reason: 'expired', errorMessage: 'This gift card has expired.' }],
  ])
  const onCart: string[] = []
  const calls: string[] = []
  const api: CartGiftCardDeps['api'] = {
    async applyGiftCard(cartId, code) {
      calls.push(`activate:${cartId}:${code}`)
      const refusal = refusals.get(code)
      if (refusal) throw new ApiError(refusal.status, { errorMessage: refusal.errorMessage, reason: refusal.reason }, '/api/ext/giftcard/activate')
      const balance = balances.get(code)
      if (balance === undefined) throw new ApiError(404, { errorMessage: 'This gift card code is not valid.', reason: 'unknown' }, '/api/ext/giftcard/activate')
      if (!onCart.includes(code)) onCart.push(code)
      return { code, balance: balance / 100, currency: 'EUR', expires_at: null, status: 'active' }
    },
    async removeGiftCard(cartId, code) {
      calls.push(`remove:${cartId}:${code}`)
      const at = onCart.indexOf(code)
      if (at >= 0) onCart.splice(at, 1)
      return true
    },
    async cartTotals() {
      calls.push('totals')
      return totalsWith(onCart.map((code) => ({ code, balance_cents: balances.get(code)! })))
    },
  }
  return { store, api, calls, deps: { api, store } }
}

describe('applyGiftCard / removeGiftCard (spec §7 "Gift card")', () => {
  it('applies a card (any case), keeps its code and forces a totals sync: the grand total is lowered by it', async () => {
    const { store, calls, deps } = setup()
    expect(await applyGiftCard(deps, ' polder-gift-25 ')).toEqual({ kind: 'applied', code: 'POLDER-GIFT-25' })
    expect(calls).toEqual(['activate:cart-1:POLDER-GIFT-25', 'totals'])
    expect(store.state.giftCards).toEqual(['POLDER-GIFT-25'])
    expect(store.state.totals?.grand_total).toBe(15)
    // again: the same card once
    await applyGiftCard(deps, 'POLDER-GIFT-25')
    expect(store.state.giftCards).toEqual(['POLDER-GIFT-25'])
  })

  it('removes a card: the code is forgotten and the totals are back to without it', async () => {
    const { store, calls, deps } = setup()
    await applyGiftCard(deps, 'POLDER-GIFT-25')
    await applyGiftCard(deps, 'POLDER-GIFT-100')
    calls.length = 0
    expect(await removeGiftCard(deps, 'polder-gift-25')).toEqual({ kind: 'removed', code: 'POLDER-GIFT-25' })
    expect(calls).toEqual(['remove:cart-1:POLDER-GIFT-25', 'totals'])
    expect(store.state.giftCards).toEqual(['POLDER-GIFT-100'])
    expect(store.state.totals?.grand_total).toBe(0)
  })

  it("a card the server refuses is 'invalid' with the extension's reason, and changes nothing", async () => {
    const { store, deps } = setup()
    expect(await applyGiftCard(deps, 'NOPE')).toMatchObject({ kind: 'invalid', code: 'NOPE', reason: 'unknown' })
    expect(await applyGiftCard(deps, 'POLDER-GIFT-USED')).toMatchObject({ kind: 'invalid', reason: 'used' })
    expect(await applyGiftCard(deps, 'POLDER-GIFT-EXPIRED')).toMatchObject({ kind: 'invalid', reason: 'expired' })
    expect(store.state.giftCards).toBeUndefined()
    expect(store.state.totals).toBeNull()
  })

  it("a refusal without the extension's reason (a full cart) is 'refused'", async () => {
    const { deps, api } = setup()
    const full = { ...deps, api: { ...api, applyGiftCard: () => Promise.reject(new ApiError(400, 'A cart takes at most 5 gift cards', '/x')) } }
    expect(await applyGiftCard(full, 'POLDER-GIFT-25')).toMatchObject({ kind: 'invalid', reason: 'refused', text: 'A cart takes at most 5 gift cards' })
  })

  it("without a server cart or a network it is 'unreachable', never a refused card; an empty code does nothing", async () => {
    const { store, deps, api, calls } = setup()
    const down = {
      ...deps,
      api: { ...api, applyGiftCard: () => Promise.reject(new NetworkError('/x')), removeGiftCard: () => Promise.reject(new NetworkError('/x')) },
    }
    expect(await applyGiftCard(down, 'POLDER-GIFT-25')).toEqual({ kind: 'unreachable' })
    const unavailable = { ...deps, api: { ...api, applyGiftCard: () => Promise.reject(new ApiError(503, 'down', '/x')) } }
    expect(await applyGiftCard(unavailable, 'POLDER-GIFT-25')).toEqual({ kind: 'unreachable' })
    await applyGiftCard(deps, 'POLDER-GIFT-25')
    expect(await removeGiftCard(down, 'POLDER-GIFT-25')).toEqual({ kind: 'unreachable' })
    expect(store.state.giftCards).toEqual(['POLDER-GIFT-25'])
    calls.length = 0
    expect(await applyGiftCard(deps, '   ')).toEqual({ kind: 'empty' })
    expect(calls).toEqual([])
    store.state.serverCartId = null
    expect(await applyGiftCard(deps, 'POLDER-GIFT-100')).toEqual({ kind: 'unreachable' })
    // no server cart: nothing is on one, the local code is forgotten
    expect(await removeGiftCard(deps, 'POLDER-GIFT-25')).toEqual({ kind: 'removed', code: 'POLDER-GIFT-25' })
    expect(store.state.giftCards).toEqual([])
  })
})

describe('a replaced server cart (#2540) and the gift cards', () => {
  async function replaced(valid: string[]) {
    const server = new FakeCartServer()
    const store = new MemoryCartStore()
    const deps: CartSyncDeps = { api: server.api, store, now: () => 1_000 }
    await store.putItem(localItem('A', 1))
    const first = await syncCart(deps, { forceClientState: true })
    await store.setState({ giftCards: ['POLDER-GIFT-25', 'POLDER-GIFT-USED'] })
    for (const code of valid) server.validGiftCards.add(code)
    server.carts.delete(first.cartId!)
    server.calls = []
    const again = await syncCart(deps)
    return { server, store, again, first }
  }

  it('gets the shopper’s cards again, in order; a card it refuses is dropped and told', async () => {
    const { server, store, again, first } = await replaced(['POLDER-GIFT-25'])
    expect(again.cartId).not.toBe(first.cartId)
    expect(server.calls).toEqual(['pull', 'create:guest', 'pull', 'update:A:1', 'giftcard:POLDER-GIFT-25', 'giftcard:POLDER-GIFT-USED', 'totals'])
    expect(server.giftCards.get(again.cartId!)).toEqual(['POLDER-GIFT-25'])
    expect(store.state.giftCards).toEqual(['POLDER-GIFT-25'])
    expect(again.events).toContainEqual({ type: 'giftCardReapplied', code: 'POLDER-GIFT-25' })
    expect(store.state.notices).toMatchObject([{ kind: 'giftCardDropped', code: 'POLDER-GIFT-USED' }])
  })

  it('a sync of the same server cart sends no card again', async () => {
    const server = new FakeCartServer()
    const store = new MemoryCartStore()
    const deps: CartSyncDeps = { api: server.api, store, now: () => 1_000 }
    await store.putItem(localItem('A', 1))
    await syncCart(deps, { forceClientState: true })
    await store.setState({ giftCards: ['POLDER-GIFT-25'] })
    server.calls = []
    await syncCart(deps)
    expect(server.calls.filter((c) => c.startsWith('giftcard:'))).toEqual([])
  })
})

describe('appliedGiftCards (the cart view)', () => {
  it('lists the codes in order with what the totals say each pays, 0 when the total is covered or unknown', () => {
    const totals = totalsWith([
      { code: 'POLDER-GIFT-25', balance_cents: 2500 },
      { code: 'POLDER-GIFT-100', balance_cents: 10000 },
      { code: 'LATE', balance_cents: 500 },
    ])
    expect(appliedGiftCards(['POLDER-GIFT-25', 'POLDER-GIFT-100', 'LATE'], totals)).toEqual([
      { code: 'POLDER-GIFT-25', amount: 2500 },
      { code: 'POLDER-GIFT-100', amount: 1500 },
      { code: 'LATE', amount: 0 },
    ])
    expect(appliedGiftCards(['POLDER-GIFT-25'], null)).toEqual([{ code: 'POLDER-GIFT-25', amount: 0 }])
    expect(appliedGiftCards([], fakeTotals(10, 1))).toEqual([])
  })

  it('names a card the segment has and the state lacks (applied from another device) after the shopper’s own', () => {
    expect(appliedGiftCards(['MINE'], totalsWith([{ code: 'OTHER', balance_cents: 700 }]))).toEqual([
      { code: 'MINE', amount: 0 },
      { code: 'OTHER', amount: 700 },
    ])
  })
})

describe('the gift card commands (workers/cart/cart-commands)', () => {
  const base = (giftCards?: CartCommandDeps['giftCards']): CartCommandDeps => ({
    store: new MemoryCartStore(),
    checkStock: async () => null,
    now: () => 1,
    newId: () => 'n1',
    ...(giftCards ? { giftCards } : {}),
  })

  it('hands the code to the gift card calls; without them (offline) says a connection is needed', async () => {
    const seen: string[] = []
    const deps = base({
      apply: async (code) => (seen.push(`apply:${code}`), [{ id: 'x', type: 'success', key: 'giftCardApplied' }]),
      remove: async (code) => (seen.push(`remove:${code}`), [{ id: 'y', type: 'success', key: 'giftCardRemoved' }]),
    })
    expect(await applyCartCommand(deps, { type: 'applyGiftCard', code: 'POLDER-GIFT-25' })).toMatchObject([{ key: 'giftCardApplied' }])
    expect(await applyCartCommand(deps, { type: 'removeGiftCard', code: 'POLDER-GIFT-25' })).toMatchObject([{ key: 'giftCardRemoved' }])
    // spec §5: an empty gift code does nothing
    expect(await applyCartCommand(deps, { type: 'applyGiftCard', code: '  ' })).toEqual([])
    expect(seen).toEqual(['apply:POLDER-GIFT-25', 'remove:POLDER-GIFT-25'])
    expect(await applyCartCommand(base(), { type: 'applyGiftCard', code: 'POLDER-GIFT-25' })).toMatchObject([{ type: 'warning', key: 'giftCardOffline' }])
  })
})
