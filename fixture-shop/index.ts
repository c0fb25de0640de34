/**
 * Seeding the browser from a fixture file, for tests without a server (README "Seeding the browser
 * from a fixture"). A Playwright test calls seedShop on its browser context; the context then
 * serves the built app for the shop's origin from the dist folder (context.route: no server
 * process, no port), answers every server call as a device with no network would see it, and
 * holds the fixture's catalogue, cart and customer in the store view's local database before the
 * first page opens. The shop works offline from that page: call context.setOffline(true) before or
 * after seeding, the route answers either way.
 *
 * Why a seeding page and not an entry in the app: the documents are written by the worker's own
 * modules (fixture-shop/device-seed.ts, bundled here with esbuild), so the shipped app carries no
 * test-only path and the seeded database is one the app's worker could have written itself.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { extname, join, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BrowserContext, Route } from '@playwright/test'
import type { DemoShop } from '../server/seed/demo-shop'
import type { StoreCode } from '../domain/store-views'
import { checkShopFixture, readShopFixture, shopDocuments, type DeviceSeed, type SeedCartLine } from './shop-documents'

export {
  checkShopFixture,
  FixtureReadError,
  FixtureSeedError,
  FixtureValidationError,
  readShopFixture,
  shopDocuments,
  type DeviceSeed,
  type SeedCartLine,
} from './shop-documents'

export interface SeedShopOptions {
  /** a fixture file's path, or a checked shop (readShopFixture / checkShopFixture) */
  fixture: string | DemoShop
  store: StoreCode
  /** lines by sku (a configurable child's sku is that choice's line) */
  cart?: readonly SeedCartLine[]
  /** the e-mail address of one of the fixture's customers: the shop opens signed in as them */
  customer?: string
  /** the built app (npm run build; default ./dist, or E2E_DIST_DIR) */
  distDir?: string
  /** the shop's origin; default https://fixture-shop.test (https: RxDB hashes with crypto.subtle, a secure context's only) */
  origin?: string
  now?: Date
}

export const DEFAULT_ORIGIN = 'https://fixture-shop.test'
/** Where the seeding page and its script are served on the shop's origin. */
const SEED_PATH = '/__fixture-shop/'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
}

/**
 * Paths only a server answers: the API and what it draws on request (product and banner pictures,
 * the banners' lists). A device with no network fails them, and so do these.
 */
const SERVER_ONLY = [/^\/api(\/|$)/, /^\/img\//, /^\/catalog\//, /^\/assets\/banners\//]

/**
 * In place of the app's service worker: one that caches nothing and answers nothing, so every
 * request still reaches this route (the app's would precache from a network the route may not
 * answer for a service worker) and the app's registration succeeds as it does on a server.
 */
const NO_OP_SERVICE_WORKER = "self.addEventListener('install', () => self.skipWaiting())"

let bundled: Promise<string> | null = null

/** The device seeder as one browser module (esbuild; once per process). */
function seederScript(): Promise<string> {
  bundled ??= import('esbuild').then(async ({ build }) => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./device-seed.ts', import.meta.url))],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: false,
      logLevel: 'silent',
      define: { 'import.meta.env.DEV': 'false', 'import.meta.env.PROD': 'true' },
    })
    return result.outputFiles[0]!.text
  })
  return bundled
}

function distFile(distDir: string, pathname: string): string | null {
  const file = resolve(distDir, `.${decodeURIComponent(pathname)}`)
  if (!file.startsWith(distDir + sep)) return null
  return existsSync(file) && statSync(file).isFile() ? file : null
}

/** Answers the shop's origin: the seeding page, the app's files, the app shell for every page. */
function serveShop(distDir: string): (route: Route) => Promise<void> {
  const shell = join(distDir, 'index.html')
  if (!existsSync(shell)) throw new Error(`${shell}: no built app here (npm run build, or pass distDir)`)
  return async (route) => {
    const { pathname } = new URL(route.request().url())
    if (pathname === `${SEED_PATH}seed.html`) {
      return route.fulfill({
        contentType: CONTENT_TYPES['.html'],
        body: `<!doctype html><title>seed</title><script type="module" src="${SEED_PATH}seed.js"></script>`,
      })
    }
    if (pathname === `${SEED_PATH}seed.js`) return route.fulfill({ contentType: CONTENT_TYPES['.js'], body: await seederScript() })
    if (pathname === '/service-worker.js') return route.fulfill({ contentType: CONTENT_TYPES['.js'], body: NO_OP_SERVICE_WORKER })
    if (SERVER_ONLY.some((pattern) => pattern.test(pathname))) return route.abort('internetdisconnected')
    const file = distFile(distDir, pathname)
    if (file) return route.fulfill({ contentType: CONTENT_TYPES[extname(file)] ?? 'application/octet-stream', body: readFileSync(file) })
    // a page (or a file the build has not): the app shell, as the service worker answers offline
    if (extname(pathname) === '' || pathname.endsWith('.html')) return route.fulfill({ contentType: CONTENT_TYPES['.html'], body: readFileSync(shell) })
    return route.fulfill({ status: 404, body: '' })
  }
}

/**
 * Seeds `context` with the fixture's shop for one store view and serves the built app for its
 * origin; resolves with the origin (open `${origin}/${store}/`). Throws FixtureValidationError
 * naming every bad record, as the server's seed does, before the browser is touched.
 */
export async function seedShop(context: BrowserContext, options: SeedShopOptions): Promise<string> {
  const shop = typeof options.fixture === 'string' ? readShopFixture(options.fixture, { warn: () => undefined }) : checkShopFixture(options.fixture, 'fixture')
  const seed: DeviceSeed = shopDocuments(shop, {
    store: options.store,
    ...(options.cart ? { cart: options.cart } : {}),
    ...(options.customer ? { customer: options.customer } : {}),
    ...(options.now ? { now: options.now } : {}),
  })
  const origin = (options.origin ?? DEFAULT_ORIGIN).replace(/\/+$/, '')
  const distDir = resolve(options.distDir ?? process.env.E2E_DIST_DIR ?? 'dist')
  await context.route(`${origin}/**`, serveShop(distDir))
  const page = await context.newPage()
  try {
    await page.goto(`${origin}${SEED_PATH}seed.html`)
    await page.waitForFunction(() => 'polderSeedDevice' in globalThis)
    await page.evaluate(async (data) => {
      const seeder = (globalThis as unknown as { polderSeedDevice: (seed: unknown) => Promise<void> }).polderSeedDevice
      await seeder(data)
    }, seed as unknown)
  } finally {
    await page.close()
  }
  return origin
}
