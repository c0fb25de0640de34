/**
 * `npm run bench:orders` (and the end of `npm run bench`, left out there with --no-orders): the
 * orders' fault test. 200 orders placed offline from one browser are sent when it goes online
 * through a server that loses answers and restarts once; all must reach the server exactly once.
 *
 *  - A real shop: the built app (with the bench page, tests/bench/page) and the real server on a
 *    fresh, seeded PGlite data directory, behind a small fault proxy in this script (the browser only
 *    talks to the proxy). The proxy lets the server answer every POST /api/order, then, for about
 *    20 % of them (a seeded random, the same every run), resets the browser's connection instead of
 *    passing the answer on: the order is stored, the browser never hears so. Once half the orders are
 *    stored, the server process is killed (SIGKILL, mid-drain) and started again on the same data
 *    directory and port; meanwhile the proxy answers 502.
 *  - Debian's Chromium (the e2e flags), one browser context: the bench page opens the real data
 *    worker for /en, the context goes offline, and 200 orders are placed through the worker's own
 *    placeOrder (the checkout button's command), each from its own cart (one simple product in
 *    stock, never the same cart twice in a row). Then the context goes online: the drain time runs
 *    from there until the server has stored all 200 (the proxy sees each answer the server gives).
 *  - After the server is stopped, its storage is read: exactly the 200 order_ids, each once, each with
 *    its own line, and no other order. Any mismatch exits non-zero.
 * Usage: npm run bench:orders [-- --orders 200] [--drop 0.2] [--seed 10] [--port 3210] [--no-build]
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, openSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { chromium } from 'playwright-core'
import type { Product } from '../../domain/product.schema'
import { openStorage } from '../../server/storage'
import type { CheckoutPatch } from '../../workers/contract/checkout'
import { CHROMIUM_ARGS } from '../e2e/playwright.config'
import type { PolderBench } from './page/bench-page'
import { buildApp, buildBenchPage, distDir, root, waitForServer } from './shop'

class OrderFaultsError extends Error {
  override name = 'OrderFaultsError'
}

const args = process.argv.slice(2)
const option = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1]! : fallback)
const ORDERS = Number(option('--orders', '200'))
const DROP = Number(option('--drop', '0.2'))
const SEED = Number(option('--seed', '10'))
const PROXY_PORT = Number(option('--port', '3210'))
const SERVER_PORT = PROXY_PORT + 1
const DRAIN_LIMIT_MS = 10 * 60_000

/** mulberry32: a small seeded random, so every run drops the same answers */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The real server on `dataDir`, in its own process group (npx starts node under it). */
class ServerProcess {
  private child: ChildProcess | null = null
  restarts = 0
  /** from the kill until the restarted server answered */
  downMs = 0

  constructor(private readonly dataDir: string) {}

  private get env() {
    return { ...process.env, DATA_DIR: this.dataDir, DIST_DIR: distDir, PORT: String(SERVER_PORT), LOG_LEVEL: 'warn', DATABASE_URL: '' }
  }

  seed(products: number): void {
    execFileSync('npx', ['tsx', 'server/seed/cli.ts', '--products', String(products)], { cwd: root, env: this.env, stdio: ['ignore', 'ignore', 'inherit'] })
  }

  async start(): Promise<void> {
    const log = openSync(join(this.dataDir, 'server.log'), 'a')
    this.child = spawn('npx', ['tsx', 'server/main.ts'], { cwd: root, env: this.env, stdio: ['ignore', log, log], detached: true })
    await waitForServer(`http://localhost:${SERVER_PORT}/en/`, this.child)
  }

  /** signal the whole group and wait until it has exited */
  async stop(signal: NodeJS.Signals): Promise<void> {
    const child = this.child
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    try {
      process.kill(-child.pid!, signal)
    } catch {
      return // already gone
    }
    await Promise.race([exited, sleep(10_000)])
    this.child = null
  }

  async restart(): Promise<void> {
    const t0 = performance.now()
    await this.stop('SIGKILL')
    await this.start()
    this.downMs = performance.now() - t0
    this.restarts += 1
  }
}

interface ProxyFigures {
  /** POST /api/order requests the browser made */
  posts: number
  /** answers the server gave that the browser never got (its connection reset) */
  dropped: number
  /** requests (any) answered 502 (or reset) because the server was down */
  unreachable: number
  /** the same by path, to see who calls a server that is down */
  unreachableByPath: Map<string, number>
  /** order_ids the server answered 200 for (stored), in the order first seen */
  stored: Set<string>
  /** order_ids refused (409) or answered otherwise by the server */
  other: Map<string, number>
}

/**
 * The fault proxy: passes everything to the server; a POST /api/order is passed on, its answer read
 * in full, then (drop chance) the browser's connection is reset instead of answering.
 */
function startProxy(random: () => number, onStored: (count: number) => void): { figures: ProxyFigures; close(): Promise<void> } {
  const figures: ProxyFigures = { posts: 0, dropped: 0, unreachable: 0, unreachableByPath: new Map(), stored: new Set(), other: new Map() }
  const server = http.createServer((req, res) => {
    const isOrder = req.method === 'POST' && (req.url ?? '').startsWith('/api/order?')
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      if (isOrder) figures.posts += 1
      const upstream = http.request(
        { host: '127.0.0.1', port: SERVER_PORT, method: req.method, path: req.url, headers: { ...req.headers, host: `localhost:${PROXY_PORT}` } },
        (answer) => {
          if (!isOrder) {
            res.writeHead(answer.statusCode ?? 502, answer.headers)
            answer.pipe(res)
            return
          }
          const parts: Buffer[] = []
          answer.on('data', (c: Buffer) => parts.push(c))
          answer.on('end', () => {
            const orderId = (JSON.parse(body.toString('utf8')) as { order_id: string }).order_id
            if (answer.statusCode === 200) {
              const before = figures.stored.size
              figures.stored.add(orderId)
              if (figures.stored.size > before) onStored(figures.stored.size)
            } else figures.other.set(`${answer.statusCode} ${orderId}`, (figures.other.get(`${answer.statusCode} ${orderId}`) ?? 0) + 1)
            if (answer.statusCode === 200 && random() < DROP) {
              figures.dropped += 1
              req.socket.resetAndDestroy()
              return
            }
            res.writeHead(answer.statusCode ?? 502, answer.headers)
            res.end(Buffer.concat(parts))
          })
          answer.on('error', () => req.socket.resetAndDestroy())
        },
      )
      upstream.on('error', () => {
        // the server is down (restarting): a bad gateway, as a real proxy in front of it answers
        figures.unreachable += 1
        const path = (req.url ?? '').split('?')[0]!
        figures.unreachableByPath.set(path, (figures.unreachableByPath.get(path) ?? 0) + 1)
        if (res.headersSent) req.socket.resetAndDestroy()
        else res.writeHead(502, { 'content-type': 'text/plain' }).end('server down')
      })
      upstream.end(body)
    })
  })
  server.listen(PROXY_PORT)
  return {
    figures,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Simple products in stock without options, full documents, as the product page adds them. */
async function orderableProducts(base: string): Promise<Product[]> {
  const query = { _appliedFilters: [{ attribute: 'type_id', value: { eq: 'simple' }, scope: 'default' }], _availableFilters: [], _appliedSort: [] }
  const res = await fetch(`${base}/api/catalog/polder_en/product/_search?request_format=search-query&response_format=standard&size=200`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(query),
  })
  const body = (await res.json()) as { hits: { hits: { _source: Record<string, unknown> }[] } }
  const products = body.hits.hits
    .map((hit) => hit._source)
    .filter((p) => {
      const stock = p.stock as { is_in_stock?: boolean; qty?: number; manage_stock?: boolean } | undefined
      const options = p.custom_options
      return (
        p.status === 1 &&
        p.visibility === 4 &&
        stock?.is_in_stock === true &&
        (stock.manage_stock === false || Number(stock.qty ?? 0) >= 20) &&
        !(Array.isArray(options) && options.length > 0)
      )
    })
  // every product is ordered ORDERS / n times at most: with 20 or more, 10 each, and each has 20 in stock
  if (products.length < Math.ceil(ORDERS / 10)) throw new OrderFaultsError(`only ${products.length} simple products with 20 in stock: seed more`)
  return products.slice(0, Math.max(20, Math.ceil(ORDERS / 10))) as unknown as Product[]
}

/** Anna's address in Brussels: picked up in the shop, billed there */
const ANNA = {
  firstName: 'Anna',
  lastName: 'Peeters',
  country: 'BE' as const,
  street: 'Wetstraat',
  houseNumber: '16',
  postcode: '1000',
  city: 'Brussel',
  phone: '0470 12 34 56',
}

const CHECKOUT: CheckoutPatch = {
  personalDetails: { firstName: 'Anna', lastName: 'Peeters', emailAddress: 'anna@example.be' },
  shippingDetails: { ...ANNA, shippingMethod: { carrierCode: 'storepickup', methodCode: 'storepickup' } },
  paymentDetails: { ...ANNA, paymentMethod: 'banktransfer' },
  termsAccepted: true,
}

type BenchWindow = { polderBench: PolderBench }

interface Verdict {
  /** orders on the server that this run placed: all of them less those there before it (the demo customers' seeded orders) */
  serverOrders: number
  missing: string[]
  wrongLines: string[]
}

/** The server's storage, read after it stopped: the 200 order_ids, each once, each with its product, and nothing else. */
async function verify(dataDir: string, placed: { orderId: string; sku: string }[], ordersBefore: number): Promise<Verdict> {
  const storage = await openStorage({ dataDir, databaseUrl: undefined })
  try {
    const missing: string[] = []
    const wrongLines: string[] = []
    for (const { orderId, sku } of placed) {
      const row = await storage.orders.findByClientOrderId(orderId)
      if (!row) {
        missing.push(orderId)
        continue
      }
      const lines = await storage.orders.listLines(row.id)
      if (lines.length !== 1 || lines[0]!.sku !== sku || Number(lines[0]!.qty) !== 1) wrongLines.push(orderId)
    }
    return { serverOrders: (await storage.orders.count()) - ordersBefore, missing, wrongLines }
  } finally {
    await storage.close()
  }
}

/** The orders a freshly seeded shop already has (the demo customers' history), read while the server is stopped. */
async function countOrders(dataDir: string): Promise<number> {
  const storage = await openStorage({ dataDir, databaseUrl: undefined })
  try {
    return await storage.orders.count()
  } finally {
    await storage.close()
  }
}

async function main(): Promise<void> {
  if (!args.includes('--no-build')) {
    buildApp()
    buildBenchPage()
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'polder-order-faults-'))
  const server = new ServerProcess(dataDir)
  console.log(`seeding a small shop in ${dataDir} …`)
  server.seed(200)
  const ordersBefore = await countOrders(dataDir)
  await server.start()
  let restartDue = true
  let restarting: Promise<void> | null = null
  let allStored: () => void = () => undefined
  const drained = new Promise<void>((resolve) => (allStored = resolve))
  const proxy = startProxy(seededRandom(SEED), (count) => {
    if (count >= ORDERS) allStored()
    if (restartDue && count >= ORDERS / 2) {
      restartDue = false
      restarting = server.restart()
    }
  })
  const base = `http://localhost:${PROXY_PORT}`
  const profile = mkdtempSync(join(tmpdir(), 'polder-order-faults-profile-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  })
  let exitCode = 0
  try {
    const products = await orderableProducts(base)
    const page = await context.newPage()
    await page.goto(`${base}/__bench/index.html`)
    await page.evaluate(() => (window as unknown as BenchWindow).polderBench.openStore('en'))
    await context.setOffline(true)
    const t0 = performance.now()
    const ids = await page.evaluate(([list, n, details]) => (window as unknown as BenchWindow).polderBench.placeOrders(list, n, details), [
      products,
      ORDERS,
      CHECKOUT,
    ] as const)
    const placeMs = performance.now() - t0
    const placed = ids.map((orderId, i) => ({ orderId, sku: String(products[i % products.length]!.sku) }))
    if (proxy.figures.posts > 0) throw new OrderFaultsError(`${proxy.figures.posts} orders were posted while offline`)

    const online = performance.now()
    await context.setOffline(false)
    const timedOut = sleep(DRAIN_LIMIT_MS).then(() => 'timeout' as const)
    const outcome = await Promise.race([drained.then(() => 'drained' as const), timedOut])
    const drainMs = performance.now() - online
    await restarting
    // the browser hears of the last answers too (a dropped one is resent and answered)
    let statuses: Record<string, number> = {}
    for (let i = 0; i < 120; i++) {
      statuses = await page.evaluate(() => (window as unknown as BenchWindow).polderBench.orderStatuses())
      if (statuses.placed === ORDERS) break
      await sleep(500)
    }
    const confirmedMs = performance.now() - online
    await context.close()
    await proxy.close()
    await server.stop('SIGTERM')
    const verdict = await verify(dataDir, placed, ordersBefore)
    const duplicates = verdict.serverOrders - (ORDERS - verdict.missing.length)
    const refusedOrOther = [...proxy.figures.other.entries()].map(([k, n]) => `${k} ×${n}`)
    console.log(
      [
        `orders: ${ORDERS} placed offline in ${(placeMs / 1000).toFixed(1)} s; on the server: ${verdict.serverOrders} (${verdict.missing.length} missing)`,
        `POST /api/order sent: ${proxy.figures.posts}; answers dropped: ${proxy.figures.dropped}; requests answered 502 while the server was down: ${proxy.figures.unreachable}` +
          ` (${[...proxy.figures.unreachableByPath.entries()]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 3)
            .map(([path, n]) => `${path} ${n}`)
            .join(', ')})`,
        `restarts: ${server.restarts} (killed with SIGKILL once ${ORDERS / 2} orders were stored; down ${(server.downMs / 1000).toFixed(1)} s)`,
        `drain time (online → all ${ORDERS} stored on the server): ${outcome === 'timeout' ? `not drained in ${DRAIN_LIMIT_MS / 1000} s` : `${(drainMs / 1000).toFixed(1)} s`}; ` +
          `all placed on the device after ${(confirmedMs / 1000).toFixed(1)} s (${JSON.stringify(statuses)})`,
        `duplicates: ${duplicates}; orders with other lines than their cart: ${verdict.wrongLines.length}` +
          (refusedOrOther.length ? `; other answers: ${refusedOrOther.slice(0, 5).join(', ')}` : ''),
      ].join('\n'),
    )
    const ok =
      outcome === 'drained' &&
      verdict.serverOrders === ORDERS &&
      verdict.missing.length === 0 &&
      verdict.wrongLines.length === 0 &&
      duplicates === 0 &&
      server.restarts === 1 &&
      statuses.placed === ORDERS
    if (!ok) {
      console.error(`FAILED: not all ${ORDERS} orders on the server exactly once (see above; server log in ${dataDir}/server.log)`)
      exitCode = 1
    }
  } finally {
    await context.close().catch(() => undefined)
    await proxy.close()
    await server.stop('SIGTERM')
    rmSync(profile, { recursive: true, force: true })
    if (exitCode === 0) rmSync(dataDir, { recursive: true, force: true })
  }
  process.exitCode = exitCode
}

await main()
// the storage read by verify leaves its database thread behind: the verdict is in, so the process ends here
process.exit(process.exitCode ?? 0)
