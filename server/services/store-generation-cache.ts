/**
 * A least-recently-used cache of catalogue facts per store view, dropped when that store view's
 * catalogue changes: an import in this process, or another process's import through PostgreSQL
 * LISTEN/NOTIFY, both arrive on the change feed.
 *
 * A fact taken while a change landed is not kept: the caller reads the store view's generation
 * before its query and hands it to `keep`, which refuses it when the generation moved on.
 */
import type { ChangeFeed } from '../storage/change-feed'

export interface StoreGenerationCache<V> {
  /** the value of `key` in `storeCode`, while no change of that store view came in since it was taken */
  get(storeCode: string, key: string): V | undefined
  /** the store view's generation now: read it before the query, hand it to `keep` after */
  generation(storeCode: string): number
  keep(storeCode: string, key: string, generation: number, value: V): void
  stats(): { entries: number; weight: number; hits: number; misses: number }
  close(): void
}

export interface StoreGenerationCacheOptions<V> {
  /** most entries kept (least recently used leave first) */
  maxEntries: number
  /** most total weight kept, as `weigh` counts it (bytes, ids) */
  maxWeight?: number
  weigh?: (value: V) => number
}

export function createStoreGenerationCache<V>(changes: ChangeFeed, options: StoreGenerationCacheOptions<V>): StoreGenerationCache<V> {
  const { maxEntries, maxWeight = Number.POSITIVE_INFINITY, weigh = () => 0 } = options
  /** Map order is the recency order: the first key is the least recently used */
  const entries = new Map<string, { value: V; storeCode: string; generation: number; weight: number }>()
  const generations = new Map<string, number>()
  let weight = 0
  let hits = 0
  let misses = 0
  const generationOf = (storeCode: string) => generations.get(storeCode) ?? 0
  const fullKey = (storeCode: string, key: string) => `${storeCode}\u0000${key}`

  function drop(key: string): void {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    weight -= entry.weight
  }

  const unsubscribe = changes.subscribe((event) => {
    generations.set(event.storeCode, generationOf(event.storeCode) + 1)
    for (const [key, entry] of entries) if (entry.storeCode === event.storeCode) drop(key)
  })

  return {
    get(storeCode, key) {
      const k = fullKey(storeCode, key)
      const entry = entries.get(k)
      if (!entry || entry.generation !== generationOf(storeCode)) {
        if (entry) drop(k)
        misses += 1
        return undefined
      }
      hits += 1
      // touch: most recently used goes last
      entries.delete(k)
      entries.set(k, entry)
      return entry.value
    },
    generation: generationOf,
    keep(storeCode, key, generation, value) {
      if (generation !== generationOf(storeCode)) return
      const entryWeight = weigh(value)
      if (entryWeight > maxWeight) return
      const k = fullKey(storeCode, key)
      drop(k)
      entries.set(k, { value, storeCode, generation, weight: entryWeight })
      weight += entryWeight
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries && weight <= maxWeight) break
        drop(oldest)
      }
    },
    stats: () => ({ entries: entries.size, weight, hits, misses }),
    close: unsubscribe,
  }
}
