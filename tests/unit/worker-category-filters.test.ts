/**
 * Listing rules of spec §5 and §9 in workers/catalog/category-query beyond the basics of
 * worker-category-query.test.ts: brand and "Erin recommends" facets, eol and out-of-stock listing,
 * the category's price range (min floored, max ceiled) and the fixed price buckets.
 */
import { describe, expect, it } from 'vitest'
import { categoryCandidates, listProducts, prepareProduct, queryCategoryPage } from '../../workers/catalog/category-query'
import { allRows, listableRows, tableOf } from '../../workers/catalog/product-table'
import { attributes, categoryIds, NOW, product, query } from './listing-fixtures'

describe('listing filters (spec §5)', () => {
  const docs = [
    product(1, { price_incl_tax: 12.4, final_price_incl_tax: 12.4, original_price_incl_tax: 12.4 }),
    product(2, { manufacturer: 211, erin_recommends: 1, color: 50, price_incl_tax: 60, final_price_incl_tax: 60, original_price_incl_tax: 60 }),
    product(3, { manufacturer: 212, erin_recommends: 1, price_incl_tax: 149.01, final_price_incl_tax: 149.01, original_price_incl_tax: 149.01 }),
    product(4, { manufacturer: 211, stock: { is_in_stock: false } }),
    product(5, { eol: 1 }),
    product(6, { visibility: 1 }),
    product(7, { status: 2 }),
    product(8, { status: 0, visibility: 2, manufacturer: 211 }),
  ].map(prepareProduct)

  it('lists visibility 2/3/4, status 0/1 and eol 0 only', () => {
    const page = queryCategoryPage(docs, query(), { categoryIds, attributes, now: NOW })
    expect(page.items.map((i) => i.sku).sort()).toEqual(['SKU-1', 'SKU-2', 'SKU-3', 'SKU-4', 'SKU-8'])
  })

  it('leaves out-of-stock products out only when out-of-stock listing is off', () => {
    expect(categoryCandidates(docs, { categoryIds, listOutOfStock: true }).map((p) => p.doc.sku)).toContain('SKU-4')
    expect(categoryCandidates(docs, { categoryIds, listOutOfStock: false }).map((p) => p.doc.sku)).not.toContain('SKU-4')
    // a category's own rows (the mirror's index): the same rules, without the category test
    const table = tableOf(docs)
    const skus = (rows: Int32Array) => Array.from(rows, (row) => table.products[row]!.doc.sku)
    expect(skus(listableRows(table, allRows(table), true))).toEqual(['SKU-1', 'SKU-2', 'SKU-3', 'SKU-4', 'SKU-8'])
    expect(skus(listableRows(table, allRows(table), false))).toEqual(['SKU-1', 'SKU-2', 'SKU-3', 'SKU-8'])
    expect(skus(listableRows(table, Int32Array.from([5, 3, 1]), true))).toEqual(['SKU-4', 'SKU-2'])
  })

  it('filters by brand and Erin recommends (in-lists) with disjunctive counts', () => {
    const page = queryCategoryPage(docs, query({ manufacturer: ['211', '212'] }), { categoryIds, attributes, now: NOW })
    expect(page.items.map((i) => i.sku).sort()).toEqual(['SKU-2', 'SKU-3', 'SKU-4', 'SKU-8'])
    const brands = page.facets.find((f) => f.attribute_code === 'manufacturer')!
    // the brand facet ignores the brand filter itself: Zuiderzee still shows its one product
    expect(brands.options.map((o) => [o.label, o.count])).toEqual([
      ['Zuiderzee', 1],
      ['atelier Noord', 3],
      ['Émile', 1],
    ])
    const recommended = queryCategoryPage(docs, query({ manufacturer: ['211', '212'], erin_recommends: ['1'] }), { categoryIds, attributes, now: NOW })
    expect(recommended.items.map((i) => i.sku).sort()).toEqual(['SKU-2', 'SKU-3'])
    const erinFacet = recommended.facets.find((f) => f.attribute_code === 'erin_recommends')!
    expect(erinFacet.options).toEqual([
      { id: '1', label: 'Yes', count: 2 },
      { id: '0', label: 'No', count: 2 },
    ])
  })

  it('keeps all four price buckets, even with no product in one, so a bucket can find none', () => {
    const page = queryCategoryPage(docs, query({ color: ['50'] }), { categoryIds, attributes, now: NOW })
    const price = page.facets.find((f) => f.attribute_code === 'price')!
    expect(price.options.map((o) => [o.id, o.count])).toEqual([
      ['0-50', 0],
      ['50-100', 1],
      ['100-150', 0],
      ['150-', 0],
    ])
    expect(queryCategoryPage(docs, query({ color: ['50'], price: ['150-'] }), { categoryIds, attributes, now: NOW }).total).toBe(0)
  })

  it('reports the category price range before filters: min floored, max ceiled', () => {
    const page = queryCategoryPage(docs, query({ color: ['50'] }), { categoryIds, attributes, now: NOW })
    expect(page.priceRange).toEqual({ min: 10, max: 150 })
    expect(queryCategoryPage([], query(), { categoryIds, attributes, now: NOW }).priceRange).toBeNull()
  })

  it('keeps the candidates order for relevance and slices from/size', () => {
    const hits = [docs[2]!, docs[0]!, docs[1]!]
    const page = listProducts(hits, { filters: {}, sort: 'relevance', from: 1, size: 1 }, { attributes, now: NOW })
    expect(page.items.map((i) => i.sku)).toEqual(['SKU-1'])
    expect(page.total).toBe(3)
    const negative = listProducts(hits, { filters: {}, sort: 'price_desc', from: -5, size: 2 }, { attributes, now: NOW })
    expect(negative.items.map((i) => i.sku)).toEqual(['SKU-3', 'SKU-2'])
  })
})
