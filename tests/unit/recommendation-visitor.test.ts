/** The recommendation visitor (workers/catalog/recommendation-visitor): key kept, views logged online only, failures silent. */
import { describe, expect, it } from 'vitest'
import { RecommendationVisitor, VISITOR_KEY_ID } from '../../workers/catalog/recommendation-visitor'
import type { RecommendationVisitorDeps } from '../../workers/catalog/recommendation-visitor'

class FakeSession {
  docs = new Map<string, { id: string; value: Record<string, unknown> }>()
  findOne(id: string) {
    return { exec: async () => (this.docs.has(id) ? { toJSON: () => this.docs.get(id)! } : null) }
  }
  async upsert(doc: { id: string; value: Record<string, unknown> }) {
    this.docs.set(doc.id, doc)
  }
}

function setup() {
  const calls: string[] = []
  const state = { online: true, failing: false, keys: 0 }
  const session = new FakeSession()
  const api = {
    visitorKey: async () => {
      calls.push('key')
      if (state.failing) throw new TypeError('Failed to fetch')
      return `visitor-${++state.keys}`
    },
    logProductView: async (id: number, key: string) => {
      calls.push(`log ${id} ${key}`)
      if (state.failing) throw new TypeError('Failed to fetch')
    },
    crossSell: async (limit: number, id: number, key: string) => {
      calls.push(`cross ${limit} ${id} ${key}`)
      if (state.failing) throw new TypeError('Failed to fetch')
      return [7, 8]
    },
  }
  const visitor = new RecommendationVisitor({ db: { session } as unknown as RecommendationVisitorDeps['db'], api, isOnline: () => state.online, timeoutMs: 50 })
  return { visitor, calls, state, session }
}

describe('RecommendationVisitor', () => {
  it('asks for a key once, keeps it in the session, and logs views and cross-sell with it', async () => {
    const { visitor, calls, session } = setup()
    await Promise.all([visitor.logView(12), visitor.logView(13)])
    expect(await visitor.crossSell(12, 4)).toEqual([7, 8])
    expect(calls.filter((c) => c === 'key')).toHaveLength(1)
    expect(calls).toContain('log 12 visitor-1')
    expect(calls).toContain('log 13 visitor-1')
    expect(calls).toContain('cross 4 12 visitor-1')
    expect(session.docs.get(VISITOR_KEY_ID)?.value).toEqual({ key: 'visitor-1' })
  })

  it('offline: no calls at all; cross-sell is null', async () => {
    const { visitor, calls, state } = setup()
    state.online = false
    await visitor.logView(12)
    expect(await visitor.crossSell(12, 4)).toBeNull()
    expect(calls).toEqual([])
  })

  it('failures never throw: null cross-sell, no stored key', async () => {
    const { visitor, state, session } = setup()
    state.failing = true
    await expect(visitor.logView(12)).resolves.toBeUndefined()
    expect(await visitor.crossSell(12, 4)).toBeNull()
    expect(session.docs.size).toBe(0)
  })

  it('a service that does not answer in time counts as no answer', async () => {
    const { visitor } = setup()
    const slow = new RecommendationVisitor({
      db: { session: new FakeSession() } as unknown as RecommendationVisitorDeps['db'],
      api: { visitorKey: async () => 'k', logProductView: async () => undefined, crossSell: () => new Promise<number[]>(() => undefined) },
      isOnline: () => true,
      timeoutMs: 20,
    })
    expect(await slow.crossSell(1, 4)).toBeNull()
    expect(await visitor.crossSell(1, 4)).toEqual([7, 8])
  })
})
