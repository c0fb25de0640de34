/** The brands of the local catalogue (workers/catalog/brands.ts), read again when products sync. */
import { useEffect, useState } from 'react'
import type { Brand } from '../../workers/data-api'
import { getDataClient, ready } from './data-client'
import { useSyncStatus } from './hooks'

/** undefined while loading; [] when no brand has products on this device yet. */
export function useBrands(): Brand[] | undefined {
  const [brands, setBrands] = useState<Brand[] | undefined>(undefined)
  const productCount = useSyncStatus()?.productCount
  useEffect(() => {
    let active = true
    ready
      .then(() => getDataClient().listBrands())
      .then((list) => {
        if (active) setBrands(list)
      })
      .catch((error: unknown) => console.error('[data] listBrands failed', error))
    return () => {
      active = false
    }
  }, [productCount])
  return brands
}
