/** Components that ask for the same worker query share one worker subscription (src/data/shared-subscriptions). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sharedSubscriptions, type Listener, type ProxiedCallback } from '../../src/data/shared-subscriptions'

/** A stand-in for one worker query: counts subscriptions, and sends values to the open ones. */
function workerQuery() {
  const open = new Set<ProxiedCallback>()
  let subscribed = 0
  let unsubscribed = 0
  return {
    subscribe: async (cb: ProxiedCallback) => {
      subscribed++
      open.add(cb)
      return async () => {
        unsubscribed++
        open.delete(cb)
      }
    },
    send: (value: unknown) => {
      for (const cb of open) cb(value)
    },
    counts: () => ({ subscribed, unsubscribed, open: open.size }),
  }
}

function recorder(): Listener & { values: unknown[]; errors: unknown[] } {
  const values: unknown[] = []
  const errors: unknown[] = []
  return { values, errors, value: (v) => values.push(v), error: (e) => errors.push(e) }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('sharedSubscriptions', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}))
  afterEach(() => vi.restoreAllMocks())

  it('opens one worker subscription for every component with the same key, and gives each the values', async () => {
    const { join, open } = sharedSubscriptions(Promise.resolve())
    const status = workerQuery()
    const [a, b, c] = [recorder(), recorder(), recorder()]
    join('sync-status', status.subscribe, a)
    join('sync-status', status.subscribe, b)
    await settle()
    status.send({ online: true })
    // a component mounted later gets the last value at once, without a new subscription
    join('sync-status', status.subscribe, c)
    expect(status.counts()).toEqual({ subscribed: 1, unsubscribed: 0, open: 1 })
    expect(open()).toBe(1)
    expect([a.values, b.values, c.values]).toEqual([[{ online: true }], [{ online: true }], [{ online: true }]])
    status.send({ online: false })
    expect(c.values).toEqual([{ online: true }, { online: false }])
  })

  it('peeks at the last value of an open subscription, and at nothing once it is closed', async () => {
    const { join, peek } = sharedSubscriptions(Promise.resolve())
    const lists = workerQuery()
    expect(peek('lists')).toBeNull()
    const leave = join('lists', lists.subscribe, recorder())
    await settle()
    expect(peek('lists')).toBeNull() // open, nothing sent yet
    lists.send({ wishlist: ['PLD-00001'] })
    expect(peek('lists')).toEqual({ value: { wishlist: ['PLD-00001'] } })
    leave()
    await settle()
    expect(peek('lists')).toBeNull()
  })

  it('keeps different keys apart', async () => {
    const { join } = sharedSubscriptions(Promise.resolve())
    const query = workerQuery()
    const [a, b] = [recorder(), recorder()]
    join('product:A#0', query.subscribe, a)
    join('product:B#0', query.subscribe, b)
    await settle()
    expect(query.counts().subscribed).toBe(2)
  })

  it('ends the worker subscription when the last component leaves, unless another joins within the turn', async () => {
    const { join, open } = sharedSubscriptions(Promise.resolve())
    const categories = workerQuery()
    const leaveA = join('categories', categories.subscribe, recorder())
    const leaveB = join('categories', categories.subscribe, recorder())
    await settle()
    leaveA()
    await settle()
    expect(categories.counts()).toEqual({ subscribed: 1, unsubscribed: 0, open: 1 })
    // a route change: the old page leaves and the new one joins in the same commit
    leaveB()
    const leaveC = join('categories', categories.subscribe, recorder())
    await settle()
    expect(categories.counts()).toEqual({ subscribed: 1, unsubscribed: 0, open: 1 })
    leaveC()
    await settle()
    await settle()
    expect(categories.counts()).toEqual({ subscribed: 1, unsubscribed: 1, open: 0 })
    expect(open()).toBe(0)
    // asked again later: a new worker subscription
    join('categories', categories.subscribe, recorder())
    await settle()
    expect(categories.counts().subscribed).toBe(2)
  })

  it('waits for the worker to be ready before subscribing', async () => {
    let start = () => {}
    const { join } = sharedSubscriptions(new Promise<void>((resolve) => (start = resolve)))
    const cart = workerQuery()
    join('cart', cart.subscribe, recorder())
    await settle()
    expect(cart.counts().subscribed).toBe(0)
    start()
    await settle()
    expect(cart.counts().subscribed).toBe(1)
  })

  it('tells every component of a failed subscription, and the next one to ask tries again', async () => {
    const { join } = sharedSubscriptions(Promise.resolve())
    let attempts = 0
    const failing = async () => {
      attempts++
      throw new Error('worker gone')
    }
    const [a, b] = [recorder(), recorder()]
    join('orders', failing, a)
    join('orders', failing, b)
    await settle()
    expect(attempts).toBe(1)
    expect([a.errors.length, b.errors.length]).toEqual([1, 1])
    join('orders', failing, recorder())
    await settle()
    expect(attempts).toBe(2)
  })
})
