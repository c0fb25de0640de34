/**
 * A real shop for the figures scripts: the app built into its own folder (so a run never replaces
 * ./dist), a fresh PGlite database (or a PostgreSQL one, created anew) seeded with N demo products,
 * the real server on a port of its own. Used by `npm run bench` and `npm run lighthouse`.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

export const root = join(import.meta.dirname, '../..')
/** its own build folder (BENCH_DIST_DIR), so a figures run never replaces the app in ./dist */
export const distDir = join(root, process.env.BENCH_DIST_DIR ?? '.tmp/dist-bench')

export function buildApp(): void {
  console.log(`building the app into ${distDir} …`)
  execFileSync('npm', ['run', 'i18n'], { cwd: root, stdio: 'ignore' })
  execFileSync('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir'], { cwd: root, stdio: 'ignore' })
}

/** The bench page (tests/bench/page) beside the app, at /__bench/: it talks to the real data worker. */
export function buildBenchPage(): void {
  execFileSync('npx', ['vite', 'build', '-c', 'tests/bench/vite.bench.config.ts', '--outDir', join(distDir, '__bench'), '--emptyOutDir'], {
    cwd: root,
    stdio: 'ignore',
  })
}

export async function waitForServer(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      const res = await fetch(url)
      if (res.ok) return
    } catch {
      // not up yet
    }
    await sleep(250)
  }
  throw new Error(`server did not answer at ${url}`)
}

/** dropdb + createdb with the URL's host, port, user and password (PostgreSQL's own client tools). */
function recreateDatabase(databaseUrl: string): void {
  const url = new URL(databaseUrl)
  const name = decodeURIComponent(url.pathname.slice(1))
  const connection = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')]
  // PGOPTIONS: no NOTICE when the database is not there yet
  const env = { ...process.env, PGPASSWORD: decodeURIComponent(url.password), PGOPTIONS: '-c client_min_messages=warning' }
  execFileSync('dropdb', [...connection, '--if-exists', name], { env, stdio: 'inherit' })
  execFileSync('createdb', [...connection, name], { env, stdio: 'inherit' })
}

export interface RunningShop {
  base: string
  seedMs: number
  stop(): Promise<void>
}

export class SeedFailedError extends Error {
  override name = 'SeedFailedError'
}

export interface ShopOptions {
  /**
   * A PostgreSQL database to seed and serve from instead of PGlite (DATABASE_URL). It is dropped and
   * created again first, so every run starts from an empty database: its name must be one the
   * caller owns (`polder_bench`).
   */
  databaseUrl?: string
  /**
   * A PGlite data directory seeded before (`DATA_DIR=… npm run seed -- --products N`): served as it
   * is, not seeded and not deleted at the end (a 100,000-product seed takes many minutes; this measures
   * the rest again without it). The seed time is then NaN.
   */
  seededDataDir?: string
  /** settings of the server process besides the bench's own (rate limits, TRUST_PROXY) */
  env?: NodeJS.ProcessEnv
  /** the path that answers 200 once the server is up (default `/en/`, the built app) */
  readyPath?: string
}

/** `npm run seed -- --products N` into the data directory (or DATABASE_URL) of `env`. */
function seed(products: number, dataDir: string, env: NodeJS.ProcessEnv): void {
  try {
    execFileSync('npx', ['tsx', 'server/seed/cli.ts', '--products', String(products)], {
      cwd: root,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    })
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true })
    // the seed's own words (an out-of-memory trace, a failed import) rather than only "Command failed"
    const stderr = (error as { stderr?: Buffer }).stderr?.toString('utf8') ?? ''
    throw new SeedFailedError(
      `npm run seed -- --products ${products} failed:\n${stderr
        .split('\n')
        .filter((l) => !/^\s*\d+: 0x/.test(l))
        .slice(-20)
        .join('\n')}`,
    )
  }
}

/** Seeds a fresh database with `products` demo products (or takes options.seededDataDir) and starts the server on `port`. */
export async function startShop(products: number, port: number, options: ShopOptions = {}): Promise<RunningShop> {
  const dataDir = options.seededDataDir ?? mkdtempSync(join(tmpdir(), `polder-bench-${products}-`))
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    DATABASE_URL: options.databaseUrl ?? '',
    // the load figures ask the catalogue from one address, many times a second
    RATE_LIMIT_CATALOG: '0',
    ...options.env,
  }
  if (options.databaseUrl) recreateDatabase(options.databaseUrl)
  const t0 = performance.now()
  if (!options.seededDataDir) seed(products, dataDir, env)
  const seedMs = options.seededDataDir ? NaN : performance.now() - t0

  // its own process group, so that stopping it also stops the node process npx starts
  const logFile = join(dataDir, 'server.log')
  const log = openSync(logFile, 'a')
  const server = spawn('npx', ['tsx', 'server/main.ts'], { cwd: root, env, stdio: ['ignore', log, log], detached: true })
  server.on('exit', (code, signal) => {
    if (stopping) return
    console.error(`the shop's server stopped by itself (${code ?? signal}); its log:\n${readFileSync(logFile, 'utf8').slice(-4000)}`)
  })
  let stopping = false
  const base = `http://localhost:${port}`
  const stop = async () => {
    stopping = true
    try {
      process.kill(-server.pid!, 'SIGTERM')
      await sleep(500)
    } catch {
      // already gone
    }
    if (!options.seededDataDir) rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await waitForServer(`${base}${options.readyPath ?? '/en/'}`, server)
  } catch (error) {
    await stop()
    throw error
  }
  return { base, seedMs, stop }
}

/** The catalogue search of the simple products the benches order (POST, this body). */
export const SIMPLE_PRODUCTS_SEARCH = {
  path: '/api/catalog/polder_en/product/_search?request_format=search-query&response_format=standard&size=200',
  query: { _appliedFilters: [{ attribute: 'type_id', value: { eq: 'simple' }, scope: 'default' }], _availableFilters: [], _appliedSort: [] },
} as const

/** The skus of a search answer's simple products a client can order `minQty` of: enabled, in stock, without options. */
export function orderableSkusOf(answer: unknown, minQty: number): string[] {
  const hits = (answer as { hits: { hits: { _source: Record<string, unknown> }[] } }).hits.hits.map((h) => h._source)
  return hits
    .filter((p) => {
      const stock = p.stock as { is_in_stock?: boolean; qty?: number; manage_stock?: boolean } | undefined
      const options = p.custom_options
      return (
        p.status === 1 &&
        stock?.is_in_stock === true &&
        (stock.manage_stock === false || Number(stock.qty ?? 0) >= minQty) &&
        !(Array.isArray(options) && options.length > 0)
      )
    })
    .map((p) => String(p.sku))
}
