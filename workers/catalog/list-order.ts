/**
 * The order of a listing: the first matching
 * candidates in a sort's order, without sorting a whole category of tens of thousands for a page
 * of 18. The caller says what orders a candidate (category-query: its price, popularity or position,
 * read from the product table) and what breaks ties (its product id).
 */

/**
 * A product's category positions as a flat list of pairs, [category id, position, …]. A product
 * is filed in a few categories, so the position sort scans two or three numbers. Reading the
 * stored `category_positions` object by a category id it does not have walks the prototype chain,
 * which made that lookup most of the position sort's time.
 */
export function positionPairs(positions: Readonly<Record<string, number>> | undefined): number[] {
  const pairs: number[] = []
  for (const id in positions) pairs.push(Number(id), positions[id]!)
  return pairs
}

/** Past this many wanted, the whole list is sorted rather than the first ones picked out. */
const PICK_LIMIT = 256

/**
 * The first `count` of `matching` in the order of `keyOf` (lower first; equal keys by `idOf`,
 * lower first). A page (18, or a few pages after "load more") of a category of tens of thousands
 * does not need the whole category sorted: the first ones are picked out in one pass, each compared
 * with the last of those kept.
 */
export function orderedSlice(matching: Int32Array, count: number, keyOf: (index: number) => number, idOf: (index: number) => number): number[] {
  // each one's key is read once, not once per comparison: a comparison reads two typed arrays, by
  // the place in `matching`
  const keys = new Float64Array(matching.length)
  const ids = new Float64Array(matching.length)
  for (let m = 0; m < matching.length; m++) {
    keys[m] = keyOf(matching[m]!)
    ids[m] = idOf(matching[m]!)
  }
  const before = (a: number, b: number) => keys[a]! - keys[b]! || ids[a]! - ids[b]!
  const places = (list: number[]) => list.map((m) => matching[m]!)
  if (count > PICK_LIMIT || count * 4 >= matching.length) {
    return places(
      Array.from({ length: matching.length }, (_, m) => m)
        .sort(before)
        .slice(0, count),
    )
  }
  // the `count` first kept in a heap whose top is the last of them: one that comes before it takes
  // its place (n log count comparisons, whatever order they come in)
  const heap: number[] = []
  const after = (a: number, b: number) => before(a, b) > 0
  for (let m = 0; m < matching.length; m++) {
    if (heap.length < count) {
      let at = heap.push(m) - 1
      while (at > 0) {
        const parent = (at - 1) >> 1
        if (!after(heap[at]!, heap[parent]!)) break
        ;[heap[at], heap[parent]] = [heap[parent]!, heap[at]!]
        at = parent
      }
    } else if (before(m, heap[0]!) < 0) {
      heap[0] = m
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
  return places(heap.sort(before))
}
