/**
 * `npm run test:processes`: the shop as README's "Running more than one server process" runs it.
 * Two server processes on one PostgreSQL (a cluster of its own), the request limits in one Redis
 * (redis-server on a free loopback port), behind HAProxy run from deploy/haproxy.cfg with this run's
 * ports. Shoppers fill carts and place orders through the proxy while a back office changes prices
 * and two tabs follow the replication stream; the process serving the first tab's stream is killed
 * with SIGKILL mid-load, then started again.
 *
 * It prints what must hold and exits non-zero unless all of it does: fewer than 0.1 % of requests
 * fail after the client's retries; every acknowledged cart change and order is on the server, once;
 * every tab (the killed process's one included, reconnected to the other) saw every price change;
 * a sign-in limit reached through one process holds on the other.
 *
 * Needs haproxy, redis-server and PostgreSQL's server binaries (.ci/run installs them). Loopback
 * only, temporary directories; every child is killed however the run ends.
 * Usage: npm run test:processes [-- --seconds 40] [--shoppers 6]
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { OwnPostgres, pgVersion } from './own-postgres'
import { orderableSkusOf, root, SIMPLE_PRODUCTS_SEARCH, waitForServer } from './shop'
import {
  changePrice,
  resultOf,
  ShopClient,
  shopperVisit,
  StreamTab,
  topUpStock,
  type Lines,
  type PriceChange,
  type ShopperRecord,
} from './two-processes-clients'
import { freePort } from '../fixtures/free-port'

const args = process.argv.slice(2)
const option = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback)
const LOAD_MS = option('--seconds', 40) * 1000
const SHOPPERS = option('--shoppers', 6)
/** the whole run ends by then, whatever happens */
const DEADLINE_MS = 4 * 60_000
const IMPORT_KEY = 'two-processes-import-key'
const LOGIN_FAILURES = 3
const RUN = `processes-${Date.now()}`

class TwoProcessesError extends Error {
  override name = 'TwoProcessesError'
}

// --- children, killed however the run ends --------------------------------------------------

const children = new Set<ChildProcess>()
function killAll(): void {
  for (const child of children) {
    try {
      process.kill(-child.pid!, 'SIGKILL')
    } catch {
      // gone already
    }
  }
}
process.on('exit', killAll)
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    killAll()
    process.exit(1)
  })

/** Its own process group, so a kill takes it whole; its output into `log`. */
function startChild(command: string, commandArgs: string[], log: string, env: NodeJS.ProcessEnv = process.env): ChildProcess {
  const out = openSync(log, 'a')
  const child = spawn(command, commandArgs, { cwd: root, env, stdio: ['ignore', out, out], detached: true })
  children.add(child)
  child.once('exit', () => children.delete(child))
  return child
}

async function stopChild(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  try {
    process.kill(-child.pid!, signal)
  } catch {
    return
  }
  if ((await Promise.race([exited, sleep(8_000, 'late')])) === 'late') process.kill(-child.pid!, 'SIGKILL')
}

async function waitForPort(port: number, child: ChildProcess, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new TwoProcessesError(`${what} exited with ${child.exitCode}`)
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (open) return
    await sleep(100)
  }
  throw new TwoProcessesError(`${what} did not listen on ${port}`)
}

// --- the shop's processes -------------------------------------------------------------------

class ServerProcess {
  private child: ChildProcess | undefined
  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
    private readonly log: string,
  ) {}

  async start(): Promise<void> {
    this.child = startChild(process.execPath, ['--import', 'tsx', 'server/main.ts'], this.log, { ...this.env, PORT: String(this.port) })
    await waitForServer(`http://127.0.0.1:${this.port}/api/health`, this.child)
  }

  kill(): Promise<void> {
    return stopChild(this.child, 'SIGKILL')
  }

  stop(): Promise<void> {
    return stopChild(this.child)
  }
}

/** deploy/haproxy.cfg with this run's ports, and a header naming the process that answered. */
function proxyConfig(proxyPort: number, servers: ServerProcess[]): string {
  const sample = readFileSync(join(root, 'deploy/haproxy.cfg'), 'utf8')
  const lines = servers.map((s) => `    server ${s.name} 127.0.0.1:${s.port}`).join('\n')
  const config = sample
    .replace(/^(\s*)bind :\d+$/m, `$1bind 127.0.0.1:${proxyPort}`)
    .replace(/^\s*server polder\d+ .*$\n?/gm, '')
    .replace(/^backend polder$/m, `backend polder\n    http-response set-header X-Served-By %s`)
  if (config === sample || !config.includes(`bind 127.0.0.1:${proxyPort}`))
    throw new TwoProcessesError('deploy/haproxy.cfg no longer has the lines this test replaces')
  return `${config.trimEnd()}\n${lines}\n`
}

// --- checks -----------------------------------------------------------------------------------

/** Failed sign-ins at A up to the limit, then one at B and one through the proxy: both refused. */
async function loginLimitHolds(a: ShopClient, b: ShopClient, proxy: ShopClient): Promise<boolean> {
  const attempt = (client: ShopClient) => client.once('POST', '/api/user/login', { username: `${RUN}@example.be`, password: 'not the password' })
  for (let i = 0; i < LOGIN_FAILURES; i++) {
    const answer = await attempt(a)
    if (answer.status !== 401) throw new TwoProcessesError(`a wrong password answered ${answer.status}, not 401`)
  }
  const [atB, viaProxy] = [await attempt(b), await attempt(proxy)]
  console.log(`sign-in limit: ${LOGIN_FAILURES} failures at process A, then process B answered ${atB.status} and the proxy ${viaProxy.status}`)
  return atB.status === 429 && viaProxy.status === 429
}

function compareLines(expected: Lines, found: Lines | undefined, counts: { found: number; lost: number; duplicated: number }): void {
  for (const [sku, qty] of expected) {
    const got = found?.get(sku) ?? 0
    if (got === qty) counts.found += 1
    else if (got < qty) counts.lost += 1
    else counts.duplicated += 1
  }
  for (const sku of found?.keys() ?? []) if (!expected.has(sku)) counts.duplicated += 1
}

async function orderableSkus(client: ShopClient): Promise<string[]> {
  const answer = await client.call('POST', SIMPLE_PRODUCTS_SEARCH.path, SIMPLE_PRODUCTS_SEARCH.query)
  return orderableSkusOf(answer.body, 50)
}

// --- the run ----------------------------------------------------------------------------------

async function main(): Promise<number> {
  const started = performance.now()
  const dir = mkdtempSync(join(tmpdir(), 'polder-processes-'))
  const [pgPort, redisPort, proxyPort, portA, portB] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()])
  const postgres = new OwnPostgres(pgPort, 'polder_processes', 'polder-processes-pg-')
  let redis: ChildProcess | undefined
  let haproxy: ChildProcess | undefined
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: postgres.url,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    HOST: '127.0.0.1',
    TRUST_PROXY: 'true',
    DATA_DIR: dir,
    DIST_DIR: join(dir, 'no-app'),
    MAIL_OUTBOX_DIR: join(dir, 'outbox'),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    IMPORT_API_KEY: IMPORT_KEY,
    // every shopper here comes from one address: the write limits would refuse the load
    RATE_LIMIT_ORDERS: '0',
    RATE_LIMIT_CART_CREATES: '0',
    RATE_LIMIT_WRITES: '0',
    RATE_LIMIT_CATALOG: '0',
    LOGIN_FAILURES_PER_ACCOUNT: String(LOGIN_FAILURES),
  }
  const servers = [new ServerProcess('polder1', portA, env, join(dir, 'polder1.log')), new ServerProcess('polder2', portB, env, join(dir, 'polder2.log'))]
  let ok: boolean
  try {
    console.log(
      `PostgreSQL ${pgVersion ?? '(on PATH)'}, Redis and HAProxy of their own on loopback; ${SHOPPERS} shoppers for ${LOAD_MS / 1000} s; logs in ${dir}`,
    )
    postgres.start()
    redis = startChild(
      'redis-server',
      ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      join(dir, 'redis.log'),
    )
    await waitForPort(redisPort, redis, 'redis-server')
    execFileSync(process.execPath, ['--import', 'tsx', 'server/seed/cli.ts', '--products', '60'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] })
    // one after the other: the first start runs the migrations
    for (const server of servers) await server.start()
    const config = join(dir, 'haproxy.cfg')
    writeFileSync(config, proxyConfig(proxyPort, servers))
    haproxy = startChild('haproxy', ['-db', '-f', config], join(dir, 'haproxy.log'))
    const proxyBase = `http://127.0.0.1:${proxyPort}`
    await waitForServer(`${proxyBase}/api/health`, haproxy)

    const client = new ShopClient(proxyBase)
    const direct = servers.map((s) => new ShopClient(`http://127.0.0.1:${s.port}`))
    const loginHeld = await loginLimitHolds(direct[0]!, direct[1]!, client)

    const skus = await orderableSkus(client)
    if (skus.length < 10) throw new TwoProcessesError(`only ${skus.length} simple products in stock: seed more`)
    if (!(await topUpStock(client, IMPORT_KEY, skus))) throw new TwoProcessesError('the stock could not be topped up')
    // two tabs, on different processes (the proxy gives each new stream to the least busy one)
    const streamClient = new ShopClient(proxyBase)
    const tabs: StreamTab[] = []
    while (tabs.length < 6 && new Set(tabs.map((t) => t.server)).size < 2) {
      const tab = new StreamTab(proxyBase, streamClient)
      tab.start()
      await tab.ready
      tabs.push(tab)
    }
    const victim = servers.find((s) => s.name === tabs[0]!.server)
    if (!victim || new Set(tabs.map((t) => t.server)).size < 2)
      throw new TwoProcessesError(`the streams were not spread: ${tabs.map((t) => t.server).join(', ')}`)

    const record: ShopperRecord = { abandoned: [], orders: [], cartChanges: 0 }
    const changes: PriceChange[] = []
    const loadEnds = Date.now() + LOAD_MS
    let visits = 0
    const shoppers = Array.from({ length: SHOPPERS }, async () => {
      while (Date.now() < loadEnds) await shopperVisit(client, RUN, visits++, skus, record)
    })
    const backOffice = (async () => {
      for (let k = 0; Date.now() < loadEnds; k++) {
        const change = { sku: skus[k % skus.length]!, price: 1000 + k }
        if (await changePrice(client, IMPORT_KEY, change.sku, change.price)) changes.push(change)
        await sleep(200)
      }
    })()
    const fault = (async () => {
      await sleep(LOAD_MS * 0.35)
      await victim.kill()
      console.log(`killed ${victim.name} (SIGKILL) at ${((performance.now() - started) / 1000).toFixed(1)} s, the first tab's process`)
      await sleep(5_000)
      await victim.start()
      console.log(`${victim.name} serves again at ${((performance.now() - started) / 1000).toFixed(1)} s`)
    })()
    await Promise.all([...shoppers, backOffice, fault])

    // every tab catches up with the last change within a few seconds, or it missed some: a change is
    // seen when the tab held its price or a later one, and the tab holds each sku's last price exactly
    const last = new Map(changes.map((c) => [c.sku, c.price]))
    const missedBy = (tab: StreamTab) =>
      changes.filter((c) => {
        const held = tab.highest.get(c.sku) ?? -Infinity
        return held < c.price || (last.get(c.sku) === c.price && held !== c.price)
      }).length
    for (let wait = 0; wait < 50 && tabs.some((t) => missedBy(t) > 0); wait++) await sleep(200)
    const missed = tabs.map(missedBy)
    await Promise.all(tabs.map((t) => t.close()))

    // what the shop holds: the orders from the database, the left carts through the proxy
    const db = new pg.Client({ connectionString: postgres.url })
    await db.connect()
    const rows = (
      await db.query<{ client_order_id: string; increment_id: string; sku: string; qty: number }>(
        `SELECT o.client_order_id, o.increment_id, l.sku, l.qty FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE o.client_order_id LIKE $1`,
        [`${RUN}-%`],
      )
    ).rows
    await db.end()
    const stored = new Map<string, { orderNumber: string; lines: Lines }>()
    for (const r of rows) {
      const order = stored.get(r.client_order_id) ?? { orderNumber: r.increment_id, lines: new Map() }
      order.lines.set(r.sku, (order.lines.get(r.sku) ?? 0) + Number(r.qty))
      stored.set(r.client_order_id, order)
    }
    const lines = { found: 0, lost: 0, duplicated: 0 }
    let ordersLost = 0
    for (const order of record.orders) {
      const held = stored.get(order.orderId)
      if (held?.orderNumber !== order.orderNumber) ordersLost += 1
      compareLines(order.lines, held?.lines, lines)
    }
    const checker = new ShopClient(proxyBase)
    for (const cart of record.abandoned) {
      const pulled = await checker.call('GET', `/api/cart/pull?cartId=${cart.cartId}`)
      const held = pulled.status === 200 ? new Map(resultOf<{ sku: string; qty: number }[]>(pulled).map((l) => [l.sku, l.qty])) : undefined
      compareLines(cart.lines, held, lines)
    }
    const ordersUnasked = stored.size - record.orders.length

    const failedShare = client.failed.length / Math.max(1, client.requests)
    const victimTab = tabs[0]!
    console.log(
      [
        `requests through the proxy: ${client.requests} (${client.retried} retried); failed after the client's retries: ${client.failed.length} (${(failedShare * 100).toFixed(3)} %); refused (4xx): ${client.refused.length}`,
        `acknowledged cart changes: ${record.cartChanges}; cart lines checked: ${lines.found + lines.lost}, found ${lines.found}, lost ${lines.lost}, duplicated ${lines.duplicated}`,
        `acknowledged orders: ${record.orders.length}; found ${record.orders.length - ordersLost}, lost ${ordersLost}; orders on the server nobody was told of: ${ordersUnasked}`,
        `stream changes expected: ${changes.length} per tab, ${tabs.length} tabs; missed: ${missed.join(', ')}; the killed process's tab was served by ${victimTab.servedBy.join(' → ')}`,
        `sign-in limit reached at one process held on the other: ${loginHeld ? 'yes' : 'no'}`,
        `time: ${((performance.now() - started) / 1000).toFixed(1)} s`,
      ].join('\n'),
    )
    if (client.failed.length > 0) console.error(`failed: ${client.failed.slice(0, 5).join('; ')}`)
    if (client.refused.length > 0) console.error(`refused: ${client.refused.slice(0, 5).join('; ')}`)
    const reconnected = victimTab.servedBy.length >= 2 && victimTab.servedBy.slice(1).some((s) => s !== victim.name)
    ok =
      failedShare < 0.001 &&
      client.refused.length === 0 &&
      lines.lost === 0 &&
      lines.duplicated === 0 &&
      ordersLost === 0 &&
      ordersUnasked === 0 &&
      missed.every((n) => n === 0) &&
      changes.length > 0 &&
      reconnected &&
      loginHeld
    if (!reconnected) console.error('the killed process’s tab did not reconnect to the other process')
  } finally {
    await stopChild(haproxy)
    await Promise.all(servers.map((s) => s.stop()))
    await stopChild(redis)
    postgres.stop()
  }
  if (ok) rmSync(dir, { recursive: true, force: true })
  else console.error(`FAILED (logs: ${dir})`)
  return ok ? 0 : 1
}

const deadline = setTimeout(() => {
  console.error(`FAILED: the run took longer than ${DEADLINE_MS / 60_000} minutes`)
  killAll()
  process.exit(1)
}, DEADLINE_MS)
process.exitCode = await main().catch((err: unknown) => {
  console.error(err instanceof Error ? `${err.name}: ${err.message}` : err)
  return 1
})
clearTimeout(deadline)
