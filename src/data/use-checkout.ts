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
