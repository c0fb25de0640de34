import { describe, expect, it } from 'vitest'
import type { AttributeDoc } from '../../workers/db/catalog-schemas'
import { generateLightProducts } from './worker-fixtures'
import { categoryWithDescendants, listProducts, prepareProduct, queryCategoryPage } from '../../workers/catalog/category-query'
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
})
