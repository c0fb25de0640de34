/**
 * The URL dispatcher's lookup through the DataService on real RxDB (memory storage, dev-mode
 * validation): a cached hit and a cached miss are answered without the server, a 301 is stored and
 * reused, a 302 is not, and offline with nothing stored is offline-unavailable. An injected fetch
 * stands for /api/url/map; the real server's answers are proven by tests/e2e/url-dispatcher.spec.ts.
 */
import { describe, expect, it } from 'vitest'
import { URL_MISS_TTL_MS } from '../../workers/urls/resolve-url'
import { json, useWorkerServices } from './worker-harness'

const polo = { id: 1, sku: 'PLD-00001', name: 'Katoenen polo', slug: 'katoenen-polo-1', type_id: 'configurable', url_path: 'katoenen-polo-1.html' }
const jackets = { id: 10, name: 'Jackets', slug: 'jackets-10', url_path: 'clothing/jackets' }

/** /api/url/map over a few known paths; every request is recorded. */
function urlMap() {
  const asked: string[] = []
  const answers: Record<string, unknown> = {
    'katoenen-polo-1.html': { _index: 'polder_en_product', _type: 'product', _id: '1', _score: 1, _source: polo },
    'clothing/jackets': { _index: 'polder_en_category', _type: 'category', _id: '10', _score: 1, _source: jackets },
    'catalog/product/view/id/7': {
      _index: 'polder_en_product',
      _type: 'product',
      _id: '1',
      _score: 1,
      _source: polo,
      redirect: { code: 301, target: '/katoenen-polo-1.html?childSku=PLD-00001-M-RED' },
    },
    'sale/polo': {
      _index: 'polder_en_product',
      _type: 'product',
      _id: '1',
      _score: 1,
      _source: polo,
      redirect: { code: 302, target: '/katoenen-polo-1.html' },
    },
  }
  const state = { down: false, failing: false }
  const fetch = async (input: string, init: RequestInit = {}): Promise<Response> => {
    if (state.down) throw new TypeError('Failed to fetch')
    if (state.failing) return new Response('<h1>Internal Server Error</h1>', { status: 500, headers: { 'content-type': 'text/html' } })
    const url = new URL(input)
    if (url.pathname !== '/api/url/map' || init.method !== 'POST') return json({ code: 404, result: 'Not found' }, 404)
    const { url: path } = JSON.parse(String(init.body)) as { url: string }
    asked.push(path)
    return json(answers[path] ?? null)
  }
  return { fetch, asked, state }
}

const services = useWorkerServices('polder-urls')
const clock = { now: 1_700_000_000_000 }

async function start() {
  clock.now = 1_700_000_000_000
  const server = urlMap()
  const service = await services.start({ fetch: server.fetch, replicate: false, now: () => clock.now })
  return { service, asked: server.asked, server: server.state }
}

describe('resolveUrl (worker, real RxDB)', () => {
  it('asks the server once for a hit, then answers from the urls collection', async () => {
    const { service, asked } = await start()
    expect(await service.resolveUrl('/en/katoenen-polo-1.html/')).toEqual({ kind: 'product', to: '/p/PLD-00001/katoenen-polo-1', redirect: null })
    expect(await service.resolveUrl('/katoenen-polo-1.html?utm=x')).toEqual({ kind: 'product', to: '/p/PLD-00001/katoenen-polo-1', redirect: null })
    expect(await service.resolveUrl('/en/clothing/jackets')).toEqual({ kind: 'category', to: '/c/jackets-10', redirect: null })
    // the store prefix, the trailing slash and the query do not make a new cache entry
    expect(asked).toEqual(['katoenen-polo-1.html', 'clothing/jackets'])
    // the cached hit holds offline
    await service.setOnline(false)
    expect(await service.resolveUrl('/en/clothing/jackets')).toEqual({ kind: 'category', to: '/c/jackets-10', redirect: null })
  })

  it('stores a miss as none and does not ask again', async () => {
    const { service, asked } = await start()
    expect(await service.resolveUrl('/en/no/such/page')).toEqual({ kind: 'none' })
    expect(await service.resolveUrl('/en/no/such/page')).toEqual({ kind: 'none' })
    expect(asked).toEqual(['no/such/page'])
    await service.setOnline(false)
    expect(await service.resolveUrl('/en/no/such/page')).toEqual({ kind: 'none' })
  })

  it('a stored miss expires after a day: online it is asked again, offline it still answers', async () => {
    const { service, asked } = await start()
    expect(await service.resolveUrl('/en/no/such/page')).toEqual({ kind: 'none' })
    clock.now += URL_MISS_TTL_MS
    expect(await service.resolveUrl('/en/no/such/page')).toEqual({ kind: 'none' })
    expect(asked).toEqual(['no/such/page'])
    clock.now += 1
    await service.setOnline(false)
    expect(await service.resolveUrl('/en/no/such/page')).toEqual({ kind: 'none' })
    expect(asked).toEqual(['no/such/page'])
    await service.setOnline(true)
    expect(await service.resolveUrl('/en/no/such/page')).toEqual({ kind: 'none' })
    expect(asked).toEqual(['no/such/page', 'no/such/page'])
    // hits do not expire
    expect(await service.resolveUrl('/en/clothing/jackets')).toMatchObject({ kind: 'category' })
    clock.now += 10 * URL_MISS_TTL_MS
    expect(await service.resolveUrl('/en/clothing/jackets')).toMatchObject({ kind: 'category' })
    expect(asked).toEqual(['no/such/page', 'no/such/page', 'clothing/jackets'])
  })

  it('saves a 301 (with the chosen child) and reuses it; a 302 is asked again', async () => {
    const { service, asked } = await start()
    const legacy = { kind: 'product', to: '/p/PLD-00001/katoenen-polo-1/PLD-00001-M-RED', redirect: 301 }
    expect(await service.resolveUrl('/en/catalog/product/view/id/7')).toEqual(legacy)
    expect(await service.resolveUrl('/en/catalog/product/view/id/7')).toEqual(legacy)
    expect(await service.resolveUrl('/en/sale/polo')).toMatchObject({ kind: 'product', redirect: 302 })
    expect(await service.resolveUrl('/en/sale/polo')).toMatchObject({ kind: 'product', redirect: 302 })
    expect(asked).toEqual(['catalog/product/view/id/7', 'sale/polo', 'sale/polo'])
  })

  it('offline with nothing stored is offline-unavailable, and nothing is stored', async () => {
    const { service, asked } = await start()
    await service.setOnline(false)
    expect(await service.resolveUrl('/en/katoenen-polo-1.html')).toEqual({ kind: 'offline-unavailable' })
    expect(asked).toEqual([])
    await service.setOnline(true)
    expect(await service.resolveUrl('/en/katoenen-polo-1.html')).toMatchObject({ kind: 'product' })
  })

  it('a request that cannot reach the server is offline-unavailable, and is not stored', async () => {
    const { service, asked, server } = await start()
    server.down = true
    expect(await service.resolveUrl('/en/clothing/jackets')).toEqual({ kind: 'offline-unavailable' })
    server.down = false
    // the failure marked the server unreachable (workers/connectivity): until a probe gets through,
    // the worker does not ask again and answers from what it has
    expect(await service.resolveUrl('/en/clothing/jackets')).toEqual({ kind: 'offline-unavailable' })
    expect(asked).toEqual([])
    // the browser's online event probes at once; the server answers and is asked again
    await service.setOnline(true)
    expect(await service.resolveUrl('/en/clothing/jackets')).toMatchObject({ kind: 'category' })
    expect(asked).toEqual(['clothing/jackets'])
  })

  it('a server failing while online is server trouble, not a miss and not offline, and is not stored', async () => {
    const { service, asked, server } = await start()
    server.failing = true
    expect(await service.resolveUrl('/en/clothing/jackets')).toEqual({ kind: 'server-trouble' })
    expect(await service.resolveUrl('/en/clothing/jackets')).toEqual({ kind: 'server-trouble' })
    // the Retry once the server answers again: asked, found
    server.failing = false
    expect(await service.resolveUrl('/en/clothing/jackets')).toMatchObject({ kind: 'category' })
    expect(asked).toEqual(['clothing/jackets'])
  })
})
