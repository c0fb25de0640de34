/** The checkout and the device's orders, as the worker keeps them (workers/orders). */
import type { CheckoutView, OrderView } from '../../workers/contract/checkout'
import { getDataClient } from './data-client'
import { useSubscription } from './use-subscription'

export function useCheckout(): CheckoutView | undefined {
  return useSubscription<CheckoutView>('checkout', (cb) => getDataClient().subscribeCheckout(cb)).value
}

export function useOrders(): OrderView[] | undefined {
  return useSubscription<OrderView[]>('orders', (cb) => getDataClient().subscribeOrders(cb)).value
}

/**
 * The orders placed offline that wait for the shopper's confirmation (spec §4 "Coming back online"
 * without automatic transmission), and the two answers.
 */
export function useHeldOrders(): { held: OrderView[]; confirm: (ids: string[]) => Promise<void>; cancel: (ids: string[]) => Promise<void> } {
  const held = useSubscription<OrderView[]>('held-orders', (cb) => getDataClient().subscribeHeldOrders(cb)).value ?? []
  return { held, confirm: confirmHeld, cancel: cancelHeld }
}

const confirmHeld = (ids: string[]): Promise<void> => getDataClient().confirmHeldOrders(ids)
const cancelHeld = (ids: string[]): Promise<void> => getDataClient().cancelHeldOrders(ids)
