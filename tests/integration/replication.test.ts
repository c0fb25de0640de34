import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { LIGHT_PRODUCT_FIELDS, REPLICATION_INCOMPATIBLE, type PullResult, type StreamEvent } from '../../domain/api/replication.schema'
import { importShop } from '../../server/services/catalog-import'
import { openStorage } from '../../server/storage'
import { buildFixtureShop, SOCK_COUNT } from './fixtures'
import { json, useTestServer } from './helpers'

const server = useTestServer({ heartbeatMs: 200 })

const PRODUCTS = 5 + SOCK_COUNT

async function pull(store: string, collection: string, qs: string): Promise<PullResult> {
  const res = await server.app.inject({ method: 'GET', url: `/api/ext/replication/v1/${store}/${collection}/pull?${qs}` })
  expect(res.statusCode, res.body).toBe(200)
  return json<{ code: number; result: PullResult }>(res).result
}

const cp = (c: PullResult['checkpoint']) => (c ? `updatedAt=${encodeURIComponent(c.updatedAt)}&id=${c.id}` : '')

describe('replication pull', () => {
  it('pages through products with the checkpoint, nothing repeated or skipped', async () => {
    const p1 = await pull('en', 'products', 'limit=7')
    expect(p1.documents).toHaveLength(7)
    const p2 = await pull('en', 'products', `limit=7&${cp(p1.checkpoint)}`)
    expect(p2.documents).toHaveLength(PRODUCTS - 7)
    const p3 = await pull('en', 'products', `limit=7&${cp(p2.checkpoint)}`)
    expect(p3.documents).toHaveLength(0)
    expect(p3.checkpoint).toEqual(p2.checkpoint)
    const ids = [...p1.documents, ...p2.documents].map((d) => d.id)
    expect(new Set(ids).size).toBe(PRODUCTS)
    expect(ids.every((id) => typeof id === 'string')).toBe(true)
    const keys = [...p1.documents, ...p2.documents].map((d) => `${d.updated_at}|${d.id.padStart(6, '0')}`)
    expect(keys).toEqual([...keys].sort())
  })

  it('keeps only the light fields unless projection=full', async () => {
    const light = await pull('en', 'products', 'limit=1')
    const allowed = new Set<string>([...LIGHT_PRODUCT_FIELDS, '_deleted'])
    expect(Object.keys(light.documents[0]!).every((k) => allowed.has(k))).toBe(true)
    expect(light.documents[0]!.description).toBeUndefined()
    const full = await pull('en', 'products', 'limit=1&projection=full')
    expect(full.documents[0]!.description).toBeDefined()
  })

  it('a light product (picked in the database) is its full document cut to the light fields: every one it has, nulls kept', async () => {
    const light = await pull('en', 'products', 'limit=100')
    const full = await pull('en', 'products', 'limit=100&projection=full')
    expect(light.documents.map((d) => d.id)).toEqual(full.documents.map((d) => d.id))
    const cut = full.documents.map((doc) =>
      Object.fromEntries(Object.entries(doc).filter(([key]) => (LIGHT_PRODUCT_FIELDS as readonly string[]).includes(key) || key === '_deleted')),
    )
    expect(light.documents).toEqual(cut)
    // the fixture has what makes the cut matter: nulls, arrays, nested objects, and fields left out
    expect(light.documents.some((d) => Object.values(d).includes(null))).toBe(true)
    expect(full.documents.some((d) => Array.isArray(d.configurable_children))).toBe(true)
    expect(light.documents.some((d) => 'configurable_children' in d)).toBe(false)
  })

  it('pulls categories and attributes', async () => {
    expect((await pull('fr', 'categories', '')).documents).toHaveLength(4)
    expect((await pull('nl', 'attributes', '')).documents.map((d) => d.attribute_code)).toEqual(['color', 'size'])
  })

  it('carries a tombstone after a re-import without a product, and only what changed', async () => {
    const before = await pull('en', 'products', 'limit=1000')
    const summary = await importShop(server.storage, buildFixtureShop({ without: ['SCARF'] }), new Date('2026-06-16T08:00:00Z'))
    expect(summary.storeViews.en.deleted).toBe(1)
    const after = await pull('en', 'products', `limit=1000&${cp(before.checkpoint)}`)
    expect(after.documents.map((d) => [d.sku, d._deleted, d.updated_at])).toEqual([['SCARF', true, '2026-06-16T08:00:00.000Z']])
    const cats = await pull('en', 'categories', `updatedAt=${encodeURIComponent('2026-06-16T00:00:00.000Z')}`)
    // Clothing lost a product: its count changed; the other categories did not
    expect(cats.documents.map((d) => [d.id, d.product_count])).toEqual([['20', 3]])
    // the catalogue no longer lists it
    const search = await server.app.inject({
      method: 'POST',
      url: '/api/catalog/polder_en/product/_search',
      payload: { _appliedFilters: [{ attribute: 'sku', value: 'SCARF' }] },
    })
    expect(json<{ hits: { total: { value: number } } }>(search).hits.total.value).toBe(0)
    // and it comes back alive on the next import with it
    await importShop(server.storage, buildFixtureShop(), new Date('2026-06-17T08:00:00Z'))
    const back = await pull('en', 'products', `limit=1000&${cp(after.checkpoint)}`)
    expect(back.documents.map((d) => [d.sku, d._deleted])).toEqual([['SCARF', false]])
  })

  it('answers 426 to another protocol version and 400 to bad parameters', async () => {
    for (const v of ['v2', 'v0']) {
      const res = await server.app.inject({ method: 'GET', url: `/api/ext/replication/${v}/en/products/pull` })
      expect(res.statusCode).toBe(426)
      expect(json(res)).toEqual({ code: 426, result: REPLICATION_INCOMPATIBLE.versionMismatch })
    }
    const stream = await server.app.inject({ method: 'GET', url: '/api/ext/replication/v2/en/stream' })
    expect(stream.statusCode).toBe(426)
    for (const url of [
      '/api/ext/replication/v1/xx/products/pull',
      '/api/ext/replication/v1/en/orders/pull',
      '/api/ext/replication/v1/en/products/pull?limit=0',
      '/api/ext/replication/v1/en/products/pull?updatedAt=2026-01-01&id=abc',
      '/api/ext/replication/v1/en/products/pull?projection=huge',
    ]) {
      const res = await server.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(400)
    }
  })
})

describe('replication stream', () => {
  it('says RESYNC first, then pushes changes of its store view, with heartbeats', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = server.app.server.address() as AddressInfo
    const events: StreamEvent[] = []
    let raw = ''
    const req = http.get(`http://127.0.0.1:${port}/api/ext/replication/v1/be/stream`)
    const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve))
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/event-stream')
    res.setEncoding('utf8')
    res.on('data', (chunk: string) => {
      raw += chunk
      for (const block of chunk.split('\n\n')) if (block.startsWith('data: ')) events.push(JSON.parse(block.slice(6)) as StreamEvent)
    })
    const waitFor = async (test: () => boolean) => {
      for (let i = 0; i < 100 && !test(); i++) await new Promise((r) => setTimeout(r, 20))
      expect(test()).toBe(true)
    }
    await waitFor(() => events.length >= 1)
    expect(events[0]).toEqual({ type: 'RESYNC' })

    await importShop(server.storage, buildFixtureShop({ without: ['BOOTS'] }), new Date('2026-06-18T08:00:00Z'))
    await waitFor(() => events.some((e) => e.type === 'changes' && e.collection === 'products'))
    const change = events.find((e) => e.type === 'changes' && e.collection === 'products')
    if (change?.type !== 'changes') throw new Error('no change event')
    expect(change.documents.map((d) => [d.sku, d._deleted])).toEqual([['BOOTS', true]])
    expect(change.checkpoint).toEqual({ id: '500', updatedAt: '2026-06-18T08:00:00.000Z' })
    await waitFor(() => raw.includes(': heartbeat'))

    if (process.env.DATABASE_URL) {
      // PostgreSQL: an import from another process (here: another Storage) reaches the stream as RESYNC
      const other = await openStorage({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' })
      const before = events.filter((e) => e.type === 'RESYNC').length
      await importShop(other, buildFixtureShop({ without: ['BOOTS', 'JACKET'] }), new Date('2026-06-19T08:00:00Z'))
      await waitFor(() => events.filter((e) => e.type === 'RESYNC').length > before)
      await other.close()
    }
    req.destroy()
  })
})
