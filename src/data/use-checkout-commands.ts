/**
 * What the checkout and order pages ask of the worker (workers/orders) besides the views of
 * use-checkout: saving a change to the details, placing the order, the methods on offer, the VAT
 * number check, a placed order's payment request, and a refused order's lines back into the cart.
 * The pages render after the worker's first view, so these are sent at once, in the order asked.
 * And what the shopping pages tell the worker they showed, for the shop's analytics events
 * (workers/analytics): kept here, beside the checkout's calls, because a chunk of its own would
 * cost the checkout's first load more than the calls themselves.
 */
import { useEffect } from 'react'
import { getDataClient } from './data-client'
import type { AnalyticsRecord } from '../../workers/contract/analytics'
import { useWorkerRead } from './hooks'
import type { StartPaymentResult } from '../../workers/contract/checkout'
import type { CheckoutPatch, PaymentMethodView, PlaceOrderResult, ShippingMethodView, VatCheckView } from './worker-types'

/** Saves a change on the device; the page's own copy has it already. */
export function updateCheckout(patch: CheckoutPatch): void {
  void getDataClient().updateCheckout(patch)
}

export function placeOrder(): Promise<PlaceOrderResult> {
  return getDataClient().placeOrder()
}

/** The registry's answer, or offline the format and checksum alone. */
export function checkVatNumber(country: string, vatNumber: string): Promise<VatCheckView> {
  return getDataClient().checkVatNumber(country, vatNumber)
}

/** A placed order's payment request: the provider's page, or why there is none. */
export function startPayment(orderId: string): Promise<StartPaymentResult> {
  return getDataClient().startPayment(orderId)
}

export function restoreRefusedOrder(orderId: string): Promise<void> {
  return getDataClient().restoreRefusedOrder(orderId)
}

/** The shipping methods for `country`, asked again whenever `key` changes (the cart's lines, the connection). */
export function useShippingMethods(country: string, key: string): ShippingMethodView[] | undefined {
  return useWorkerRead(`shipping:${country}:${key}`, () => getDataClient().shippingMethods(country), 'shippingMethods')
}

/** The payment methods for the saved checkout, asked again whenever `key` changes (what they depend on). */
export function usePaymentMethods(key: string): PaymentMethodView[] | undefined {
  return useWorkerRead(`payment:${key}`, () => getDataClient().paymentMethods(), 'paymentMethods')
}

/** A listing's products, the product chosen from it, the cart, the checkout: recorded only when the shopper consents; a failure loses that event alone. */
export function recordAnalytics(record: AnalyticsRecord): void {
  getDataClient()
    .recordAnalytics(record)
    .catch(() => undefined)
}

/** A page shown once with something in it (the cart, the checkout): `ready` turns true when it has its lines. */
export function useShownAnalytics(type: 'view_cart' | 'begin_checkout', ready: boolean): void {
  useEffect(() => {
    if (ready) recordAnalytics({ type })
  }, [type, ready])
}
