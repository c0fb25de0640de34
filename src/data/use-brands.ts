/** The brands of the local catalogue (workers/catalog/brands.ts), again whenever the catalogue changes. */
import type { Brand } from '../../workers/contract/views'
import { getDataClient } from './data-client'
import { useSubscription } from './use-subscription'

/** undefined while loading; [] when no brand has products on this device yet. */
export function useBrands(): Brand[] | undefined {
  return useSubscription<Brand[]>('brands', (cb) => getDataClient().subscribeBrands(cb)).value
}
