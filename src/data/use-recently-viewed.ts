/** The shopper's recently viewed products (spec: my-recently-viewed), written by the product page. */
import { useEffect } from 'react'
import { getDataClient } from './data-client'

/** Records `sku` as viewed once per product shown (null: nothing shown yet); a failure only loses that entry. */
export function useRecordProductView(sku: string | null): void {
  useEffect(() => {
    if (!sku) return
    getDataClient()
      .recordProductView(sku)
      .catch((error: unknown) => console.error('[lists] recordProductView failed', error))
  }, [sku])
}
