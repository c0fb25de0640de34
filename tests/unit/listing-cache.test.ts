/**
 * The worker's cache of category pages: an entry holds while its sources are the very
 * ones it was worked out from and until the first special price among its products starts or
 * ends; past its capacity the least recently read entry goes first.
 */
import { describe, expect, it } from 'vitest'
import { categoryPageOf, prepareProduct, type ListedProduct } from '../../workers/catalog/category-query'
import { currentPriceCents } from '../../workers/db/product-views'
import { ListingCache, priceChangeAfter } from '../../workers/catalog/listing-cache'
import { allRows, tableOf } from '../../workers/catalog/product-table'
import { generateLightProducts } from './worker-fixtures'

const NOW = Date.parse('2026-11-22T12:00:00Z')
const HOUR = 3_600_000

describe('ListingCache', () => {
  it('answers a key while its sources are the same objects and the clock is before its end', () => {
    const cache = new ListingCache<string>()
    const list = [1, 2]
    const attributes = new Map()
    cache.set('a', [list, attributes], 'page', NOW + HOUR)
    expect(cache.get('a', [list, attributes], NOW)).toBe('page')
    expect(cache.get('a', [list, attributes], NOW + HOUR - 1)).toBe('page')
    // an equal list that is another object: the catalogue changed
    expect(cache.get('a', [[1, 2], attributes], NOW)).toBeUndefined()
    // and the entry is gone, even for its own sources
    expect(cache.get('a', [list, attributes], NOW)).toBeUndefined()
    cache.set('a', [list, attributes], 'page', NOW + HOUR)
    expect(cache.get('a', [list, new Map()], NOW)).toBeUndefined()
    cache.set('a', [list, attributes], 'page', NOW + HOUR)
    expect(cache.get('a', [list, attributes], NOW + HOUR)).toBeUndefined()
    expect(cache.get('b', [list, attributes], NOW)).toBeUndefined()
  })

  it('keeps at most its capacity, dropping the least recently read', () => {
    const cache = new ListingCache<number>(2)
    const sources = [[]]
    cache.set('a', sources, 1, Infinity)
    cache.set('b', sources, 2, Infinity)
    expect(cache.get('a', sources, NOW)).toBe(1) // a read: b is now the oldest
    cache.set('c', sources, 3, Infinity)
    expect(cache.size).toBe(2)
    expect(cache.get('b', sources, NOW)).toBeUndefined()
    expect(cache.get('a', sources, NOW)).toBe(1)
    expect(cache.get('c', sources, NOW)).toBe(3)
  })
})

describe('priceChangeAfter', () => {
  /** over every row of a table of these products */
  const changeAfter = (products: ListedProduct[], now: number) => {
    const table = tableOf(products)
    return priceChangeAfter(table, allRows(table), now)
  }
  const special = (from: number | null, to: number | null) =>
    prepareProduct({
      ...generateLightProducts(1)[0]!,
      original_price_incl_tax: 2000,
      final_price_incl_tax: 2000,
      special_price_incl_tax: 1500,
      special_from_date: from === null ? null : new Date(from).toISOString(),
      special_to_date: to === null ? null : new Date(to).toISOString(),
    })

  it('is the first start or end of a special price after now; Infinity when none comes', () => {
    const plain = prepareProduct({ ...generateLightProducts(1)[0]!, special_price_incl_tax: null })
    expect(changeAfter([plain], NOW)).toBe(Infinity)
    expect(changeAfter([special(null, null)], NOW)).toBe(Infinity)
    expect(changeAfter([special(NOW + 2 * HOUR, null)], NOW)).toBe(NOW + 2 * HOUR)
    expect(changeAfter([special(NOW - HOUR, NOW + HOUR)], NOW)).toBe(NOW + HOUR + 1)
    expect(changeAfter([special(NOW - 2 * HOUR, NOW - HOUR)], NOW)).toBe(Infinity)
    expect(changeAfter([special(NOW + 3 * HOUR, null), plain, special(NOW - HOUR, NOW + HOUR)], NOW)).toBe(NOW + HOUR + 1)
    // only the rows asked about
    const table = tableOf([special(NOW + 3 * HOUR, null), plain, special(NOW - HOUR, NOW + HOUR)])
    expect(priceChangeAfter(table, Int32Array.from([0, 1]), NOW)).toBe(NOW + 3 * HOUR)
  })

  it('no current price changes before it, and one does at it', () => {
    const products = [special(NOW + 2 * HOUR, NOW + 5 * HOUR), special(NOW - HOUR, NOW + HOUR)]
    const at = changeAfter(products, NOW)
    const prices = (t: number) => products.map((p) => currentPriceCents(p.doc, t))
    expect(prices(at - 1)).toEqual(prices(NOW))
    expect(prices(at)).not.toEqual(prices(NOW))
  })

  it('a page worked out just before that moment equals one worked out now; at it, it does not', () => {
    const products = generateLightProducts(60).map((doc, i) =>
      prepareProduct(
        i % 7 === 0 ? { ...doc, special_price_incl_tax: 100, special_from_date: new Date(NOW + (i + 1) * HOUR).toISOString(), special_to_date: null } : doc,
      ),
    )
    const query = { categoryId: 2, filters: {}, sort: 'price_asc' as const, size: 10 }
    const context = { categoryIds: new Set([2, 10, 11, 12, 20]), attributes: new Map(), now: NOW }
    const at = changeAfter(products, NOW)
    expect(at).toBe(NOW + HOUR)
    expect(categoryPageOf(products, query, { ...context, now: at - 1 })).toEqual(categoryPageOf(products, query, context))
    expect(categoryPageOf(products, query, { ...context, now: at })).not.toEqual(categoryPageOf(products, query, context))
  })
})
