/**
 * The checkout and orders slice of the worker contract (workers/data-api.ts): the details the
 * shopper types (spec §3 "Checkout": personalDetails, shippingDetails, paymentDetails), the methods
 * offered, and the orders as the device keeps them (placed, queued offline, refused). Money in cents.
 */
import type { OrderRefusalReason } from '../../domain/api/order.schema'
import type { PaymentStatus } from '../../domain/api/payment.schema'
import type { VatCheckResult } from '../../domain/api/vat-check.schema'
import type { AddressDetails, CheckoutCharge, CheckoutDetails, CheckoutProblem, MethodChoice } from '../../domain/checkout'
import type { Cents } from '../../domain/money'

// the details the shopper types are the shop's own (domain/checkout): the page checks them with the same rule
export type { AddressDetails, CheckoutDetails, CheckoutPatch, MethodChoice, PaymentDetails, PersonalDetails, ShippingDetails } from '../../domain/checkout'

/** The stored checkout as it is: its details and when they last changed. */
export interface CheckoutRecordView {
  details: CheckoutDetails
  /** the last change (spec §3 modifiedAt), null before the first */
  modifiedAt: number | null
  /** spec §4 "In checkout": the last change was within 30 minutes */
  inCheckout: boolean
  /** the order this checkout placed last (its confirmation), if any */
  lastOrderId: string | null
}

/**
 * The checkout as the page shows it: the stored details, what stops the order (domain/checkout
 * checkoutProblems, as dictionary keys) and what it charges on the cart as it is now, with the
 * chosen shipping method as last offered.
 */
export interface CheckoutView extends CheckoutRecordView {
  problems: CheckoutProblem[]
  charge: CheckoutCharge
}

export interface ShippingMethodView extends MethodChoice {
  title: string
  amount: Cents
}

/**
 * `available`: can be chosen now; `online-only`: needs the network (a payment provider's page), the
 * device is offline.
 */
export type MethodAvailability = 'available' | 'online-only'

export interface PaymentMethodView {
  code: string
  title: string
  availability: MethodAvailability
}

export type OrderStatus = 'queued' | 'sending' | 'placed' | 'refused'

export interface OrderLine {
  sku: string
  parentSku: string
  name: string
  type_id: string
  qty: number
  price_incl_tax: Cents
  options: { label: string; value: string }[]
  product_option?: unknown
  key: string
}

export interface OrderAddress extends AddressDetails {
  company?: string
  vatId?: string
}

export interface OrderTotals {
  subtotal: Cents
  discount: Cents
  shipping: Cents
  /** what the applied gift cards pay; absent on orders without cards */
  giftCards?: Cents
  /** what is left to charge, after the gift cards */
  grandTotal: Cents
}

/** A refusal the server gave (HTTP 409 reasons, or `invalid` for a 400 naming a field). */
export interface OrderRefusalView {
  reason: OrderRefusalReason | 'invalid'
  errorMessage: string
  items?: { sku: string; requested: number; available: number }[]
}

export interface OrderView {
  /** chosen on this device, `<epoch-ms>-<random>`; the server's idempotency key */
  order_id: string
  created_at: number
  storeCode: string
  status: OrderStatus
  email: string
  lines: OrderLine[]
  /** each line's total incl. tax, by line key (domain/row-total) */
  lineTotals: Record<string, Cents>
  /** absent for a virtual order: nothing is shipped, no delivery address is asked */
  shippingAddress?: OrderAddress
  billingAddress: OrderAddress
  /** absent for a virtual order */
  shippingMethod?: ShippingMethodView
  paymentMethod: { code: string; title: string }
  totals: OrderTotals
  /** the B2B reverse charge applied (domain/vat-rule): the shop's decision once placed, the device's estimate before */
  reverseCharge: boolean
  /** the buyer's and the shop's VAT ids of a reverse-charged order, as the shop recorded them */
  vatIds?: { customer: string; shop: string }
  /** the shop's order: its number, and what it charges (grandTotal, cents; absent on orders placed before it was kept) */
  placed?: { orderNumber: string; backendOrderId: string; grandTotal?: Cents }
  refusal?: OrderRefusalView
  /** sends that got no answer (network, "not now") */
  attempts: number
  /** the payment as the shop last said it on this device (kept for offline), if it was asked */
  payment?: StoredPayment
}

/** A provider's payment status as the shop told it, stored on the order document. */
export interface StoredPayment {
  status: PaymentStatus
  orderStatus: string
  /** when the shop said it (epoch ms) */
  checkedAt: number
}

export type PlaceOrderProblem = 'emptyCart' | 'incomplete' | 'methodNotAvailable' | 'orderPending'

export type PlaceOrderResult = { ok: true; order: OrderView } | { ok: false; problem: PlaceOrderProblem }

/** A placed order's payment request: the provider's page, or why it was not created (spec §8 "Payment is not created - {message}"). */
export type StartPaymentResult = { ok: true; url: string } | { ok: false; message: string }

/**
 * A placed order's payment as the provider says it now (asked through the server, never read from
 * the return address): `known` with its status; `offline` (asked later, when back online);
 * `unknown` (the server has no payment for it, or did not answer).
 */
export type PaymentStatusView = { kind: 'known'; status: PaymentStatus; orderStatus: string } | { kind: 'offline' } | { kind: 'unknown' }

/** The registry's answer, or (offline) the format and checksum check alone with valid null. */
export type VatCheckView = VatCheckResult & { offline: boolean }
