/**
 * Catalogue text search per store view, on a generated demo shop of 200 products: language stemming,
 * accents, typos, the minimum score, relevance order, facets over the hits, filters with the text and
 * the size/from rules. Expectations are computed from the generated shop, not copied from a run.
 */
import { describe, expect, it } from 'vitest'
import { CATALOG_LIMITS, type RangeBucket, type SearchQuery, type SearchResponse, type TermsBucket } from '../../domain/api/catalog.schema'
import type { Product } from '../../domain/product.schema'
import type { StoreCode } from '../../domain/store-views'
import { json, startGeneratedShopServer, useTestServer } from './helpers'

const server = useTestServer(() => startGeneratedShopServer(200))

type Source = Product & { final_price_incl_tax: number }

async function search(store: StoreCode, query: Partial<SearchQuery>, qs = ''): Promise<SearchResponse<Source>> {
  const res = await server.app.inject({ method: 'POST', url: `/api/catalog/polder_${store}/product/_search?${qs}`, payload: query })
  expect(res.statusCode, res.body).toBe(200)
  return json<SearchResponse<Source>>(res)
}

const names = (r: SearchResponse<Source>) => r.hits.hits.map((h) => h._source.name)
const scores = (r: SearchResponse<Source>) => r.hits.hits.map((h) => h._score)
const products = (store: StoreCode) => server.shop.catalog[store].products
const categoryId = (store: StoreCode, name: string) => {
  const found = server.shop.catalog[store].categories.find((c) => c.name === name)
  if (!found) throw new Error(`no category "${name}" in ${store}`)
  return found.id
}

describe('stemming in the store view language', () => {
  it('nl: fietsen finds the products named …fiets…, though no name holds the word fietsen', async () => {
    const named = products('nl').filter((p) => /fiets/i.test(p.name))
    expect(named.length).toBeGreaterThan(10)
    const r = await search('nl', { _searchText: 'fietsen' }, 'size=200')
    const found = new Set(names(r))
    expect(named.filter((p) => !found.has(p.name))).toEqual([])
    expect(
      names(r)
        .slice(0, 10)
        .every((n) => /fiets/i.test(n)),
    ).toBe(true)
    expect(names(r).some((n) => /\bfietsen\b/i.test(n))).toBe(false)
  })

  it('fr: vestes finds the products named Veste…, ranked first', async () => {
    const vestes = products('fr').filter((p) => /^Veste\b/.test(p.name))
    expect(vestes.length).toBeGreaterThan(3)
    const r = await search('fr', { _searchText: 'vestes' }, `size=${vestes.length}`)
    expect(names(r).every((n) => /^Veste\b/.test(n))).toBe(true)
    expect(r.hits.total.value).toBeGreaterThanOrEqual(vestes.length)
  })

  it('en: jackets finds the products named …jacket first, then the rest of the Jackets & coats category', async () => {
    const jackets = products('en').filter((p) => /\bjacket\b/i.test(p.name))
    const r = await search('en', { _searchText: 'jackets' }, 'size=200')
    const top = names(r).slice(0, jackets.length)
    expect(new Set(top)).toEqual(new Set(jackets.map((p) => p.name)))
    const category = categoryId('en', 'Jackets & coats')
    expect(r.hits.hits.slice(jackets.length).every((h) => h._source.category_ids.includes(category))).toBe(true)
    // the same word means nothing to the Dutch shop, whose jackets are "jassen"
    expect((await search('nl', { _searchText: 'jackets' })).hits.total.value).toBe(0)
  })

  it('ignores accents: velo and vélo find the same Vélo… products', async () => {
    const plain = await search('fr', { _searchText: 'velo' }, 'size=200')
    const accented = await search('fr', { _searchText: 'vélo' }, 'size=200')
    expect(plain.hits.total.value).toBeGreaterThan(10)
    expect(
      names(plain)
        .slice(0, 5)
        .every((n) => /vélo/i.test(n)),
    ).toBe(true)
    expect(names(plain).sort()).toEqual(names(accented).sort())
  })
})

describe('typo tolerance', () => {
  it('en: jaket finds the jackets', async () => {
    const r = await search('en', { _searchText: 'jaket' })
    expect(r.hits.total.value).toBeGreaterThan(3)
    expect(
      names(r)
        .slice(0, 5)
        .every((n) => /jacket/i.test(n)),
    ).toBe(true)
  })

  it('nl: fiest finds names starting with Fiets…', async () => {
    const r = await search('nl', { _searchText: 'fiest' })
    expect(r.hits.total.value).toBeGreaterThan(3)
    expect(
      names(r)
        .slice(0, 5)
        .every((n) => /\bfiets/i.test(n)),
    ).toBe(true)
  })
})

describe('scores, minimum score and order', () => {
  it('a nonsense query finds nothing', async () => {
    for (const text of ['xqzvwk', 'zzzzzz qqqq']) {
      const r = await search('en', { _searchText: text, _availableFilters: [{ field: 'price', scope: 'catalog' }] })
      expect(r.hits.total.value, text).toBe(0)
      expect(r.hits.hits).toEqual([])
      expect((r.aggregations!.agg_range_price!.buckets as RangeBucket[]).every((b) => b.doc_count === 0)).toBe(true)
    }
  })

  it('drops hits below the minimum score: a query of only an exclusion matches everything with score 0', async () => {
    const r = await search('en', { _searchText: '-jacket' })
    expect(r.hits.total.value).toBe(0)
    // while a real word next to the exclusion still finds, and a typo'd one too, without the excluded
    for (const text of ['jacket -softshell', 'jaket -softshell']) {
      const r2 = await search('en', { _searchText: text }, 'size=200')
      expect(
        names(r2).some((n) => /jacket/i.test(n)),
        text,
      ).toBe(true)
      expect(
        names(r2).some((n) => /softshell/i.test(n)),
        text,
      ).toBe(false)
    }
  })

  it('scores lie between the minimum score and 1, best first by default', async () => {
    for (const [store, text] of [
      ['nl', 'fietsen'],
      ['fr', 'velo'],
      ['en', 'jaket'],
    ] as const) {
      const s = scores(await search(store, { _searchText: text }, 'size=100'))
      expect(s.length, text).toBeGreaterThan(0)
      expect(Math.min(...s), text).toBeGreaterThanOrEqual(CATALOG_LIMITS.minScore)
      expect(Math.max(...s), text).toBeLessThanOrEqual(1)
      expect(s, text).toEqual([...s].sort((a, b) => b - a))
    }
  })

  it('sorts only when asked', async () => {
    const r = await search('fr', { _searchText: 'velo' }, 'size=100&sort=final_price:asc')
    const prices = r.hits.hits.map((h) => h._source.final_price_incl_tax)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    // relevance order differs from price order here, so the sort really was applied
    expect(scores(r)).not.toEqual([...scores(r)].sort((a, b) => b - a))
    // and relevance can be asked for by name, either way
    const worstFirst = scores(await search('fr', { _searchText: 'velo' }, 'size=100&sort=_score:asc'))
    expect(worstFirst).toEqual([...worstFirst].sort((a, b) => a - b))
    expect(worstFirst[0]).toBeLessThan(worstFirst[worstFirst.length - 1]!)
  })
})

describe('facets, filters and paging with text', () => {
  it('counts facets over the hits only', async () => {
    const all = await search(
      'en',
      {
        _searchText: 'jackets',
        _availableFilters: [
          { field: 'price', scope: 'catalog' },
          { field: 'color', scope: 'catalog' },
        ],
      },
      'size=200',
    )
    const hits = all.hits.hits.map((h) => h._source)
    const price = all.aggregations!.agg_range_price!.buckets as RangeBucket[]
    expect(price.reduce((n, b) => n + b.doc_count, 0)).toBe(all.hits.total.value)
    for (const b of price) {
      const expected = hits.filter((p) => p.final_price_incl_tax >= b.from! && (b.to === undefined || p.final_price_incl_tax < b.to)).length
      expect(b.doc_count, b.key).toBe(expected)
    }
    const colours = new Map<number, number>()
    for (const p of hits) for (const c of new Set((p.color_options as number[] | undefined) ?? [])) colours.set(c, (colours.get(c) ?? 0) + 1)
    const buckets = all.aggregations!.agg_terms_color_options!.buckets as TermsBucket[]
    expect(buckets.length).toBeGreaterThan(0)
    for (const b of buckets) expect(b.doc_count, String(b.key)).toBe(colours.get(Number(b.key)))
    // the whole catalogue has many more products in those price ranges
    const everything = await search('en', { _availableFilters: [{ field: 'price', scope: 'catalog' }] }, 'size=1')
    const catalogueCount = (everything.aggregations!.agg_range_price!.buckets as RangeBucket[]).reduce((n, b) => n + b.doc_count, 0)
    expect(catalogueCount).toBeGreaterThan(all.hits.total.value)
  })

  it('combines filters with the text', async () => {
    const accessories = categoryId('fr', 'Accessoires vélo')
    const text = await search('fr', { _searchText: 'velo' }, 'size=200')
    const filtered = await search(
      'fr',
      {
        _searchText: 'velo',
        _appliedFilters: [{ attribute: 'category_ids', value: { in: [accessories] }, scope: 'default' }],
      },
      'size=200',
    )
    expect(filtered.hits.total.value).toBeGreaterThan(0)
    expect(filtered.hits.total.value).toBeLessThan(text.hits.total.value)
    expect(filtered.hits.hits.every((h) => h._source.category_ids.includes(accessories))).toBe(true)
    const expected = text.hits.hits.filter((h) => h._source.category_ids.includes(accessories)).map((h) => h._id)
    expect(filtered.hits.hits.map((h) => h._id).sort()).toEqual(expected.sort())

    const cheap = await search('fr', { _searchText: 'velo', _appliedFilters: [{ attribute: 'price', value: { lte: 50 }, scope: 'catalog' }] }, 'size=200')
    expect(cheap.hits.total.value).toBeGreaterThan(0)
    expect(cheap.hits.total.value).toBeLessThan(text.hits.total.value)
    expect(cheap.hits.hits.every((h) => h._source.final_price_incl_tax <= 50)).toBe(true)
  })

  it('size ≤ 0 or none gives 50 hits, a negative from starts at 0, from pages through relevance order', async () => {
    const big = await search('fr', { _searchText: 'velo' }, 'size=200')
    expect(big.hits.total.value).toBeGreaterThan(CATALOG_LIMITS.defaultSize)
    for (const qs of ['', 'size=0', 'size=-3']) {
      const r = await search('fr', { _searchText: 'velo' }, qs)
      expect(r.hits.hits.length, qs).toBe(CATALOG_LIMITS.defaultSize)
      expect(r.hits.total.value, qs).toBe(big.hits.total.value)
    }
    const negative = await search('fr', { _searchText: 'velo' }, 'size=5&from=-7')
    expect(negative.hits.hits.map((h) => h._id)).toEqual(big.hits.hits.slice(0, 5).map((h) => h._id))
    const second = await search('fr', { _searchText: 'velo' }, 'size=5&from=5')
    expect(second.hits.hits.map((h) => h._id)).toEqual(big.hits.hits.slice(5, 10).map((h) => h._id))
  })
})
