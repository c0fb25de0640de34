/**
 * Product search through the data worker (server when online, the local catalogue otherwise; see
 * workers/catalog/product-search.ts). Type-ahead callers pass a debounce so a query goes out only
 * when typing pauses; an answer to an older query never replaces a newer one. A search that found
 * nothing is answered again as the device's catalogue fills (its best sellers, "did you mean").
 */
import * as Comlink from 'comlink'
import { useEffect, useState } from 'react'
import { SEARCH_MIN_LENGTH } from '../../domain/listing'
import type { SearchOptions, SearchResult, Unsubscribe } from '../../workers/contract/views'
import { getDataClient, ready } from './data-client'

export interface ProductSearchState {
  /** the trimmed query the result belongs to */
  term: string
  /** fewer than 3 characters (spec §5): nothing is searched */
  tooShort: boolean
  /** a search for the current term is under way (or waiting for its debounce) */
  loading: boolean
  /** the latest answer; while `loading` it belongs to an earlier term (kept to avoid a flash of nothing) */
  result: SearchResult | undefined
}

export function useProductSearch(query: string, options: SearchOptions & { debounceMs?: number } = {}): ProductSearchState {
  const term = query.trim()
  const tooShort = term.length < SEARCH_MIN_LENGTH
  const { debounceMs = 0, ...searchOptions } = options
  const [answer, setAnswer] = useState<{ key: string; result: SearchResult } | null>(null)
  // the results page passes filters, sort and withFacets; the panel only a size
  const optionsKey = JSON.stringify(searchOptions)
  const key = `${optionsKey}|${term}`

  useEffect(() => {
    if (tooShort) return
    let active = true
    let unsubscribe: Unsubscribe | null = null
    // a nothing-found answer is sent again as the device's catalogue fills (its best sellers)
    const callback = Comlink.proxy((result: SearchResult) => {
      if (active) setAnswer({ key, result })
    })
    const timer = setTimeout(() => {
      ready
        .then(() => getDataClient().subscribeSearch(term, JSON.parse(optionsKey) as SearchOptions, callback))
        .then((unsub) => {
          if (active) unsubscribe = unsub
          else void unsub().catch(() => {})
        })
        .catch((error: unknown) => console.error('[data] subscribeSearch failed', error))
    }, debounceMs)
    return () => {
      active = false
      clearTimeout(timer)
      if (unsubscribe) void unsubscribe().catch(() => {})
    }
  }, [key, term, optionsKey, tooShort, debounceMs])

  return { term, tooShort, loading: !tooShort && answer?.key !== key, result: tooShort ? undefined : answer?.result }
}
