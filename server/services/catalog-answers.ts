/**
 * Catalogue answers as bytes, cached and tagged, so they can be answered from memory and with 304s.
 *
 * The same search (store view, entity type, query, paging and field lists) is answered from memory
 * until the catalogue of that store view changes; the change feed tells us so: an import in this
 * process, or another process's import through PostgreSQL LISTEN/NOTIFY (a `resync` event). Each
 * answer carries a weak ETag derived from what it says (catalog-service searchAnswer's digest, which
 * leaves out `took`), so the same answer has the same tag in every process, and a client that
 * presents it gets 304 and no body (from memory, without the query, while the cached entry is
 * current).
 *
 * A change that lands while a query runs makes that query's answer stale: an entry is kept only if
 * the store view's generation is the one read before the query started.
 */
import type { SearchQuery } from '../../domain/api/catalog.schema'
import { storeViewByIndex } from '../../domain/store-views'
import type { ChangeFeed } from '../storage/change-feed'
import type { CatalogParams, CatalogService } from './catalog-service'

export interface CatalogAnswer {
  /** the JSON text of the answer in UTF-8: encoded once, for the tag and for every send */
  body: Buffer
  /** weak validator of the body: `W/"<hash>"` */
  etag: string
}

export interface CatalogAnswerCacheOptions {
  /** most answers kept (least recently used leaves first) */
  maxEntries?: number
  /** most bytes of answer text kept */
  maxBytes?: number
}

export interface CatalogAnswers {
  answer(index: string, type: string, query: SearchQuery, params: CatalogParams): Promise<CatalogAnswer>
  stats(): { entries: number; bytes: number; hits: number; misses: number }
  close(): void
}

interface Entry extends CatalogAnswer {
  generation: number
  storeKey: string
}

export const DEFAULT_MAX_ENTRIES = 2000
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024

/** The weak ETag of an answer's digest (catalog-service searchAnswer: what it says, not when it was worked out). */
export function etagOf(digest: string): string {
  return `W/"${digest}"`
}

/** RFC 9110 §13.1.2: `*` or a list of tags, compared weakly (the W/ prefix ignored). */
export function ifNoneMatchHolds(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  const opaque = etag.replace(/^W\//, '')
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque)
}

export function createCatalogAnswers(
  catalog: Pick<CatalogService, 'searchAnswer'>,
  changes: ChangeFeed,
  options: CatalogAnswerCacheOptions = {},
): CatalogAnswers {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
  /** Map order is the recency order: the first key is the least recently used */
  const entries = new Map<string, Entry>()
  const generations = new Map<string, number>()
  let bytes = 0
  let hits = 0
  let misses = 0

  // the store view's code for an index; an unknown index keeps its own name (the service refuses it)
  const storeKeyOf = (index: string) => storeViewByIndex(index)?.storeCode ?? index
  const generationOf = (storeKey: string) => generations.get(storeKey) ?? 0
  const keyOf = (index: string, type: string, query: SearchQuery, params: CatalogParams) => JSON.stringify([index, type, query, params])

  function drop(key: string): void {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    bytes -= entry.body.length
  }

  function current(key: string): Entry | undefined {
    const entry = entries.get(key)
    if (!entry) return undefined
    if (entry.generation !== generationOf(entry.storeKey)) {
      drop(key)
      return undefined
    }
    // touch: most recently used goes last
    entries.delete(key)
    entries.set(key, entry)
    return entry
  }

  function keep(key: string, entry: Entry): void {
    if (entry.body.length > maxBytes) return
    drop(key)
    entries.set(key, entry)
    bytes += entry.body.length
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break
      drop(oldest)
    }
  }

  const unsubscribe = changes.subscribe((event) => {
    generations.set(event.storeCode, generationOf(event.storeCode) + 1)
    for (const [key, entry] of entries) if (entry.storeKey === event.storeCode) drop(key)
  })

  return {
    async answer(index, type, query, params) {
      const key = keyOf(index, type, query, params)
      const hit = current(key)
      if (hit) {
        hits += 1
        return { body: hit.body, etag: hit.etag }
      }
      misses += 1
      const storeKey = storeKeyOf(index)
      const generation = generationOf(storeKey)
      const { body, digest } = await catalog.searchAnswer(index, type, query, params)
      const entry: Entry = { body, etag: etagOf(digest), generation, storeKey }
      if (generation === generationOf(storeKey)) keep(key, entry)
      return { body, etag: entry.etag }
    },
    stats: () => ({ entries: entries.size, bytes, hits, misses }),
    close: unsubscribe,
  }
}
