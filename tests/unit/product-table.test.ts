/**
 * The product table (workers/catalog/product-table): the listing's values of each product column by
 * column. A category read lists rows of the mirror's one table; anything else lists a table of its
 * own candidates. Both must say what the products say.
 */
import { describe, expect, it } from 'vitest'
import { categoryCandidates, categoryRowsPage, prepareProduct, queryCategoryPage } from '../../workers/catalog/category-query'
import { currentPriceCents } from '../../workers/db/product-views'
import { allRows, listableRows, rowPosition, rowPriceCents, tableOf } from '../../workers/catalog/product-table'
import { OPTION_FILTER_CODES } from '../../domain/filters'
import type { CategoryPageQuery } from '../../workers/contract/views'
import { generateLightProducts } from './worker-fixtures'

const NOW = Date.parse('2026-11-22T12:00:00Z')
const products = generateLightProducts(400).map(prepareProduct)

describe('the product table', () => {
  const table = tableOf(products)

  it("holds each product's listing values in its row", () => {
    products.forEach((product, row) => {
      expect(table.products[row]).toBe(product)
      expect(table.listable[row] === 1).toBe(product.listable)
      expect(table.inStock[row] === 1).toBe(product.inStock)
      expect(rowPriceCents(table, row, NOW)).toBe(currentPriceCents(product.doc, NOW))
      expect(table.productId[row]).toBe(product.doc.product_id)
      expect(table.soldQty[row]).toBe(product.doc.sold_qty ?? 0)
      OPTION_FILTER_CODES.forEach((code, c) => {
        const { start, values } = table.options[c]!
        expect(Array.from(values.subarray(start[row]!, start[row + 1]!)), `${code} of row ${row}`).toEqual([...product.options[code]])
      })
      for (let i = 0; i < product.positions.length; i += 2) expect(rowPosition(table, row, product.positions[i]!)).toBe(product.positions[i + 1])
      expect(rowPosition(table, row, 999)).toBe(Number.MAX_SAFE_INTEGER)
    })
  })

  it('lists a category from rows of one big table as from a table of its own candidates', () => {
    const attributes = new Map()
    const queries: Pick<CategoryPageQuery, 'filters' | 'sort'>[] = [
      { filters: {}, sort: 'position' },
      { filters: { color: ['50'] }, sort: 'price_asc' },
      { filters: { size: ['166', '167'], price: ['50-100'] }, sort: 'price_desc' },
      { filters: { color: ['49', '51'] }, sort: 'most_popular' },
    ]
    for (const categoryId of [10, 12, 21]) {
      const categoryIds = new Set([categoryId])
      const rows = Int32Array.from(products.flatMap((p, row) => (p.categories.has(categoryId) ? [row] : [])))
      // not an empty comparison: the category lists its listable products
      expect(categoryRowsPage(table, listableRows(table, rows, true), { categoryId, size: 18, ...queries[0]! }, { attributes, now: NOW }).total).toBe(
        categoryCandidates(products, { categoryIds }).length,
      )
      for (const q of queries) {
        const query = { categoryId, size: 18, ...q }
        const fromRows = categoryRowsPage(table, listableRows(table, rows, true), query, { attributes, now: NOW })
        const fromCandidates = queryCategoryPage(products, query, { categoryIds, attributes, now: NOW })
        expect(fromRows, `category ${categoryId} ${JSON.stringify(q)}`).toEqual(fromCandidates)
      }
    }
  })

  it('is empty for no products', () => {
    const empty = tableOf([])
    expect(allRows(empty)).toHaveLength(0)
    expect(categoryRowsPage(empty, allRows(empty), { categoryId: 2, filters: {}, sort: 'position', size: 18 }, { attributes: new Map(), now: NOW })).toEqual({
      items: [],
      total: 0,
      facets: [],
      priceRange: null,
    })
  })
})
