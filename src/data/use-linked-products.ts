/** The products a grouped or bundle product is made of, read from the worker for its choice panels. */
import { useEffect, useState } from 'react'
import { getDataClient } from './data-client'
import type { ProductListItem } from './worker-types'

/** The linked products of `skus`; null while loading, empty when they cannot be read. */
export function useLinkedProducts(skus: string[]): ProductListItem[] | null {
  const key = skus.join('\n')
  const [items, setItems] = useState<ProductListItem[] | null>(skus.length === 0 ? [] : null)
  useEffect(() => {
    if (key === '') return
    let live = true
    getDataClient()
      .getLinkedProducts(key.split('\n'))
      .then((found) => live && setItems(found))
      .catch((error: unknown) => {
        console.error('[catalog] linked products failed', error)
        if (live) setItems([])
      })
    return () => {
      live = false
    }
  }, [key])
  return items
}
