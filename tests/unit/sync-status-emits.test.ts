/**
 * The worker passes a view on to the page only when it says something new (worker-session
 * distinct), and a status that changed only in its product count or last pull's time waits a
 * moment (sync-status): each one passed on is a message and a render on the page's main thread.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MINOR_STATUS_MS, minorStatusChange, SyncStatusModule, type StatusSources } from '../../workers/sync-status'
import { distinct, distinctObject } from '../../workers/worker-session'
import type { SyncStatus } from '../../workers/contract/views'

describe('distinct', () => {
  it('drops a value whose JSON is the last one passed, and passes a changed one', () => {
    const seen: unknown[] = []
    const cb = distinct((v: unknown) => seen.push(v))
    cb([{ id: 2, name: 'Kleding' }])
    cb([{ id: 2, name: 'Kleding' }])
    cb([{ id: 2, name: 'Kleren' }])
    cb([{ id: 2, name: 'Kleding' }])
    expect(seen).toEqual([[{ id: 2, name: 'Kleding' }], [{ id: 2, name: 'Kleren' }], [{ id: 2, name: 'Kleding' }]])
  })
})

const base: SyncStatus = {
  online: true,
  serverTrouble: false,
  isLeader: true,
  productCount: 10,
  replicating: true,
  catalogueComplete: false,
  lastPulledAt: 'a',
  pendingTasks: 0,
}

describe('minorStatusChange', () => {
  it('is the product count staying above zero, or the last pull time, and nothing else', () => {
    expect(minorStatusChange(base, { ...base, productCount: 500, lastPulledAt: 'b' })).toBe(true)
    expect(minorStatusChange({ ...base, productCount: 0 }, base)).toBe(false)
    expect(minorStatusChange(base, { ...base, productCount: 0 })).toBe(false)
    for (const change of [
      { online: false },
      { serverTrouble: true },
      { isLeader: false },
      { replicating: false },
      { catalogueComplete: true },
      { pendingTasks: 1 },
    ]) {
      expect(minorStatusChange(base, { ...base, ...change }), JSON.stringify(change)).toBe(false)
    }
    // a field the status gains later is a change the pages may act on: it goes at once
    expect(minorStatusChange(base, { ...base, productCount: 11, checkoutOpen: true } as SyncStatus)).toBe(false)
  })
})

describe('the sync status passed on', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  async function watched(sources: StatusSources) {
    const module = new SyncStatusModule(() => sources)
    const seen: SyncStatus[] = []
    await module.api.subscribeSyncStatus((s) => seen.push(s))
    return { module, seen, sources }
  }

  it('passes a change the pages act on at once, the same status not again', async () => {
    const { module, seen, sources } = await watched({ ...base, productCount: 0 })
    module.emit()
    expect(seen).toHaveLength(1)
    sources.productCount = 18 // the first products: pages leave "no products yet"
    module.emit()
    sources.replicating = false
    module.emit()
    expect(seen.map((s) => [s.productCount, s.replicating])).toEqual([
      [0, true],
      [18, true],
      [18, false],
    ])
  })

  it('gathers the product count of arriving batches into one status within MINOR_STATUS_MS, with the latest count', async () => {
    const { module, seen, sources } = await watched({ ...base })
    module.emit() // the same as the first: not passed on
    for (const count of [100, 200, 300, 400]) {
      sources.productCount = count
      sources.lastPulledAt = `t${count}`
      module.emit()
    }
    expect(seen.map((s) => s.productCount)).toEqual([10])
    vi.advanceTimersByTime(MINOR_STATUS_MS)
    expect(seen.map((s) => [s.productCount, s.lastPulledAt])).toEqual([
      [10, 'a'],
      [400, 't400'],
    ])
  })

  it('lets a change the pages act on carry the waiting count with it, at once', async () => {
    const { module, seen, sources } = await watched({ ...base })
    sources.productCount = 2000
    module.emit()
    sources.replicating = false // caught up: the category page says it is ready
    module.emit()
    expect(seen.map((s) => [s.productCount, s.replicating])).toEqual([
      [10, true],
      [2000, false],
    ])
    vi.advanceTimersByTime(MINOR_STATUS_MS)
    expect(seen).toHaveLength(2)
  })
})

describe('distinctObject', () => {
  it('drops the very object passed last, and passes an equal new one', () => {
    const seen: unknown[] = []
    const cb = distinctObject((v: unknown) => seen.push(v))
    const page = { items: [1, 2] }
    cb(page)
    cb(page)
    cb({ items: [1, 2] })
    expect(seen).toHaveLength(2)
  })
})
