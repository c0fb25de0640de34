/** workers/catalog/brands: the brands page's list. */
import { describe, expect, it } from 'vitest'
import { listBrands } from '../../workers/catalog/brands'
import { prepareProduct } from '../../workers/catalog/category-query'
import { categoryIds, manufacturer, product } from './listing-fixtures'

describe('brands', () => {
  it('lists brands with listable products, by label regardless of case and accents', () => {
    const products = [
      product(1),
      product(2, { manufacturer: 211 }),
      product(3, { manufacturer: 211 }),
      product(4, { manufacturer: 212, status: 2 }),
      product(5, { manufacturer: 212 }),
    ].map(prepareProduct)
    const brands = listBrands(products, manufacturer, categoryIds)
    expect(brands.map((b) => [b.label, b.productCount, b.url_key])).toEqual([
      ['atelier Noord', 2, 'atelier-noord'],
      ['Émile', 1, 'emile'],
      ['Zuiderzee', 1, 'zuiderzee'],
    ])
    expect(listBrands(products, undefined, categoryIds)).toEqual([])
  })
})
