/**
 * `npm run test:faults` (CI: `-- --short`): money under faults. The real server on a PostgreSQL
 * cluster of its own (initdb in a temporary directory, loopback only, so it can be restarted) takes
 * bursts of orders and payments from concurrent clients while it is killed with SIGKILL again and
 * again, and PostgreSQL is restarted (immediate shutdown) under the load once. Then it prints what a
 * shop owner would ask: orders acknowledged, orders on the server, lost, duplicated, confirmation
 * mails missing, processes that died (exits nobody asked for), and exits non-zero unless all of
 * lost, duplicated, missing mails and deaths are 0.
 *
 * The clients do what the app does: a cart, a line, the order sent (and sent again, same order_id
 * and body, until the shop answers), and for half the orders an iDEAL payment made on the sandbox
 * page, with the provider's notification sent three times at once (providers repeat them), then the
 * status asked until the shop says paid. Every answer lost to a kill is retried.
 *
 * Usage: npm run test:faults [-- --short] [--orders N] [--clients N] [--kills N] [--port 3230]
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, openSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { BE_ADDRESS } from '../integration/order-fixtures'
import { OwnPostgres, pgVersion } from './own-postgres'
import { orderableSkusOf, root, SIMPLE_PRODUCTS_SEARCH, waitForServer } from './shop'

const args = process.argv.slice(2)
const option = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback)
const SHORT = args.includes('--short')
const ORDERS = option('--orders', SHORT ? 40 : 300)
const CLIENTS = option('--clients', SHORT ? 4 : 8)
const KILLS = option('--kills', SHORT ? 3 : 10)
const SERVER_PORT = option('--port', 3230)
const PG_PORT = SERVER_PORT + 1
/** the whole run, faults and mails included, ends by then */
const DEADLINE_MS = (SHORT ? 5 : 20) * 60_000
const RUN = `faults-${Date.now()}`

class FaultSuiteError extends Error {
  override name = 'FaultSuiteError'
}

// --- the shop's server, killed on purpose --------------------------------------------------

class Server {
  private child: ChildProcess | null = null
  kills = 0
  /** exits nobody asked for */
  deaths = 0
  private killing = false
  readonly outbox: string

  constructor(
    private readonly dataDir: string,
    private readonly databaseUrl: string,
  ) {
    this.outbox = join(dataDir, 'outbox')
  }

  get env() {
    return {
      ...process.env,
      DATABASE_URL: this.databaseUrl,
      DATA_DIR: this.dataDir,
      DIST_DIR: join(this.dataDir, 'no-app'),
      PORT: String(SERVER_PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      MAIL_OUTBOX_DIR: this.outbox,
      MAIL_SWEEP_MS: '500',
      MAIL_CLAIM_STALE_MS: '3000',
      PAYMENT_RECHECK_MS: '5000',
      // one address places every order here
      RATE_LIMIT_ORDERS: '0',
      RATE_LIMIT_CART_CREATES: '0',
      RATE_LIMIT_WRITES: '0',
      NODE_ENV: 'development',
    }
  }

  seed(products: number): void {
    execFileSync('npx', ['tsx', 'server/seed/cli.ts', '--products', String(products)], { cwd: root, env: this.env, stdio: ['ignore', 'ignore', 'inherit'] })
  }

  async start(): Promise<void> {
    const log = openSync(join(this.dataDir, 'server.log'), 'a')
    const child = spawn('npx', ['tsx', 'server/main.ts'], { cwd: root, env: this.env, stdio: ['ignore', log, log], detached: true })
    this.child = child
    child.once('exit', () => {
      if (this.killing || this.child !== child) return
      this.deaths += 1
      console.error(`the server died by itself (see ${this.dataDir}/server.log); starting it again`)
      void this.start()
    })
    await waitForServer(`http://127.0.0.1:${SERVER_PORT}/api`, child)
  }

  /** SIGKILL to the whole process group, then started again. */
  async kill(): Promise<void> {
    const child = this.child
    if (!child) return
    this.killing = true
    const exited = new Promise((resolve) => child.once('exit', resolve))
    try {
      process.kill(-child.pid!, 'SIGKILL')
    } catch {
      // gone already
    }
    await Promise.race([exited, sleep(10_000)])
    this.kills += 1
    this.killing = false
    await this.start()
  }

  async stop(): Promise<void> {
    const child = this.child
    if (!child || child.exitCode !== null) return
    this.killing = true
    const exited = new Promise((resolve) => child.once('exit', resolve))
    try {
      process.kill(-child.pid!, 'SIGTERM')
    } catch {
      return
    }
    await Promise.race([exited, sleep(10_000)])
  }
}

// --- the clients ---------------------------------------------------------------------------

const base = `http://127.0.0.1:${SERVER_PORT}`
const deadline = Date.now() + DEADLINE_MS

interface Answer {
  status: number
  body: unknown
  location?: string | null
}

/** One request; a connection the kill broke is status 0. */
async function request(method: string, path: string, body?: unknown, form = false): Promise<Answer> {
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      redirect: 'manual',
      headers: body === undefined ? {} : { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
      body: body === undefined ? undefined : form ? String(body) : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    })
    const text = await res.text()
    let parsed: unknown = text
    try {
      parsed = JSON.parse(text)
    } catch {
      // a page or "OK"
    }
    return { status: res.status, body: parsed, location: res.headers.get('location') }
  } catch {
    return { status: 0, body: null }
  }
}

/** Sends until the shop answers one of `done` (a lost answer, a 502/503 while it restarts, are tried again). */
async function until(method: string, path: string, body: unknown, done: number[], form = false): Promise<Answer> {
  for (;;) {
    const answer = await request(method, path, body, form)
    if (done.includes(answer.status)) return answer
    if (Date.now() > deadline) throw new FaultSuiteError(`${method} ${path} got no answer of ${done.join('/')} before the deadline (last ${answer.status})`)
    await sleep(answer.status === 0 || answer.status >= 500 ? 300 : 100)
  }
}

const result = <T>(answer: Answer) => (answer.body as { result: T }).result

/** a Belgian shopper of its own, so her orders are told apart from any other's */
const ADDRESS = { ...BE_ADDRESS, email: 'anna.faults@example.be' }

interface Acknowledged {
  orderId: string
  orderNumber: string
  method: string
  /** the shop said paid to the status call */
  paid: boolean
}

async function orderableSkus(): Promise<string[]> {
  const answer = await until('POST', SIMPLE_PRODUCTS_SEARCH.path, SIMPLE_PRODUCTS_SEARCH.query, [200])
  const skus = orderableSkusOf(answer.body, 20)
  if (skus.length < 10) throw new FaultSuiteError(`only ${skus.length} simple products in stock: seed more`)
  return skus
}

/** One shopper's order, and its payment when it is paid through the provider. */
async function placeOne(i: number, sku: string): Promise<Acknowledged | null> {
  const cartId = result<string>(await until('POST', '/api/cart/create?storeCode=en', {}, [200]))
  await until('POST', `/api/cart/update?cartId=${cartId}`, { cartItem: { quoteId: cartId, sku, qty: 1 } }, [200])
  // the order names the cart's lines as the shop holds them (an add whose answer was lost may have counted twice)
  const lines = result<{ sku: string; qty: number }[]>(await until('GET', `/api/cart/pull?cartId=${cartId}`, undefined, [200]))
  const method = i % 2 === 0 ? 'ideal' : 'banktransfer'
  const body = {
    order_id: `${RUN}-${i}`,
    cart_id: cartId,
    store_code: 'en',
    products: lines.map((l) => ({ sku: l.sku, qty: l.qty, price: 0.01, name: l.sku, product_type: 'simple' })),
    addressInformation: {
      shippingAddress: ADDRESS,
      billingAddress: ADDRESS,
      shipping_carrier_code: 'flatrate',
      shipping_method_code: 'flatrate',
      payment_method_code: method,
    },
  }
  const placed = await until('POST', '/api/order?storeCode=en', body, [200, 409])
  if (placed.status === 409) return null
  const order = result<{ orderNumber: string; order_token?: string }>(placed)
  const acked: Acknowledged = { orderId: body.order_id, orderNumber: order.orderNumber, method, paid: false }
  if (method !== 'ideal') return acked
  const key = { order_id: order.orderNumber, order_token: order.order_token }
  const page = new URL(result<{ payment_gateway_url: string }>(await until('POST', '/api/ext/payment/post-payment', key, [200])).payment_gateway_url).pathname
  await until('POST', page, 'method=ideal&result=paid', [303], true)
  const transaction = page.split('/').pop()!
  await Promise.all([1, 2, 3].map(() => request('POST', `/api/ext/payment/notification?transactionid=${transaction}`, {})))
  for (;;) {
    const status = await until('POST', '/api/ext/payment/get-payment-status', key, [200])
    if (result<{ order_status: string }>(status).order_status === 'processing') return { ...acked, paid: true }
    if (Date.now() > deadline) return acked
    await sleep(300)
  }
}

// --- the run ---------------------------------------------------------------------------------

async function main(): Promise<void> {
  const started = performance.now()
  const postgres = new OwnPostgres(PG_PORT, 'polder_faults', 'polder-faults-pg-')
  const dataDir = mkdtempSync(join(tmpdir(), 'polder-faults-'))
  let server: Server | null = null
  let exitCode = 0
  try {
    console.log(
      `PostgreSQL ${pgVersion ?? '(on PATH)'} of its own on 127.0.0.1:${PG_PORT}; ${ORDERS} orders from ${CLIENTS} clients, ${KILLS} kills, 1 PostgreSQL restart`,
    )
    postgres.start()
    server = new Server(dataDir, postgres.url)
    server.seed(60)
    await server.start()
    const running = server
    const skus = await orderableSkus()

    const acknowledged: Acknowledged[] = []
    let next = 0
    let refused = 0
    const clients = Array.from({ length: CLIENTS }, async () => {
      for (;;) {
        const i = next++
        if (i >= ORDERS) return
        const acked = await placeOne(i, skus[i % skus.length]!)
        if (acked) acknowledged.push(acked)
        else refused += 1
      }
    })
    // the faults: kills spread over the load, and PostgreSQL restarted half-way
    const faults = (async () => {
      for (let k = 0; k < KILLS; k++) {
        while (acknowledged.length + refused < ((k + 1) * ORDERS) / (KILLS + 1) && next < ORDERS) await sleep(50)
        if (next >= ORDERS && acknowledged.length + refused >= ORDERS) return
        if (k === Math.floor(KILLS / 2)) postgres.restart()
        await running.kill()
      }
    })()
    await Promise.all([...clients, faults])
    const loadMs = performance.now() - started

    // the mails: what a dead process left due or half-sent goes out within a claim's staleness and a sweep
    const db = new pg.Client({ connectionString: postgres.url })
    await db.connect()
    const expectConfirmation = async () =>
      (
        await db.query<{ increment_id: string; status: string; mail: string | null }>(
          `SELECT o.increment_id, o.status, m.status AS mail FROM orders o
           LEFT JOIN order_mails m ON m.order_id = o.id AND m.kind = 'order_confirmation'
           WHERE o.client_order_id LIKE $1 AND o.status IN ('pending', 'processing')`,
          [`${RUN}-%`],
        )
      ).rows
    const outboxHas = (n: string) => existsSync(join(running.outbox, `once-order-${n}-confirmation.json`))
    let missing: string[] = []
    for (let wait = 0; wait < 60; wait++) {
      missing = (await expectConfirmation()).filter((r) => r.mail !== 'sent' || !outboxHas(r.increment_id)).map((r) => r.increment_id)
      if (missing.length === 0) break
      await sleep(500)
    }
    const rows = (
      await db.query<{ client_order_id: string; increment_id: string; status: string; cart_id: string }>(
        `SELECT client_order_id, increment_id, status, cart_id FROM orders WHERE client_order_id LIKE $1`,
        [`${RUN}-%`],
      )
    ).rows
    const resent = Number(
      (
        await db.query<{ n: string }>(
          `SELECT count(*) AS n FROM order_mails m JOIN orders o ON o.id = m.order_id WHERE o.client_order_id LIKE $1 AND m.attempts > 1`,
          [`${RUN}-%`],
        )
      ).rows[0]!.n,
    )
    await db.end()

    const onServer = new Map(rows.map((r) => [r.client_order_id, r]))
    const lost = acknowledged.filter((a) => onServer.get(a.orderId)?.increment_id !== a.orderNumber)
    const perCart = new Map<string, number>()
    for (const r of rows) perCart.set(r.cart_id, (perCart.get(r.cart_id) ?? 0) + 1)
    const duplicated = [...perCart.values()].reduce((sum, n) => sum + n - 1, 0) + Math.max(0, rows.length - ORDERS)
    const paidLost = acknowledged.filter((a) => a.paid && onServer.get(a.orderId)?.status !== 'processing')
    const unpaidIdeal = acknowledged.filter((a) => a.method === 'ideal' && !a.paid).length
    const outboxFiles = existsSync(running.outbox)
      ? readdirSync(running.outbox).filter((f) => f.startsWith('once-order-') && f.endsWith('-confirmation.json')).length
      : 0

    console.log(
      [
        `orders acknowledged: ${acknowledged.length} (${refused} refused by the shop); orders on the server: ${rows.length}`,
        `lost: ${lost.length}; duplicated: ${duplicated}; paid orders not paid on the server: ${paidLost.length}; iDEAL orders never seen paid: ${unpaidIdeal}`,
        `confirmation mails missing: ${missing.length} (${outboxFiles} in the outbox, ${resent} sent again after a crash and still one mail each)`,
        `processes that died: ${running.deaths}; kills (SIGKILL): ${running.kills}; PostgreSQL restarts: ${postgres.restarts}`,
        `time: ${(loadMs / 1000).toFixed(1)} s under load, ${((performance.now() - started) / 1000).toFixed(1)} s in all`,
      ].join('\n'),
    )
    if (lost.length > 0)
      console.error(
        `lost: ${lost
          .slice(0, 5)
          .map((l) => l.orderId)
          .join(', ')}`,
      )
    if (missing.length > 0) console.error(`mails missing for: ${missing.slice(0, 5).join(', ')}`)
    const ok = lost.length === 0 && duplicated === 0 && missing.length === 0 && running.deaths === 0 && paidLost.length === 0 && unpaidIdeal === 0
    if (!ok) {
      console.error(`FAILED (the server's log: ${dataDir}/server.log)`)
      exitCode = 1
    }
  } finally {
    await server?.stop()
    postgres.stop()
    if (exitCode === 0) rmSync(dataDir, { recursive: true, force: true })
  }
  process.exitCode = exitCode
}

await main()
