/**
 * The cart's sync state is one document that every tab's worker patches (the leader's syncs write
 * totals and hashes; a login in another tab writes authorisePending). A patch must never undo
 * another one written meanwhile: a second tab's authorisePending lost to the leader's sync leaves
 * the customer's cart never connected (tests/e2e/account-two-tabs).
 */
import { describe, expect, it } from 'vitest'
import { CollectionCartStore } from '../../workers/db/collection-stores'
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
