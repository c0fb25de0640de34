/**
 * A PostgreSQL hiccup must not kill the shop (PostgreSQL only: skipped without DATABASE_URL).
 *
 * The server reaches PostgreSQL through a TCP proxy the tests cut and restore, as a restart or a
 * failover looks from the server, and an admin connection ends the server's sessions as
 * pg_terminate_backend (or a fast shutdown) does. The shared cluster itself is never stopped.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PullResult, StreamEvent } from '../../domain/api/replication.schema'
import en from '../../locales/en/server'
import fr from '../../locales/fr/server'
import nl from '../../locales/nl/server'
import { importShop } from '../../server/services/catalog-import'
import { openStorage } from '../../server/storage'
import { isConnectionLost } from '../../server/storage/connection-loss'
import { buildFixtureShop } from './fixtures'
import { startTestServer, type TestServer } from './helpers'
import { startTcpProxy, type TcpProxy } from './tcp-proxy'

const DATABASE_URL = process.env.DATABASE_URL
/** DATABASE_CONNECT_TIMEOUT_MS's default, which these tests keep */
const CONNECT_TIMEOUT_MS = 2_000
/** what the shop promises once PostgreSQL is back */
const SERVES_AGAIN_WITHIN_MS = 5_000

/** a catalogue search's `request` parameter: a text search no cache has answered yet */
const textSearch = (words: string) => encodeURIComponent(JSON.stringify({ _searchText: `${words} ${Math.random().toString(36).slice(2)}` }))

/** in the app's index.html of these tests */
const SHELL_MARK = 'the-app-shell'
const PING_EVERY_MS = 500
const PING_TIMEOUT_MS = 1_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function waitFor(test: () => boolean, withinMs: number, what: string): Promise<void> {
  const until = Date.now() + withinMs
  while (!test() && Date.now() < until) await sleep(20)
  expect(test(), what).toBe(true)
}

/** Ends every session of the test database but the admin's own, from a connection of its own. */
async function terminateBackends(): Promise<number> {
  const admin = new pg.Client({ connectionString: DATABASE_URL })
  await admin.connect()
  try {
    const { rows } = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')
    return rows.length
  } finally {
    await admin.end()
  }
}

describe.skipIf(!DATABASE_URL)('PostgreSQL connection loss', () => {
  let proxy: TcpProxy
  let server: TestServer
  // an 'error' event nobody listens to ends a real server; here it would land in this list
  const uncaught: unknown[] = []
  const onUncaught = (err: unknown) => uncaught.push(err)
  const streams: http.ClientRequest[] = []
  let distDir = ''
  const log: string[] = []

  beforeAll(async () => {
    process.on('uncaughtException', onUncaught)
    const target = new URL(DATABASE_URL!)
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) })
    const viaProxy = new URL(DATABASE_URL!)
    viaProxy.hostname = '127.0.0.1'
    viaProxy.port = String(proxy.port)
    distDir = await mkdtemp(join(tmpdir(), 'polder-dist-'))
    await writeFile(join(distDir, 'index.html'), `<!doctype html><html><head></head><body><div id="root"></div>${SHELL_MARK}</body></html>`)
    server = await startTestServer({
      listen: true,
      distDir,
      heartbeatMs: 1_000,
      // the LISTEN's ping shortened, so a connection that died without a word is found within the test
      database: { url: viaProxy.toString(), relay: { pingEveryMs: PING_EVERY_MS, pingTimeoutMs: PING_TIMEOUT_MS } },
      log: { level: 'info', stream: { write: (line) => log.push(line) } },
    })
  }, 180_000)

  afterAll(async () => {
    for (const s of streams) s.destroy()
    await proxy?.restore()
    await server?.close()
    await proxy?.close()
    process.off('uncaughtException', onUncaught)
    if (distDir) await rm(distDir, { recursive: true, force: true })
  })

  /** The server's log entries with this message, logged since `since` (ms since the epoch). */
  const logged = (msg: string, since: number) =>
    log.map((line) => JSON.parse(line) as { msg: string; time: number; message?: string }).filter((entry) => entry.msg === msg && entry.time >= since)
  const LISTENS_AGAIN = 'the change feed listens again: every stream is told to pull'
  const LISTEN_LOST = 'the change feed lost its PostgreSQL connection (LISTEN): connecting again'

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${path}`, { headers })

  /**
   * Asks every path again and again until each has answered 200 (the catalogue, stock and the
   * replication feed: each keeps something of its own between requests): how long that took.
   */
  async function servedAgain(paths: string[]): Promise<number> {
    const back = Date.now()
    const pending = new Set(paths)
    while (pending.size > 0 && Date.now() - back < SERVES_AGAIN_WITHIN_MS) {
      for (const path of [...pending]) if ((await get(path)).status === 200) pending.delete(path)
      if (pending.size > 0) await sleep(50)
    }
    expect([...pending], 'not served again within 5 s').toEqual([])
    return Date.now() - back
  }
  const everyKind = (store: string) => [
    `/api/ext/replication/v1/${store}/products/pull?limit=1`,
    '/api/stock/check?sku=TEE',
    `/api/catalog/polder_${store}/product/_search?size=2&request=${textSearch('back again')}`,
  ]

  async function pull(store: string, query: string): Promise<PullResult> {
    const res = await get(`/api/ext/replication/v1/${store}/products/pull?${query}`)
    expect(res.status).toBe(200)
    return ((await res.json()) as { result: PullResult }).result
  }

  /** Opens a store view's replication stream and counts its RESYNCs. */
  async function openStream(store: string): Promise<{ resyncs(): number }> {
    const events: StreamEvent[] = []
    const req = http.get(`${server.baseUrl}/api/ext/replication/v1/${store}/stream`)
    streams.push(req)
    const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve))
    expect(res.statusCode).toBe(200)
    res.setEncoding('utf8')
    let buffered = ''
    res.on('data', (chunk: string) => {
      buffered += chunk
      const blocks = buffered.split('\n\n')
      buffered = blocks.pop() ?? ''
      for (const block of blocks) if (block.startsWith('data: ')) events.push(JSON.parse(block.slice(6)) as StreamEvent)
    })
    const resyncs = () => events.filter((e) => e.type === 'RESYNC').length
    await waitFor(() => resyncs() === 1, 2_000, 'the stream says RESYNC when it opens')
    return { resyncs }
  }

  it('lives through the end of all its sessions (idle in the pool, in a transaction, listening) and answers afterwards', async () => {
    // the pool holds a few connections
    const warm = await Promise.all([1, 2, 3, 4].map((n) => get(`/api/ext/replication/v1/en/products/pull?limit=${n}`)))
    expect(warm.map((r) => r.status)).toEqual([200, 200, 200, 200])
    // and a transaction holds one between two statements
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let inside = false
    const transaction = server.storage
      .transaction(async (repos) => {
        await repos.products.hasLive()
        inside = true
        await held
        return repos.products.hasLive()
      })
      .then(
        () => 'committed',
        (err: unknown) => err,
      )
    await waitFor(() => inside, 2_000, 'the transaction runs')

    expect(await terminateBackends()).toBeGreaterThanOrEqual(3)
    await sleep(300)
    release()
    const outcome = await transaction
    expect(isConnectionLost(outcome), String(outcome)).toBe(true)

    expect(uncaught).toEqual([])
    const res = await get('/api/ext/replication/v1/en/products/pull?limit=3')
    expect(res.status).toBe(200)
  })

  it('listens again after its LISTEN session ended and tells the streams to pull; another process’s change made after the drop reaches the stream', async () => {
    const stream = await openStream('nl')
    await terminateBackends()
    await waitFor(() => stream.resyncs() >= 2, SERVES_AGAIN_WITHIN_MS, 'a RESYNC once listening again')

    const before = stream.resyncs()
    const other = await openStorage({ databaseUrl: DATABASE_URL, dataDir: 'memory://' })
    try {
      await importShop(other, buildFixtureShop({ without: ['BOOTS'] }), new Date('2026-06-18T08:00:00Z'))
      await waitFor(() => stream.resyncs() > before, 3_000, 'the other process’s import reaches the stream')
    } finally {
      await other.close()
    }
    expect(uncaught).toEqual([])
  })

  it('answers 503 with Retry-After in the shopper’s language while PostgreSQL refuses, and serves again within 5 s of it being back, with what changed meanwhile', async () => {
    const stream = await openStream('fr')
    const before = await pull('fr', 'limit=1000')
    const checkpoint = before.checkpoint!

    await proxy.refuse()
    const asked = Date.now()
    const answers = await Promise.all([
      get('/api/ext/replication/v1/fr/products/pull?limit=5'),
      get('/api/stock/check?sku=TEE', { 'x-vs-store-code': 'nl' }),
      get(`/api/catalog/polder_en/product/_search?size=3&request=${textSearch('refused')}`),
    ])
    expect(Date.now() - asked).toBeLessThan(CONNECT_TIMEOUT_MS)
    expect(answers.map((r) => r.status)).toEqual([503, 503, 503])
    for (const r of answers) expect(r.headers.get('retry-after')).toBe('5')
    const messages = await Promise.all(answers.map(async (r) => ((await r.json()) as { result: string }).result))
    expect(messages).toEqual([fr.serverErrors.databaseUnavailable, nl.serverErrors.databaseUnavailable, en.serverErrors.databaseUnavailable])
    // a page load gets the app, which runs on what the browser keeps
    const pageLoad = await get('/fr/p/JACKET/veste')
    expect(pageLoad.status).toBe(503)
    expect(pageLoad.headers.get('retry-after')).toBe('5')
    expect(pageLoad.headers.get('content-type')).toContain('text/html')
    expect(await pageLoad.text()).toContain(SHELL_MARK)

    // another process changes the catalogue while this one cannot hear of it
    const other = await openStorage({ databaseUrl: DATABASE_URL, dataDir: 'memory://' })
    try {
      await importShop(other, buildFixtureShop({ without: ['BOOTS', 'JACKET'] }), new Date('2026-06-19T08:00:00Z'))
    } finally {
      await other.close()
    }
    const resyncsBefore = stream.resyncs()
    expect(uncaught).toEqual([])

    await proxy.restore()
    const back = Date.now()
    const served = await servedAgain(everyKind('fr'))
    console.log(`refused: served again ${served} ms after PostgreSQL was back`)
    await waitFor(() => stream.resyncs() > resyncsBefore, SERVES_AGAIN_WITHIN_MS, 'a RESYNC once listening again')
    console.log(`refused: the stream said RESYNC ${Date.now() - back} ms after PostgreSQL was back`)

    // the client's pull from its checkpoint, on that RESYNC, brings the change made in the gap
    const after = await pull('fr', `limit=1000&updatedAt=${encodeURIComponent(checkpoint.updatedAt)}&id=${checkpoint.id}`)
    expect(after.documents.map((d) => [d.sku, d._deleted])).toContainEqual(['JACKET', true])
  })

  it('answers 503 within the connect time-out while PostgreSQL does not answer at all, and serves again within 5 s', async () => {
    const stream = await openStream('be')
    await proxy.silence()
    // the pool's connections are closed: the next request has to connect, to a server that never answers
    await sleep(200)
    const resyncsBefore = stream.resyncs()
    const asked = Date.now()
    const res = await get('/api/ext/replication/v1/be/products/pull?limit=5')
    const waited = Date.now() - asked
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('5')
    expect(((await res.json()) as { result: string }).result).toBe(nl.serverErrors.databaseUnavailable)
    console.log(`silent: answered 503 after ${waited} ms`)
    expect(waited).toBeLessThan(CONNECT_TIMEOUT_MS + 1_000)

    await proxy.restore()
    const back = Date.now()
    const served = await servedAgain(everyKind('be'))
    console.log(`silent: served again ${served} ms after PostgreSQL was back`)
    await waitFor(() => stream.resyncs() > resyncsBefore, SERVES_AGAIN_WITHIN_MS, 'a RESYNC once listening again')
    console.log(`silent: the stream said RESYNC ${Date.now() - back} ms after PostgreSQL was back`)
    expect(uncaught).toEqual([])
  }, 20_000)

  it('a connection reset on its next use (a firewall that forgot it) costs a request, never one of the pool’s connections for good', async () => {
    // catalogue searches run in transactions on PostgreSQL (their statement time-out)
    const search = (n: number) => get(`/api/catalog/polder_en/product/_search?size=2&request=${textSearch(`forgotten ${n}`)}`)
    const warm = await Promise.all([1, 2, 3, 4, 5].map(search))
    expect(warm.map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
    proxy.forget()
    const forgotten = Date.now()

    const statuses: number[] = []
    for (let n = 0; n < 15; n++) statuses.push((await search(n)).status)
    console.log(`forgotten: ${statuses.join(' ')}`)
    // each forgotten connection (the pool holds at most five) fails the one request that finds it
    // out; then every one is served
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true)
    expect(statuses.filter((s) => s === 503).length).toBeLessThanOrEqual(5)
    expect(statuses.slice(-5)).toEqual([200, 200, 200, 200, 200])
    // the LISTEN connection, forgotten too, is reset by its next ping, and listens again
    await waitFor(() => logged(LISTENS_AGAIN, forgotten).length > 0, PING_EVERY_MS + SERVES_AGAIN_WITHIN_MS, 'listening again')
    expect(uncaught).toEqual([])
  }, 60_000)

  it('finds by its ping a LISTEN connection that died without a word (a firewall that dropped it), listens again and tells the streams to pull', async () => {
    const stream = await openStream('en')
    const before = stream.resyncs()
    proxy.stall()
    const stalled = Date.now()
    try {
      await waitFor(() => stream.resyncs() > before, PING_EVERY_MS + PING_TIMEOUT_MS + SERVES_AGAIN_WITHIN_MS, 'a RESYNC once listening again')
      console.log(`stalled: the stream said RESYNC ${Date.now() - stalled} ms after the connection died`)
      // found by the ping going unanswered: nothing else told
      expect(logged(LISTEN_LOST, stalled).map((entry) => entry.message)).toEqual(['Query read timeout'])
    } finally {
      // the pool's stalled connections are closed, as the kernel's keep-alive would in the end
      await proxy.refuse()
      await proxy.restore()
    }
    expect(uncaught).toEqual([])
  })
})
