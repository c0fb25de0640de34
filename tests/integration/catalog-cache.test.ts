/**
 * Catalogue answers are cacheable: an ETag on every search answer, 304 for a client
 * that presents it, and a server-side cache of answers that a catalogue change empties — an import
 * in this process, or on PostgreSQL one from another process (LISTEN/NOTIFY).
 */
import { describe, expect, it } from 'vitest'
import type { SearchQuery } from '../../domain/api/catalog.schema'
import { etagOf } from '../../server/services/catalog-answers'
import { importShop } from '../../server/services/catalog-import'
import { createCatalogService } from '../../server/services/catalog-service'
import { openStorage } from '../../server/storage'
import { buildFixtureShop } from './fixtures'
import { useTestServer } from './helpers'

const server = useTestServer()

const SEARCH = `/api/catalog/polder_nl/product/_search?size=50&request=${encodeURIComponent(
  JSON.stringify({ query: { bool: { filter: { bool: { must: [{ terms: { visibility: [2, 3, 4] } }] } } } } }),
)}`

async function get(url: string, headers: Record<string, string> = {}) {
  return server.app.inject({ method: 'GET', url, headers })
}

const skusOf = (body: string) => (JSON.parse(body) as { hits: { hits: { _source: { sku: string } }[] } }).hits.hits.map((h) => h._source.sku).sort()

describe('catalogue answers: ETag, 304 and a cache emptied by catalogue changes', () => {
  it('tags an answer, answers 304 with no body to that tag, 200 to another', async () => {
    const first = await get(SEARCH)
    expect(first.statusCode, first.body).toBe(200)
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^W\/"[\w-]+"$/)
    expect(first.headers['cache-control']).toBe('no-cache')

    const again = await get(SEARCH, { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    expect(again.headers.etag).toBe(etag)

    // a list of tags, the strong form of the same tag, and `*` all match; another tag does not
    expect((await get(SEARCH, { 'if-none-match': `W/"x", ${etag.slice(2)}` })).statusCode).toBe(304)
    expect((await get(SEARCH, { 'if-none-match': '*' })).statusCode).toBe(304)
    const other = await get(SEARCH, { 'if-none-match': 'W/"not-it"' })
    expect(other.statusCode).toBe(200)
    expect(other.body).toBe(first.body)
  })

  it('gives the same query the same tag, and another query (or store view) another tag', async () => {
    const a = await get(SEARCH)
    const b = await get(SEARCH)
    expect(b.headers.etag).toBe(a.headers.etag)
    const fewer = await get(SEARCH.replace('size=50', 'size=2'))
    expect(fewer.headers.etag).not.toBe(a.headers.etag)
    const french = await get(SEARCH.replace('_nl/', '_fr/'))
    expect(french.statusCode).toBe(200)
    expect(french.headers.etag).not.toBe(a.headers.etag)
  })

  it('gives an answer worked out again (another process, a cache that let it go) the same tag, whatever it took', async () => {
    const query: SearchQuery = {
      _appliedFilters: [{ attribute: 'visibility', value: { in: [2, 3, 4] }, scope: 'default' }],
      _availableFilters: [],
      _appliedSort: [],
    }
    const params = { size: 50, compact: false }
    const first = await createCatalogService(server.storage).searchAnswer('polder_nl', 'product', query, params)
    const second = await createCatalogService(server.storage).searchAnswer('polder_nl', 'product', query, params)
    expect(second.digest).toBe(first.digest)
    // the same documents, whatever the time each took
    expect({ ...JSON.parse(second.body.toString('utf8')), took: 0 }).toEqual({ ...JSON.parse(first.body.toString('utf8')), took: 0 })
    // the app's tag is that digest; another answer (another page size) has another one
    const res = await server.app.inject({ method: 'POST', url: '/api/catalog/polder_nl/product/_search?size=50', payload: query })
    expect(res.headers.etag).toBe(etagOf(first.digest))
    const fewer = await createCatalogService(server.storage).searchAnswer('polder_nl', 'product', query, { ...params, size: 2 })
    expect(fewer.digest).not.toBe(first.digest)
  })

  it('never answers a POST search with 304', async () => {
    const body = { query: { bool: { filter: { bool: { must: [{ terms: { visibility: [2, 3, 4] } }] } } } } }
    const url = '/api/catalog/polder_nl/product/_search?size=50'
    const first = await server.app.inject({ method: 'POST', url, payload: body })
    expect(first.statusCode).toBe(200)
    const again = await server.app.inject({ method: 'POST', url, payload: body, headers: { 'if-none-match': first.headers.etag as string } })
    expect(again.statusCode).toBe(200)
    expect(again.body).toBe(first.body)
  })

  it('an import in this process changes the answer: the old tag no longer matches', async () => {
    const before = await get(SEARCH)
    expect(skusOf(before.body)).toContain('SCARF')
    await importShop(server.storage, buildFixtureShop({ without: ['SCARF'] }), new Date('2026-06-16T08:00:00Z'))
    const after = await get(SEARCH, { 'if-none-match': before.headers.etag as string })
    expect(after.statusCode).toBe(200)
    expect(skusOf(after.body)).not.toContain('SCARF')
    expect(after.headers.etag).not.toBe(before.headers.etag)
    // and the next import that brings it back changes the answer again: the cache never keeps the emptied answer
    await importShop(server.storage, buildFixtureShop(), new Date('2026-06-17T08:00:00Z'))
    expect(skusOf((await get(SEARCH)).body)).toContain('SCARF')
  })

  it.runIf(Boolean(process.env.DATABASE_URL))('an import by another process on the same PostgreSQL empties this process cache', async () => {
    const before = await get(SEARCH)
    expect(skusOf(before.body)).toContain('BOOTS')
    const other = await openStorage({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' })
    try {
      await importShop(other, buildFixtureShop({ without: ['BOOTS'] }), new Date('2026-06-18T08:00:00Z'))
      let skus = skusOf(before.body)
      for (let i = 0; i < 100 && skus.includes('BOOTS'); i++) {
        await new Promise((r) => setTimeout(r, 20))
        skus = skusOf((await get(SEARCH)).body)
      }
      expect(skus).not.toContain('BOOTS')
    } finally {
      await other.close()
    }
  })
})
