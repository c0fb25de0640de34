import { describe, expect, it } from 'vitest'
import { ApiClient } from '../../replication/api-client'
import { ApiError, BadContentTypeError, NetworkError, WrongResponseFormatError } from '../../replication/api-errors'
import { createCatalogPullHandler, openFeedStream } from '../../replication/catalog-pull'
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

  it('falls back to paging /api/catalog sorted by updated_at when the feed answers 404', async () => {
    const all = docs(7, true)
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
