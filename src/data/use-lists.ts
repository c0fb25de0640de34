/**
 * The shopper's lists (wishlist, compare, recently viewed) as one app-wide subscription: every
 * product tile shows two toggles, and one worker subscription per tile would re-run the same
 * queries dozens of times per listing. The subscription lives as long as the page (the lists are
 * shown in the header on every route), so it is never closed.
 */
import * as Comlink from 'comlink'
import { useSyncExternalStore } from 'react'
import type { CompareView, ListsView } from '../../workers/contract/views'
import { getDataClient, ready } from './data-client'
import { useSubscription } from './use-subscription'

let current: ListsView | undefined
const listeners = new Set<() => void>()
let started = false

function start(): void {
  if (started) return
  started = true
  const callback = Comlink.proxy((lists: ListsView) => {
    current = lists
    for (const listener of listeners) listener()
  })
  ready
    .then(() => getDataClient().subscribeLists(callback))
    .catch((error: unknown) => {
      started = false
      console.error('[data] subscribeLists failed', error)
    })
}

function subscribe(listener: () => void): () => void {
  start()
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useLists(): ListsView | undefined {
  return useSyncExternalStore(subscribe, () => current)
}

export function useCompareView(): CompareView | undefined {
  return useSubscription<CompareView>('compare', (cb) => getDataClient().subscribeCompare(cb)).value
}
