/** The brands of the local catalogue (workers/catalog/brands.ts), read again when products sync. */
import type { Brand } from '../../workers/contract/views'
import { getDataClient } from './data-client'
import { useSyncStatus, useWorkerRead } from './hooks'

/** undefined while loading; [] when no brand has products on this device yet. */
export function useBrands(): Brand[] | undefined {
  const productCount = useSyncStatus()?.productCount
  return useWorkerRead(String(productCount), () => getDataClient().listBrands(), 'listBrands')
}
