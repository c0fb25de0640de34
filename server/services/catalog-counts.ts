/**
 * Totals and facet counts of catalogue queries, kept apart from the page (issue 12, "at a big
 * shop's size"). The count and the facets of a listing depend only on its filters, never on the
 * page size, the offset or the order: paging through a category, or the same category with
 * another page size, reuses them and only the page itself is read from the database.
 *
 * Invalidated as the answer cache is: any catalogue change of a store view (an import in this
 * process, another process's through PostgreSQL LISTEN/NOTIFY) drops that store view's counts,
 * and counts taken while a change landed are not kept (the generation read before the query must
 * still be current).
 */
import type { ChangeFeed } from '../storage/change-feed'
import type { KnownCounts } from '../storage/catalog-query'

export interface CatalogCounts {
  /** the counts of `key` in `storeCode`, while no change of that store view came in since they were taken */
  get(storeCode: string, key: string): KnownCounts | undefined
  /** the store view's generation now: read it before the query, hand it to `keep` after */
  generation(storeCode: string): number
  keep(storeCode: string, key: string, generation: number, counts: KnownCounts): void
  stats(): { entries: number; hits: number; misses: number }
  close(): void
}

export const DEFAULT_MAX_COUNT_ENTRIES = 5000

export function createCatalogCounts(changes: ChangeFeed, maxEntries = DEFAULT_MAX_COUNT_ENTRIES): CatalogCounts {
  /** Map order is the recency order: the first key is the least recently used */
  const entries = new Map<string, KnownCounts & { storeCode: string; generation: number }>()
  const generations = new Map<string, number>()
  let hits = 0
  let misses = 0
  const generationOf = (storeCode: string) => generations.get(storeCode) ?? 0
  const fullKey = (storeCode: string, key: string) => `${storeCode}\u0000${key}`

  const unsubscribe = changes.subscribe((event) => {
    generations.set(event.storeCode, generationOf(event.storeCode) + 1)
    for (const [key, entry] of entries) if (entry.storeCode === event.storeCode) entries.delete(key)
  })

  return {
    get(storeCode, key) {
      const k = fullKey(storeCode, key)
      const entry = entries.get(k)
      if (!entry || entry.generation !== generationOf(storeCode)) {
        if (entry) entries.delete(k)
        misses += 1
        return undefined
      }
      hits += 1
      entries.delete(k)
      entries.set(k, entry)
      return { total: entry.total, facets: entry.facets }
    },
    generation: generationOf,
    keep(storeCode, key, generation, counts) {
      if (generation !== generationOf(storeCode)) return
      const k = fullKey(storeCode, key)
      entries.delete(k)
      entries.set(k, { ...counts, storeCode, generation })
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break
        entries.delete(oldest)
      }
    },
    stats: () => ({ entries: entries.size, hits, misses }),
    close: unsubscribe,
  }
}
