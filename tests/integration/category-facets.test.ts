/**
 * A category listing's counts from the category's facet rows in memory (storage/category-facets)
 * are the SQL count's, on real storage: every category of a generated shop, unfiltered and
 * with each of its colours, sizes, a colour and a size together, a price range and a visibility.
 * And the service counts a category's next filters from those rows once the first listing read them.
 */
import { describe, expect, it } from 'vitest'
import { categoryCountOf, countCategoryRows, matchingRows, orderByPrice } from '../../server/storage/category-facets'
import type { CatalogQuery, FieldCondition, KnownCounts } from '../../server/storage/catalog-query'
import { importShop } from '../../server/services/catalog-import'
import { startGeneratedShopServer, useTestServer } from './helpers'

const server = useTestServer(() => startGeneratedShopServer(400))
const BUDGET = 10_000
const FACETS = ['color', 'color_options', 'size', 'size_options', 'manufacturer']
const PRICES = [{ from: 0, to: 50 }, { from: 50, to: 100 }, { from: 100 }]

function listing(categoryId: number, more: FieldCondition[] = [], facetFields = FACETS): CatalogQuery {
  return {
    entity: 'product',
    storeCode: 'en',
    conditions: [
      { kind: 'in', fields: ['visibility'], values: [2, 3, 4], negate: false },
      { kind: 'in', fields: ['status'], values: [0, 1], negate: false },
      { kind: 'in', fields: ['category_ids'], values: [categoryId], negate: false },
      ...more,
    ],
    sort: [{ field: 'final_price_incl_tax', dir: 'asc' }],
    positionCategoryIds: [categoryId],
    from: 0,
    size: 18,
    facetFields,
    priceRanges: PRICES,
  }
}

const inField = (fields: string[], values: (string | number)[]): FieldCondition => ({ kind: 'in', fields, values, negate: false })

/** Counts as plain data: maps as entries sorted by value. */
function plain(counts: KnownCounts) {
  return {
    total: counts.total,
    priceRanges: counts.facets.priceRanges,
    terms: Object.fromEntries(
      Object.entries(counts.facets.terms).map(([f, m]) => [f, [...m.entries()].sort((a, b) => String(a[0]).localeCompare(String(b[0])))]),
    ),
  }
}

async function categoryIds(): Promise<number[]> {
  const found = await server.storage.catalogSearch.search(
    { entity: 'category', storeCode: 'en', conditions: [], sort: [], positionCategoryIds: [], from: 0, size: 500, facetFields: [], priceRanges: [] },
    BUDGET,
  )
  return found.hits.map((h) => Number(h.doc.id))
}

describe('category facet rows', () => {
  it('count and order every filter of every category as SQL does', async () => {
    let compared = 0
    let narrowed = 0
    for (const id of await categoryIds()) {
      const rows = (await server.storage.catalogSearch.categoryRows('en', id, BUDGET, 100_000))!
      // read in the listing index's order: orderByPrice walks them rather than sorting
      expect(rows.priceOrdered, `category ${id}`).toBe(true)
      const base = await server.storage.catalogSearch.search(listing(id), BUDGET)
      const colours = [...(base.facets.terms.color?.keys() ?? [])]
      const sizes = [...(base.facets.terms.size?.keys() ?? [])]
      const queries = [
        listing(id),
        listing(id, [], []),
        ...colours.map((c) => listing(id, [inField(['color', 'color_options'], [String(c)])])),
        ...sizes.slice(0, 3).map((s) => listing(id, [inField(['size'], [s])])),
        ...(colours[0] !== undefined && sizes[0] !== undefined ? [listing(id, [inField(['color'], [colours[0]]), inField(['size'], [sizes[0]])])] : []),
        listing(id, [{ kind: 'range', fields: ['price'], gte: 20, lt: 80 }]),
        listing(id, [inField(['visibility'], [4])]),
        listing(id, [inField(['color'], [999_999])]),
      ]
      for (const q of queries) {
        const plan = categoryCountOf(q)
        expect(plan, JSON.stringify(q.conditions)).not.toBeNull()
        const said = `category ${id}: ${JSON.stringify(q.conditions.slice(3))}`
        const sql = await server.storage.catalogSearch.search({ ...q, size: 0 }, BUDGET)
        const matching = matchingRows(rows, plan!)
        expect(plain(countCategoryRows(rows, matching, q)), said).toEqual(plain(sql))
        for (const dir of ['asc', 'desc'] as const) {
          const sqlOrder = await server.storage.catalogSearch.listingIds({ ...q, sort: [{ field: 'final_price_incl_tax', dir }] }, BUDGET)
          expect(Array.from(orderByPrice(rows, matching, dir)), `${said} ${dir}`).toEqual(Array.from(sqlOrder!))
          expect(Array.from(orderByPrice({ ...rows, priceOrdered: false }, matching, dir)), `${said} ${dir}, sorted`).toEqual(Array.from(sqlOrder!))
        }
        compared += 1
        if (sql.total > 0 && sql.total < base.total) narrowed += 1
      }
    }
    // the shop has categories with products, and filters that keep some of them
    expect(compared).toBeGreaterThan(40)
    expect(narrowed).toBeGreaterThan(10)
  })

  it('are not read for a category of more products than the limit', async () => {
    const ids = await categoryIds()
    const sizes = await Promise.all(ids.map(async (id) => ({ id, rows: await server.storage.catalogSearch.categoryRows('en', id, BUDGET, 100_000) })))
    const biggest = sizes.sort((a, b) => (b.rows?.count ?? 0) - (a.rows?.count ?? 0))[0]!
    const count = biggest.rows!.count
    expect(count).toBeGreaterThan(10)
    expect((await server.storage.catalogSearch.categoryRows('en', biggest.id, BUDGET, count))?.count).toBe(count)
    expect(await server.storage.catalogSearch.categoryRows('en', biggest.id, BUDGET, count - 1)).toBeNull()
  })

  it('are read piece by piece as in one read, ties in price included', async () => {
    let tied = 0
    for (const id of await categoryIds()) {
      const whole = (await server.storage.catalogSearch.categoryRows('en', id, BUDGET, 100_000))!
      const pieces = (await server.storage.catalogSearch.categoryRows('en', id, BUDGET, 100_000, 3))!
      expect(pieces.count).toBe(whole.count)
      expect(Array.from(pieces.id)).toEqual(Array.from(whole.id))
      expect(Array.from(pieces.price)).toEqual(Array.from(whole.price))
      for (let i = 1; i < whole.count; i++) if (whole.price[i] === whole.price[i - 1]) tied += 1
    }
    // equal prices across a piece's end are what the id in the key is for
    expect(tied).toBeGreaterThan(3)
  })

  it('leave listings they cannot count to SQL', () => {
    expect(categoryCountOf({ ...listing(3), text: { query: 'shirt', config: 'polder_english', minScore: 0.1 } })).toBeNull()
    expect(categoryCountOf(listing(3, [{ kind: 'in', fields: ['color'], values: [49], negate: true }]))).toBeNull()
    expect(categoryCountOf(listing(3, [inField(['sku'], ['PLD-00001'])]))).toBeNull()
    expect(categoryCountOf(listing(3, [inField(['category_ids'], [4])]))).toBeNull()
    expect(categoryCountOf(listing(3, [], ['color', 'stock.is_in_stock']))).toBeNull()
    expect(categoryCountOf(listing(3, [{ kind: 'range', fields: ['special_price'], gte: 1 }]))).toBeNull()
    expect(categoryCountOf(listing(3))).toMatchObject({ categoryId: 3 })
  })

  it('answer a category’s next filters from its rows, as SQL would', async () => {
    const catalog = server.storage.catalogSearch
    // a category with coloured products (this test's server has counted none of it yet)
    let category: number | undefined
    for (const id of await categoryIds()) {
      const base = await catalog.search(listing(id), BUDGET)
      if ((base.facets.terms.color?.size ?? 0) > 1) category = id
    }
    expect(category).toBeDefined()
    const reads: Promise<unknown>[] = []
    const asked: { q: CatalogQuery; known?: KnownCounts }[] = []
    const { categoryRows, search } = catalog
    catalog.categoryRows = (...args) => {
      const read = categoryRows(...args)
      reads.push(read)
      return read
    }
    catalog.search = (q, ms, known) => {
      asked.push({ q, known })
      return search(q, ms, known)
    }
    try {
      const body = (colour?: number) => ({
        _appliedFilters: [
          { attribute: 'visibility', value: { in: [2, 3, 4] }, scope: 'default' },
          { attribute: 'status', value: { in: [0, 1] }, scope: 'default' },
          { attribute: 'category_ids', value: { in: [category] }, scope: 'default' },
          ...(colour === undefined ? [] : [{ attribute: 'color', value: { in: [colour] }, scope: 'catalog' }]),
        ],
        _availableFilters: [
          { field: 'color', scope: 'catalog' },
          { field: 'size', scope: 'catalog' },
          { field: 'price', scope: 'catalog' },
        ],
        _appliedSort: [{ field: 'final_price', options: 'asc' }],
      })
      const ask = async (payload: object) => {
        const res = await server.app.inject({ method: 'POST', url: '/api/catalog/polder_en/product/_search?size=6&from=0', payload })
        expect(res.statusCode, res.body).toBe(200)
        return JSON.parse(res.body) as {
          hits: { total: { value: number }; hits: { _source: { id: number } }[] }
          aggregations: Record<string, { buckets: { key: number; doc_count: number }[] }>
        }
      }
      const first = await ask(body())
      // the first listing of the category is counted in SQL, and its rows are read beside it, once
      expect(asked.map((a) => a.known === undefined)).toEqual([true])
      expect(reads).toHaveLength(1)
      await Promise.all(reads)
      const colour = first.aggregations.agg_terms_color!.buckets[0]!.key
      const next = await ask(body(colour))
      // the next filter: counted and ordered from the rows, no search at all (only the page's documents by id)
      expect(asked).toHaveLength(1)
      expect(reads).toHaveLength(1)
      // and answered as SQL answers it
      const q = asked[0]!.q
      const filtered: CatalogQuery = { ...q, conditions: [...q.conditions, inField(['color', 'color_options'], [colour])], size: 6 }
      const sql = await search(filtered, BUDGET)
      expect(sql.total).toBeGreaterThan(0)
      expect(next.hits.total).toEqual(expect.objectContaining({ value: sql.total }))
      expect(next.hits.hits.map((h) => Number(h._source.id))).toEqual(sql.hits.map((h) => Number(h.doc.id)))
      const buckets = next.aggregations.agg_terms_color!.buckets
      expect(buckets.length).toBeGreaterThan(0)
      for (const b of buckets) expect(b.doc_count, `colour ${b.key}`).toBe(sql.facets.terms.color?.get(b.key))
      // another colour in position order (not one the rows keep): counted from the rows, and only the page asked of SQL
      const other = first.aggregations.agg_terms_color!.buckets[1]!.key
      const byPosition = await ask({ ...body(other), _appliedSort: [{ field: 'position', options: 'asc' }] })
      expect(asked).toHaveLength(2)
      expect(asked[1]!.known).toBeDefined()
      expect(plain(asked[1]!.known!)).toEqual(plain(await search({ ...asked[1]!.q, size: 0 }, BUDGET)))
      expect(byPosition.hits.hits.map((h) => Number(h._source.id))).toEqual(
        (await search({ ...asked[1]!.q, size: 6 }, BUDGET)).hits.map((h) => Number(h.doc.id)),
      )
      // a catalogue change drops the rows: the listing is counted anew (in SQL first), without the product taken out
      const shop = structuredClone(server.shop)
      const gone = shop.catalog.en.products.findIndex(
        (p) => p.type_id === 'simple' && (p.category_ids ?? []).includes(category!) && (p.color === colour || (p.color_options ?? []).includes(colour)),
      )
      expect(gone).toBeGreaterThanOrEqual(0)
      shop.catalog.en.products.splice(gone, 1)
      await importShop(server.storage, shop, new Date('2026-06-16T12:00:00Z'))
      const after = await ask(body(colour))
      expect(after.hits.total).toEqual(expect.objectContaining({ value: sql.total - 1 }))
    } finally {
      catalog.categoryRows = categoryRows
      catalog.search = search
    }
  })
})
