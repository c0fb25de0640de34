/**
 * Product search through the data worker (server when online, the local catalogue otherwise; see
 * workers/catalog/product-search.ts). Type-ahead callers pass a debounce so a query goes out only
 * when typing pauses; an answer to an older query never replaces a newer one. A search that found
 * nothing is answered again as the device's catalogue fills (its best sellers, "did you mean").
 */
import { useEffect, useState } from 'react'
import { SEARCH_MIN_LENGTH } from '../../domain/listing'
import type { SearchOptions, SearchResult } from '../../workers/contract/views'
import { getDataClient } from './data-client'
import { useSubscription } from './use-subscription'

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
  // the results page passes filters, sort and withFacets; the panel only a size
  const key = JSON.stringify([term, searchOptions])
  // the search subscribed to: the typed one, once typing pauses
  const [asked, setAsked] = useState<string | null>(null)
  useEffect(() => {
    if (tooShort) return
    const timer = setTimeout(() => setAsked(key), debounceMs)
    return () => clearTimeout(timer)
  }, [key, tooShort, debounceMs])
  // a nothing-found answer is sent again as the device's catalogue fills (its best sellers)
  const answer = useSubscription<SearchResult>(tooShort ? null : asked, (cb) => {
    const [askedTerm, askedOptions] = JSON.parse(asked!) as [string, SearchOptions]
    return getDataClient().subscribeSearch(askedTerm, askedOptions, cb)
  })
  return { term, tooShort, loading: !tooShort && answer.key !== key, result: tooShort ? undefined : answer.value }
}
