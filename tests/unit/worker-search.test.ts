/**
 * Product search in the worker: the local Fuse index over the light products (names and skus, typo
 * tolerance, the 3-character minimum, visibility), and the DataService path that asks the server
 * first and falls back to the local index, flagged offline, when that call fails.
 */
import { describe, expect, it } from 'vitest'
import { LocalProductSearch, ProductSearch } from '../../workers/catalog/product-search'
import { prepareProduct } from '../../workers/catalog/category-query'
import type { ListedProduct } from '../../workers/catalog/category-query'
import { ApiClient } from '../../replication/api-client'
import { toProductDoc } from '../../workers/db/catalog-docs'
import type { SearchResult, SyncStatus } from '../../workers/contract/views'
import { json, useWorkerServices, waitFor } from './worker-harness'

const NAMES = [
  'Merino wool sweater',
  'Cotton sweater',
  'Slim-fit jeans',
  'Vintage jeans',
  'Modern grey table lamp',
  'Café moulu pour filtre 500 g',
  'Waterproof ankle boots',
  'White wooden dining chair',
]

interface Wire {
  id: string
  updated_at: string
  _deleted: boolean
  [key: string]: unknown
}

/** Two products per name (as colours of one model), one of them not visible in search. */
function wireProducts(): Wire[] {
  const docs: Wire[] = []
  let id = 0
  for (const name of NAMES) {
    for (let copy = 0; copy < 2; copy++) {
      id++
      docs.push({
        id: String(id),
        sku: `PLD-${String(id).padStart(5, '0')}`,
        name,
        type_id: 'simple',
        status: 1,
        visibility: 4,
        url_key: `p-${id}`,
        url_path: `p-${id}.html`,
        slug: `p-${id}`,
        price: 10,
        price_incl_tax: 12.1,
        final_price_incl_tax: 12.1,
        original_price_incl_tax: 12.1,
        category_ids: [2, 20],
        stock: { is_in_stock: true },
        sold_qty: id,
        created_at: '2026-01-01T00:00:00Z',
        updated_at: `2026-02-01T00:00:${String(id).padStart(2, '0')}.000Z`,
        _deleted: false,
      })
    }
  }
  // catalogue-only (visibility 2) and disabled (status 2) products are never search results
  docs.push({ ...docs[0]!, id: '90', sku: 'PLD-00090', name: 'Hidden wool sweater', visibility: 2, updated_at: '2026-02-01T00:01:00.000Z' })
  docs.push({ ...docs[0]!, id: '91', sku: 'PLD-00091', name: 'Disabled wool sweater', status: 2, updated_at: '2026-02-01T00:01:01.000Z' })
  return docs
}

function listed(): ListedProduct[] {
  return wireProducts().map((wire) => prepareProduct(toProductDoc(wire, false)))
}

const now = Date.parse('2026-03-01T00:00:00Z')

describe('LocalProductSearch (Fuse over the light products)', () => {
  const search = new LocalProductSearch(listed)

  it('finds products by name, best sellers first within one name', () => {
    const result = search.search('jeans', { now })
    expect(result.items.map((i) => i.name).sort()).toEqual(['Slim-fit jeans', 'Slim-fit jeans', 'Vintage jeans', 'Vintage jeans'])
    expect(result.total).toBe(4)
    const slim = result.items.filter((i) => i.name === 'Slim-fit jeans')
    expect(slim[0]!.sold_qty).toBeGreaterThan(slim[1]!.sold_qty)
  })

  it('finds a product by its sku (case-insensitive) and by a nearly complete sku, first', () => {
    expect(search.search('pld-00007', { now }).items[0]?.sku).toBe('PLD-00007')
    const prefix = search.search('PLD-0001', { now })
    expect(prefix.items.map((i) => i.sku)).toEqual(['PLD-00010', 'PLD-00011', 'PLD-00012', 'PLD-00013', 'PLD-00014', 'PLD-00015', 'PLD-00016'])
    // a short shared prefix says nothing about which product is meant
    expect(search.search('PLD', { now }).total).toBe(0)
  })

  it('tolerates typos and accents', () => {
    expect(search.search('sweter', { now }).items.map((i) => i.name)).toContain('Cotton sweater')
    expect(search.search('jeabs', { now }).items[0]?.name).toMatch(/jeans$/)
    expect(search.search('tabel lamp', { now }).items[0]?.name).toBe('Modern grey table lamp')
    expect(search.search('cafe moulu', { now }).items[0]?.name).toBe('Café moulu pour filtre 500 g')
    expect(search.search('bicycle pump', { now }).total).toBe(0)
  })

  it('returns nothing for fewer than 3 characters (spaces do not count)', () => {
    expect(search.search('je', { now })).toEqual({ items: [], total: 0 })
    expect(search.search('  je  ', { now })).toEqual({ items: [], total: 0 })
    expect(search.search('jea', { now }).total).toBeGreaterThan(0)
  })

  it('leaves out catalogue-only and disabled products and honours the size', () => {
    const wool = search.search('wool sweater', { now })
    expect(wool.items.map((i) => i.name)).not.toContain('Hidden wool sweater')
    expect(wool.items.map((i) => i.name)).not.toContain('Disabled wool sweater')
    const limited = search.search('jeans', { now, size: 1 })
    expect(limited.items).toHaveLength(1)
    expect(limited.total).toBe(4)
  })

  it('sees changes after invalidate()', () => {
    const products = listed()
    const local = new LocalProductSearch(() => products)
    expect(local.search('teapot', { now }).total).toBe(0)
    products.push(prepareProduct(toProductDoc({ ...wireProducts()[0]!, id: '99', sku: 'PLD-00099', name: 'Cast iron teapot' }, false)))
    local.invalidate()
    expect(local.search('teapot', { now }).items[0]?.sku).toBe('PLD-00099')
  })
})

describe('LocalProductSearch: the word index answers type-ahead, Fuse the rest', () => {
  // sold_qty: the best seller first within a tier
  const catalogue: [name: string, sold: number][] = [
    ['Linen shirt', 5],
    ['Linen trousers', 50],
    ['Lining fabric', 100],
    ['Blue linen shirt', 1],
    ['Crème de linge', 7],
  ]
  const products = () =>
    catalogue.map(([name, sold], i) =>
      prepareProduct(toProductDoc({ ...wireProducts()[0]!, id: String(200 + i), sku: `PLD-0${200 + i}`, name, sold_qty: sold }, false)),
    )
  const local = new LocalProductSearch(products)
  const names = (query: string) => local.matches(query).map((p) => p.doc.name)

  it('a half-typed word finds every name with a word it begins, best sellers first', () => {
    expect(names('lin')).toEqual(['Lining fabric', 'Linen trousers', 'Crème de linge', 'Linen shirt', 'Blue linen shirt'])
  })

  it('names holding the query words as whole words come before those where a word only begins one', () => {
    expect(names('linen')).toEqual(['Linen trousers', 'Linen shirt', 'Blue linen shirt'])
    expect(names('linge')).toEqual(['Crème de linge'])
    expect(names('shirt lin')).toEqual(['Linen shirt', 'Blue linen shirt'])
  })

  it('every query word must be held, in any order, without case or accents', () => {
    expect(names('LINEN sh')).toEqual(['Linen shirt', 'Blue linen shirt'])
    expect(names('creme linge')).toEqual(['Crème de linge'])
  })

  it('a word that begins no word, or words no one name holds together, go to Fuse', () => {
    expect(names('lnen shirt')).toContain('Linen shirt')
    expect(names('inen')).toContain('Linen trousers')
    expect(names('linen fabric')).toContain('Lining fabric')
  })
})

describe('ProductSearch: server first, local fallback', () => {
  const failing = () => Promise.reject(new TypeError('Failed to fetch'))
  const searchWith = (fetch: (input: string, init?: RequestInit) => Promise<Response>, online = true, timeoutMs?: number) =>
    new ProductSearch({
      api: new ApiClient({ baseUrl: 'http://shop.test', storeCode: 'en', fetch }),
      index: 'polder_en',
      isOnline: () => online,
      now: () => now,
      products: listed,
      onProductsChange: () => () => undefined,
      timeoutMs,
    })

  it('asks the server with _searchText, the visibility/status filters and size 50, and is not offline', async () => {
    let sent: { url: string; body: unknown } | undefined
    const search = searchWith(async (url, init) => {
      sent = { url, body: JSON.parse(String(init?.body)) }
      const hit = { _id: '7', _source: { ...wireProducts()[6], id: 7 } }
      return new Response(JSON.stringify({ hits: { total: { value: 31 }, hits: [hit] } }), { headers: { 'content-type': 'application/json' } })
    })
    const result = await search.search('jeans')
    expect(result).toMatchObject({ source: 'server' })
    expect(result.reason).toBeUndefined()
    expect(result.total).toBe(31)
    expect(result.items[0]).toMatchObject({ sku: 'PLD-00007', name: 'Vintage jeans', final_price_incl_tax: 1210 })
    expect(sent?.url).toMatch(/\/api\/catalog\/polder_en\/product\/_search\?.*size=50/)
    expect(sent?.body).toMatchObject({
      _searchText: 'jeans',
      _appliedFilters: [
        { attribute: 'visibility', value: { in: [3, 4] } },
        { attribute: 'status', value: { in: [0, 1] } },
      ],
    })
  })

  it('falls back to the local index, saying why, when the server call fails', async () => {
    const result = await searchWith(failing).search('jeans')
    // this harness's worker stays online: a failed request while online is the server's trouble
    expect(result).toMatchObject({ source: 'device', reason: 'server-trouble' })
    expect(result.total).toBe(4)
  })

  it('falls back when the server answers an error or does not answer in time', async () => {
    const broken = await searchWith(async () => new Response('<html>', { status: 502, headers: { 'content-type': 'text/html' } })).search('jeans')
    expect(broken).toMatchObject({ source: 'device', reason: 'server-trouble', total: 4 })
    const slow = await searchWith(() => new Promise<Response>(() => undefined), true, 50).search('jeans')
    expect(slow).toMatchObject({ source: 'device', reason: 'slow', total: 4 })
  })

  it('the results page says how many the server found when more than the 500 it browses', async () => {
    const hits = wireProducts()
      .slice(0, 16)
      .map((p) => ({ _id: p.id, _source: p }))
    const search = searchWith(
      async () => new Response(JSON.stringify({ hits: { total: { value: 1234 }, hits } }), { headers: { 'content-type': 'application/json' } }),
    )
    const result = await search.search('sweater', { withFacets: true })
    expect(result).toMatchObject({ source: 'server', total: 16, found: 1234 })
    const all = searchWith(
      async () => new Response(JSON.stringify({ hits: { total: { value: 16 }, hits } }), { headers: { 'content-type': 'application/json' } }),
    )
    expect((await all.search('sweater', { withFacets: true })).found).toBeUndefined()
  })

  it('a results page that finds nothing suggests the corrected words and offers best sellers', async () => {
    const none = async () => new Response(JSON.stringify({ hits: { total: { value: 0 }, hits: [] } }), { headers: { 'content-type': 'application/json' } })
    const result = await searchWith(none).search('merino sweatre', { withFacets: true })
    expect(result.total).toBe(0)
    expect(result.suggestion).toBe('merino sweater')
    // the best sellers of the device's catalogue (sold_qty = id), in stock and searchable
    expect(result.popular?.map((p) => p.sku)).toEqual(['PLD-00016', 'PLD-00015', 'PLD-00014', 'PLD-00013'])
    const nothingClose = await searchWith(none).search('xyzzyq', { withFacets: true })
    expect(nothingClose.suggestion).toBeUndefined()
    expect(nothingClose.popular).toHaveLength(4)
    // with filters chosen, an empty page is the filters' doing: no suggestion
    const filtered = await searchWith(none).search('merino sweatre', { withFacets: true, filters: { color: ['49'] } })
    expect(filtered.suggestion).toBeUndefined()
  })

  it('does not call the server when offline', async () => {
    let calls = 0
    const result = await searchWith(async () => {
      calls++
      throw new TypeError('Failed to fetch')
    }, false).search('jeans')
    expect(calls).toBe(0)
    expect(result).toMatchObject({ source: 'device', reason: 'offline', total: 4 })
  })
})

/** An offline ProductSearch over `products`, with the mirror's change listeners in hand. */
function offlineSearchOver(products: () => Iterable<ListedProduct>): { search: ProductSearch; listeners: Set<() => void>; changed: () => void } {
  const listeners = new Set<() => void>()
  const search = new ProductSearch({
    api: new ApiClient({ baseUrl: 'http://shop.test', storeCode: 'en', fetch: () => Promise.reject(new TypeError('offline')) }),
    index: 'polder_en',
    isOnline: () => false,
    now: () => now,
    products,
    onProductsChange: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  })
  return { search, listeners, changed: () => listeners.forEach((listener) => listener()) }
}

describe('ProductSearch keeps the local index current with replication', () => {
  it('a search that found nothing on an empty device offers best sellers once replication brings them', async () => {
    const products: ListedProduct[] = []
    const { search, listeners, changed } = offlineSearchOver(() => products)
    const answers: SearchResult[] = []
    const stop = await search.watch('xyzzyq', { withFacets: true }, (result) => answers.push(result))
    expect(answers.map((a) => a.popular?.length)).toEqual([0])

    // replication stores the catalogue: the same answer again, now with the device's best sellers
    products.push(...listed())
    changed()
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(answers).toHaveLength(2)
    expect(answers[1]).toMatchObject({ total: 0, source: 'device', reason: 'offline' })
    expect(answers[1]!.popular?.map((p) => p.sku)).toEqual(['PLD-00016', 'PLD-00015', 'PLD-00014', 'PLD-00013'])
    // complete: it stops listening (only the index rebuild's listener is left)
    expect(listeners.size).toBe(1)
    stop()
    search.stop()
  })

  it('a search that found something, or whose watch was stopped, is not answered again', async () => {
    const products = listed()
    const { search, listeners } = offlineSearchOver(() => products.slice(0, 2))
    const found: SearchResult[] = []
    await search.watch('sweater', { withFacets: true }, (result) => found.push(result))
    expect(found[0]?.total).toBeGreaterThan(0)
    expect(listeners.size).toBe(1)

    const none: SearchResult[] = []
    const stop = await search.watch('xyzzyq', { withFacets: true }, (result) => none.push(result))
    expect(none[0]?.popular?.length).toBeLessThan(4)
    stop()
    expect(listeners.size).toBe(1)
    search.stop()
  })

  it('is built by the first local search, dropped on a change and rebuilt after a quiet moment', async () => {
    const products = listed()
    const { search, changed } = offlineSearchOver(() => products)
    // nobody searched yet: a change builds nothing
    changed()
    expect(search.local.built).toBe(false)
    expect((await search.search('teapot')).total).toBe(0)
    expect(search.local.built).toBe(true)

    products.push(prepareProduct(toProductDoc({ ...wireProducts()[0]!, id: '99', sku: 'PLD-00099', name: 'Cast iron teapot' }, false)))
    changed()
    expect(search.local.built).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(search.local.built).toBe(true)
    expect((await search.search('teapot')).items.map((i) => i.sku)).toEqual(['PLD-00099'])
    search.stop()
  })
})

describe('DataService.searchProducts over the replicated catalogue', () => {
  const services = useWorkerServices('polder-search')

  it('replicates, then answers from the local catalogue with the offline flag when the search call fails', async () => {
    const products = wireProducts()
    const searchCalls: string[] = []
    const fetch = async (input: string): Promise<Response> => {
      const url = new URL(input)
      const feed = /^\/api\/ext\/replication\/v1\/en\/(products|categories|attributes)\/pull$/.exec(url.pathname)
      if (feed) {
        const all = feed[1] === 'products' ? products : []
        const after = url.searchParams.get('updatedAt')
        const page = all.filter((d) => !after || d.updated_at > after)
        const last = page[page.length - 1]
        const result = { documents: page, checkpoint: last ? { id: last.id, updatedAt: last.updated_at } : null }
        return json({ code: 200, result })
      }
      if (url.pathname.endsWith('/_search')) {
        searchCalls.push(url.pathname)
        throw new TypeError('Failed to fetch')
      }
      return json({ code: 404, result: 'Not found' }, 404)
    }
    const service = await services.start({ fetch, initialOnline: true })
    let status: SyncStatus | undefined
    await service.subscribeSyncStatus((s) => {
      status = s
    })
    await waitFor(
      () => status,
      (s) => s.productCount === products.length,
    )

    const result = await service.searchProducts('Merino wool')
    expect(searchCalls).toEqual(['/api/catalog/polder_en/product/_search'])
    // the network failure marked the server unreachable before the fallback answered: offline
    expect(result).toMatchObject({ source: 'device', reason: 'offline' })
    expect(result.items[0]?.name).toBe('Merino wool sweater')
    expect((await service.searchProducts('PLD-00005')).items[0]?.sku).toBe('PLD-00005')
    // the failed call told the worker the server cannot be reached (workers/connectivity): it says so
    // in its status and keeps answering as offline until a probe gets through
    expect(status?.online).toBe(false)
    expect(await service.searchProducts('sw')).toEqual({ items: [], total: 0, source: 'device', reason: 'offline' })
  })
})
