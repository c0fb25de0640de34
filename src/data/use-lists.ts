/**
 * The shopper's lists (wishlist, compare, recently viewed): every product tile shows two toggles,
 * and the header the counts, all on one worker subscription (useSubscription shares it by key).
 */
import type { CompareView, ListsView } from '../../workers/contract/views'
import { getDataClient } from './data-client'
import { useSubscription } from './use-subscription'

export function useLists(): ListsView | undefined {
  return useSubscription<ListsView>('lists', (cb) => getDataClient().subscribeLists(cb)).value
}

export function useCompareView(): CompareView | undefined {
  return useSubscription<CompareView>('compare', (cb) => getDataClient().subscribeCompare(cb)).value
}
