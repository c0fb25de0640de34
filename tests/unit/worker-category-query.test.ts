import { describe, expect, it } from 'vitest'
import type { AttributeDoc } from '../../workers/db/catalog-schemas'
import { generateLightProducts } from './worker-fixtures'
import { categoryWithDescendants, listProducts, prepareProduct, queryCategoryPage } from '../../workers/catalog/category-query'
import { rowPriceCents, tableOf } from '../../workers/catalog/product-table'
import { currentPriceCents } from '../../workers/db/product-views'
import type { CategoryPageQuery } from '../../workers/contract/views'

const NOW = Date.parse('2026-11-22T12:00:00Z')

const categories = [
  { category_id: 2, path: '1/2' },
  { category_id: 10, path: '1/2/10' },
  { category_id: 11, path: '1/2/10/11' },
  { category_id: 12, path: '1/2/12' },
  { category_id: 20, path: '1/2/20' },
]

const colorAttribute: AttributeDoc = {
  id: '93',
  attribute_id: 93,
  attribute_code: 'color',
  frontend_label: 'Color',
  options: [
    { value: '49', label: 'Black' },
    { value: '50', label: 'Red' },
    { value: '51', label: 'Blue' },
    { value: '52', label: 'White' },
    { value: '53', label: 'Green' },
    { value: '54', label: 'Yellow' },
  ],
  updated_at: '2026-01-01',
}
const attributes = new Map([['color', colorAttribute]])

function run(count: number, query: CategoryPageQuery) {
  const products = generateLightProducts(count).map(prepareProduct)
  return { products, page: queryCategoryPage(products, query, { categoryIds: categoryWithDescendants(categories, query.categoryId), attributes, now: NOW }) }
}

describe('category query', () => {
  it('finds the category and its descendants, listable only', () => {
    expect([...categoryWithDescendants(categories, 10)].sort()).toEqual([10, 11])
    const { products, page } = run(200, { categoryId: 10, filters: {}, sort: 'position', size: 18 })
    const expected = products.filter((p) => p.listable && (p.categories.has(10) || p.categories.has(11))).length
    expect(page.total).toBe(expected)
    expect(page.items).toHaveLength(18)
    // position: ascending position inside category 10
    const positions = page.items.map((item) => products.find((p) => p.doc.sku === item.sku)!.doc.category_positions?.['10'])
    expect([...positions].sort((a, b) => a! - b!)).toEqual(positions)
  })

  it('filters by colour on own value or *_options, by price range, and sorts by price', () => {
    const { page } = run(400, { categoryId: 2, filters: { color: ['50'], price: ['0-50', '150-'] }, sort: 'price_asc', size: 500 })
    expect(page.total).toBeGreaterThan(0)
    for (const item of page.items) {
      expect(item.color_options).toContain(50)
      const euros = item.final_price_incl_tax / 100
      expect(euros < 50 || euros >= 150).toBe(true)
    }
    const prices = page.items.map((i) => i.final_price_incl_tax)
    expect([...prices].sort((a, b) => a - b)).toEqual(prices)
  })

  it('applies a special price inside its window and reports facets with labels', () => {
    const { page } = run(100, { categoryId: 2, filters: {}, sort: 'most_popular', size: 100 })
    const special = page.items.find((i) => i.sku === 'SKU-10')!
    expect(special.final_price_incl_tax).toBeLessThan(special.original_price_incl_tax)
    const sold = page.items.map((i) => i.sold_qty)
    expect([...sold].sort((a, b) => b - a)).toEqual(sold)
    const color = page.facets.find((f) => f.attribute_code === 'color')!
    expect(color.label).toBe('Color')
    expect(color.options.find((o) => o.id === '50')?.label).toBe('Red')
    const price = page.facets.find((f) => f.attribute_code === 'price')!
    expect(price.options.map((o) => o.id)).toEqual(['0-50', '50-100', '100-150', '150-'])
    expect(price.options.reduce((n, o) => n + o.count, 0)).toBe(page.total)
  })

  it('facet counts are disjunctive: choosing a colour keeps the other colours counted', () => {
    const { page } = run(300, { categoryId: 2, filters: { color: ['50'] }, sort: 'position', size: 18 })
    const color = page.facets.find((f) => f.attribute_code === 'color')!
    expect(color.options.length).toBeGreaterThan(1)
    expect(color.options.find((o) => o.id === '50')!.count).toBe(page.total)
  })

  it.each([2000, 10000])('measures the query at %i products', (count) => {
    const products = generateLightProducts(count).map(prepareProduct)
    const categoryIds = categoryWithDescendants(categories, 2)
    const queries: CategoryPageQuery[] = [
      { categoryId: 2, filters: {}, sort: 'position', size: 18 },
      { categoryId: 2, filters: { color: ['50', '51'], price: ['50-100'] }, sort: 'price_desc', size: 36 },
      { categoryId: 10, filters: { size: ['167'] }, sort: 'most_popular', size: 72 },
    ]
    const timings: number[] = []
    for (let round = 0; round < 5; round++) {
      for (const query of queries) {
        const started = performance.now()
        queryCategoryPage(products, query, { categoryIds, attributes, now: NOW })
        timings.push(performance.now() - started)
      }
    }
    timings.sort((a, b) => a - b)
    const median = timings[Math.floor(timings.length / 2)]!
    const worst = timings[timings.length - 1]!
    console.log(`category query at ${count} products: median ${median.toFixed(1)} ms, worst ${worst.toFixed(1)} ms`)
    expect(median).toBeLessThan(200)
  })

  it('picks the first page of a large list out as a whole sort would order it, for every sort, page and "load more"', () => {
    const products = generateLightProducts(3000).map(prepareProduct)
    const listed = products.filter((p) => p.listable)
    const key = {
      position: (p: (typeof listed)[number]) => p.doc.category_positions?.['2'] ?? Number.MAX_SAFE_INTEGER,
      price_asc: (p: (typeof listed)[number]) => currentPriceCents(p.doc, NOW),
      price_desc: (p: (typeof listed)[number]) => -currentPriceCents(p.doc, NOW),
      most_popular: (p: (typeof listed)[number]) => -(p.doc.sold_qty ?? 0),
    }
    for (const sort of ['position', 'price_asc', 'price_desc', 'most_popular'] as const) {
      const whole = [...listed].sort((a, b) => key[sort](a) - key[sort](b) || a.doc.product_id - b.doc.product_id).map((p) => p.doc.sku)
      for (const [from, size] of [
        [0, 1],
        [0, 18],
        [18, 18],
        [180, 36],
        [0, 300],
        [2990, 18],
      ] as const) {
        const page = listProducts(listed, { filters: {}, sort, from, size, positionIn: 2 }, { attributes, now: NOW })
        expect(
          page.items.map((i) => i.sku),
          `${sort} ${from}+${size}`,
        ).toEqual(whole.slice(from, from + size))
      }
    }
  })

  it('counts every facet as a count over the products would, with several filters on and option ids of any size', () => {
    // some colours with large ids (beyond the typed array that counts the usual small ones)
    const docs = generateLightProducts(1200).map((doc, i) =>
      i % 3 === 0
        ? { ...doc, color: 70_000 + (i % 4), color_options: [] }
        : i % 7 === 0
          ? { ...doc, color_options: [...(doc.color_options ?? []), 5000] }
          : doc,
    )
    const products = docs.map(prepareProduct).filter((p) => p.listable)
    const filters = { color: ['50', '70001', '5000'], size: ['167'], price: ['50-100', '150-'] }
    const page = listProducts(products, { filters, sort: 'position', size: 18, positionIn: 2 }, { attributes, now: NOW })

    const price = (p: (typeof products)[number]) => currentPriceCents(p.doc, NOW)
    const inPrice = (cents: number) => (cents >= 5000 && cents < 10000) || cents >= 15000
    const has = (p: (typeof products)[number], code: 'color' | 'size', ids: string[]) => p.options[code].some((id) => ids.includes(String(id)))
    const passes = (p: (typeof products)[number], skip: 'color' | 'size' | 'price' | null) =>
      (skip === 'color' || has(p, 'color', filters.color)) && (skip === 'size' || has(p, 'size', filters.size)) && (skip === 'price' || inPrice(price(p)))
    expect(page.total).toBe(products.filter((p) => passes(p, null)).length)
    expect(page.total).toBeGreaterThan(0)
    for (const code of ['color', 'size'] as const) {
      const expected = new Map<string, number>()
      for (const p of products.filter((p) => passes(p, code))) for (const id of p.options[code]) expected.set(String(id), (expected.get(String(id)) ?? 0) + 1)
      const facet = page.facets.find((f) => f.attribute_code === code)!
      expect(new Map(facet.options.map((o) => [o.id, o.count])), code).toEqual(expected)
    }
    expect(page.facets.find((f) => f.attribute_code === 'color')!.options.some((o) => Number(o.id) >= 5000)).toBe(true)
    const buckets = [
      [0, 5000],
      [5000, 10000],
      [10000, 15000],
      [15000, Infinity],
    ]
    const priced = products.filter((p) => passes(p, 'price')).map(price)
    expect(page.facets.find((f) => f.attribute_code === 'price')!.options.map((o) => o.count)).toEqual(
      buckets.map(([from, to]) => priced.filter((c) => c >= from! && c < to!).length),
    )
  })

  it("reads a product table row's price as currentPriceCents reads its document, at and around the special price window", () => {
    const base = generateLightProducts(10)[9]!
    const windows = [
      { special_from_date: '2026-11-01T00:00:00Z', special_to_date: '2026-11-30T23:59:59Z' },
      { special_from_date: '2026-12-01T00:00:00Z', special_to_date: null },
      { special_from_date: null, special_to_date: '2026-11-22T12:00:00Z' },
      { special_from_date: null, special_to_date: null },
    ]
    for (const window of windows) {
      for (const special of [null, base.original_price_incl_tax - 100, base.original_price_incl_tax, base.original_price_incl_tax + 100]) {
        const doc = { ...base, ...window, special_price_incl_tax: special }
        for (const now of [
          Date.parse('2026-10-31T23:59:59Z'),
          Date.parse('2026-11-01T00:00:00Z'),
          NOW,
          Date.parse('2026-11-22T12:00:01Z'),
          Date.parse('2026-12-01T00:00:00Z'),
        ]) {
          expect(rowPriceCents(tableOf([prepareProduct(doc)]), 0, now), `${JSON.stringify(window)} ${special} ${now}`).toBe(currentPriceCents(doc, now))
        }
      }
    }
  })

  it('keeps of a kiosk document only its light fields and the plain values an attribute filter matches that the light fields lack', () => {
    const docs = generateLightProducts(40).map((doc, i) => ({
      ...doc,
      manufacturer: null,
      full: {
        sku: doc.sku,
        manufacturer: 7,
        material: i % 2 === 0 ? 12 : 13,
        description: 'A long text about the product. '.repeat(20),
        configurable_children: [{ sku: `${doc.sku}-child`, color: 49 }],
      },
    }))
    const products = docs.map(prepareProduct)
    // the mirror holds no full document (children, gallery, description): a product page reads it from storage
    expect(products[0]!.doc).not.toHaveProperty('full')
    // the sku is the light document's own; the brand it lacks (null) is kept from the full one
    expect(products[0]!.filterValues).toEqual({ manufacturer: 7, material: 12 })
    const listed = products.filter((p) => p.listable)
    const page = listProducts(listed, { filters: { material: ['12'] }, sort: 'position', size: 100, positionIn: 2 }, { attributes, now: NOW })
    expect(page.total).toBe(listed.filter((p) => p.filterValues?.material === 12).length)
    expect(page.total).toBeGreaterThan(0)
    expect(page.items.every((item) => Number(item.sku.slice(4)) % 2 === 1)).toBe(true)
  })
})
