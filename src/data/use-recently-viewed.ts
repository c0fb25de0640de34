/** The shopper's recently viewed products (spec: my-recently-viewed), written by the product page. */
import { useEffect, useRef } from 'react'
import { getDataClient } from './data-client'

/**
 * Records `sku` as viewed once per product shown (null: nothing shown yet); a failure only loses
 * that entry. The view passes through null when the worker loads the page again (the product
 * changed, or the catalog arrived): still the same view, recorded once, for the visitor log and the
 * analytics as for the list.
 */
export function useRecordProductView(sku: string | null): void {
  const recorded = useRef<string | null>(null)
  useEffect(() => {
    if (!sku || recorded.current === sku) return
    recorded.current = sku
    getDataClient()
      .recordProductView(sku)
      .catch((error: unknown) => console.error('[lists] recordProductView failed', error))
  }, [sku])
}
