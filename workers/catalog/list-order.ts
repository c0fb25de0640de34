/**
 * The order of a listing (issue 12: a category read at 100,000 products): the first matching
 * candidates in a sort's order, without sorting a whole category of tens of thousands for a page
 * of 18. Candidates are addressed by their index in the candidate list; their current prices come
 * in a typed array beside them (category-query works them out once per listing).
 */
import type { CategorySort } from '../../domain/listing'
import type { ProductDoc } from '../db/catalog-schemas'

type ListSort = CategorySort | 'relevance'

/** What the order reads of a candidate (a listed product) */
interface Candidate {
  doc: Pick<ProductDoc, 'product_id' | 'sold_qty'>
  /** its positions as [category id, position, …] (see positionPairs) */
  positions: readonly number[]
}

/**
 * A document's category positions as a flat list of pairs, [category id, position, …]. A product
 * is filed in a few categories, so the position sort scans two or three numbers. Reading the
 * stored `category_positions` object by a category id it does not have walked the prototype chain:
 * 11 ms of a 25 ms position sort over 95,000 products in Node.
 */
export function positionPairs(positions: Readonly<Record<string, number>> | undefined): number[] {
  const pairs: number[] = []
  for (const id in positions) pairs.push(Number(id), positions[id]!)
  return pairs
}

function positionOf(pairs: readonly number[], categoryId: number): number {
  for (let i = 0; i < pairs.length; i += 2) if (pairs[i] === categoryId) return pairs[i + 1]!
  return Number.MAX_SAFE_INTEGER
}

/** A number per candidate (by index) that orders it for a sort (lower first); ties go to the lower product id. */
function sortKey(
  sort: Exclude<ListSort, 'relevance'>,
  positionIn: number | undefined,
  candidates: readonly Candidate[],
  prices: Float64Array,
): (index: number) => number {
  switch (sort) {
    case 'price_asc':
      return (index) => prices[index]!
    case 'price_desc':
      return (index) => -prices[index]!
    case 'most_popular':
      return (index) => -(candidates[index]!.doc.sold_qty ?? 0)
    case 'position':
    default: {
      const key = positionIn ?? Number.NaN
      return (index) => positionOf(candidates[index]!.positions, key)
    }
  }
}

/** Past this many wanted, the whole list is sorted rather than the first ones picked out. */
const PICK_LIMIT = 256

/**
 * The indexes of the first `count` matching candidates in the sort's order. A page (18, or a few
 * pages after "load more") of a category of tens of thousands does not need the whole category
 * sorted: the first ones are picked out in one pass, each compared with the last of those kept
 * (issue 12: a category read at 100,000 products).
 */
export function orderedSlice(
  candidates: readonly Candidate[],
  prices: Float64Array,
  matching: Int32Array,
  sort: ListSort,
  positionIn: number | undefined,
  count: number,
): number[] {
  if (sort === 'relevance') return Array.from(matching.subarray(0, count))
  // each candidate's key is read once, not once per comparison
  const keyOf = sortKey(sort, positionIn, candidates, prices)
  const keys = new Float64Array(candidates.length)
  // the tie-break beside the key: a comparison reads two typed arrays, not two documents
  const ids = new Float64Array(candidates.length)
  for (let i = 0; i < matching.length; i++) {
    const index = matching[i]!
    keys[index] = keyOf(index)
    ids[index] = candidates[index]!.doc.product_id
  }
  const before = (a: number, b: number) => keys[a]! - keys[b]! || ids[a]! - ids[b]!
  if (count > PICK_LIMIT || count * 4 >= matching.length) return Array.from(matching).sort(before).slice(0, count)
  // the `count` first kept in a heap whose top is the last of them: a candidate that comes before
  // it takes its place (n log count comparisons, whatever order the candidates come in)
  const heap: number[] = []
  const after = (a: number, b: number) => before(a, b) > 0
  for (let m = 0; m < matching.length; m++) {
    const index = matching[m]!
    if (heap.length < count) {
      let at = heap.push(index) - 1
      while (at > 0) {
        const parent = (at - 1) >> 1
        if (!after(heap[at]!, heap[parent]!)) break
        ;[heap[at], heap[parent]] = [heap[parent]!, heap[at]!]
        at = parent
      }
    } else if (before(index, heap[0]!) < 0) {
      heap[0] = index
      let at = 0
      for (;;) {
        const left = 2 * at + 1
        const right = left + 1
        let last = at
        if (left < count && after(heap[left]!, heap[last]!)) last = left
        if (right < count && after(heap[right]!, heap[last]!)) last = right
        if (last === at) break
        ;[heap[at], heap[last]] = [heap[last]!, heap[at]!]
        at = last
      }
    }
  }
  return heap.sort(before)
}
