/**
 * Category pages the worker worked out, kept for the next read of the same page: with a large
 * catalogue a top category's page is costly to work out, and a shopper who goes back to it, turns a
 * filter off again or opens it in a second tab gets it at once.
 *
 * An entry holds while what it was worked out from is still current, compared by identity: the
 * mirror's product list for those categories (any catalogue change makes a new one) and the
 * attributes (facet labels). It also holds only until the first special price among its products
 * starts or ends (priceChangeAfter), since prices, the price sort and the price facet follow the
 * clock. The least recently read entries go first past `capacity`.
 */
import type { ProductTable } from './product-table'

interface Entry<T> {
  sources: readonly unknown[]
  value: T
  validUntil: number
}

export class ListingCache<T> {
  private readonly entries = new Map<string, Entry<T>>()

  constructor(private readonly capacity = 32) {}

  get size(): number {
    return this.entries.size
  }

  get(key: string, sources: readonly unknown[], now: number): T | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    this.entries.delete(key)
    const current = now < entry.validUntil && entry.sources.length === sources.length && entry.sources.every((source, i) => source === sources[i])
    if (!current) return undefined
    this.entries.set(key, entry)
    return entry.value
  }

  set(key: string, sources: readonly unknown[], value: T, validUntil: number): void {
    this.entries.delete(key)
    this.entries.set(key, { sources, value, validUntil })
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.capacity) break
      this.entries.delete(oldest)
    }
  }
}

/**
 * The first moment after `now` at which a current price among `rows` of the table changes: a
 * special price that starts (its from date) or ends (just after its to date); Infinity when none will.
 */
export function priceChangeAfter(table: ProductTable, rows: Int32Array, now: number): number {
  let next = Infinity
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!
    if (table.specialCents[row] !== table.specialCents[row]) continue // no special price
    const from = table.specialFrom[row]!
    const to = table.specialTo[row]!
    const at = from > now ? from : to >= now ? to + 1 : Infinity
    if (at < next) next = at
  }
  return next
}
