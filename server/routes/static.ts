/**
 * The built PWA from the same origin: real files as they are (hashed assets cached for a year,
 * the service worker never cached), and the SPA fallback to index.html for store-view paths and
 * for every path on the French store view's own host.
 *
 * A page load's HTML carries that page's head (language, title, description, canonical,
 * hreflang, Open Graph, JSON-LD), written into the built index.html at its markers. The template is
 * read once and again only when the file changes; such a page is compressed on the fly
 * (@fastify/compress), not from the build's twins, which hold the bare shell. A home, category,
 * product or search page also carries its first paint in #root (server/http/first-paint-html.ts)
 * and names the app's files for after it (server/http/page-preloads.ts).
 */
import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { extname, resolve, sep } from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { FRENCH_HOST_PREFIX, isStoreCode, STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import { withBasePath } from '../../domain/url'
import type { StoreLinks } from '../services/page-head'
import type { PageStatus } from '../services/page-status'
import { firstPaintOf } from '../services/first-paint'
import { DATABASE_RETRY_AFTER_SECONDS } from '../http/database-unavailable'
import { sendEnvelope } from '../http/envelope'
import { withFirstPaint } from '../http/first-paint-html'
import { injectHead } from '../http/page-head-html'
import { MANIFEST_PATH, preloadKeys, preloadsOf, withAppFiles, withPreloads, type BuildManifest } from '../http/page-preloads'
import { preferredEncoding } from '../http/content-encoding'
import { connectionLossOf } from '../storage/connection-loss'

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
}

function cacheControlFor(urlPath: string): string {
  if (urlPath === '/service-worker.js' || urlPath.endsWith('.html') || urlPath === '/manifest.webmanifest') return 'no-cache'
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable'
  return 'public, max-age=3600'
}

const ENCODING_SUFFIX = { br: '.br', gzip: '.gz' } as const

export { preferredEncoding }

/** A real file under root at the URL path (decoded), or at `absolute` when given. */
async function fileAt(root: string, urlPath: string, absolute?: string): Promise<{ path: string; size: number } | null> {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0')) return null
  const full = absolute ?? resolve(root, '.' + decoded)
  if (full !== root && !full.startsWith(root + sep)) return null
  try {
    const s = await stat(full)
    return s.isFile() ? { path: full, size: s.size } : null
  } catch {
    return null
  }
}

/** host[:port] as a URL may carry it; anything else (a forged Host header) is not written into pages */
const SAFE_HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

/**
 * Absolute page addresses for this request: the French store view on its own host when the request
 * came there (no prefix), every other store view on the main host under its prefix.
 */
function storeLinks(request: FastifyRequest): StoreLinks {
  const host = SAFE_HOST.test(request.host) ? request.host.toLowerCase() : ''
  const origin = host ? `${request.protocol}://${host}` : ''
  const onFrenchHost = host.startsWith(FRENCH_HOST_PREFIX)
  const mainOrigin = onFrenchHost ? `${request.protocol}://${host.slice(FRENCH_HOST_PREFIX.length)}` : origin
  return {
    page: (storeCode, path) =>
      storeCode === 'fr' && onFrenchHost ? `${origin}${withBasePath('', path)}` : `${mainOrigin}${withBasePath(`/${storeCode}`, path)}`,
    site: (path) => `${origin}${path}`,
  }
}

export interface StaticRoutesOptions {
  distDir: string
  /**
   * A page load's status (server/services/page-status): 301 to the canonical address (a configurable
   * child's own path, an old slug), 404 for what the catalogue does not have; the app's HTML is
   * sent with 200 and 404 alike. `path` is the raw store-relative path; a location is store-relative.
   */
  pageStatus?: (storeCode: StoreCode, path: string) => Promise<PageStatus>
}

export async function staticRoutes(app: FastifyInstance, opts: StaticRoutesOptions): Promise<void> {
  const root = resolve(opts.distDir)
  let template: { path: string; size: number; mtimeMs: number; text: string; manifest: BuildManifest } | null = null

  /** index.html's text and the build's manifest, read again only when the build replaced index.html */
  async function shellTemplate(file: { path: string; size: number }): Promise<{ text: string; manifest: BuildManifest }> {
    const { mtimeMs } = await stat(file.path)
    if (template?.path !== file.path || template.size !== file.size || template.mtimeMs !== mtimeMs) {
      template = { path: file.path, size: file.size, mtimeMs, text: await readFile(file.path, 'utf8'), manifest: await readManifest() }
    }
    return template
  }

  /** a build without a manifest (or an unreadable one) gets no preloads: the app loads what it needs itself */
  async function readManifest(): Promise<BuildManifest> {
    try {
      return JSON.parse(await readFile(resolve(root, MANIFEST_PATH), 'utf8')) as BuildManifest
    } catch {
      return {}
    }
  }

  /**
   * The shell with the page's head; a page that exists also names its dictionary and its page's
   * chunks (a 404 shows the app's own not-found page). Null for a shell without head markers.
   */
  function pageHtml(
    shell: { text: string; manifest: BuildManifest },
    page: Exclude<PageStatus, { status: 301 }>,
    storeCode: StoreCode,
    request: FastifyRequest,
  ) {
    const links = storeLinks(request)
    const tags = page.head(links)
    const withHead = injectHead(shell.text, tags)
    if (withHead === null || page.status !== 200) return withHead
    const preloads = preloadsOf(shell.manifest, preloadKeys(shell.manifest, STORE_VIEWS[storeCode].dictionary, page.view))
    // a page the server paints first asks for the app's files once painted (src/main.tsx); any other at once
    const paint = firstPaintOf(storeCode, page.view, tags.firstScreen, links, request.url.includes('?'))
    return paint ? withAppFiles(withFirstPaint(withHead, paint), preloads) : withPreloads(withHead, preloads)
  }

  async function sendFile(request: FastifyRequest, reply: FastifyReply, file: { path: string; size: number }, cacheControl: string) {
    reply.header('Cache-Control', cacheControl).type(MIME[extname(file.path).toLowerCase()] ?? 'application/octet-stream')
    // the build's precompressed twin (vite.config.ts precompress), when the browser takes it
    const encoding = preferredEncoding(request.headers['accept-encoding'])
    const twin = encoding ? await fileAt(root, '', `${file.path}${ENCODING_SUFFIX[encoding]}`) : null
    if (encoding && twin) {
      return reply.header('Vary', 'Accept-Encoding').header('Content-Encoding', encoding).header('Content-Length', twin.size).send(createReadStream(twin.path))
    }
    return reply.header('Content-Length', file.size).send(createReadStream(file.path))
  }

  /**
   * The page's status for a page load (GET or HEAD), null when none is asked; 'unavailable' when the
   * database is unreachable: the app runs on what the browser keeps and tries the API again itself,
   * so a page load still gets it (without the page's head), as 503 with Retry-After so a crawler
   * comes back instead of taking the page for gone.
   */
  async function pageStatusOf(request: FastifyRequest, storeCode: StoreCode, path: string): Promise<PageStatus | 'unavailable' | null> {
    if (!opts.pageStatus || (request.method !== 'GET' && request.method !== 'HEAD')) return null
    try {
      return await opts.pageStatus(storeCode, path)
    } catch (err) {
      const lost = connectionLossOf(err)
      if (!lost) throw err
      request.log.warn({ database: lost }, 'the database is unreachable: the app served without its page head, 503')
      return 'unavailable'
    }
  }

  /** The app's index.html for a page load: with the page's head and its status, or bare (503 while the database is away). */
  async function sendApp(
    request: FastifyRequest,
    reply: FastifyReply,
    page: Exclude<PageStatus, { status: 301 }> | 'unavailable' | null,
    storeCode: StoreCode,
  ) {
    const index = await fileAt(root, '/index.html')
    if (!index) return reply.code(503).type('text/plain; charset=utf-8').send('Run npm run build first')
    if (page === 'unavailable') return sendFile(request, reply.code(503).header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS)), index, 'no-cache')
    const html = page ? pageHtml(await shellTemplate(index), page, storeCode, request) : null
    if (html === null) return sendFile(request, reply.code(page?.status ?? 200), index, 'no-cache')
    return reply.code(page!.status).header('Cache-Control', 'no-cache').type(MIME['.html']!).send(html)
  }

  async function serve(request: FastifyRequest, reply: FastifyReply) {
    const urlPath = request.url.split('?')[0] ?? '/'
    if (urlPath === '/api' || urlPath.startsWith('/api/') || urlPath.startsWith('/img/')) {
      return sendEnvelope(reply, 404, `Not found: ${request.method} ${urlPath}`)
    }
    const file = await fileAt(root, urlPath)
    if (file) return sendFile(request, reply, file, cacheControlFor(urlPath))

    // the app's paths: every path on the French store view's host, a store view's prefix on the main host
    const onFrenchHost = (request.headers.host ?? '').toLowerCase().startsWith(FRENCH_HOST_PREFIX)
    const first = urlPath.split('/').filter(Boolean)[0]
    if (!onFrenchHost && !isStoreCode(first)) {
      if (urlPath === '/') return reply.redirect('/en/', 302)
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
    }
    const storeCode: StoreCode = onFrenchHost ? 'fr' : (first as StoreCode)
    const prefix = onFrenchHost ? '' : `/${storeCode}`
    const page = await pageStatusOf(request, storeCode, urlPath.slice(prefix.length))
    if (page !== 'unavailable' && page?.status === 301) {
      // the request's query goes along; a location with a query of its own (a chosen child) keeps it first
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : ''
      const joiner = page.location.includes('?') ? '&' : '?'
      return reply.redirect(`${prefix}${page.location}${query === '' ? '' : `${joiner}${query}`}`, 301)
    }
    return sendApp(request, reply, page, storeCode)
  }

  app.get('/*', serve)
  app.get('/', serve)
}
