/**
 * Where the offline-order confirmation (offline-orders-dialog.tsx) goes in the layouts. The dialog is a
 * chunk of its own (it stays out of the first-load JavaScript), fetched only once the device is online with
 * orders placed offline waiting for the shopper's word, or by the offline warm-up after the first page
 * (src/components/lazy-panels.tsx).
 */
import { lazy, Suspense } from 'react'
import { useSyncStatus } from '../data/hooks'
import { withLaterWords } from '../dictionary'
import { useHeldOrders } from '../data/use-checkout'

// the dialog shows the orders' words, a part of the later words (src/dictionary.ts)
export const loadOfflineOrdersDialog = () => withLaterWords(import('./offline-orders-dialog'), ['orders'])
const OfflineOrdersDialog = lazy(() => loadOfflineOrdersDialog().then((m) => ({ default: m.OfflineOrdersDialog })))

export function OfflineOrders() {
  const online = useSyncStatus()?.online ?? false
  const { held } = useHeldOrders()
  if (!online || held.length === 0) return null
  return (
    <Suspense fallback={null}>
      <OfflineOrdersDialog />
    </Suspense>
  )
}
