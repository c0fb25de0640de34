import { describe, expect, it } from 'vitest'
import { addCounts, emptyCounts, nextPieceRows, PIECE_MS, PIECE_ROWS, rowWork } from '../../server/storage/catalog-pieces'

describe('the size of the next piece of a listing', () => {
  it('scales the rows to what held the database about PIECE_MS', () => {
    expect(nextPieceRows(1000, PIECE_MS * 2)).toBe(500)
    expect(nextPieceRows(1000, PIECE_MS)).toBe(1000)
    expect(nextPieceRows(1000, PIECE_MS / 2)).toBe(2000)
  })

  it('grows at most fourfold from one piece to the next, however quick the piece', () => {
    expect(nextPieceRows(1000, 0)).toBe(4000)
    expect(nextPieceRows(1000, 1)).toBe(4000)
  })

  it('stays within its limits', () => {
    expect(nextPieceRows(PIECE_ROWS.min, 10_000)).toBe(PIECE_ROWS.min)
    expect(nextPieceRows(PIECE_ROWS.max, 1)).toBe(PIECE_ROWS.max)
    expect(nextPieceRows(50, 1, { first: 10, min: 5, max: 60 })).toBe(60)
    expect(nextPieceRows(50, 10_000, { first: 10, min: 5, max: 60 })).toBe(5)
  })
})

describe('the counts of a listing added up piece by piece', () => {
  it('adds totals, price ranges and each value of each facet', () => {
    const totals = emptyCounts({ facetFields: ['color', 'size'], priceRanges: [{ from: 0, to: 50 }, { from: 50 }] })
    expect(totals.facets.terms.color).toEqual(new Map())
    addCounts(totals, { total: 3, facets: { terms: { color: new Map([[49, 2]]), size: new Map() }, priceRanges: [1, 2] } })
    addCounts(totals, {
      total: 4,
      facets: {
        terms: {
          color: new Map([
            [49, 1],
            [50, 3],
          ]),
          size: new Map([['s', 4]]),
        },
        priceRanges: [4, 0],
      },
    })
    expect(totals.total).toBe(7)
    expect(totals.facets.priceRanges).toEqual([5, 2])
    expect(totals.facets.terms.color).toEqual(
      new Map([
        [49, 3],
        [50, 3],
      ]),
    )
    expect(totals.facets.terms.size).toEqual(new Map([['s', 4]]))
  })
})

describe('the work of a product row in a listing', () => {
  const column = { kind: 'in' as const, fields: ['category_ids'], values: [3], negate: false }
  it('is one row of work on columns alone: categories, facet terms, price, column sorts', () => {
    expect(
      rowWork({
        conditions: [column, { kind: 'in', fields: ['color'], values: [49], negate: true }],
        facetFields: ['color', 'color_options'],
        sort: [{ field: 'final_price_incl_tax', dir: 'asc' }],
      }),
    ).toBe(1)
  })
  it('grows with each filter, facet and sort on the JSON, a filter on the big part of the document most', () => {
    const light = rowWork({ conditions: [{ kind: 'in', fields: ['tax_class_id'], values: [2], negate: true }], facetFields: [], sort: [] })
    const heavy = rowWork({ conditions: [{ kind: 'in', fields: ['description'], values: ['x'], negate: true }], facetFields: [], sort: [] })
    expect(light).toBeGreaterThan(1)
    expect(heavy).toBeGreaterThan(light)
    expect(rowWork({ conditions: [], facetFields: ['stock.qty'], sort: [{ field: 'name', dir: 'asc' }] })).toBeGreaterThan(2)
  })
})
