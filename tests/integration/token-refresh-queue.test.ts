/**
 * The token renewal under load: 50 queued tasks meet an expired access token
 * at once → exactly one refresh call reaches the server, and every task succeeds exactly once.
 * Real pieces only: replication/sync-queue and its token renewal, a real ApiClient over fetch, the real
 * server listening on a loopback port with a one-second ACCESS_TOKEN_TTL, on real storage (PGlite
 * by default, PostgreSQL with DATABASE_URL). The tasks add one LAMP each to the customer's cart
 * (whose calls need the owner's current token), so the cart's quantity counts them.
 *
 * The token really expires (a real wait past the TTL); then the clock is held still while the
 * tasks run, so the refreshed token, as short-lived, does not expire in its turn during the 50
 * sends (that would rightly be a second expiry and a second refresh).
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiClient } from '../../replication/api-client'
import { ApiError } from '../../replication/api-errors'
import { SyncQueue } from '../../replication/sync-queue'
import type { NewSyncTask, SyncTask } from '../../replication/sync-task'
import { TokenRenewal } from '../../replication/token-renewal'
import { STORE_CODES } from '../../domain/store-views'
import { importShop } from '../../server/services/catalog-import'
import { CHECKOUT_PRODUCTS } from './cart-checkout-shop'
import { buildFixtureShop } from './fixtures'
import { startTestServer, useTestServer } from './helpers'
import { MemoryTaskStore } from '../fixtures/memory-task-store'

const TTL_SECONDS = 1

afterEach(() => {
  vi.useRealTimers()
})
const server = useTestServer(async () => {
  const started = await startTestServer({ seed: false, listen: true, auth: { accessTokenTtl: TTL_SECONDS } })
  const shop = buildFixtureShop()
  for (const code of STORE_CODES) shop.catalog[code].products.push(...structuredClone(CHECKOUT_PRODUCTS))
  await importShop(started.storage, shop, new Date('2026-06-15T12:00:00Z'))
  return started
})

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** A customer's session on a real ApiClient: the tokens, a counted refresh, and the worker's one token renewal. */
async function session() {
  const calls: string[] = []
  const fetchImpl = (url: string, init?: RequestInit) => {
    calls.push(new URL(url).pathname)
    return fetch(url, init)
  }
  let access: string | null = null
  let refreshToken: string | null = null
  const api = new ApiClient({ baseUrl: server.baseUrl, storeCode: 'en', fetch: fetchImpl, getToken: () => access })
  const email = `queue-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`
  await api.createUser({ customer: { email, firstname: 'Anna', lastname: 'de Vries' }, password: 'correct horse 1' })
  // the customer's cart, made while the fresh access token is still good (it lives TTL_SECONDS: on a
  // slow machine login and cart/create can straddle that, then login again; a refresh would count)
  let created: string | undefined
  for (let attempt = 0; created === undefined; attempt++) {
    const pair = await api.login(email, 'correct horse 1')
    access = pair.accessToken
    refreshToken = pair.refreshToken
    try {
      created = await api.createCart(false)
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 401) || attempt >= 4) throw error
    }
  }
  const cartId = created
  const loggedOut: string[] = []
  const renewal = new TokenRenewal({
    current: () => access,
    refresh: async () => {
      const fresh = await api.refreshToken(refreshToken!)
      access = fresh.accessToken
      refreshToken = fresh.refreshToken
      return fresh.accessToken
    },
    logout: (reason) => loggedOut.push(reason),
  })
  const queue = (results: SyncTask[]) =>
    new SyncQueue({
      store: new MemoryTaskStore(),
      api,
      clock: { now: () => Date.now() },
      tokens: { token: () => access, cartId: () => cartId, refresh: async () => null, logout: () => undefined },
      tokenRenewal: renewal,
      onResult: (task) => results.push(task),
    })
  const addLamp = (n: number): NewSyncTask => ({
    url: '/api/cart/update?token={{token}}&cartId={{cartId}}',
    payload: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ cartItem: { sku: 'LAMP', qty: 1, quoteId: cartId } }) },
    meta: { n },
  })
  return { api, calls, renewal, loggedOut, cartId, queue, addLamp, token: () => access }
}

async function expectAllOnce(s: Awaited<ReturnType<typeof session>>, results: SyncTask[], n: number) {
  expect(results).toHaveLength(n)
  expect(results.filter((r) => r.resultCode === 200)).toHaveLength(n)
  expect(new Set(results.map((r) => r.task_id)).size).toBe(n)
  // each one added its LAMP exactly once
  const lines = await s.api.pullCart(s.cartId)
  expect(lines.map((l) => [l.sku, l.qty])).toEqual([['LAMP', n]])
  expect(s.calls.filter((p) => p === '/api/user/refresh')).toHaveLength(1)
  expect(s.loggedOut).toEqual([])
  expect(s.renewal.state).toBe('ready')
}

describe('50 queued tasks on an expired access token', { timeout: 60_000 }, () => {
  it('the worker’s one queue: the first task meets the 401, one refresh, all 50 sent once with the new token', async () => {
    const s = await session()
    const results: SyncTask[] = []
    const queue = s.queue(results)
    for (let i = 0; i < 50; i++) await queue.enqueue(s.addLamp(i))
    const stale = s.token()
    await sleep(TTL_SECONDS * 1000 + 1200)
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
    const report = await queue.process()
    expect(report).toMatchObject({ outcome: 'done', sent: 50 })
    expect(s.token()).not.toBe(stale)
    await expectAllOnce(s, results, 50)
    // the server saw 51 cart updates: the one the stale token was refused on, and the 50
    expect(s.calls.filter((p) => p === '/api/cart/update')).toHaveLength(51)
  })

  it('50 tasks sent at the same moment (queues sharing the one token renewal): all meet the 401, exactly one refresh, each succeeds once', async () => {
    const s = await session()
    const results: SyncTask[] = []
    const queues = Array.from({ length: 50 }, () => s.queue(results))
    await Promise.all(queues.map((q, i) => q.enqueue(s.addLamp(i))))
    await sleep(TTL_SECONDS * 1000 + 1200)
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
    const reports = await Promise.all(queues.map((q) => q.process()))
    expect(reports.every((r) => r.outcome === 'done' && r.sent === 1)).toBe(true)
    await expectAllOnce(s, results, 50)
    // every one went out with the expired token and again with the new one
    expect(s.calls.filter((p) => p === '/api/cart/update')).toHaveLength(100)
  })
})
