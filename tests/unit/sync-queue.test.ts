import { describe, expect, it } from 'vitest'
import { ApiClient } from '../../replication/api-client'
import { ApiError, CartIdMissingError, NetworkError } from '../../replication/api-errors'
import { SyncQueue } from '../../replication/sync-queue'
import type { SessionTokens, SyncQueueOptions } from '../../replication/sync-queue'
import type { SyncTask, SyncTaskStore } from '../../replication/sync-task'
import { TokenRefreshUnavailableError, TokenRenewal } from '../../replication/token-renewal'
import { deferred } from '../fixtures/deferred'
import { MemoryTaskStore } from '../fixtures/memory-task-store'

class FakeClock {
  ms = 1_700_000_000_000
  now = () => this.ms
}

type Reply = { status?: number; body?: unknown; contentType?: string; raw?: string; headers?: Record<string, string> } | Error
type Handler = (url: string, init: RequestInit) => Reply

function fakeFetch(handler: Handler) {
  const calls: { url: string; init: RequestInit }[] = []
  const fetch = async (url: string, init: RequestInit = {}) => {
    calls.push({ url, init })
    const reply = handler(url, init)
    if (reply instanceof Error) throw reply
    const body = reply.raw ?? JSON.stringify(reply.body ?? { code: reply.status ?? 200, result: 'ok' })
    return new Response(body, { status: reply.status ?? 200, headers: { 'content-type': reply.contentType ?? 'application/json', ...reply.headers } })
  }
  return { fetch, calls }
}

function tokens(overrides: Partial<SessionTokens> & { current?: { token: string | null; cartId: string | null } } = {}) {
  const current = overrides.current ?? { token: 'tok1', cartId: 'cart1' }
  const logouts: string[] = []
  const t: SessionTokens = {
    token: () => current.token,
    cartId: () => current.cartId,
    refresh: overrides.refresh ?? (async () => null),
    logout: (reason) => logouts.push(reason),
  }
  return { tokens: t, current, logouts }
}

function makeQueue(store: SyncTaskStore, clock: FakeClock, handler: Handler, extra: Partial<SyncQueueOptions> = {}) {
  const f = fakeFetch(handler)
  const t = tokens()
  const results: SyncTask[] = []
  let seq = 0
  const gate = { online: false }
  const queue = Object.assign(
    new SyncQueue({
      store,
      clock,
      api: new ApiClient({ baseUrl: 'http://shop', storeCode: 'en', fetch: f.fetch }),
      tokens: t.tokens,
      canSend: () => gate.online,
      random: () => `r${++seq}`,
      onResult: (task) => results.push(task),
      ...extra,
    }),
    // what the outbox's gate says (online and leading)
    { setOnline: (online: boolean) => void (gate.online = online) },
  )
  return { queue, calls: f.calls, results, ...t }
}

const post = (url: string, body: unknown = {}) => ({
  url,
  payload: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
})

describe('SyncQueue', () => {
  it('stores tasks first with the spec fields and sends them in creation order when online', async () => {
    const store = new MemoryTaskStore()
    const clock = new FakeClock()
    const { queue, calls, results } = makeQueue(store, clock, () => ({ body: { code: 200, result: { saved: true } } }))
    const a = await queue.enqueue(post('/api/user/me?token={{token}}', { n: 1 }))
    const b = await queue.enqueue(post('/api/review/create', { n: 2 }))
    const c = await queue.enqueue({ ...post('/api/stock/check?sku=X'), is_result_cacheable: true, callback_event: 'stock:checked' })
    expect(a.task_id).toMatch(/^\d{13}-r1$/)
    expect(a).toMatchObject({ transmited: false, silent: false, created_at: new Date(clock.ms).toISOString() })
    // same millisecond: creation times still strictly increase
    expect(Number(b.task_id.split('-')[0])).toBeGreaterThan(Number(a.task_id.split('-')[0]))
    expect(store.tasks.size).toBe(3)

    expect(await queue.process()).toEqual({ outcome: 'offline', sent: 0 })
    expect(calls).toHaveLength(0)

    queue.setOnline(true)
    const report = await queue.process()
    expect(report).toEqual({ outcome: 'done', sent: 3 })
    expect(calls.map((x) => x.url)).toEqual(['http://shop/api/user/me?token=tok1', 'http://shop/api/review/create', 'http://shop/api/stock/check?sku=X'])
    expect(results[0]).toMatchObject({ transmited: true, resultCode: 200, code: 200, acknowledged: false, result: { saved: true } })
    // non-cacheable tasks are gone, the cacheable one stays with its result
    expect([...store.tasks.keys()]).toEqual([c.task_id])
    expect(store.tasks.get(c.task_id)).toMatchObject({ transmited: true, acknowledged: false, callback_event: 'stock:checked' })
    await queue.acknowledge(c.task_id)
    expect(store.tasks.get(c.task_id)?.acknowledged).toBe(true)
  })

  it('survives a reload: a new queue over the same store sends what the old one could not', async () => {
    const store = new MemoryTaskStore()
    const clock = new FakeClock()
    let online = false
    const first = makeQueue(store, clock, () => (online ? { body: { code: 200, result: true } } : new TypeError('Failed to fetch')))
    first.queue.setOnline(true)
    await first.queue.enqueue(post('/api/a'))
    clock.ms += 5
    await first.queue.enqueue(post('/api/b'))
    expect((await first.queue.process()).outcome).toBe('stopped-network')
    expect(store.tasks.size).toBe(2)

    online = true
    const second = makeQueue(store, clock, () => ({ body: { code: 200, result: true } }))
    second.queue.setOnline(true)
    expect(await second.queue.process()).toEqual({ outcome: 'done', sent: 2 })
    expect(second.calls.map((c) => c.url)).toEqual(['http://shop/api/a', 'http://shop/api/b'])
    expect(store.tasks.size).toBe(0)
  })

  it('refuses a {{cartId}} URL when there is no cart id, sends nothing and keeps the task', async () => {
    const store = new MemoryTaskStore()
    const { queue, calls, current } = makeQueue(store, new FakeClock(), () => ({ body: { code: 200, result: true } }))
    current.cartId = null
    queue.setOnline(true)
    await queue.enqueue(post('/api/cart/apply-coupon?cartId={{cartId}}&coupon=X'))
    const report = await queue.process()
    expect(report.outcome).toBe('stopped-cart-id')
    expect(report.error).toBeInstanceOf(CartIdMissingError)
    expect(report.error?.message).toBe(
      'Error executing sync task /api/cart/apply-coupon?cartId={{cartId}}&coupon=X the required cartId argument is null. Re-creating shopping cart synchro.',
    )
    expect(calls).toHaveLength(0)
    expect(store.tasks.size).toBe(1)

    current.cartId = 'abc'
    expect((await queue.process()).outcome).toBe('done')
  })

  it('fails non-JSON and bodyless answers and keeps the task until it gives up', async () => {
    const store = new MemoryTaskStore()
    let reply: Reply = { raw: '<html>proxy</html>', contentType: 'text/html' }
    const { queue } = makeQueue(store, new FakeClock(), () => reply, { maxBadAnswers: 2 })
    queue.setOnline(true)
    const task = await queue.enqueue(post('/api/x'))
    const first = await queue.process()
    expect(first.outcome).toBe('stopped-bad-answer')
    expect(first.error?.message).toBe('Error with response - bad content-type!')
    expect(store.tasks.get(task.task_id)).toMatchObject({ transmited: false, attempts: 1 })

    reply = { raw: '' }
    // second bad answer: given up, kept as transmitted with the error, queue unblocked
    expect((await queue.process()).outcome).toBe('done')
    expect(store.tasks.get(task.task_id)).toMatchObject({ transmited: true, attempts: 2, last_error: 'Unhandled error, wrong response format!' })

    reply = { raw: '{"hello":1}' }
    await queue.enqueue(post('/api/y'))
    const third = await queue.process()
    expect(third.error?.message).toBe('Unhandled error, wrong response format!')
  })

  it('a token task waits for a renewal under way, then goes with the new token', async () => {
    const store = new MemoryTaskStore()
    const gate = deferred<string | null>()
    const current = { token: 'tok1' as string | null, cartId: 'c' as string | null }
    const renewal = new TokenRenewal({ current: () => current.token, refresh: () => gate.promise, logout: () => undefined })
    const { queue, calls } = makeQueue(store, new FakeClock(), () => ({ body: { code: 200, result: true } }), {
      tokens: tokens({ current }).tokens,
      tokenRenewal: renewal,
    })
    queue.setOnline(true)
    const renewing = renewal.renew('tok1')
    await queue.enqueue(post('/api/user/me?token={{token}}'))
    const processed = queue.process()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(calls).toHaveLength(0)
    current.token = 'tok2'
    gate.resolve('tok2')
    await renewing
    await processed
    expect(calls.map((c) => c.url)).toEqual(['http://shop/api/user/me?token=tok2'])
  })

  it('once the session ended token tasks abort with 401 without sending; tokenless tasks still go', async () => {
    const store = new MemoryTaskStore()
    const renewal = new TokenRenewal({ current: () => 'tok1', refresh: async () => null, logout: () => undefined })
    await renewal.renew('tok1')
    const { queue, calls, results } = makeQueue(store, new FakeClock(), () => ({ body: { code: 200, result: true } }), { tokenRenewal: renewal })
    queue.setOnline(true)
    await queue.enqueue(post('/api/user/me?token={{token}}'))
    await queue.enqueue(post('/api/stock/check?sku=A'))
    await queue.process()
    expect(results.map((r) => r.resultCode)).toEqual([401, 200])
    expect(calls.map((c) => c.url)).toEqual(['http://shop/api/stock/check?sku=A'])
  })

  it('refreshes an expired token once, retries with the new token, and refreshes again at the next expiry (#5713)', async () => {
    const store = new MemoryTaskStore()
    const clock = new FakeClock()
    let valid = 'tok1'
    const current = { token: 'tok1' as string | null, cartId: 'c' as string | null }
    let refreshes = 0
    const logouts: string[] = []
    const { queue, calls } = makeQueue(
      store,
      clock,
      (url) =>
        url.includes(`token=${valid}`)
          ? { body: { code: 200, result: 'ok' } }
          : { status: 401, body: { code: 401, result: "The consumer isn't authorized to access self." } },
      {
        tokens: {
          token: () => current.token,
          cartId: () => current.cartId,
          refresh: async () => {
            refreshes += 1
            current.token = valid
            return valid
          },
          logout: (r) => logouts.push(r),
        },
      },
    )
    queue.setOnline(true)
    valid = 'tok2'
    await queue.enqueue(post('/api/user/me?token={{token}}'))
    await queue.process()
    expect(calls.map((c) => c.url)).toEqual(['http://shop/api/user/me?token=tok1', 'http://shop/api/user/me?token=tok2'])
    expect(queue.tokenRenewal.state).toBe('ready')

    valid = 'tok3'
    await queue.enqueue(post('/api/user/me?token={{token}}'))
    await queue.process()
    expect(refreshes).toBe(2)
    expect(logouts).toEqual([])
    expect(store.tasks.size).toBe(0)
  })

  it('a 401 to a token renewed meanwhile (another task refreshed while this one was on its way) is sent again without a second refresh', async () => {
    const store = new MemoryTaskStore()
    const current = { token: 'tok1' as string | null, cartId: 'c' as string | null }
    let refreshes = 0
    const { queue, calls, results } = makeQueue(
      store,
      new FakeClock(),
      (url) => {
        // the renewal lands while the stale request is answered
        if (url.includes('token=tok1')) {
          current.token = 'tok2'
          return { status: 401, body: { code: 401, result: "The consumer isn't authorized to access self." } }
        }
        return { body: { code: 200, result: 'ok' } }
      },
      { tokens: { ...tokens({ current }).tokens, refresh: async () => `fresh${++refreshes}` } },
    )
    queue.setOnline(true)
    await queue.enqueue(post('/api/user/me?token={{token}}'))
    await queue.process()
    expect(refreshes).toBe(0)
    expect(calls.map((c) => c.url)).toEqual(['http://shop/api/user/me?token=tok1', 'http://shop/api/user/me?token=tok2'])
    expect(results[0]?.resultCode).toBe(200)
  })

  it('a refused refresh ends the session, logs out and clears the untransmitted token tasks', async () => {
    const store = new MemoryTaskStore()
    const { queue, logouts, results } = makeQueue(store, new FakeClock(), () => ({ status: 401, body: { code: 401, result: 'expired' } }))
    queue.setOnline(true)
    await queue.enqueue(post('/api/user/me?token={{token}}'))
    await queue.enqueue(post('/api/user/order-history?token={{token}}'))
    await queue.process()
    expect(queue.tokenRenewal.state).toBe('ended')
    expect(logouts).toEqual(['refresh-failed'])
    expect(results).toHaveLength(1)
    expect(results[0]?.resultCode).toBe(401)
    expect(store.tasks.size).toBe(0)
  })

  it('a refresh that cannot reach the server keeps the tasks and the session: they wait for the connection, then the refresh is asked again', async () => {
    const store = new MemoryTaskStore()
    const current = { token: 'tok1' as string | null, cartId: 'c' as string | null }
    let reachable = false
    let refreshes = 0
    const { queue, calls, logouts, results } = makeQueue(
      store,
      new FakeClock(),
      (url) => (url.includes('token=tok2') ? { body: { code: 200, result: 'ok' } } : { status: 401, body: { code: 401, result: 'expired' } }),
      {
        tokens: {
          ...tokens({ current }).tokens,
          refresh: async () => {
            refreshes += 1
            if (!reachable) throw new NetworkError('http://shop/api/user/refresh')
            current.token = 'tok2'
            return 'tok2'
          },
          logout: (reason) => logouts.push(reason),
        },
      },
    )
    queue.setOnline(true)
    await queue.enqueue(post('/api/user/me?token={{token}}'))
    await queue.enqueue(post('/api/user/order-history?token={{token}}'))
    const report = await queue.process()
    expect(report.outcome).toBe('stopped-network')
    expect(report.error).toBeInstanceOf(TokenRefreshUnavailableError)
    expect(queue.tokenRenewal.state).toBe('ready')
    expect(logouts).toEqual([])
    expect(results).toEqual([])
    expect((await queue.pending()).map((t) => t.url)).toEqual(['/api/user/me?token={{token}}', '/api/user/order-history?token={{token}}'])
    expect(current.token).toBe('tok1')

    // back online: the first task's 401 refreshes, both go out once with the new token
    reachable = true
    expect(await queue.process()).toEqual({ outcome: 'done', sent: 2 })
    expect(refreshes).toBe(2)
    expect(results.map((r) => r.resultCode)).toEqual([200, 200])
    expect(calls.filter((c) => c.url.includes('token=tok2')).map((c) => new URL(c.url).pathname)).toEqual(['/api/user/me', '/api/user/order-history'])
    expect(logouts).toEqual([])
    expect(store.tasks.size).toBe(0)
  })

  it('a refresh the server answers "not now" (503) keeps the task first in line, to be tried again by the queue itself', async () => {
    const store = new MemoryTaskStore()
    let refreshes = 0
    const { queue, logouts } = makeQueue(store, new FakeClock(), () => ({ status: 401, body: { code: 401, result: 'expired' } }), {
      tokens: {
        ...tokens().tokens,
        refresh: async () => {
          refreshes += 1
          throw new ApiError(503, 'busy', 'http://shop/api/user/refresh')
        },
      },
    })
    queue.setOnline(true)
    await queue.enqueue(post('/api/user/me?token={{token}}'))
    const report = await queue.process()
    expect(report.outcome).toBe('stopped-retry-later')
    expect(logouts).toEqual([])
    const [kept] = await queue.pending()
    expect(kept?.attempts).toBe(1)
    expect(queue.tokenRenewal.state).toBe('ready')
    expect(await queue.process()).toMatchObject({ outcome: 'stopped-retry-later' })
    expect(refreshes).toBe(2)
    expect(logouts).toEqual([])
  })

  it('a token the server keeps refusing after a refresh is not refreshed in a loop', async () => {
    const store = new MemoryTaskStore()
    let refreshes = 0
    const { queue, results } = makeQueue(store, new FakeClock(), () => ({ status: 401, body: { code: 401, result: 'no' } }), {
      tokens: { ...tokens().tokens, refresh: async () => `fresh${++refreshes}` },
    })
    queue.setOnline(true)
    await queue.enqueue(post('/api/user/me?token={{token}}'))
    await queue.process()
    expect(refreshes).toBe(1)
    expect(results[0]?.resultCode).toBe(401)
  })

  describe('"not now" answers (429, 503, 408, gateways)', () => {
    it.each([503, 408, 502, 504])('%i without Retry-After stops the run and keeps the task; 500 and 400 are answers', async (status) => {
      const store = new MemoryTaskStore()
      let reply: Reply = { status, body: { code: status, result: 'busy' } }
      const { queue, results } = makeQueue(store, new FakeClock(), () => reply)
      queue.setOnline(true)
      const task = await queue.enqueue(post('/api/x'))
      const report = await queue.process()
      expect(report.outcome).toBe('stopped-retry-later')
      expect(store.tasks.get(task.task_id)).toMatchObject({ transmited: false, attempts: 1 })
      for (const final of [500, 400]) {
        reply = { status: final, body: { code: final, result: 'no' } }
        const other = await queue.enqueue(post('/api/y'))
        await queue.process()
        expect(results.at(-1)).toMatchObject({ task_id: expect.any(String), transmited: true, resultCode: final })
        expect(store.tasks.has(other.task_id)).toBe(false)
      }
    })
  })
})
