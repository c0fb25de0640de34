import { describe, expect, it } from 'vitest'
import { orderByPrice, toCategoryRows } from '../../server/storage/category-facets'

type Row = Parameters<typeof toCategoryRows>[0][number]
const row = (id: number, price: number | null): Row => ({ id, price, visibility: 4, status: 1, terms: [] })

/** the listing index's order: price ascending, no price last, equal prices by id */
const indexOrder = (rows: Row[]) =>
  [...rows].sort((a, b) => {
    if ((a.price === null) !== (b.price === null)) return a.price === null ? 1 : -1
    if (a.price !== null && b.price !== null && a.price !== b.price) return a.price - b.price
    return a.id - b.id
  })

const all = (n: number) => Int32Array.from({ length: n }, (_, i) => i)

describe("a category's rows in price order", () => {
  const rows = [row(7, 20), row(3, 10), row(9, null), row(1, 20), row(5, 10), row(2, null), row(8, 30)]

  it('knows whether it was read in the listing order', () => {
    expect(toCategoryRows(indexOrder(rows)).priceOrdered).toBe(true)
    expect(toCategoryRows(rows).priceOrdered).toBe(false)
    // equal prices out of id order are not the listing order
    expect(toCategoryRows([row(2, 10), row(1, 10)]).priceOrdered).toBe(false)
  })

  it('orders ascending and descending with equal prices by id and no price last, walked or sorted alike', () => {
    for (const read of [indexOrder(rows), rows]) {
      const kept = toCategoryRows(read)
      expect(Array.from(orderByPrice(kept, all(kept.count), 'asc'))).toEqual([3, 5, 1, 7, 8, 2, 9])
      expect(Array.from(orderByPrice(kept, all(kept.count), 'desc'))).toEqual([8, 1, 7, 3, 5, 2, 9])
    }
  })

  it('orders only the matching rows', () => {
    const kept = toCategoryRows(indexOrder(rows))
    // rows 1 (id 5), 3 (id 7), 4 (id 8), 6 (id 9) of [3, 5, 1, 7, 8, 2, 9]
    const matching = Int32Array.from([1, 3, 4, 6])
    expect(Array.from(orderByPrice(kept, matching, 'asc'))).toEqual([5, 7, 8, 9])
    expect(Array.from(orderByPrice(kept, matching, 'desc'))).toEqual([8, 7, 5, 9])
  })

  it('walks as the sort orders, on many rows with many equal prices', () => {
    let seed = 42
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648
    const many = Array.from({ length: 500 }, (_, i) => row(i + 1, random() < 0.05 ? null : Math.floor(random() * 40)))
    const walked = toCategoryRows(indexOrder(many))
    const matching = Int32Array.from(all(walked.count).filter(() => random() < 0.6))
    for (const dir of ['asc', 'desc'] as const) {
      expect(Array.from(orderByPrice(walked, matching, dir)), dir).toEqual(Array.from(orderByPrice({ ...walked, priceOrdered: false }, matching, dir)))
    }
  })
})
