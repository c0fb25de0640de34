/**
 * `_source_include` / `_source_exclude` as a Vue Storefront 1.12 front end sends them, wildcards
 * and all, on the real server: a category page's product list, the category menu, and the same
 * fields answered by the database's pick of top-level fields and by the walk of whole documents.
 */
import { describe, expect, it } from 'vitest'
import type { SearchQuery, SearchResponse } from '../../domain/api/catalog.schema'
import { filterSource, parseFieldList } from '../../server/services/source-filter'
import { CATEGORY_FIELDS, PRODUCT_LIST_FIELDS } from '../fixtures/vsf1/config'
import { CLOTHING, FOOD, SOCK_COUNT, SOCKS } from './fixtures'
import { json, useTestServer } from './helpers'

const server = useTestServer()

type Json = Record<string, unknown>

const fieldsQuery = (include: readonly string[], exclude: readonly string[] = []) =>
  `_source_include=${encodeURIComponent(include.join(','))}${exclude.length > 0 ? `&_source_exclude=${encodeURIComponent(exclude.join(','))}` : ''}`

/** A GET as VSF1 sends it: the query as `request=`, the field lists in the query string. */
async function get(type: string, query: Partial<SearchQuery>, qs: string): Promise<SearchResponse> {
  const request = encodeURIComponent(JSON.stringify(query))
  const res = await server.app.inject({ method: 'GET', url: `/api/catalog/polder_en/${type}/_search?request=${request}&${qs}` })
  expect(res.statusCode, res.body).toBe(200)
  return json<SearchResponse>(res)
}

const inCategory = (id: number) => ({ attribute: 'category_ids', value: { in: [id] }, scope: 'default' as const })
const sources = (r: SearchResponse) => r.hits.hits.map((h) => h._source as Json)

describe("Vue Storefront 1's default field lists", () => {
  it("a category page's product list answers with skus and images, children cut, the excluded fields gone", async () => {
    const listed = await get(
      'product',
      { _appliedFilters: [inCategory(CLOTHING)] },
      `sort=id:asc&size=10&${fieldsQuery(PRODUCT_LIST_FIELDS.include, PRODUCT_LIST_FIELDS.exclude)}`,
    )
    const whole = await get('product', { _appliedFilters: [inCategory(CLOTHING)] }, 'sort=id:asc&size=10')
    expect(listed.hits.hits.map((h) => h._id)).toEqual(whole.hits.hits.map((h) => h._id))
    expect(listed.hits.hits.length).toBe(4)
    for (const source of sources(listed)) {
      // `*sku` and `*image`; a listing field; never the excluded or unlisted ones
      expect(typeof source.sku).toBe('string')
      expect(typeof source.image).toBe('string')
      expect(source).toHaveProperty('final_price')
      for (const field of ['description', 'media_gallery', 'configurable_options', 'stock', 'category', 'slug', 'visibility', 'updated_at']) {
        expect(source, `${String(source.sku)}: ${field}`).not.toHaveProperty(field)
      }
    }
    const tee = sources(listed).find((s) => s.sku === 'TEE')!
    const children = tee.configurable_children as Json[]
    expect(children.map((c) => c.sku)).toEqual(['TEE-RED-S', 'TEE-RED-M', 'TEE-BLUE-S', 'TEE-BLUE-M'])
    for (const c of children) {
      expect(
        Object.keys(c).every((k) =>
          [
            'id',
            'sku',
            'price',
            'final_price',
            'color',
            'size',
            'special_price',
            'price_incl_tax',
            'original_price',
            'original_price_incl_tax',
            'special_price_incl_tax',
            'final_price_incl_tax',
            'tier_prices',
            'image',
            'small_image',
          ].includes(k),
        ),
        Object.keys(c).join(),
      ).toBe(true)
      expect(c).not.toHaveProperty('stock')
      expect(c).not.toHaveProperty('name')
    }
    // the document the listing is cut from, as Elasticsearch cuts it
    const include = parseFieldList(PRODUCT_LIST_FIELDS.include.join(','), 'i')
    const exclude = parseFieldList(PRODUCT_LIST_FIELDS.exclude.join(','), 'e')
    expect(sources(listed)).toEqual(sources(whole).map((doc) => filterSource(doc, include, exclude)))
  })

  it("the category menu's list answers each category's listed fields and ids, nothing else", async () => {
    const menu = await get('category', {}, `size=50&${fieldsQuery(CATEGORY_FIELDS.include, CATEGORY_FIELDS.exclude)}`)
    expect(menu.hits.hits.length).toBe(4)
    // the tree under each category, as an indexer writes it: `*.id` keeps its children's ids
    const root = sources(menu).find((s) => s.id === 2)
    expect((root?.children_data as Json[] | undefined)?.map((c) => c.id)).toEqual([CLOTHING, FOOD, SOCKS])
    for (const { children_data, ...source } of sources(menu)) {
      if (source.id !== 2) expect(children_data ?? []).toEqual([])
      expect(Object.keys(source).sort()).toEqual([
        'children_count',
        'id',
        'is_active',
        'level',
        'name',
        'parent_id',
        'path',
        'position',
        'product_count',
        'url_key',
        'url_path',
      ])
    }
    // `*.id` reaches ids inside the documents' arrays: a configurable's children
    const ids = await get(
      'product',
      { _appliedFilters: [{ attribute: 'sku', value: 'TEE', scope: 'default' }] },
      fieldsQuery(['id', '*.children_data.id', '*.id']),
    )
    expect(sources(ids)).toEqual([{ id: 100, configurable_children: [{ id: 101 }, { id: 102 }, { id: 103 }, { id: 104 }] }])
  })
})

describe('top-level fields picked in the database answer what the walk of whole documents answers', () => {
  const listing = { _appliedFilters: [inCategory(SOCKS)] }

  it.each([
    ['plain names', ['sku', 'name', 'price', 'color']],
    ['light and heavy fields', ['sku', 'description', 'category', 'stock']],
    ['a name no product has', ['sku', 'no_such_field']],
  ])('%s', async (_, fields) => {
    for (const page of ['sort=id:asc&size=3&from=0', 'sort=id:asc&size=3&from=3', 'sort=price:desc&size=10']) {
      // an exclusion nothing matches sends the request down the walk of whole documents
      const slow = await get('product', listing, `${page}&${fieldsQuery(fields, ['no_such_field_either'])}`)
      const fast = await get('product', listing, `${page}&${fieldsQuery(fields)}`)
      expect(fast.hits.hits.length).toBeGreaterThan(0)
      expect(fast.hits.hits).toEqual(slow.hits.hits)
      for (const source of sources(fast)) expect(Object.keys(source).every((k) => fields.includes(k))).toBe(true)
    }
  })

  it('a wildcard list is walked and carries what it matches: `*sku` the sku of every product', async () => {
    const r = await get('product', listing, `sort=id:asc&size=10&${fieldsQuery(['*sku', 'na*'])}`)
    expect(r.hits.hits.length).toBe(SOCK_COUNT)
    expect(sources(r)).toEqual(Array.from({ length: SOCK_COUNT }, (_, i) => ({ sku: `SOCK-${i}`, name: `Wool socks ${i}` })))
  })
})
