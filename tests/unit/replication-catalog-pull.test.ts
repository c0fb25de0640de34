import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiClient } from '../../replication/api-client'
import { ApiError, BadContentTypeError, NetworkError, WrongResponseFormatError } from '../../replication/api-errors'
import { createCatalogPullHandler, openFeedStream, READ_AHEAD_MAX_AGE_MS } from '../../replication/catalog-pull'
import type { EventSourceLike, FeedStreamItem } from '../../replication/catalog-pull'
import { chooseEvictions } from '../../replication/quota-eviction'

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

function docs(n: number, sameTime = false) {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    sku: `S${i + 1}`,
    updated_at: sameTime ? '2026-01-01T00:00:00.000Z' : `2026-01-01T00:00:${String(i).padStart(2, '0')}.000Z`,
  }))
}

describe('ApiClient', () => {
  const client = (fetch: (url: string, init?: RequestInit) => Promise<Response>) => new ApiClient({ baseUrl: 'http://api/', storeCode: 'nl', fetch })

  it('validates results and raises named errors', async () => {
    await expect(client(async () => json({ code: 200, result: 'abcd' })).createCart()).resolves.toBe('abcd')
    await expect(client(async () => json({ code: 404, result: 'No such entity with cartId = x' }, 404)).pullCart('x')).rejects.toMatchObject({
      name: 'ApiError',
      code: 404,
      result: 'No such entity with cartId = x',
    })
    await expect(client(async () => new Response('<html>', { headers: { 'content-type': 'text/html' } })).pullCart('x')).rejects.toBeInstanceOf(
      BadContentTypeError,
    )
    await expect(client(async () => json({ hello: 1 })).pullCart('x')).rejects.toBeInstanceOf(WrongResponseFormatError)
    await expect(client(async () => json({ code: 200, result: [{ sku: 1 }] })).pullCart('x')).rejects.toBeInstanceOf(WrongResponseFormatError)
    await expect(
      client(async () => {
        throw new TypeError('offline')
      }).pullCart('x'),
    ).rejects.toBeInstanceOf(NetworkError)
    expect(new BadContentTypeError('u', null).message).toBe('Error with response - bad content-type!')
    expect(new WrongResponseFormatError('u').message).toBe('Unhandled error, wrong response format!')
  })

  it('puts the cart id, store code and quote id where the contract wants them', async () => {
    const seen: { url: string; body?: string }[] = []
    const api = client(async (url, init) => {
      seen.push({ url, body: init?.body as string | undefined })
      return json({ code: 200, result: { item_id: 1, quote_id: 'c', sku: 'A', qty: 2, name: 'A', price: 1, product_type: 'simple' } })
    })
    await api.updateCartItem('c', { sku: 'A', qty: 2 })
    expect(seen[0]?.url).toBe('http://api/api/cart/update?cartId=c&storeCode=nl')
    expect(JSON.parse(seen[0]!.body!)).toEqual({ cartItem: { sku: 'A', qty: 2, quoteId: 'c' } })
  })
})

describe('catalogue pull handler', () => {
  it('pulls from the feed with the checkpoint and converts documents', async () => {
    const urls: string[] = []
    const api = new ApiClient({
      baseUrl: '',
      storeCode: 'en',
      fetch: async (url) => {
        urls.push(url)
        return json({ code: 200, result: { documents: [{ id: '1', updated_at: 't1', _deleted: true }], checkpoint: { id: '1', updatedAt: 't1' } } })
      },
    })
    const handler = createCatalogPullHandler({
      api,
      collection: 'products',
      index: 'polder_en',
      projection: 'light',
      toLocal: (d) => ({ key: d.id, gone: d._deleted }),
    })
    const batch = await handler({ id: '0', updatedAt: 't0' }, 500)
    expect(urls[0]).toBe('/api/ext/replication/v1/en/products/pull?updatedAt=t0&id=0&limit=500&projection=light')
    expect(batch).toEqual({ documents: [{ key: '1', gone: true }], checkpoint: { id: '1', updatedAt: 't1' } })
  })

  // ours answers an unknown path in the envelope; a stock vue-storefront-api leaves it to express,
  // whose not-found answer is an HTML page
  const feedMissing = {
    'in the envelope': () => json({ code: 404, result: 'Not found' }, 404),
    'as express’s HTML page': () =>
      new Response('<!DOCTYPE html><html><body><pre>Cannot GET /api/ext/replication/v1/en/products/pull</pre></body></html>', {
        status: 404,
        headers: { 'content-type': 'text/html; charset=utf-8' },
      }),
  }

  it.each(Object.entries(feedMissing))('falls back to paging /api/catalog sorted by updated_at when the feed answers 404 %s', async (_kind, notFound) => {
    const all = docs(7, true)
    const urls: string[] = []
    const api = new ApiClient({
      baseUrl: '',
      storeCode: 'en',
      fetch: async (url) => {
        urls.push(url)
        if (url.includes('/ext/replication/')) return notFound()
        const params = new URL(url, 'http://x').searchParams
        const from = Number(params.get('from'))
        const size = Number(params.get('size'))
        const page = all.slice(from, from + size)
        return json({ hits: { total: { value: all.length }, hits: page.map((d) => ({ _id: String(d.id), _source: d })) } })
      },
    })
    const handler = createCatalogPullHandler({ api, collection: 'products', index: 'polder_en', projection: 'light', toLocal: (d) => d.id })
    const seen: string[] = []
    let checkpoint: { id: string; updatedAt: string } | undefined
    for (let round = 0; round < 5; round++) {
      const batch = await handler(checkpoint, 3)
      seen.push(...batch.documents)
      checkpoint = batch.checkpoint
      if (batch.documents.length < 3) break
    }
    // all seven share one updated_at: the id part of the checkpoint keeps them apart
    expect(seen).toEqual(['1', '2', '3', '4', '5', '6', '7'])
    expect(urls.some((u) => u.startsWith('/api/catalog/polder_en/product/_search?'))).toBe(true)
    expect(urls.filter((u) => u.includes('/ext/replication/'))).toHaveLength(1)
  })

  /** A catalogue search as /api/catalog answers it: `all` sorted by updated_at, then id as a number (as the index sorts a numeric id). */
  function catalogBackend(all: () => { id: number; updated_at: string }[]) {
    const urls: string[] = []
    const api = new ApiClient({
      baseUrl: '',
      storeCode: 'en',
      fetch: async (url) => {
        urls.push(url)
        if (url.includes('/ext/replication/')) return json({ code: 404, result: 'Not found' }, 404)
        const params = new URL(url, 'http://x').searchParams
        const from = Number(params.get('from'))
        const size = Number(params.get('size'))
        const sorted = [...all()].sort((a, b) => (a.updated_at === b.updated_at ? a.id - b.id : a.updated_at < b.updated_at ? -1 : 1))
        const page = sorted.slice(from, from + size)
        return json({ hits: { total: { value: sorted.length }, hits: page.map((d) => ({ _id: String(d.id), _source: d })) } })
      },
    })
    const handler = createCatalogPullHandler({ api, collection: 'products', index: 'polder_en', projection: 'light', toLocal: (d) => d.id })
    /** pulls until a batch comes back short, from `checkpoint` on; the ids in the order they came */
    const pullFrom = async (start: { id: string; updatedAt: string } | undefined, batchSize: number) => {
      const ids: string[] = []
      let checkpoint = start
      for (let round = 0; round < 50; round++) {
        const batch = await handler(checkpoint, batchSize)
        ids.push(...batch.documents)
        checkpoint = batch.checkpoint
        if (batch.documents.length < batchSize) break
      }
      return { ids, checkpoint }
    }
    return { urls, pullFrom }
  }

  it('the fallback orders ids as numbers, like the catalogue: 10 comes after 9, none is skipped', async () => {
    const all = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, sku: `S${i + 1}`, updated_at: '2026-01-01T00:00:00.000Z' }))
    const { pullFrom } = catalogBackend(() => all)
    const { ids } = await pullFrom(undefined, 5)
    expect(ids).toEqual(all.map((d) => String(d.id)))
  })

  it('a batch is never short before the catalogue ends, though the checkpoint lies inside a page', async () => {
    const all = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, sku: `S${i + 1}`, updated_at: '2026-01-01T00:00:00.000Z' }))
    const { pullFrom } = catalogBackend(() => all)
    // a new session: the checkpoint stored by the last one, at document 8 of the sorted catalogue
    const { ids } = await pullFrom({ id: '8', updatedAt: '2026-01-01T00:00:00.000Z' }, 5)
    expect(ids).toEqual(all.slice(8).map((d) => String(d.id)))
  })

  it('a later pull of the same handler finds what changed since it caught up, though updated documents moved in the sorted catalogue', async () => {
    const at = (second: number) => `2026-01-01T00:00:${String(second).padStart(2, '0')}.000Z`
    let all = Array.from({ length: 60 }, (_, i) => ({ id: i + 1, sku: `S${i + 1}`, updated_at: at(0) }))
    const { urls, pullFrom } = catalogBackend(() => all)
    const first = await pullFrom(undefined, 5)
    expect(first.ids).toHaveLength(60)
    // the device is back online: 3 and 7 were updated (they move to the end), 61 is new
    all = [...all.map((d) => (d.id === 3 || d.id === 7 ? { ...d, updated_at: at(5) } : d)), { id: 61, sku: 'S61', updated_at: at(6) }]
    const before = urls.length
    const later = await pullFrom(first.checkpoint, 5)
    expect(later.ids).toEqual(['3', '7', '61'])
    // it steps back from where it stopped, not through the whole catalogue (13 pages) again
    expect(urls.length - before).toBeLessThanOrEqual(5)
    // nothing changed: nothing pulled
    const idle = await pullFrom(later.checkpoint, 5)
    expect(idle.ids).toEqual([])
  })

  it('an HTML page that is not a 404 (a captive portal, a proxy) is an error to try again, not a fallback', async () => {
    const urls: string[] = []
    const api = new ApiClient({
      baseUrl: '',
      storeCode: 'en',
      fetch: async (url) => {
        urls.push(url)
        return new Response('<html>Sign in to the Wi-Fi</html>', { status: 200, headers: { 'content-type': 'text/html' } })
      },
    })
    const handler = createCatalogPullHandler({ api, collection: 'products', index: 'polder_en', projection: 'light', toLocal: (d) => d })
    await expect(handler(undefined, 10)).rejects.toBeInstanceOf(BadContentTypeError)
    expect(urls.every((u) => u.includes('/ext/replication/'))).toBe(true)
  })

  it('a 404 after the feed worked once is an error, not a fallback', async () => {
    let calls = 0
    const api = new ApiClient({
      baseUrl: '',
      storeCode: 'en',
      fetch: async () => (++calls === 1 ? json({ code: 200, result: { documents: [], checkpoint: null } }) : json({ code: 404, result: 'gone' }, 404)),
    })
    const handler = createCatalogPullHandler({ api, collection: 'categories', index: 'polder_en', projection: 'light', toLocal: (d) => d })
    await handler(undefined, 10)
    await expect(handler(undefined, 10)).rejects.toBeInstanceOf(ApiError)
  })
})

/** A feed of `n` documents (ids 01…, one second apart) answering by checkpoint and limit; `fail(k)` makes the k-th request (1-based) a network failure. */
function feed(n: number, fail: (request: number) => boolean = () => false) {
  const all = Array.from({ length: n }, (_, i) => ({
    id: String(i + 1).padStart(2, '0'),
    updated_at: `2026-01-01T00:00:${String(i).padStart(2, '0')}.000Z`,
    _deleted: false,
  }))
  const asked: string[] = []
  const api = new ApiClient({
    baseUrl: '',
    storeCode: 'en',
    fetch: async (url) => {
      const params = new URL(url, 'http://x').searchParams
      asked.push(params.get('id') ?? 'start')
      if (fail(asked.length)) throw new TypeError('Failed to fetch')
      const after = { updatedAt: params.get('updatedAt') ?? '', id: params.get('id') ?? '' }
      const page = all
        .filter((d) => d.updated_at > after.updatedAt || (d.updated_at === after.updatedAt && d.id > after.id))
        .slice(0, Number(params.get('limit')))
      const last = page.at(-1)
      return json({ code: 200, result: { documents: page, checkpoint: last ? { id: last.id, updatedAt: last.updated_at } : null } })
    },
  })
  const handler = createCatalogPullHandler({ api, collection: 'products', index: 'polder_en', projection: 'light', toLocal: (d) => d.id })
  return { handler, asked }
}

/** Lets the handler's read-ahead reach the fake fetch. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('catalogue pull read-ahead', () => {
  afterEach(() => vi.useRealTimers())

  it('asks for the next batch while the last full one is written, and the next call uses it', async () => {
    const { handler, asked } = feed(5)
    const first = await handler(undefined, 2)
    expect(first.documents).toEqual(['01', '02'])
    await settle()
    // the read-ahead after 02 is out before the second call
    expect(asked).toEqual(['start', '02'])
    const second = await handler(first.checkpoint, 2)
    expect(second.documents).toEqual(['03', '04'])
    await settle()
    expect(asked).toEqual(['start', '02', '04'])
    const third = await handler(second.checkpoint, 2)
    expect(third.documents).toEqual(['05'])
    await settle()
    // a partial batch: in sync, nothing more is asked
    expect(asked).toEqual(['start', '02', '04'])
    const inSync = await handler(third.checkpoint, 2)
    expect(inSync).toEqual({ documents: [], checkpoint: third.checkpoint })
    expect(asked).toEqual(['start', '02', '04', '05'])
  })

  it('a call from another checkpoint (a RESYNC from an older one) asks the server, not the read-ahead', async () => {
    const { handler, asked } = feed(5)
    await handler(undefined, 2)
    await settle()
    const again = await handler(undefined, 2)
    expect(again.documents).toEqual(['01', '02'])
    expect(asked.slice(0, 3)).toEqual(['start', '02', 'start'])
  })

  it('a read-ahead that failed is asked again when its call comes', async () => {
    const { handler, asked } = feed(5, (request) => request === 2)
    const first = await handler(undefined, 2)
    await settle()
    const second = await handler(first.checkpoint, 2)
    expect(second.documents).toEqual(['03', '04'])
    expect(asked.slice(0, 3)).toEqual(['start', '02', '02'])
  })

  it('a read-ahead older than READ_AHEAD_MAX_AGE_MS (a paused replication) is not used', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const { handler, asked } = feed(5)
    const first = await handler(undefined, 2)
    await settle()
    vi.setSystemTime(Date.now() + READ_AHEAD_MAX_AGE_MS + 1)
    await handler(first.checkpoint, 2)
    expect(asked.slice(0, 3)).toEqual(['start', '02', '02'])
  })
})

describe('feed stream', () => {
  it('turns server-sent events into RESYNC and change batches; an error means RESYNC', () => {
    const source: EventSourceLike = { onmessage: null, onerror: null, close: () => undefined }
    const items: FeedStreamItem[] = []
    openFeedStream(
      () => source,
      '/stream',
      (item) => items.push(item),
    )
    source.onmessage?.({ data: '{"type":"RESYNC"}' })
    source.onmessage?.({
      data: JSON.stringify({
        type: 'changes',
        collection: 'products',
        documents: [{ id: '1', updated_at: 't', _deleted: false }],
        checkpoint: { id: '1', updatedAt: 't' },
      }),
    })
    source.onmessage?.({ data: 'not json' })
    source.onerror?.({})
    expect(items.map((i) => i.kind)).toEqual(['resync', 'changes', 'resync'])
  })
})

describe('quota eviction', () => {
  it('evicts least recently viewed pages down to the quota, never the page being shown', () => {
    const entries = [
      { key: 'a', bytes: 400, lastViewedAt: 3 },
      { key: 'b', bytes: 400, lastViewedAt: 1 },
      { key: 'c', bytes: 400, lastViewedAt: 2 },
      { key: 'd', bytes: 400, lastViewedAt: 0 },
    ]
    expect(chooseEvictions(entries, 2000)).toEqual([])
    expect(chooseEvictions(entries, 800)).toEqual(['d', 'b'])
    expect(chooseEvictions(entries, 800, 'd')).toEqual(['b', 'c'])
  })
})
