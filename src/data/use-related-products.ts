/**
 * A product's up-sell and cross-sell, as the worker picks them (local first, the recommendation
 * service for cross-sell when online): asked again when the product or the connection changes.
 */
import { useEffect, useState } from 'react'
import { getDataClient, ready } from './data-client'
import type { RelatedProducts } from './worker-types'

/** null until the answer for this sku is in (a previous product's never shows). */
export function useRelatedProducts(sku: string, limit: number, online: boolean | undefined): RelatedProducts | null {
  const [related, setRelated] = useState<{ sku: string; value: RelatedProducts } | null>(null)
  useEffect(() => {
    let active = true
    ready
      .then(() => getDataClient().getRelatedProducts(sku, limit))
      .then((value) => {
        if (active) setRelated({ sku, value })
      })
      .catch((error: unknown) => console.error('[related] getRelatedProducts failed', error))
    return () => {
      active = false
    }
  }, [sku, limit, online])
  return related?.sku === sku ? related.value : null
}
