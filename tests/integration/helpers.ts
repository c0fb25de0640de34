/**
 * Builds the real app on real storage for a test file: PGlite in memory by default, PostgreSQL
 * when DATABASE_URL is set (its public schema is dropped and recreated first, so every file
 * starts from an empty database).
 */
import type { ShopDetails } from '../../domain/shop-details'
import { IMPORT_ANSWER_KINDS, type ImportAnswerKind, type ImportCounts, type ImportResult } from '../../domain/api/catalog-import.schema'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { afterAll, beforeAll, expect } from 'vitest'
import { LoginEnvelopeSchema } from '../../domain/api/user.schema'
import type { Product } from '../../domain/product.schema'
import { STORE_CODES } from '../../domain/store-views'
import { buildApp } from '../../server/app'
import type { ShopReadiness } from '../../server/http/shop-preparing'
import { DEFAULT_AUTH, type AuthConfig, type HttpLimits, type MailConfig, type PaymentConfig } from '../../server/config'
import { importShop } from '../../server/services/catalog-import'
import { openStorage, type Storage, type StorageOptions } from '../../server/storage'
import { wrapDrizzle, type Db, type DrizzleExecutor } from '../../server/storage/db'
import { migrate } from '../../server/storage/migrations'
import type { DemoShop } from '../../server/seed/demo-shop'
import { generateDemoShop } from '../../server/seed/generate'
import type { DataService } from '../../workers/data-service'
import type { ReplicationMode } from '../../workers/contract/config'
import { buildFixtureShop } from './fixtures'

export interface TestServer {
  app: FastifyInstance
  storage: Storage
  /** http://127.0.0.1:{port} when started with `listen`, else '' (inject only) */
  baseUrl: string
  close(): Promise<void>
}

export async function resetPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('DROP SCHEMA public CASCADE')
    await client.query('CREATE SCHEMA public')
  } finally {
    await client.end()
  }
}

export interface TestServerOptions {
  distDir?: string
  seed?: boolean
  heartbeatMs?: number
  /** the shop's defaults (server/config DEFAULT_LIMITS) unless a test lowers or lifts them */
  limits?: HttpLimits
  cspConnectSrc?: string[]
  apiOrigin?: string
  /** false: the replication feed extension is left out (REPLICATION_FEED=off), as on a stock vue-storefront-api */
  replicationFeed?: boolean
  /** the import extension's key (IMPORT_API_KEY); unset: the extension is off */
  importApiKey?: string
  /** a tag manager container (GTM_ID): the CSP allows it and the shop details name it */
  gtmId?: string
  /** the kiosk setup screen's PIN (KIOSK_PIN); unset: no kiosk setup */
  kioskPin?: string
  /** also listen on a loopback port (real sockets: fetch, SSE, time-outs) */
  listen?: boolean
  /** the payment provider (default: the sandbox) and the shop's public origin given to it */
  payment?: PaymentConfig
  publicUrl?: string
  /** mail settings (default: an outbox in the system's temporary directory) */
  mail?: MailConfig
  /** customer token settings (default: the shop's, server/config DEFAULT_AUTH) */
  auth?: Partial<AuthConfig>
  /** the shop's bank account, pickup point and VAT position (default: the demo shop's) */
  shopDetails?: ShopDetails
  /** the server's log: level and where it goes (default: silent) */
  log?: { level: 'info' | 'debug'; stream: { write(line: string): void } }
  /** on PostgreSQL: the address the server reaches it at (a proxy a test can cut; default DATABASE_URL), and its storage settings */
  database?: Pick<StorageOptions, 'databaseConnectTimeoutMs' | 'relay'> & { url?: string }
  /** the shop's state (server/http/shop-preparing.ts; default: open) */
  readiness?: ShopReadiness
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const databaseUrl = process.env.DATABASE_URL || undefined
  if (databaseUrl) await resetPostgres(databaseUrl)
  const storage = await openStorage({
    databaseUrl: databaseUrl && (options.database?.url ?? databaseUrl),
    dataDir: 'memory://',
    databaseConnectTimeoutMs: options.database?.databaseConnectTimeoutMs,
    relay: options.database?.relay,
  })
  if (options.seed !== false) await importShop(storage, buildFixtureShop(), new Date('2026-06-15T12:00:00Z'))
  const app = await buildApp({
    config: {
      distDir: options.distDir ?? '/nonexistent-polder-dist',
      logLevel: options.log?.level ?? 'silent',
      limits: options.limits,
      cspConnectSrc: options.cspConnectSrc,
      apiOrigin: options.apiOrigin,
      replicationFeed: options.replicationFeed,
      importApiKey: options.importApiKey,
      ...(options.gtmId ? { gtmId: options.gtmId } : {}),
      ...(options.kioskPin ? { kioskPin: options.kioskPin } : {}),
      payment: options.payment,
      publicUrl: options.publicUrl,
      mail: options.mail,
      auth: { ...DEFAULT_AUTH, ...options.auth },
      ...(options.shopDetails ? { shopDetails: options.shopDetails } : {}),
    },
    storage,
    heartbeatMs: options.heartbeatMs,
    logStream: options.log?.stream,
    readiness: options.readiness,
  })
  await app.ready()
  let baseUrl = ''
  if (options.listen) {
    await app.listen({ port: 0, host: '127.0.0.1' })
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  }
  return {
    app,
    storage,
    baseUrl,
    async close() {
      await app.close()
      await storage.close()
    },
  }
}

/** The real app on a small generated demo shop (search and ranking tests need realistic words). */
export async function startGeneratedShopServer(products: number): Promise<TestServer & { shop: DemoShop }> {
  const server = await startTestServer({ seed: false })
  const shop = generateDemoShop({ products })
  await importShop(server.storage, shop, new Date('2026-06-15T12:00:00Z'))
  return { ...server, shop }
}

/** The real app on the fixture shop with `extras` added to every store view (a test's own products). */
export async function startFixtureShopWith(extras: readonly Product[], options: TestServerOptions = {}): Promise<TestServer> {
  const server = await startTestServer({ ...options, seed: false })
  const shop = buildFixtureShop()
  for (const code of STORE_CODES) shop.catalog[code].products.push(...structuredClone(extras))
  await importShop(server.storage, shop, new Date('2026-06-15T12:00:00Z'))
  return server
}

/** JSON body of an inject() answer. */
export function json<T = Record<string, unknown>>(res: { body: string }): T {
  return JSON.parse(res.body) as T
}

/** POST /api/ext/import/batch, with `headers` (the import key as a bearer token, or a test's own). */
export function postImportBatch(server: TestServer, body: unknown, headers: Record<string, string>) {
  return server.app.inject({ method: 'POST', url: '/api/ext/import/batch', payload: body as Record<string, unknown>, headers })
}

/** A batch the server must take (any other answer fails the test): its answer's counts per kind. */
export async function importBatchCounts(server: TestServer, body: unknown, headers: Record<string, string>): Promise<ImportResult['counts']> {
  const res = await postImportBatch(server, body, headers)
  if (res.statusCode !== 200) throw new Error(`the import batch was refused (${res.statusCode}): ${res.body.slice(0, 500)}`)
  return json<{ result: ImportResult }>(res).result.counts
}

/** A batch answer's counts: the kinds given as given, every other kind nothing upserted, unchanged or deleted. */
export function importCounts(given: Partial<Record<ImportAnswerKind, ImportCounts>>): ImportResult['counts'] {
  return Object.fromEntries(IMPORT_ANSWER_KINDS.map((kind) => [kind, given[kind] ?? { upserted: 0, unchanged: 0, deleted: 0 }])) as ImportResult['counts']
}

/**
 * The real server for the tests of the enclosing describe block (or file): started before them,
 * closed after them. Takes server options, or a function that starts a server its own way (a
 * generated shop, extra products). The handle is usable inside tests only.
 */
export function useTestServer<T extends TestServer = TestServer>(start?: TestServerOptions | (() => Promise<T>)): T {
  let current: T | undefined
  beforeAll(async () => {
    current = typeof start === 'function' ? await start() : ((await startTestServer(start)) as T)
  }, 180_000)
  afterAll(async () => {
    await current?.close()
  })
  return new Proxy({} as T, {
    get(_target, key) {
      if (!current) throw new Error(`the test server is not started: use it inside a test (reading ${String(key)})`)
      return Reflect.get(current, key) as unknown
    },
  })
}

/**
 * A database for a migration test: on PGlite one of its own, migrated; on PostgreSQL (DATABASE_URL)
 * the test server's, which useTestServer() resets and migrates before the test.
 */
export async function openMigrationDb(): Promise<{ db: Db; close(): Promise<void> }> {
  const url = process.env.DATABASE_URL
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 1 })
    return { db: wrapDrizzle(drizzlePostgres(pool) as unknown as DrizzleExecutor), close: () => pool.end() }
  }
  const client = await PGlite.create('memory://')
  const db = wrapDrizzle(drizzlePglite(client) as unknown as DrizzleExecutor)
  await migrate(db)
  return { db, close: () => client.close() }
}

/**
 * The data worker (the DataService on RxDB in memory, dev-mode checks on) of the nl store view in
 * `mode` (default shopper), online, on `server` (started with `listen`), for the tests of the enclosing describe
 * block: started before them, closed after them. `asked` is every URL it fetched, in order. The
 * worker's modules are loaded only here, so the files that do not use it do not load RxDB.
 */
export function useDataWorker(server: TestServer, databasePrefix: string, mode: ReplicationMode = 'shopper'): { service: DataService; asked: string[] } {
  let current: DataService | undefined
  const asked: string[] = []
  beforeAll(async () => {
    const [{ getRxStorageMemory }, { DataService }, { withDevMode }] = await Promise.all([
      import('rxdb/plugins/storage-memory'),
      import('../../workers/data-service'),
      import('../../workers/db/dev-storage'),
    ])
    current = new DataService({
      fetch: (url, init) => {
        asked.push(url)
        return fetch(url, init)
      },
      storage: getRxStorageMemory(),
      wrapStorage: withDevMode,
      databaseName: `${databasePrefix}-${Date.now()}`,
      initialOnline: true,
    })
    await current.init({ storeCode: 'nl', apiBaseUrl: server.baseUrl, replicationMode: mode })
  })
  afterAll(async () => {
    await current?.close()
  })
  const service = new Proxy({} as DataService, {
    get(_target, key) {
      if (!current) throw new Error(`the data worker is not started: use it inside a test (reading ${String(key)})`)
      const value = Reflect.get(current, key) as unknown
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current) : value
    },
  })
  return { service, asked }
}

/** A page load's <head> (server/http writes the page's own head into index.html at its markers). */
export const headOf = (html: string) => html.slice(0, html.indexOf('</head>'))
export const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1]
export const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)" \/>/.exec(headOf(html))?.[1]
/** The content of every meta tag of the head named (or, Open Graph, with the property) `key`; none is []. */
export const metaOf = (html: string, key: string) =>
  [...headOf(html).matchAll(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`, 'g'))].map((m) => m[1]!)
/** The head's hreflang alternates: language to address. */
export const alternatesOf = (html: string) =>
  Object.fromEntries([...headOf(html).matchAll(/<link rel="alternate" hreflang="([^"]*)" href="([^"]*)" \/>/g)].map((m) => [m[1]!, m[2]!]))
export const jsonLdBlocksOf = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!)
/** The page's one JSON-LD block, parsed: its @graph (the test fails on none, two or another @context). */
export function graphOf(html: string): Record<string, unknown>[] {
  const blocks = jsonLdBlocksOf(html)
  expect(blocks).toHaveLength(1)
  const parsed = JSON.parse(blocks[0]!) as { '@context': string; '@graph': Record<string, unknown>[] }
  expect(parsed['@context']).toBe('https://schema.org')
  return parsed['@graph']
}
/** The JSON-LD node of `type` in the page's graph. */
export const nodeOf = (html: string, type: string) => graphOf(html).find((n) => n['@type'] === type)

/** A customer account created with `email` through the API, then logged in: its id and token. */
export async function signedUpCustomer(
  app: FastifyInstance,
  email: string,
  password = 'correct horse 1',
  names: { firstname: string; lastname: string } = { firstname: 'Lotte', lastname: 'Jansen' },
): Promise<{ id: number; token: string }> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/user/create',
    payload: { customer: { email, ...names }, password },
  })
  expect(created.statusCode, created.body).toBe(200)
  const id = json<{ result: { id: number } }>(created).result.id
  const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { username: email, password } })
  expect(login.statusCode, login.body).toBe(200)
  return { id, token: LoginEnvelopeSchema.parse(json(login)).result }
}
