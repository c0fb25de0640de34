/** Reactive reads from the local database, one hook per kind of data the pages show. */
import { useEffect, useState } from 'react'
import type { Attribute } from '../../domain/attribute.schema'
import type { Category } from '../../domain/category.schema'
import type { CartView, CategoryPage, CategoryPageQuery, ProductView, SyncStatus } from '../../workers/contract/views'
import { getDataClient, ready } from './data-client'
import { useSubscription } from './use-subscription'

export function useCategories(): Category[] | undefined {
  return useSubscription<Category[]>('categories', (cb) => getDataClient().subscribeCategories(cb)).value
}

/** The page for this query; `stale` while a changed query's first result has not arrived yet. */
export function useCategoryPage(query: CategoryPageQuery | null): { page: CategoryPage | undefined; stale: boolean } {
  const key = query ? JSON.stringify(query) : null
  const { value, key: valueKey } = useSubscription<CategoryPage>(key, (cb) => getDataClient().subscribeCategoryPage(query!, cb))
  return { page: value, stale: valueKey !== key }
}

/** A product page's view; a new `attempt` (the shopper's Retry) subscribes again, so the worker loads it again. */
export function useProduct(parentSku: string, attempt = 0): ProductView {
  const wanted = `product:${parentSku}#${attempt}`
  const { value, key } = useSubscription<ProductView>(wanted, (cb) => getDataClient().subscribeProduct(parentSku, cb))
  // a previous product's view must not show while the next one loads
  if (!value || key !== wanted) return { state: 'loading', product: null }
  return value
}

export function useCart(): CartView | undefined {
  return useSubscription<CartView>('cart', (cb) => getDataClient().subscribeCart(cb)).value
}

export function useSyncStatus(): SyncStatus | undefined {
  return useSubscription<SyncStatus>('sync-status', (cb) => getDataClient().subscribeSyncStatus(cb)).value
}

/**
 * A one-shot read from the worker, done again whenever `key` changes (the read is identified by key;
 * `read` is recreated every render on purpose). undefined until the first answer arrives.
 */
export function useWorkerRead<T>(key: string, read: () => Promise<T>, what: string): T | undefined {
  const [value, setValue] = useState<T | undefined>(undefined)
  useEffect(() => {
    let active = true
    ready
      .then(read)
      .then((result) => {
        if (active) setValue(result)
      })
      .catch((error: unknown) => console.error(`[data] ${what} failed`, error))
    return () => {
      active = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])
  return value
}

const NO_ATTRIBUTES: Attribute[] = []

/** Attribute metadata (labels, colour swatches); read once per set of codes. */
export function useAttributes(codes: readonly string[]): Attribute[] {
  const key = codes.join(',')
  return useWorkerRead(key, () => getDataClient().listAttributes(key.split(',')), 'listAttributes') ?? NO_ATTRIBUTES
}

/** The shop's details as the worker has them: undefined while read, null before the shop ever answered. */
export function useShopDetails() {
  return useWorkerRead('shop-details', () => getDataClient().shopDetails(), 'shopDetails')
}
