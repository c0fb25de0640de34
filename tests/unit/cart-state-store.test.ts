/**
 * The cart's sync state is one document that every tab's worker patches (the leader's syncs write
 * totals and hashes; a login in another tab writes authorisePending). A patch must never undo
 * another one written meanwhile: a second tab's authorisePending lost to the leader's sync leaves
 * the customer's cart never connected (tests/e2e/account-two-tabs).
 */
import { describe, expect, it } from 'vitest'
import { CollectionCartStore } from '../../workers/db/collection-stores'
import { localItem } from './cart-fakes'
import { useMemoryDatabases } from './worker-harness'

describe('CollectionCartStore.setState', () => {
  const database = useMemoryDatabases('polder-cart-state')
  const store = async () => new CollectionCartStore(await database())

  it('keeps every patch written at the same time, on a state that exists and on one that does not yet', async () => {
    const cart = await store()
    await Promise.all([cart.setState({ serverCartId: 'guest-1' }), cart.setState({ coupon: 'WELCOME' })])
    expect(await cart.getState()).toMatchObject({ serverCartId: 'guest-1', coupon: 'WELCOME' })
    for (let round = 0; round < 5; round++) {
      await Promise.all([cart.setState({ authorisePending: true }), cart.setState({ syncedHash: `h${round}`, lastSyncAt: round })])
      expect(await cart.getState()).toMatchObject({ authorisePending: true, syncedHash: `h${round}`, lastSyncAt: round, serverCartId: 'guest-1' })
      await cart.setState({ authorisePending: false })
    }
  })
})

describe('CollectionCartStore.updateItem', () => {
  const database = useMemoryDatabases('polder-cart-lines')
  const store = async () => new CollectionCartStore(await database())

  it('changes the line as stored, keeping what was written before it, and never brings back a removed line', async () => {
    const cart = await store()
    await cart.putItem(localItem('LAMP', 2))
    const key = (await cart.getItems())[0]!.key
    // the shopper's change, then the sync's stamp of the line it sent: the stamp lands on the change
    await cart.putItem({ ...localItem('LAMP', 1), prev_qty: 2 })
    await cart.updateItem(key, (current) => ({ ...current, server_item_id: 7, server_cart_id: 'c1' }))
    expect((await cart.getItems()).map((item) => [item.qty, item.server_item_id])).toEqual([[1, 7]])
    await cart.removeItem(key)
    await cart.updateItem(key, (current) => ({ ...current, qty: 5 }))
    expect(await cart.getItems()).toEqual([])
  })
})
