import { createContext, useContext, useMemo, type ReactNode } from 'react'
import { formatPrice, toCents, type Cents } from '../../domain/money'
import type { StoreView } from '../../domain/store-views'

interface StoreViewContextValue {
  storeView: StoreView
  basePath: string
}

const StoreViewContext = createContext<StoreViewContextValue | null>(null)

export function StoreViewProvider({ storeView, basePath, children }: StoreViewContextValue & { children: ReactNode }) {
  const value = useMemo(() => ({ storeView, basePath }), [storeView, basePath])
  return <StoreViewContext.Provider value={value}>{children}</StoreViewContext.Provider>
}

export function useStoreView(): StoreViewContextValue {
  const value = useContext(StoreViewContext)
  if (!value) throw new Error('useStoreView outside StoreViewProvider')
  return value
}

/** Formats cents with the store view's own settings (the spec's "formatted without i18n"). */
export function usePriceFormatter(): (cents: Cents) => string {
  const { storeView } = useStoreView()
  return useMemo(() => (cents: Cents) => formatPrice(cents, storeView.i18n), [storeView])
}

/** Whole amounts (price buckets): no decimals. */
export function useWholeAmountFormatter(): (amount: number) => string {
  const { storeView } = useStoreView()
  return useMemo(() => (amount: number) => formatPrice(toCents(amount), { ...storeView.i18n, fractionDigits: 0 }), [storeView])
}
