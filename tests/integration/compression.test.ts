/**
 * Every text answer compressed. The app's files go out as the build's precompressed twins
 * (.br, .gz), the rest (HTML without a twin, API JSON) compressed on the fly above 1 kB; request
 * bodies are never inflated. Real server, real storage.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { preferredEncoding } from '../../server/routes/static'
import { COMPRESS_ON_LOOP_LIMIT, compressedTwin } from '../../server/http/content-encoding'
import { importShop } from '../../server/services/catalog-import'
import { buildFixtureShop } from './fixtures'
import { useTestServer } from './helpers'

const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `word-${i}`))}\n`
const dist = mkdtempSync(join(tmpdir(), 'polder-compress-'))
mkdirSync(join(dist, 'assets'))
writeFileSync(join(dist, 'index.html'), `<!doctype html><title>Polder</title>${'<!-- padding -->'.repeat(100)}`)
writeFileSync(join(dist, 'assets', 'app-abc.js'), SCRIPT)
writeFileSync(join(dist, 'assets', 'app-abc.js.br'), brotliCompressSync(SCRIPT))
writeFileSync(join(dist, 'assets', 'app-abc.js.gz'), gzipSync(SCRIPT))

const server = useTestServer({ distDir: dist })
const get = (url: string, acceptEncoding?: string) =>
  server.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } })

describe('compressed answers', () => {
  it("sends the build's brotli twin of an asset to a browser that takes br, with its own length", async () => {
    const res = await get('/assets/app-abc.js', 'gzip, deflate, br')
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers.vary).toContain('Accept-Encoding')
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length)
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 3)
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('sends the gzip twin where br is refused, and the file itself to a client that takes neither', async () => {
    const gz = await get('/assets/app-abc.js', 'br;q=0, gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT)
    const plain = await get('/assets/app-abc.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(SCRIPT)
  })

  it('compresses the HTML shell and API JSON on the fly above 1 kB, not below', async () => {
    const html = await get('/en/', 'br')
    expect(html.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(html.rawPayload).toString()).toContain('<title>Polder</title>')
    const search = await server.app.inject({
      method: 'POST',
      url: '/api/catalog/polder_en/product/_search?size=20',
      payload: {},
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(search.statusCode).toBe(200)
    expect(search.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(search.rawPayload).toString()).hits.hits.length).toBeGreaterThan(0)
    const small = await get('/api', 'br')
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(small.body)).toEqual({ code: 200, result: { version: '0.1.0' } })
  })

  it('never inflates a compressed request body', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/cart/create',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ a: 'x'.repeat(10_000) })),
    })
    expect(res.statusCode).toBeGreaterThanOrEqual(400)
    expect(res.statusCode).toBeLessThan(500)
  })
})

describe('preferredEncoding', () => {
  it('prefers br, then gzip, honours q=0 and *', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip')
    expect(preferredEncoding('identity')).toBeNull()
    expect(preferredEncoding(undefined)).toBeNull()
    expect(preferredEncoding('*;q=0.5')).toBe('br')
    expect(preferredEncoding('*, br;q=0, gzip;q=0')).toBeNull()
  })
})

describe('catalogue answers compressed once per cached answer', () => {
  const SEARCH = `/api/catalog/polder_en/product/_search?size=50&request=${encodeURIComponent(
    JSON.stringify({ query: { bool: { filter: { bool: { must: [{ terms: { visibility: [2, 3, 4] } }] } } } } }),
  )}`
  const skusOf = (text: string) => (JSON.parse(text) as { hits: { hits: { _source: { sku: string } }[] } }).hits.hits.map((h) => h._source.sku)

  it('sends the same answer twice as the same brotli bytes and tag, gzip where br is refused, 304 to the tag', async () => {
    const plain = await get(SEARCH)
    expect(plain.statusCode, plain.body).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toContain('Accept-Encoding')

    const first = await get(SEARCH, 'gzip, deflate, br')
    const second = await get(SEARCH, 'gzip, deflate, br')
    expect(first.headers['content-encoding']).toBe('br')
    expect(first.headers.vary).toContain('Accept-Encoding')
    expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length)
    expect(first.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3)
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(plain.body)
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true)
    expect(second.headers.etag).toBe(first.headers.etag)
    expect(first.headers.etag).toBe(plain.headers.etag)

    const gz = await get(SEARCH, 'br;q=0, gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body)
    expect((await get(SEARCH, 'br;q=0, gzip')).rawPayload.equals(gz.rawPayload)).toBe(true)

    const revalidated = await server.app.inject({
      method: 'GET',
      url: SEARCH,
      headers: { 'accept-encoding': 'br', 'if-none-match': first.headers.etag as string },
    })
    expect(revalidated.statusCode).toBe(304)
    expect(revalidated.rawPayload.length).toBe(0)
    expect(revalidated.headers['content-encoding']).toBeUndefined()
  })

  it('a catalogue change gives the answer new bytes and a new tag', async () => {
    const before = await get(SEARCH, 'br')
    expect(skusOf(brotliDecompressSync(before.rawPayload).toString())).toContain('SCARF')
    await importShop(server.storage, buildFixtureShop({ without: ['SCARF'] }), new Date('2026-06-16T08:00:00Z'))
    try {
      const after = await server.app.inject({
        method: 'GET',
        url: SEARCH,
        headers: { 'accept-encoding': 'br', 'if-none-match': before.headers.etag as string },
      })
      expect(after.statusCode).toBe(200)
      expect(after.headers.etag).not.toBe(before.headers.etag)
      expect(skusOf(brotliDecompressSync(after.rawPayload).toString())).not.toContain('SCARF')
    } finally {
      await importShop(server.storage, buildFixtureShop(), new Date('2026-06-17T08:00:00Z'))
    }
  })
})

describe('compressedTwin', () => {
  const body = (bytes: number) => Buffer.from(JSON.stringify({ hits: Array.from({ length: Math.ceil(bytes / 40) }, (_, i) => ({ sku: `SKU-${i}`, n: i })) }))

  it('compresses an answer on the event loop up to the limit and on the thread pool above it, each decoding to the answer', async () => {
    const small = body(COMPRESS_ON_LOOP_LIMIT / 2)
    const big = body(COMPRESS_ON_LOOP_LIMIT * 2)
    expect(small.length).toBeLessThanOrEqual(COMPRESS_ON_LOOP_LIMIT)
    expect(big.length).toBeGreaterThan(COMPRESS_ON_LOOP_LIMIT)
    for (const answer of [small, big]) {
      const [br, gz] = await Promise.all([compressedTwin(answer, 'br'), compressedTwin(answer, 'gzip')])
      expect(brotliDecompressSync(br).equals(answer)).toBe(true)
      expect(gunzipSync(gz).equals(answer)).toBe(true)
      expect(br.length).toBeLessThan(answer.length / 5)
    }
  })

  it('makes the twin once per answer: the same bytes again, a fresh answer its own', async () => {
    const answer = body(10_000)
    const twin = compressedTwin(answer, 'br')
    expect(compressedTwin(answer, 'br')).toBe(twin)
    expect(compressedTwin(Buffer.from(answer), 'br')).not.toBe(twin)
    expect(brotliDecompressSync(await twin).equals(answer)).toBe(true)
  })

  it('does the small ones before it yields: the twin is ready when the call returns', async () => {
    let ready = false
    void compressedTwin(body(50_000), 'gzip').then(() => (ready = true))
    await Promise.resolve()
    expect(ready).toBe(true)
  })
})
